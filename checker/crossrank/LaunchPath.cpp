#include "crossrank/LaunchPath.h"
#include "crossrank/IndependentConstraints.h"
#include "crossrank/SolverSearch.h"
#include "crossrank/Z3Defaults.h"
#include "crossrank/Z3Relation.h"
#include "llvm/Support/MathExtras.h"
#include <z3++.h>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace commcheck {

namespace {
/// The thread's context (z3Context), made on the first choice.
z3::context &context() { return z3Context(); }

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
std::string conditionText(Linear D, clang::BinaryOperatorKind Op, bool Holds,
                          const std::vector<std::string> &Names) {
  // "-root == 0" reads as "root == 0": the first symbol with a positive coefficient.
  if (!D.Terms.empty() && D.Terms.begin()->second < 0) {
    D = D.scaled(-1);
    Op = Op == clang::BO_LT ? clang::BO_GT : Op == clang::BO_GT ? clang::BO_LT
       : Op == clang::BO_LE ? clang::BO_GE : Op == clang::BO_GE ? clang::BO_LE : Op;
  }
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

namespace {
/// Z3's definite answers (sat, unsat) to "is E possible under constraints C1..Cn", shared by
/// every path of this thread: the answer is a function of the formulas alone, and the scenarios
/// of a kernel share long prefixes of constraints (a scenario replays its parent's choices; a
/// choice on data adds none). A sequence of constraints is numbered by its last one and the
/// number of the sequence before it. Answers are also kept under the constraints the question
/// depends on alone (IndependentConstraints), where that is its answer: scenarios differ in
/// choices most questions never reach (a row length's bounds, asked again under every choice of
/// a block count). Z3 gives equal terms one id while they live, and the table keeps every term it
/// names alive. Numbers are never reused, so a path that outlives a clearing only misses.
class SharedAnswers {
public:
  uint64_t extended(uint64_t Before, const z3::expr &C) {
    auto [It, New] = Sequences.try_emplace({Before, C.id()}, Next);
    if (New) {
      ++Next;
      Alive.push_back(C);
    }
    return It->second;
  }
  std::optional<bool> answer(uint64_t Constraints, const z3::expr &E) const {
    auto It = Answers.find({Constraints, E.id()});
    if (It == Answers.end())
      return std::nullopt;
    return It->second;
  }
  void remember(uint64_t Constraints, const z3::expr &E, bool Possible) {
    if (full())
      return; // (Constraints may name a sequence no longer in the table: not kept)
    if (Answers.try_emplace({Constraints, E.id()}, Possible).second)
      Alive.push_back(E);
  }
  static std::vector<unsigned> key(const std::vector<z3::expr> &Slice, const z3::expr &E) {
    std::vector<unsigned> K;
    for (const z3::expr &C : Slice)
      K.push_back(C.id());
    K.push_back(E.id());
    return K;
  }
  std::optional<bool> answer(const std::vector<unsigned> &Key) const {
    auto It = BySlice.find(Key);
    if (It == BySlice.end())
      return std::nullopt;
    return It->second;
  }
  void remember(std::vector<unsigned> Key, const std::vector<z3::expr> &Slice, const z3::expr &E,
                bool Possible) {
    if (full())
      return;
    if (BySlice.try_emplace(std::move(Key), Possible).second) {
      Alive.insert(Alive.end(), Slice.begin(), Slice.end());
      Alive.push_back(E);
    }
  }

private:
  bool full() {
    if (Answers.size() + Sequences.size() + BySlice.size() <= Capacity)
      return false;
    Answers.clear(), Sequences.clear(), BySlice.clear(), Alive.clear();
    return true;
  }
  static constexpr size_t Capacity = 1000000;
  std::map<std::pair<uint64_t, unsigned>, uint64_t> Sequences;
  std::map<std::pair<uint64_t, unsigned>, bool> Answers;
  std::map<std::vector<unsigned>, bool> BySlice;
  std::vector<z3::expr> Alive;
  uint64_t Next = 1;
};

SharedAnswers &sharedAnswers() {
  thread_local SharedAnswers A;
  return A;
}
} // namespace

struct LaunchPath::Solver {
  /// The solver, made and given the path's constraints on the first question the shared answers
  /// do not hold (or the first model or bound asked): a path whose questions were all asked
  /// before (a scenario replaying its parent's) never makes one, nor asserts its constraints.
  std::optional<z3::solver> Made;
  std::vector<z3::expr> Unsent; ///< constraints not yet given to Made
  z3::solver &real() {
    if (!Made)
      Made.emplace(context(), z3::solver::simple());
    for (const z3::expr &C : Unsent)
      Made->add(C);
    Unsent.clear();
    return *Made;
  }
  /// D's numerator as a term of the launch symbols (D = Num / Den, Den > 0).
  const LaunchPath::Products *Defined = nullptr;
  const LaunchPath::Quotients *Divided = nullptr;
  z3::expr numerator(const Linear &D) {
    z3::context &C = context();
    z3::expr Num = C.int_val(D.Const);
    for (const auto &[Sym, K] : D.Terms)
      Num = Num + C.int_val(K) * symbol(Sym);
    return Num;
  }
  /// A launch symbol, or the product it names (nonlinear: Z3 may answer unknown, a choice then).
  /// A quotient is a symbol of its own, its defining constraints added when first named.
  z3::expr symbol(Symbol Sym) {
    if (Defined)
      if (auto It = Defined->find(Sym); It != Defined->end())
        return symbol(It->second.first) * symbol(It->second.second);
    z3::expr X = context().int_const(("s" + std::to_string(Sym)).c_str());
    if (Divided)
      if (auto It = Divided->find(Sym); It != Divided->end() && Axioms.insert(Sym).second) {
        bool Was = Trusted; // (made while a replayed constraint is built: it stays trusted)
        Trusted = !It->second.Per; // (by a constant divisor: a q exists for every dividend)
        assume(definition(X, It->second));
        Trusted = Was;
      }
    return X;
  }
  /// q = N / M rounded toward minus infinity (Floor) or toward zero: M*q <= N <= M*q + M - 1,
  /// and for a negative N rounded toward zero M*q - M + 1 <= N <= M*q.
  z3::expr definition(const z3::expr &Q, const Quotient &Def) {
    z3::context &C = context();
    z3::expr N = numerator(Def.Of), M = C.int_val(Def.By * Def.Of.Den);
    if (Def.Per) {
      // The remainder r = N - M*q: of N's sign (Floor: of M's), |r| < |M| (no q for M == 0).
      M = numerator(*Def.Per) * C.int_val(Def.Of.Den);
      z3::expr R = N - M * Q, Abs = z3::ite(M >= 0, M, -M);
      z3::expr Sign = Def.Floor ? z3::implies(M > 0, R >= 0) && z3::implies(M < 0, R <= 0)
                                : z3::implies(N > 0, R >= 0) && z3::implies(N < 0, R <= 0);
      return Sign && R < Abs && -R < Abs;
    }
    z3::expr Down = M * Q <= N && N <= M * Q + M - 1;
    if (Def.Floor)
      return Down;
    return z3::ite(N >= 0, Down, M * Q - M + 1 <= N && N <= M * Q);
  }
  std::set<Symbol> Axioms; ///< quotients whose definitions were added
  /// Whether E is possible under the constraints so far (unknown: taken as possible). Every rank
  /// of a scenario asks the same questions, and every scenario replays its parent's choices
  /// before its own, asking its parent's questions under the same constraints again: a definite
  /// answer is shared by every path of the thread (SharedAnswers), an unknown one kept per path.
  bool possible(const z3::expr &E) {
    uint64_t Key = (uint64_t(E.id()) << 32) | Assumed;
    if (auto It = Answers.find(Key); It != Answers.end())
      return It->second;
    std::optional<bool> Known = sharedAnswers().answer(Constraints, E);
    std::vector<z3::expr> Slice;
    std::vector<unsigned> BySlice;
    if (!Known) { // (the slice costs a walk of the constraints: only where the sequence misses)
      Slice = Independent.sliceFor(E);
      BySlice = SharedAnswers::key(Slice, E);
      Known = sharedAnswers().answer(BySlice);
    }
    if (Known) {
      Answers.emplace(Key, *Known);
      Asked.push_back(E);
      if (*Known)
        SatHere.insert(E.id());
      return *Known;
    }
    z3::solver &Z = real();
    Z.push();
    Z.add(E);
    z3::check_result R = Z.check();
    Z.pop();
    bool Sat = R != z3::unsat;
    Asked.push_back(E);
    Answers.emplace(Key, Sat);
    if (R == z3::unknown)
      return Sat;
    sharedAnswers().remember(Constraints, E, Sat);
    // A possible E is possible under its slice; an impossible one is impossible under it where
    // the rest holds (a model of the rest joins any of the slice's: they share no value).
    if (Sat)
      SatHere.insert(E.id());
    if (Sat || holds())
      sharedAnswers().remember(std::move(BySlice), Slice, E, Sat);
    return Sat;
  }
  /// Whether the constraints so far hold together: each was found possible (sat, not unknown)
  /// under those before it, or else as Z3 decides them all (asked once per count).
  bool holds() {
    if (Proven)
      return true;
    if (CheckedAt != Assumed)
      Checked = real().check() == z3::sat, CheckedAt = Assumed;
    return Checked;
  }
  std::optional<unsigned> CheckedAt;
  bool Checked = false;
  /// Adds a constraint of the path.
  void assume(const z3::expr &E) {
    Unsent.push_back(E);
    ++Assumed;
    Constraints = sharedAnswers().extended(Constraints, E);
    Independent.add(E);
    Proven = Proven && (Trusted || SatHere.count(E.id()));
    SatHere.clear();
  }
  /// The constraint being added holds with those before it by the box's exact answer, or is
  /// a quotient's definition (some q always meets it).
  bool Trusted = false;
  /// The constraints so far, in order, as SharedAnswers numbers them (0: none).
  uint64_t Constraints = 0;
  IndependentConstraints Independent;
  unsigned Assumed = 0;
  /// Whether each constraint so far was found possible under those before it (SatHere: the terms
  /// Z3 found sat since the last one, not unknown).
  bool Proven = true;
  std::unordered_set<unsigned> SatHere;
  std::unordered_map<uint64_t, bool> Answers;
  /// The largest Num / Den under the constraints so far, rounded down (none: unbounded).
  std::optional<int64_t> greatest(const z3::expr &Num, int64_t Den) {
    // The answer is a function of the formula alone: views are made in loops and by every rank
    // and scenario, and an optimiser's run costs far more than printing the question.
    thread_local std::unordered_map<std::string, std::optional<int64_t>> Shared;
    std::ostringstream Key;
    z3::solver &Z = real();
    Key << Z.assertions() << "|max " << Num << "/" << Den;
    auto [It, New] = Shared.try_emplace(Key.str());
    if (!New)
      return It->second;
    if (Shared.size() > 100000)
      Shared.clear(), It = Shared.try_emplace(Key.str()).first;
    // By the path's own solver (SolverSearch.h); Z3's optimiser where that cannot tell.
    if (std::optional<std::optional<int64_t>> Searched = greatestBySearch(Z, Num)) {
      if (*Searched)
        It->second = llvm::divideFloorSigned(**Searched, Den);
      return It->second;
    }
    z3::optimize O(context());
    for (const z3::expr &A : Z.assertions())
      O.add(A);
    z3::optimize::handle H = O.maximize(Num);
    int64_t N = 0;
    // Unbounded, or not an integer Z3 states: none.
    if (O.check() == z3::sat && O.upper(H).is_numeral_i64(N))
      It->second = llvm::divideFloorSigned(N, Den);
    return It->second;
  }
  /// upperBound's answers by the constraints so far (their count: they only grow) and the form:
  /// every rank of a scenario asks, and the text that keys the shared answers costs more than
  /// most questions.
  std::map<std::pair<unsigned, std::vector<int64_t>>, std::optional<int64_t>> Bounds;
  std::vector<z3::expr> Asked;
};

LaunchPath::LaunchPath(std::vector<bool> G) : Given(std::move(G)) {}
LaunchPath::~LaunchPath() = default;
LaunchPath::LaunchPath(LaunchPath &&) noexcept = default;
LaunchPath &LaunchPath::operator=(LaunchPath &&) noexcept = default;

std::vector<int64_t> LaunchPath::key(const Linear &D, int64_t Op) {
  std::vector<int64_t> K{Op, D.Const, D.Den};
  for (const auto &[Sym, C] : D.Terms) {
    K.push_back(int64_t(Sym));
    K.push_back(C);
  }
  return K;
}

void LaunchPath::noteSymbols(const Linear &D, std::set<Symbol> &To) const {
  std::vector<Symbol> Work;
  for (const auto &[Sym, C] : D.Terms)
    Work.push_back(Sym);
  while (!Work.empty()) {
    Symbol Sym = Work.back();
    Work.pop_back();
    if (!To.insert(Sym).second)
      continue;
    if (Defined)
      if (auto It = Defined->find(Sym); It != Defined->end())
        Work.insert(Work.end(), {It->second.first, It->second.second});
    if (Divided)
      if (auto It = Divided->find(Sym); It != Divided->end()) {
        for (const auto &[S, C] : It->second.Of.Terms)
          Work.push_back(S);
        if (It->second.Per)
          for (const auto &[S, C] : It->second.Per->Terms)
            Work.push_back(S);
      }
  }
}

bool LaunchPath::picksApart() const {
  for (Symbol Sym : Picked)
    if (Asked.count(Sym))
      return false;
  return true;
}

bool LaunchPath::decide(const Linear &D, clang::BinaryOperatorKind Op, bool LoopCondition,
                        const std::vector<std::string> &Names) {
  ++Consulted;
  noteSymbols(D, Asked);
  // Constraints only grow along a path: what they decided once stays decided.
  std::vector<int64_t> K = key(D, Op);
  if (auto It = Decided.find(K); It != Decided.end())
    return It->second;
  auto [CanHold, CanFail] = ways(D, Op);
  if (!CanHold || !CanFail)
    return Decided[K] = CanHold;
  auto [Holds, Flip] = next(LoopCondition);
  take(D, Op, Holds, Flip, Names);
  return Decided[K] = Holds;
}

std::pair<bool, bool> LaunchPath::next(bool LoopCondition) {
  bool Holds = Taken.size() < Given.size() ? Given[Taken.size()] : !LoopCondition;
  bool Flip = true;
  if (LoopCondition && !LoopChoices.empty()) {
    // Past the unrolling bound a further iteration of the loop is not run in another scenario:
    // the values that would run it are not covered.
    if (LoopChoices.back() >= MaxUnroll) {
      Flip = false;
      Cut |= !Holds;
    }
    LoopChoices.back() += Holds;
  }
  return {Holds, Flip};
}

bool LaunchPath::choose(bool LoopCondition, const std::string &What, bool Poll) {
  ++Consulted;
  (Poll ? PollChosen : DataChosen) = true;
  auto [Holds, Flip] = next(LoopCondition);
  Taken.push_back(Holds);
  Flippable.push_back(Flip);
  Text.push_back(What + (Holds ? " holds" : " fails"));
  return Holds;
}

std::pair<bool, bool> LaunchPath::ways(const Linear &D, clang::BinaryOperatorKind Op) {
  std::optional<bool> Holds = Box.possible(D, Op), Fails = Box.possible(D, LaunchBox::negated(Op));
  if (Holds && Fails)
    return {*Holds, *Fails};
  z3::expr Rel = relationToZero(solver().numerator(D), Op);
  return {S->possible(Rel), S->possible(!Rel)};
}

void LaunchPath::take(const Linear &D, clang::BinaryOperatorKind Op, bool Holds, bool Flip,
                      const std::vector<std::string> &Names) {
  Box.assume(D, Holds ? Op : LaunchBox::negated(Op));
  Taken.push_back(Holds);
  Flippable.push_back(Flip);
  constrain(D, Op, Holds);
  Text.push_back(conditionText(D, Op, Holds, Names));
}

void LaunchPath::axiom(const Linear &D, clang::BinaryOperatorKind Op) {
  // Every rank of a scenario meets the same axioms: added once (Decided marks them).
  if (!Decided.try_emplace(key(D, Op), true).second)
    return;
  Box.assume(D, Op);
  constrain(D, Op, true);
}

void LaunchPath::constrain(const Linear &D, clang::BinaryOperatorKind Op, bool Holds) {
  if (!S) {
    Pending.push_back({D, Op, Holds});
    return;
  }
  z3::expr Rel = relationToZero(S->numerator(D), Op);
  S->assume(Holds ? Rel : !Rel);
}

LaunchPath::Solver &LaunchPath::solver() {
  if (!S) {
    S = std::make_unique<Solver>();
    S->Defined = Defined;
    S->Divided = Divided;
    // The constraints the box held alone so far, in order (the shared answers number them so).
    S->Trusted = true; // each possible by the box's exact answer when it was taken
    for (const PendingConstraint &C : Pending)
      constrain(C.D, C.Op, C.Holds);
    S->Trusted = false;
    Pending.clear();
  }
  return *S;
}

LaunchPath::ValueWay LaunchPath::tryValue(const Linear &D, int64_t V, bool Flip,
                                          const std::vector<std::string> &Names) {
  auto [CanBe, CanDiffer] = ways(D.plus(Linear::constant(V), -1), clang::BO_EQ);
  if (!CanBe)
    return ValueWay::Impossible;
  if (!CanDiffer)
    return ValueWay::Fixed;
  bool Holds = Taken.size() < Given.size() ? Given[Taken.size()] : true;
  take(D.plus(Linear::constant(V), -1), clang::BO_EQ, Holds, Flip, Names);
  return Holds ? ValueWay::Chosen : ValueWay::Declined;
}

std::optional<int64_t> LaunchPath::enumerate(const Linear &D, int64_t Lo, int64_t Hi,
                                             const std::vector<std::string> &Names, bool InRange) {
  noteSymbols(D, Asked);
  // A value the path fixed (by its constraints or a choice) stays fixed: constraints only grow.
  std::vector<int64_t> K = key(D, -1);
  if (auto It = Fixed.find(K); It != Fixed.end() && Lo <= It->second && It->second < Hi)
    return It->second;
  // D - Lo < 0 or D - Hi >= 0 possible: a value outside the range.
  Linear Below = D.plus(Linear::constant(Lo), -1), Above = D.plus(Linear::constant(Hi), -1);
  if (ways(Below, clang::BO_LT).first || ways(Above, clang::BO_GE).first) {
    if (!InRange)
      return std::nullopt;
    // Assumed, not chosen: no scenario runs a value outside (a rank the launch does not have).
    for (auto [Bound, Op] : {std::pair{Below, clang::BO_GE}, std::pair{Above, clang::BO_LT}}) {
      Box.assume(Bound, Op);
      constrain(Bound, Op, true);
    }
  }
  for (int64_t V = Lo; V < Hi; ++V) {
    ValueWay W = tryValue(D, V, true, Names);
    if (W == ValueWay::Fixed || W == ValueWay::Chosen)
      return Fixed[K] = V; // fixed: the last value the constraints leave
  }
  return std::nullopt; // unknown to the solver: not every value is known to be run
}

std::optional<bool> LaunchPath::implied(const Linear &D, clang::BinaryOperatorKind Op) {
  noteSymbols(D, Asked);
  if (!constrained())
    return std::nullopt; // no constraint: nothing decided
  auto [CanHold, CanFail] = ways(D, Op);
  if (CanHold == CanFail)
    return std::nullopt;
  return CanHold;
}

bool LaunchPath::mayAll(const std::vector<std::pair<Linear, clang::BinaryOperatorKind>> &All) {
  for (const auto &[D, Op] : All)
    noteSymbols(D, Asked);
  if (All.empty())
    return true;
  if (All.size() == 1)
    return ways(All[0].first, All[0].second).first;
  if (std::optional<bool> B = Box.possibleAll(All))
    return *B;
  Solver &Z = solver();
  z3::expr Each = context().bool_val(true);
  for (const auto &[D, Op] : All)
    Each = Each && relationToZero(Z.numerator(D), Op);
  return Z.possible(Each);
}

bool LaunchPath::mayMeetRows(const Linear &D, const RowsOf &A, const RowsOf &B) {
  // Some row i of A and j of B: D + i * A's stride - j * B's within (-A's width, B's width),
  // over D's numerator (D = Num / Den, Den > 0). The row indices are the question's own.
  noteSymbols(D, Asked);
  Solver &Z = solver();
  z3::context &C = context();
  z3::expr I = C.int_const("row.a"), J = C.int_const("row.b"), Den = C.int_val(D.Den);
  z3::expr At = Z.numerator(D) + Den * (I * C.int_val(A.Stride) - J * C.int_val(B.Stride));
  return Z.possible(I >= 0 && I < C.int_val(A.Rows) && J >= 0 && J < C.int_val(B.Rows) &&
                    At + Den * C.int_val(A.Width) > 0 && At - Den * C.int_val(B.Width) < 0);
}

std::pair<std::optional<int64_t>, std::optional<int64_t>> LaunchPath::range(const Linear &D) const {
  return Box.range(D);
}

std::optional<int64_t> LaunchPath::upperBound(const Linear &D) {
  noteSymbols(D, Asked);
  if (!constrained())
    return std::nullopt; // no constraint: unbounded
  if (auto Box = this->Box.greatest(D)) {
    if (!*Box || **Box > INT64_MAX || **Box < INT64_MIN)
      return std::nullopt;
    return llvm::divideFloorSigned(int64_t(**Box), D.Den);
  }
  // A quotient's extent (`2 * (elems / 2)`): a bound from the ranges (the view then covers at
  // least its bytes); an optimiser's run over the quotients' definitions costs far more.
  if (Box.namesQuotient(D))
    if (std::optional<__int128> Max = Box.atMost(D); Max && *Max <= INT64_MAX && *Max >= INT64_MIN)
      return llvm::divideFloorSigned(int64_t(*Max), D.Den);
  // Asked again under the same constraints (every rank of the scenario asks): answered by the
  // path without printing them.
  z3::expr Num = solver().numerator(D);
  auto [Known, First] = S->Bounds.try_emplace({S->Assumed, key(D, -2)});
  if (First)
    Known->second = S->greatest(Num, D.Den);
  return Known->second;
}

int64_t LaunchPath::pick(const Linear &D, const std::vector<int64_t> &Candidates,
                         const std::vector<std::string> &Names) {
  noteSymbols(D, Valued);
  for (size_t K = 0; K < Candidates.size(); ++K) {
    ValueWay W = tryValue(D, Candidates[K], K + 1 < Candidates.size(), Names);
    if (W == ValueWay::Fixed)
      return Candidates[K]; // the constraints fix it
    if (W != ValueWay::Impossible)
      ValueCut = true, noteSymbols(D, Picked);
    if (W == ValueWay::Chosen)
      return Candidates[K];
  }
  z3::context &C = context();
  z3::expr Num = solver().numerator(D);
  // No candidate possible: one value the constraints allow, the others not run.
  int64_t V = 0;
  if (S->real().check() == z3::sat) {
    z3::expr M = S->real().get_model().eval(Num, true);
    int64_t N = 0;
    if (M.is_numeral_i64(N) && N % D.Den == 0)
      V = N / D.Den;
  }
  z3::expr Is = Num == C.int_val(V * D.Den);
  if (!S->possible(!Is))
    return V; // the constraints fix it
  ValueCut = true;
  noteSymbols(D, Picked);
  S->assume(Is);
  Box.assume(D.plus(Linear::constant(V), -1), clang::BO_EQ);
  Text.push_back(conditionText(D.plus(Linear::constant(V), -1), clang::BO_EQ, true, Names));
  return V;
}

} // namespace commcheck
