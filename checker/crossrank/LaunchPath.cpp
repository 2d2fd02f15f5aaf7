#include "crossrank/LaunchPath.h"
#include <z3++.h>

namespace commcheck {

namespace {
/// One context per thread, made on the first choice: most kernels never need one, and making one
/// costs more than a small kernel's analysis.
z3::context &context() {
  thread_local z3::context C;
  return C;
}

z3::expr relation(const z3::expr &D, clang::BinaryOperatorKind Op) {
  switch (Op) {
  case clang::BO_LT: return D < 0;
  case clang::BO_GT: return D > 0;
  case clang::BO_LE: return D <= 0;
  case clang::BO_GE: return D >= 0;
  case clang::BO_EQ: return D == 0;
  default: return D != 0;
  }
}

const char *opText(clang::BinaryOperatorKind Op, bool Holds) {
  switch (Op) {
  case clang::BO_LT: return Holds ? " < " : " >= ";
  case clang::BO_GT: return Holds ? " > " : " <= ";
  case clang::BO_LE: return Holds ? " <= " : " > ";
  case clang::BO_GE: return Holds ? " >= " : " < ";
  case clang::BO_EQ: return Holds ? " == " : " != ";
  default: return Holds ? " != " : " == ";
  }
}

/// "count - 2 > 0" read as "count > 2": the symbols on the left, the constant on the right.
std::string conditionText(const Linear &D, clang::BinaryOperatorKind Op, bool Holds,
                          const std::vector<std::string> &Names) {
  std::string L;
  for (const auto &[Sym, K] : D.Terms) {
    std::string Name = Sym < Names.size() ? Names[Sym] : "?";
    if (!L.empty())
      L += K < 0 ? " - " : " + ";
    else if (K < 0)
      L += "-";
    int64_t A = K < 0 ? -K : K;
    L += (A == 1 ? "" : std::to_string(A) + "*") + Name;
  }
  if (D.Den != 1)
    L = "(" + L + ")/" + std::to_string(D.Den);
  int64_t R = -D.Const;
  std::string Right = D.Den == 1 || R % D.Den == 0 ? std::to_string(R / D.Den)
                                                   : std::to_string(R) + "/" + std::to_string(D.Den);
  return L + opText(Op, Holds) + Right;
}
} // namespace

struct LaunchPath::Solver {
  z3::solver Z{context()};
};

LaunchPath::LaunchPath(std::vector<bool> G) : Given(std::move(G)) {}
LaunchPath::~LaunchPath() = default;
LaunchPath::LaunchPath(LaunchPath &&) noexcept = default;
LaunchPath &LaunchPath::operator=(LaunchPath &&) noexcept = default;

bool LaunchPath::decide(const Linear &D, clang::BinaryOperatorKind Op, bool LoopCondition,
                        const std::vector<std::string> &Names) {
  if (!S)
    S = std::make_unique<Solver>();
  z3::context &C = context();
  // D = (Const + sum K*s) / Den with Den > 0: the sign of the numerator is D's.
  z3::expr Num = C.int_val(D.Const);
  for (const auto &[Sym, K] : D.Terms)
    Num = Num + C.int_val(K) * C.int_const(("s" + std::to_string(Sym)).c_str());
  z3::expr Rel = relation(Num, Op);
  auto Possible = [&](const z3::expr &E) {
    S->Z.push();
    S->Z.add(E);
    bool Sat = S->Z.check() != z3::unsat; // unknown: taken as possible (a choice, not a proof)
    S->Z.pop();
    return Sat;
  };
  bool CanHold = Possible(Rel), CanFail = Possible(!Rel);
  if (!CanHold || !CanFail)
    return CanHold;
  size_t I = Taken.size();
  bool Holds = I < Given.size() ? Given[I] : !LoopCondition;
  bool Flip = true;
  if (LoopCondition && !LoopChoices.empty()) {
    // Past the unrolling bound a further iteration of the loop is not run in another scenario:
    // the launch values that would run it are not covered.
    if (LoopChoices.back() >= MaxUnroll) {
      Flip = false;
      Cut |= !Holds;
    }
    LoopChoices.back() += Holds;
  }
  Taken.push_back(Holds);
  Flippable.push_back(Flip);
  S->Z.add(Holds ? Rel : !Rel);
  Text.push_back(conditionText(D, Op, Holds, Names));
  return Holds;
}

} // namespace commcheck
