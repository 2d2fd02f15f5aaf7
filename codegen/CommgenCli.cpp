#include "CommgenCli.h"

#include "CollectiveRegistry.h"
#include "CostModel.h"
#include "MutantWriter.h"
#include "MutationOperator.h"
#include "PtoasPrinter.h"
#include "TextFile.h"

#include <cerrno>
#include <climits>
#include <cstdlib>
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
  --root R            the rank a broadcast starts from, below the rank count (default 0)
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

// The argument at Args[I] as an option name, with its value inline ("--ranks=4") or next.
struct OptionArg {
  const std::vector<std::string> &Args;
  size_t &I;
  std::string Name;
  std::optional<std::string> Inline;

  OptionArg(const std::vector<std::string> &Args, size_t &I) : Args(Args), I(I), Name(Args[I]) {
    size_t Eq = Name.find('=');
    if (Name.rfind("--", 0) == 0 && Eq != std::string::npos) {
      Inline = Name.substr(Eq + 1);
      Name = Name.substr(0, Eq);
    }
  }
  std::string take() {
    if (Inline)
      return *Inline;
    if (I + 1 >= Args.size())
      throw UsageError{"option '" + Name + "' needs a value"};
    return Args[++I];
  }
  int64_t takeInt(int64_t Lo, int64_t Hi) {
    std::string V = take();
    std::optional<int64_t> N = parseInt(V);
    if (!N || *N < Lo || *N > Hi)
      throw UsageError{"option '" + Name + "' expects a number from " + std::to_string(Lo) + " to " +
                       std::to_string(Hi) + " (got '" + V + "')"};
    return *N;
  }
  // A value Parse accepts; Expected describes the accepted values for the error.
  template <typename T> T takeParsed(std::optional<T> (*Parse)(const std::string &), const char *Expected) {
    std::string V = take();
    std::optional<T> R = Parse(V);
    if (!R)
      throw UsageError{Name + " expects " + Expected + " (got '" + V + "')"};
    return *R;
  }
};

std::optional<int> parseRanks(const std::string &S) {
  if (S == "runtime")
    return 0;
  std::optional<int64_t> N = parseInt(S);
  if (!N || *N < 2 || *N > 1024)
    return std::nullopt;
  return static_cast<int>(*N);
}

// Applies option A to O; false when A is not an option commgen knows.
bool applyOption(OptionArg &A, Options &O) {
  const std::string &N = A.Name;
  if (N == "-h" || N == "--help")
    O.Help = true;
  else if (N == "--list")
    O.List = true;
  else if (N == "--cost")
    O.Cost = true;
  else if (N == "--ranks")
    O.Params.Ranks = A.takeParsed(parseRanks, "'runtime' or a number from 2 to 1024");
  else if (N == "--count")
    O.Params.Count = A.takeInt(1, INT64_C(1) << 40);
  else if (N == "--chunk")
    O.Params.Chunk = A.takeInt(1, INT64_C(1) << 20);
  else if (N == "--blocks")
    O.Params.Blocks = static_cast<int>(A.takeInt(1, 64));
  else if (N == "--root")
    O.Params.Root = static_cast<int>(A.takeInt(0, 1023));
  else if (N == "--dtype")
    O.Params.Type = A.takeParsed(parseDType, "fp32, fp16, bf16 or int32");
  else if (N == "--variant") {
    O.Params.Var = A.takeParsed(parseVariant, "baseline, seed or optimised");
    O.VariantGiven = true;
  } else if (N == "--name")
    O.Params.KernelName = A.take();
  else if (N == "-o" || N == "--output")
    O.OutFile = A.take();
  else if (N == "--out")
    O.OutDir = A.take();
  else
    return false;
  return true;
}

// A kernel or its cost: a known collective and parameters it accepts.
void checkKernelRequest(const Options &O) {
  if (O.Collective.empty())
    throw UsageError{"no collective given (see commgen --list)"};
  const Collective *C = findCollective(O.Collective);
  if (!C)
    throw UsageError{"unknown collective '" + O.Collective + "' (see commgen --list)"};
  if (O.Cost && !O.OutFile.empty())
    throw UsageError{"--cost prints to stdout; -o is not supported with it"};
  if (auto E = O.Params.validate())
    throw UsageError{*E};
  if (auto E = C->validate(O.Params))
    throw UsageError{*E};
}

// Which of --list, mutants, --cost or one kernel the arguments ask for, and whether they fit it.
void checkMode(Options &O, std::vector<std::string> Positional) {
  if (!Positional.empty() && Positional[0] == "mutants") {
    O.Mutants = true;
    Positional.erase(Positional.begin());
  }
  if (Positional.size() > 1)
    throw UsageError{"unexpected argument '" + Positional[1] + "'"};
  if (!Positional.empty())
    O.Collective = Positional[0];
  if ((O.List && O.Mutants) || (O.List && (O.Cost || !O.Collective.empty())))
    throw UsageError{"--list, mutants and a collective cannot be combined"};
  if (O.Mutants) {
    if (O.OutDir.empty())
      throw UsageError{"mutants needs --out DIR"};
    if (O.Cost || !O.Collective.empty())
      throw UsageError{"mutants takes no collective and no --cost"};
    return;
  }
  if (!O.OutDir.empty())
    throw UsageError{"--out is only for 'mutants'; use -o FILE for a single kernel"};
  if (!O.List)
    checkKernelRequest(O);
}

Options parse(const std::vector<std::string> &Args) {
  Options O;
  std::vector<std::string> Positional;
  for (size_t I = 0; I < Args.size(); ++I) {
    OptionArg A(Args, I);
    if (applyOption(A, O))
      continue;
    if (!A.Name.empty() && A.Name[0] == '-')
      throw UsageError{"unknown option '" + Args[I] + "'"};
    Positional.push_back(A.Name);
  }
  if (!O.Help)
    checkMode(O, std::move(Positional));
  return O;
}

// Name followed by spaces up to Width (at least one).
std::string column(const std::string &Name, size_t Width) {
  return Name + std::string(Name.size() < Width ? Width - Name.size() : 1, ' ');
}

int listCollectives(std::ostream &Out) {
  Out << "collectives:\n";
  for (const auto &C : allCollectives())
    Out << "  " << column(C->name(), 24) << C->summary() << "\n";
  Out << "variants:\n"
      << "  baseline                pipe_barrier(PIPE_ALL) before every notify, whole dcci after every wait\n"
      << "  seed                    nothing before notifies, one whole dcci after each wait loop\n"
      << "  optimised               one PIPE_MTE2 drain before read-complete notifies, one dcci per wait loop\n";
  Out << "mutation operators (applied to the optimised variant by 'commgen mutants'):\n";
  for (const MutationOperator &Op : mutationOperators())
    Out << "  " << column(Op.Name, 26) << "[" << Op.Rule << "] " << Op.Description << "\n";
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
  if (!writeTextFile(O.OutFile, Text)) {
    Err << "commgen: error: cannot write '" << O.OutFile << "'\n";
    return 1;
  }
  return 0;
}

} // namespace commgen
