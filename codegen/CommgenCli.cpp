#include "CommgenCli.h"

#include "CollectiveRegistry.h"
#include "CostModel.h"
#include "MutantWriter.h"
#include "MutationOperator.h"
#include "PtoasPrinter.h"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <fstream>
#include <optional>

namespace commgen {

std::string commgenUsage() {
  return R"(usage: commgen --list
       commgen COLLECTIVE [options] [-o FILE]     generate one kernel (stdout without -o)
       commgen --cost COLLECTIVE [options]        synchronisation cost of baseline / seed / optimised
       commgen mutants --out DIR                  write every mutant of every collective + manifest.json

options:
  --ranks N|runtime   rank count, 2..1024, or 'runtime' to read it from the context (default 8)
  --count N           elements per rank; a multiple of blocks * chunk (default 262144)
  --dtype T           fp32 | fp16 | bf16 | int32 (default fp32)
  --chunk N           elements per payload chunk (default 4096)
  --blocks N          AIV blocks sharing the work, 1..64 (default 8)
  --variant V         baseline | seed | optimised (default optimised)
  --name ID           kernel function name (default <collective>_<variant>)
  -o FILE             write the kernel to FILE
  -h, --help          show this help
)";
}

namespace {

struct UsageError {
  std::string Message;
};

std::optional<int64_t> parseInt(const std::string &S) {
  if (S.empty())
    return std::nullopt;
  errno = 0;
  char *End = nullptr;
  long long V = std::strtoll(S.c_str(), &End, 10);
  if (errno != 0 || *End != '\0')
    return std::nullopt;
  return V;
}

struct Options {
  bool List = false, Cost = false, Help = false, Mutants = false;
  std::string Collective, OutFile, OutDir;
  CollectiveParams Params;
  bool VariantGiven = false;
};

Options parse(const std::vector<std::string> &Args) {
  Options O;
  std::vector<std::string> Positional;
  for (size_t I = 0; I < Args.size(); ++I) {
    std::string A = Args[I];
    std::string Value;
    bool HasInline = false;
    if (A.rfind("--", 0) == 0) {
      size_t Eq = A.find('=');
      if (Eq != std::string::npos) {
        Value = A.substr(Eq + 1);
        A = A.substr(0, Eq);
        HasInline = true;
      }
    }
    auto Take = [&]() -> std::string {
      if (HasInline)
        return Value;
      if (I + 1 >= Args.size())
        throw UsageError{"option '" + A + "' needs a value"};
      return Args[++I];
    };
    auto TakeInt = [&](int64_t Lo, int64_t Hi) {
      std::string V = Take();
      std::optional<int64_t> N = parseInt(V);
      if (!N || *N < Lo || *N > Hi)
        throw UsageError{"option '" + A + "' expects a number from " + std::to_string(Lo) + " to " +
                         std::to_string(Hi) + " (got '" + V + "')"};
      return *N;
    };
    if (A == "-h" || A == "--help") {
      O.Help = true;
    } else if (A == "--list") {
      O.List = true;
    } else if (A == "--cost") {
      O.Cost = true;
    } else if (A == "--ranks") {
      std::string V = Take();
      if (V == "runtime") {
        O.Params.Ranks = 0;
      } else {
        std::optional<int64_t> N = parseInt(V);
        if (!N || *N < 2 || *N > 1024)
          throw UsageError{"--ranks expects 'runtime' or a number from 2 to 1024 (got '" + V + "')"};
        O.Params.Ranks = static_cast<int>(*N);
      }
    } else if (A == "--count") {
      O.Params.Count = TakeInt(1, INT64_C(1) << 40);
    } else if (A == "--chunk") {
      O.Params.Chunk = TakeInt(1, INT64_C(1) << 20);
    } else if (A == "--blocks") {
      O.Params.Blocks = static_cast<int>(TakeInt(1, 64));
    } else if (A == "--dtype") {
      std::string V = Take();
      std::optional<DType> T = parseDType(V);
      if (!T)
        throw UsageError{"--dtype expects fp32, fp16, bf16 or int32 (got '" + V + "')"};
      O.Params.Type = *T;
    } else if (A == "--variant") {
      std::string V = Take();
      std::optional<Variant> Var = parseVariant(V);
      if (!Var)
        throw UsageError{"--variant expects baseline, seed or optimised (got '" + V + "')"};
      O.Params.Var = *Var;
      O.VariantGiven = true;
    } else if (A == "--name") {
      O.Params.KernelName = Take();
    } else if (A == "-o" || A == "--output") {
      O.OutFile = Take();
    } else if (A == "--out") {
      O.OutDir = Take();
    } else if (!A.empty() && A[0] == '-') {
      throw UsageError{"unknown option '" + Args[I] + "'"};
    } else {
      Positional.push_back(A);
    }
  }
  if (O.Help)
    return O;
  if (!Positional.empty() && Positional[0] == "mutants") {
    O.Mutants = true;
    Positional.erase(Positional.begin());
  }
  if (Positional.size() > 1)
    throw UsageError{"unexpected argument '" + Positional[1] + "'"};
  if (!Positional.empty())
    O.Collective = Positional[0];
  int Modes = (O.List ? 1 : 0) + (O.Mutants ? 1 : 0);
  if (Modes > 1 || (O.List && (O.Cost || !O.Collective.empty())))
    throw UsageError{"--list, mutants and a collective cannot be combined"};
  if (O.Mutants) {
    if (O.OutDir.empty())
      throw UsageError{"mutants needs --out DIR"};
    if (O.Cost || !O.Collective.empty())
      throw UsageError{"mutants takes no collective and no --cost"};
    return O;
  }
  if (!O.OutDir.empty())
    throw UsageError{"--out is only for 'mutants'; use -o FILE for a single kernel"};
  if (O.List)
    return O;
  if (O.Collective.empty())
    throw UsageError{"no collective given (see commgen --list)"};
  if (!findCollective(O.Collective))
    throw UsageError{"unknown collective '" + O.Collective + "' (see commgen --list)"};
  if (O.Cost && !O.OutFile.empty())
    throw UsageError{"--cost prints to stdout; -o is not supported with it"};
  if (auto E = O.Params.validate())
    throw UsageError{*E};
  if (auto E = findCollective(O.Collective)->validate(O.Params))
    throw UsageError{*E};
  return O;
}

int listCollectives(std::ostream &Out) {
  Out << "collectives:\n";
  for (const auto &C : allCollectives())
    Out << "  " << C->name() << std::string(C->name().size() < 24 ? 24 - C->name().size() : 1, ' ') << C->summary()
        << "\n";
  Out << "variants:\n"
      << "  baseline                pipe_barrier(PIPE_ALL) before every notify, whole dcci after every wait\n"
      << "  seed                    nothing before notifies, one whole dcci after each wait loop\n"
      << "  optimised               one PIPE_MTE2 drain before read-complete notifies, one dcci per wait loop\n";
  Out << "mutation operators (applied to the optimised variant by 'commgen mutants'):\n";
  for (const auto &Op : mutationOperators())
    Out << "  " << Op->name() << std::string(Op->name().size() < 26 ? 26 - Op->name().size() : 1, ' ') << "["
        << Op->rule() << "] " << Op->description() << "\n";
  return 0;
}

int cost(const Options &O, std::ostream &Out) {
  const Collective *C = findCollective(O.Collective);
  std::vector<std::pair<std::string, CostReport>> Columns;
  for (Variant V : {Variant::Baseline, Variant::Seed, Variant::Optimised}) {
    CollectiveParams P = O.Params;
    P.Var = V;
    Columns.push_back({variantName(V), CostModel::analyse(C->build(P))});
  }
  std::optional<int64_t> Ranks;
  if (!O.Params.runtimeRanks())
    Ranks = O.Params.Ranks;
  std::string Title = "commgen --cost " + C->name() + ": ranks " + O.Params.ranksText() + ", " +
                      dtypeName(O.Params.Type) + ", count " + std::to_string(O.Params.Count) + ", chunk " +
                      std::to_string(O.Params.Chunk) + ", blocks " + std::to_string(O.Params.Blocks);
  Out << CostModel::table(Title, Columns, Ranks, O.Params.chunksPerBlock());
  return 0;
}

} // namespace

int runCommgen(const std::vector<std::string> &Args, std::ostream &Out, std::ostream &Err) {
  Options O;
  try {
    O = parse(Args);
  } catch (const UsageError &E) {
    Err << "commgen: error: " << E.Message << "\n" << "Run 'commgen --help' for usage.\n";
    return 2;
  }
  if (O.Help) {
    Out << commgenUsage();
    return 0;
  }
  if (O.List)
    return listCollectives(Out);
  if (O.Mutants) {
    std::string Error;
    MutantWriter::Corpus Corpus;
    if (!MutantWriter().write(O.OutDir, Error, &Corpus)) {
      Err << "commgen: error: " << Error << "\n";
      return 1;
    }
    for (const std::string &F : Corpus.SelfCheckFailures)
      Err << "commgen: self-check failed: " << F << "\n";
    Out << "wrote " << Corpus.Files.size() << " kernels and manifest.json to " << O.OutDir << "\n";
    return Corpus.SelfCheckFailures.empty() ? 0 : 1;
  }
  if (O.Cost)
    return cost(O, Out);

  Kernel K = findCollective(O.Collective)->build(O.Params);
  std::string Text = PtoasPrinter().print(K).Text;
  if (O.OutFile.empty() || O.OutFile == "-") {
    Out << Text;
    return 0;
  }
  std::ofstream F(O.OutFile, std::ios::binary);
  F << Text;
  F.close();
  if (!F) {
    Err << "commgen: error: cannot write '" << O.OutFile << "'\n";
    return 1;
  }
  return 0;
}

} // namespace commgen
