#include "crossrank/SolverSearch.h"
#include <algorithm>

namespace commcheck {

namespace {
/// Whether Num >= V is possible (Seen: Num's value in the model that shows it); none: unknown.
std::optional<bool> atLeast(z3::solver &Z, const z3::expr &Num, int64_t V, int64_t &Seen) {
  Z.push();
  Z.add(Num >= Z.ctx().int_val(V));
  z3::check_result R = Z.check();
  bool Valued = R == z3::sat && Z.get_model().eval(Num, true).is_numeral_i64(Seen);
  Z.pop();
  if (R == z3::unknown || (R == z3::sat && !Valued))
    return std::nullopt;
  return R == z3::sat;
}
} // namespace

std::optional<std::optional<int64_t>> greatestBySearch(z3::solver &Z, const z3::expr &Num) {
  using Answer = std::optional<int64_t>;
  constexpr int64_t Huge = int64_t(1) << 62;
  int64_t Lo = 0; // a value Num takes
  z3::check_result R = Z.check();
  if (R == z3::unknown)
    return std::nullopt;
  if (R == z3::unsat)
    return Answer();
  if (!Z.get_model().eval(Num, true).is_numeral_i64(Lo))
    return std::nullopt;
  // Steps past Lo that double until Num cannot reach Lo + Step (at most Huge: past it, unbounded).
  int64_t Step = 1, Hi = 0;
  for (;;) {
    if (Lo >= Huge)
      return Answer(); // unbounded
    int64_t Next = Lo > Huge - Step ? Huge : Lo + Step, Seen = 0;
    std::optional<bool> More = atLeast(Z, Num, Next, Seen);
    if (!More)
      return std::nullopt;
    if (!*More) {
      Hi = Next - 1; // the greatest lies in [Lo, Hi]
      break;
    }
    Lo = Seen;
    Step = Step > Huge / 2 ? Huge : Step * 2;
  }
  while (Lo < Hi) {
    int64_t Mid = Lo + (Hi - Lo + 1) / 2, Seen = 0;
    std::optional<bool> More = atLeast(Z, Num, Mid, Seen);
    if (!More)
      return std::nullopt;
    if (*More)
      Lo = std::min(Seen, Hi);
    else
      Hi = Mid - 1;
  }
  return Answer(Lo);
}

} // namespace commcheck
