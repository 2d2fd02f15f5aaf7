// The whole checker on mutated kernels: parse with the bundled shim, build the event graphs, run
// every rule, verify the fix-its (each one re-parses the fixed text), apply NOLINT comments as the
// gate does, freeze the verdict and render the text, JSON and SARIF reports.
//
// Seeds: fixtures/**/*.cpp. Besides libFuzzer's byte-level mutations, a custom mutator edits the
// kernel as C++ tokens and lines: deletes, duplicates and swaps lines, deletes tokens, swaps
// identifiers, replaces numbers, and inserts PTO statements and control flow (fuzz/pto.dict has the
// same tokens for the byte-level -dict).
//
// Invariants checked on every input (a violation traps, so libFuzzer saves the input):
//  * a file that does not parse is never verified, nor one without a function (an empty file);
//  * a file with an unsuppressed error finding is never verified;
//  * compiler errors, comm-unanalysable and comm-nolint findings are never suppressed.
#include "frontend/BundledData.h"
#include "driver/Checker.h"
#include "FuzzSupport.h"
#include "report/JsonEmitter.h"
#include "report/SarifEmitter.h"
#include "report/Suppressions.h"
#include "report/TextEmitter.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cstdint>
#include <fstream>
#include <random>

using namespace commcheck;

namespace {

struct Env {
  IntrinsicCatalogue Catalogue;
  std::unique_ptr<Frontend> FE;
  std::unique_ptr<Checker> C;
  std::string Path;
  Env() {
    if (llvm::Error E = Catalogue.loadFile(bundledCataloguePath())) {
      fprintf(stderr, "%s\n", llvm::toString(std::move(E)).c_str());
      abort();
    }
    FrontendOptions FO;
    FO.ShimDir = bundledShimDir();
    FO.ResourceDir = clangResourceDir();
    FO.AutoDetectCompileCommands = false;
    FE = std::make_unique<Frontend>(FO);
    CheckOptions CO;
    // Small budgets keep one input cheap; running out is a comm-unanalysable finding, which is
    // exactly the fail-closed path worth fuzzing.
    CO.Limits.MaxEvents = 20000;
    CO.Limits.Steps = 200000;
    CO.Limits.FunctionSeconds = 10;
    C = std::make_unique<Checker>(Catalogue, CO);
    Path = fuzz::scratchDir() + "/kernel.cpp";
  }
};

Env &env() {
  static Env E;
  return E;
}

void check(bool Ok, const char *What, const FileResult &R) {
  if (Ok)
    return;
  fprintf(stderr, "invariant violated: %s\n", What);
  std::string S;
  llvm::raw_string_ostream OS(S);
  emitText(R, OS);
  fprintf(stderr, "%s\n", S.c_str());
  __builtin_trap();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 64 * 1024)
    return -1; // not added to the corpus: parsing time, not coverage, grows with size
  Env &E = env();
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  // On disk too: the SARIF emitter reads the file for fingerprints and UTF-16 columns.
  std::ofstream(E.Path, std::ios::binary) << Text;
  ParsedFile P = E.FE->parseText(E.Path, Text);
  FileResult R = E.C->check(P, E.FE.get());
  Suppressions S = Suppressions::parse(P.Original, P.Path);
  S.apply(R.Findings, /*RequireReason=*/true);
  for (const Finding &F : S.errors())
    R.Findings.push_back(F);
  R.freezeVerdict();

  check(R.Parsed || !R.verified(), "a file that did not parse is verified", R);
  check(!R.Functions.empty() || !R.verified(), "a file without a function is verified", R);
  bool Error = std::any_of(R.Findings.begin(), R.Findings.end(), [](const Finding &F) {
    return F.Level == Severity::Error && !F.Suppressed;
  });
  check(!Error || !R.verified(), "a file with an error finding is verified", R);
  for (const Finding &F : R.Findings)
    check(!F.Suppressed || Suppressions::suppressible(F.Rule), "an unwaivable finding was waived",
          R);

  std::string Out;
  llvm::raw_string_ostream OS(Out);
  emitText(R, OS);
  (void)E.C->dumpEvents(P);
  std::vector<FileResult> All;
  All.push_back(std::move(R));
  // As the driver renders them (invalid UTF-8 replaced, not thrown).
  const auto Replace = nlohmann::ordered_json::error_handler_t::replace;
  (void)jsonReport(All, "fuzz").dump(2, ' ', false, Replace);
  (void)sarifLog(All, fuzz::allRules(), "fuzz").dump(2, ' ', false, Replace);
  return 0;
}

#ifndef COMMCHECK_FUZZ_NO_MUTATOR // tests/robustness replays inputs without libFuzzer
// ---------------------------------------------------------------------------------------------
// Token- and line-level mutations of C++ kernels.

namespace {

const char *const Statements[] = {
    "pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::AtomicAdd);",
    "pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::Set);",
    "pto::comm::TWAIT(s, 1, pto::comm::WaitCmp::GE);",
    "pto::comm::TWAIT(s, 0, pto::comm::WaitCmp::EQ);",
    "while (!pto::comm::TTEST(s, 1, pto::comm::WaitCmp::GE)) {}",
    "pto::comm::Signal s(sig);",
    "dcci((__gm__ void*)out, cache_line_t::SINGLE_CACHE_LINE);",
    "dcci((__gm__ void*)0, cache_line_t::ENTIRE_DATA_CACHE);",
    "dsb(DSB_DDR);",
    "pipe_barrier(PIPE_ALL);",
    "pipe_barrier(PIPE_MTE3);",
    "set_flag(PIPE_MTE3, PIPE_S, EVENT_ID0);",
    "wait_flag(PIPE_MTE3, PIPE_S, EVENT_ID0);",
    "set_flag(PIPE_MTE2, PIPE_V, EVENT_ID1);",
    "wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID1);",
    "out[0] = 1.0f;",
    "int v = sig[0];",
    "TSTORE(g, t);",
    "TLOAD(t, g);",
    "if (n > 0) {",
    "} else {",
    "}",
    "for (int i = 0; i < n; ++i) {",
    "while (n--) {",
    "do {",
    "} while (n > 0);",
    "switch (n) { case 0: break; default: return; }",
    "goto L;",
    "L: ;",
    "return;",
    "break;",
    "continue;",
    "asm volatile(\"\" ::: \"memory\");",
    "// NOLINT",
    "// NOLINTNEXTLINE(comm-*): fuzz",
    "// NOLINTBEGIN(comm-flag-balance)",
    "// NOLINTEND(comm-flag-balance)",
    "/* NOLINT(comm-publish-before-notify): reason */",
    "[&]() { out[1] = 2.0f; }();",
    "k<<<1, nullptr, 0>>>(out);",
    "template <typename T> AICORE void h(T *p) { p[0] = 0; }",
    "AICORE inline void helper(__gm__ float *p) { p[0] = 1.0f; helper(p); }",
};
const char *const Identifiers[] = {
    "TNOTIFY", "TWAIT", "TTEST", "TPUT", "TGET", "TPUT_ASYNC", "TGET_ASYNC", "TLOAD", "TSTORE",
    "dcci", "dsb", "pipe_barrier", "set_flag", "wait_flag", "AtomicAdd", "Set", "GE", "EQ", "NE",
    "PIPE_ALL", "PIPE_MTE2", "PIPE_MTE3", "PIPE_S", "PIPE_V", "EVENT_ID0", "EVENT_ID1",
    "ENTIRE_DATA_CACHE", "SINGLE_CACHE_LINE", "DSB_DDR", "__gm__", "AICORE", "__global__",
    "Signal", "GlobalTensor", "Tile", "AsyncEvent", "AsyncSession", "Wait", "Test", "out", "sig",
    "s", "n", "i", "if", "while", "for", "return", "goto", "static", "inline", "template",
    "volatile", "const", "auto", "int", "void", "nullptr", "sizeof"};
const char *const Numbers[] = {"0", "1", "-1", "2", "7", "8", "64", "255", "256", "65535",
                               "2147483647", "4294967295", "0x7fffffff", "1e308", "-0"};

enum class Tok { Ident, Number, Space, Punct };

struct Token {
  size_t Begin, End;
  Tok K;
};

std::vector<Token> tokenize(const std::string &S) {
  std::vector<Token> Out;
  size_t I = 0;
  while (I < S.size()) {
    unsigned char C = S[I];
    size_t J = I + 1;
    Tok K = Tok::Punct;
    if (isalpha(C) || C == '_') {
      while (J < S.size() && (isalnum((unsigned char)S[J]) || S[J] == '_'))
        ++J;
      K = Tok::Ident;
    } else if (isdigit(C)) {
      while (J < S.size() && (isalnum((unsigned char)S[J]) || S[J] == '.'))
        ++J;
      K = Tok::Number;
    } else if (isspace(C)) {
      while (J < S.size() && isspace((unsigned char)S[J]))
        ++J;
      K = Tok::Space;
    }
    Out.push_back({I, J, K});
    I = J;
  }
  return Out;
}

std::vector<size_t> lineStarts(const std::string &S) {
  std::vector<size_t> Out{0};
  for (size_t I = 0; I < S.size(); ++I)
    if (S[I] == '\n' && I + 1 < S.size())
      Out.push_back(I + 1);
  return Out;
}

std::string lineAt(const std::string &S, const std::vector<size_t> &Starts, size_t L) {
  size_t B = Starts[L], E = L + 1 < Starts.size() ? Starts[L + 1] : S.size();
  std::string Line = S.substr(B, E - B);
  if (Line.empty() || Line.back() != '\n')
    Line += '\n';
  return Line;
}

template <class T, size_t N> const T &pick(std::mt19937 &R, const T (&A)[N]) { return A[R() % N]; }

std::string mutateTokens(std::string S, std::mt19937 &R) {
  std::vector<Token> Toks = tokenize(S);
  std::vector<size_t> Lines = lineStarts(S);
  auto pickTok = [&](Tok K) -> const Token * {
    std::vector<const Token *> C;
    for (const Token &T : Toks)
      if (T.K == K)
        C.push_back(&T);
    return C.empty() ? nullptr : C[R() % C.size()];
  };
  switch (R() % 9) {
  case 0: { // insert a statement at a line start
    size_t At = Lines[R() % Lines.size()];
    return S.insert(At, std::string("  ") + pick(R, Statements) + "\n");
  }
  case 1: { // delete one to three lines
    size_t L = R() % Lines.size(), N = 1 + R() % 3;
    size_t B = Lines[L], E = L + N < Lines.size() ? Lines[L + N] : S.size();
    return S.erase(B, E - B);
  }
  case 2: { // duplicate one to five lines, in place or elsewhere
    size_t L = R() % Lines.size(), N = 1 + R() % 5;
    std::string Block;
    for (size_t K = L; K < std::min(L + N, Lines.size()); ++K)
      Block += lineAt(S, Lines, K);
    return S.insert(Lines[R() % Lines.size()], Block);
  }
  case 3: { // swap two lines
    if (Lines.size() < 2)
      break;
    size_t A = R() % Lines.size(), B = R() % Lines.size();
    if (A == B)
      break;
    if (A > B)
      std::swap(A, B);
    std::string LA = lineAt(S, Lines, A), LB = lineAt(S, Lines, B);
    size_t EB = B + 1 < Lines.size() ? Lines[B + 1] : S.size();
    S.replace(Lines[B], EB - Lines[B], LA);
    size_t EA = Lines[A + 1];
    return S.replace(Lines[A], EA - Lines[A], LB);
  }
  case 4: { // delete a token
    if (Toks.empty())
      break;
    const Token &T = Toks[R() % Toks.size()];
    return S.erase(T.Begin, T.End - T.Begin);
  }
  case 5: { // replace an identifier by a PTO or C++ word
    if (const Token *T = pickTok(Tok::Ident))
      return S.replace(T->Begin, T->End - T->Begin, pick(R, Identifiers));
    break;
  }
  case 6: { // replace a number
    if (const Token *T = pickTok(Tok::Number))
      return S.replace(T->Begin, T->End - T->Begin, pick(R, Numbers));
    break;
  }
  case 7: { // copy one identifier of the file over another
    const Token *A = pickTok(Tok::Ident), *B = pickTok(Tok::Ident);
    if (A && B)
      return S.replace(B->Begin, B->End - B->Begin, S.substr(A->Begin, A->End - A->Begin));
    break;
  }
  case 8: { // wrap a line range in a branch or a loop
    size_t L = R() % Lines.size(), N = 1 + R() % 4;
    size_t B = Lines[L], E = L + N < Lines.size() ? Lines[L + N] : S.size();
    static const char *const Heads[] = {"if (n > 0) {\n", "for (int j = 0; j < n; ++j) {\n",
                                        "while (n-- > 0) {\n", "{\n"};
    S.insert(E, "}\n");
    return S.insert(B, pick(R, Heads));
  }
  }
  return S;
}

} // namespace

extern "C" size_t LLVMFuzzerMutate(uint8_t *Data, size_t Size, size_t MaxSize);

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *Data, size_t Size, size_t MaxSize,
                                          unsigned int Seed) {
  std::mt19937 R(Seed);
  if (Size == 0 || R() % 4 == 0)
    return LLVMFuzzerMutate(Data, Size, MaxSize);
  std::string S(reinterpret_cast<char *>(Data), Size);
  unsigned Rounds = 1 + R() % 3;
  for (unsigned I = 0; I < Rounds; ++I)
    S = mutateTokens(std::move(S), R);
  if (S.size() > MaxSize)
    S.resize(MaxSize);
  std::copy(S.begin(), S.end(), Data);
  return S.size();
}
#endif // COMMCHECK_FUZZ_NO_MUTATOR
