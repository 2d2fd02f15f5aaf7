#include "crossrank/SymbolicPath.h"
#include "crossrank/LaunchBox.h"
#include "crossrank/PresburgerElimination.h"
#include "crossrank/Z3Defaults.h"
#include "crossrank/Z3Relation.h"
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <z3++.h>

namespace commcheck {

using clang::BinaryOperatorKind;

struct SymbolicPath::Solver {
  z3::context &C = z3Context();
  z3::solver Z{C, z3::solver::simple()};
  std::map<Symbol, z3::expr> Vars;
  bool Based = false;
  int MinCount = 2;
  std::map<std::vector<int64_t>, bool> Answers; ///< by the constraints and the question
  /// Each row symbol's definition `row == x * n` (SymbolicPath::product), the first Defined of
  /// them asserted in Z (at its base: they hold on every path of the run).
  std::vector<z3::expr> Products;
  size_t Defined = 0;
  std::set<Symbol> Rows;
  std::vector<Atom> Facts; ///< fact(): the run's facts of the launch values, each once
  std::set<std::vector<int64_t>> FactKeys;
  static void keyOf(const Linear &D, BinaryOperatorKind Op, std::vector<int64_t> &K) {
    K.push_back(Op);
    K.push_back(D.Const);
    for (const auto &[S, X] : D.Terms)
      K.push_back(int64_t(S)), K.push_back(X);
    K.push_back(-1);
  }
  z3::expr var(Symbol S) {
    auto It = Vars.find(S);
    if (It == Vars.end())
      It = Vars.emplace(S, C.int_const(("s" + std::to_string(S)).c_str())).first;
    return It->second;
  }
  /// D's numerator (D's denominator is positive: the comparison with 0 is the numerator's), the
  /// symbols Renamed names its own variables for.
  z3::expr term(const Linear &D, const std::map<Symbol, z3::expr> *Renamed = nullptr) {
    z3::expr E = C.int_val(D.Const);
    for (const auto &[S, K] : D.Terms) {
      auto It = Renamed ? Renamed->find(S) : std::map<Symbol, z3::expr>::const_iterator();
      E = E + C.int_val(K) * (Renamed && It != Renamed->end() ? It->second : var(S));
    }
    return E;
  }
  z3::expr atom(const Linear &D, BinaryOperatorKind Op,
                const std::map<Symbol, z3::expr> *Renamed = nullptr) {
    return relationToZero(term(D, Renamed), Op);
  }
  z3::expr atom(const Atom &A, const std::map<Symbol, z3::expr> *Renamed = nullptr) {
    z3::expr E = atom(A.D, A.Op, Renamed);
    return A.Or ? E || atom(A.Or->first, A.Or->second, Renamed) : E;
  }
  /// A solver's resource limit and the bounds of the rank RSym and the count PSym.
  void bound(z3::solver &S, Symbol RSym, Symbol PSym) {
    z3::params Ps(C);
    Ps.set("rlimit", 1000000u);
    S.set(Ps);
    z3::expr R = var(RSym), P = var(PSym);
    S.add(P >= MinCount && R >= 0 && R < P);
  }
  /// Z's base, set up once it is first asked (bound), and the row definitions made so far.
  void based(Symbol RSym, Symbol PSym) {
    if (!Based)
      bound(Z, RSym, PSym), Based = true;
    for (; Defined < Products.size(); ++Defined)
      Z.add(Products[Defined]);
  }
  static void keyOf(const Atom &A, std::vector<int64_t> &K) {
    keyOf(A.D, A.Op, K);
    if (A.Or) {
      K.push_back(-2); // (an alternative follows)
      keyOf(A.Or->first, A.Or->second, K);
    }
  }
};

std::shared_ptr<SymbolicPath::Solver> SymbolicPath::solver(int MinCount) {
  z3Defaults(); // before the solver it makes
  auto Z = std::make_shared<Solver>();
  Z->MinCount = MinCount;
  return Z;
}

SymbolicPath::SymbolicPath(std::vector<bool> G, Turns &Bases, unsigned Highest,
                           std::shared_ptr<Solver> Z)
    : S(std::move(Z)), Given(std::move(G)), Bases(Bases), Highest(Highest) {}
SymbolicPath::~SymbolicPath() = default;
SymbolicPath::SymbolicPath(SymbolicPath &&) noexcept = default;

bool SymbolicPath::may(const Linear &D, BinaryOperatorKind Op) {
  Solver &Z = *S;
  std::vector<int64_t> Key;
  for (const Atom &A : Active)
    Solver::keyOf(A, Key);
  Solver::keyOf(D, Op, Key);
  if (auto It = Z.Answers.find(Key); It != Z.Answers.end())
    return It->second;
  // Most questions a bound of one symbol settles (`nranks <= 0` with P >= 2): the constraints
  // over one symbol alone (a box), where they rule the question out, rule it out with the rest.
  LaunchBox Box;
  Box.assume(Linear::symbol(RSym), clang::BO_GE);
  Box.assume(Linear::symbol(PSym).plus(Linear::constant(Z.MinCount), -1), clang::BO_GE);
  for (const Atom &A : Active)
    if (A.D.Terms.size() == 1 && !A.Or)
      Box.assume(A.D, A.Op);
  if (std::optional<bool> Can = Box.possible(D, Op); Can && !*Can)
    return Z.Answers[Key] = false;
  Z.based(RSym, PSym);
  Z.Z.push();
  for (const Atom &A : Active)
    Z.Z.add(Z.atom(A));
  Z.Z.add(Z.atom(D, Op));
  z3::check_result R = Z.Z.check();
  Z.Z.pop();
  return Z.Answers[Key] = R != z3::unsat;
}

bool SymbolicPath::entails(const std::vector<Atom> &Premise,
                           const std::vector<const std::vector<Atom> *> &Alternatives,
                           const std::set<Symbol> &Local) const {
  Solver &Z = *S;
  z3::expr Some = Z.C.bool_val(false);
  for (size_t K = 0; K < Alternatives.size(); ++K) {
    std::map<Symbol, z3::expr> Own; // the alternative's own copies of the local symbols
    z3::expr_vector Bound(Z.C);
    for (Symbol L : Local) {
      std::string Name = "q" + std::to_string(K) + "_" + std::to_string(L);
      Bound.push_back(Own.emplace(L, Z.C.int_const(Name.c_str())).first->second);
    }
    z3::expr All = Z.C.bool_val(true);
    for (const Atom &A : *Alternatives[K])
      All = All && Z.atom(A, &Own);
    Some = Some || (Bound.empty() ? All : z3::exists(Bound, All));
  }
  // Quantifier-free where the elimination reaches (session 53): then a scope of the path's own
  // incremental solver answers it; else a solver of its own (the simple one takes no quantifier).
  if (std::optional<z3::expr> Free = PresburgerElimination(Z.C).quantifierFree(!Some)) {
    Z.based(RSym, PSym);
    Z.Z.push();
    for (const Atom &A : Premise)
      Z.Z.add(Z.atom(A));
    Z.Z.add(*Free);
    z3::check_result Answer = Z.Z.check();
    Z.Z.pop();
    return Answer == z3::unsat;
  }
  z3::solver Q(Z.C);
  Z.bound(Q, RSym, PSym);
  for (const z3::expr &D : Z.Products)
    Q.add(D);
  for (const Atom &A : Premise)
    Q.add(Z.atom(A));
  Q.add(!Some);
  return Q.check() == z3::unsat;
}

bool SymbolicPath::decide(const Linear &D, BinaryOperatorKind Op) {
  bool Can = may(D, Op), CanNot = may(D, LaunchBox::negated(Op));
  if (Can != CanNot) // decided (or the constraints hold nowhere: the way is immaterial)
    return Can;
  if (!Can)
    return true;
  bool Way = Taken.size() < Given.size() ? Given[Taken.size()] : true;
  if (Scopes.empty()) {
    Outside.push_back(Way);
    if (!Way) {
      unsigned Past = Statement ? Bases.HighestIn[Statement] : Highest;
      NextSegment = std::max(NextSegment, Bases.Bases.try_emplace(Outside, Past + 1).first->second);
    }
  }
  Taken.push_back(Way);
  ChoiceLoop.emplace_back();
  for (const auto &[Mark, Loop] : Scopes)
    ChoiceLoop.back().push_back(Loop);
  Active.push_back({D, Way ? Op : LaunchBox::negated(Op)});
  return Way;
}

void SymbolicPath::fact(const Linear &D, BinaryOperatorKind Op, const Linear &E, BinaryOperatorKind Op2) {
  Atom A{D, Op, std::pair{E, Op2}};
  std::vector<int64_t> Key;
  Solver::keyOf(A, Key);
  if (S->FactKeys.insert(Key).second)
    S->Facts.push_back(A);
}

const std::vector<SymbolicPath::Atom> &SymbolicPath::facts() const { return S->Facts; }

void SymbolicPath::product(Symbol Row, Symbol X, Symbol N) {
  Solver &Z = *S;
  if (!Z.Rows.insert(Row).second)
    return;
  Z.Products.push_back(Z.var(Row) == Z.var(X) * Z.var(N));
  Z.Answers.clear(); // (answered without it)
}

bool SymbolicPath::implied(const Linear &D, BinaryOperatorKind Op) {
  return !may(D, LaunchBox::negated(Op));
}

int SymbolicPath::place(const Linear &Form) {
  for (size_t K = 0; K < Places.size(); ++K)
    if (Places[K] == Form)
      return FirstPlace + int(K);
  Places.push_back(Form);
  return FirstPlace + int(Places.size()) - 1;
}

void SymbolicPath::statement(unsigned Index) {
  // Each path's points still only grow (max): the order its rank runs them in, which is all the
  // check's hang argument needs; the base is where a statement's points start in every path.
  if (inLoop() || Index >= (~0u / StatementPoints) - 1)
    return;
  Statement = Index;
  NextSegment = std::max(NextSegment, Index * StatementPoints + 1);
}

void SymbolicPath::enterLoop(const Linear &Lo, const Linear &Hi) {
  LoopSegment = NextSegment++;
  Scopes.push_back({Active.size(), LoopSegment});
  ++PeerLoops;
  Linear J = Linear::symbol(JSym);
  Active.push_back({J.plus(Lo, -1), clang::BO_GE});
  Active.push_back({J.plus(Hi, -1), clang::BO_LT});
  if (Statement) {
    unsigned &H = Bases.HighestIn[Statement];
    H = std::max(H, LoopSegment);
  }
  LoopPos = 0;
}

void SymbolicPath::leaveLoop() {
  Active.resize(Scopes.back().first);
  Scopes.pop_back();
  --PeerLoops;
}

void SymbolicPath::enterRange(const Linear &B, const Linear &Lo, const Linear &Hi) {
  // Its number only names its choices (loopOf): no op is numbered with it.
  Scopes.push_back({Active.size(), NextSegment++});
  Active.push_back({B.plus(Lo, -1), clang::BO_GE});
  Active.push_back({B.plus(Hi, -1), clang::BO_LT});
}

void SymbolicPath::enterChunk(Symbol C, const Linear &Lo, const Linear &Hi) {
  enterRange(Linear::symbol(C), Lo, Hi);
}

void SymbolicPath::leaveChunk() {
  Active.resize(Scopes.back().first);
  Scopes.pop_back();
}

void SymbolicPath::enterPhase(Symbol K, const Linear &B, const Linear &Lo, const Linear &Hi,
                              const Linear &Trips, bool ByTrips) {
  // b = lo + step * K in [lo, hi): step * K >= 0, which for a positive step is K >= 0.
  enterRange(B, Lo, Hi);
  if (ByTrips) {
    Active[Scopes.back().first].RunOnly = Active[Scopes.back().first + 1].RunOnly = true;
    Active.push_back({Linear::symbol(K), clang::BO_GE});
    Active.push_back({Linear::symbol(K).plus(Trips, -1), clang::BO_LT});
  }
  Phase = K;
  this->Trips = Trips;
}

void SymbolicPath::leavePhase() {
  leaveChunk();
  Phase = 0;
}

void SymbolicPath::recorded(const Linear &Offset) {
  OpInfo I;
  I.Phase = Phase;
  I.Trips = Trips;
  I.When = Active;
  I.InLoop = inLoop();
  I.Segment = I.InLoop ? LoopSegment : NextSegment++;
  if (Statement) {
    unsigned &H = Bases.HighestIn[Statement];
    H = std::max(H, I.Segment);
  }
  I.Pos = I.InLoop ? LoopPos++ : 0;
  I.Offset = Offset;
  I.Value = PendingValue;
  PendingValue.reset();
  Ops.push_back(std::move(I));
}

} // namespace commcheck
