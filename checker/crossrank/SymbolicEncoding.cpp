#include "crossrank/SymbolicEncoding.h"
#include "crossrank/Z3Defaults.h"
#include <cassert>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <unordered_set>

namespace commcheck {

namespace {
uint32_t launchCount(const SymbolicTrace &T) {
  uint32_t N = 0;
  auto See = [&](const Affine &A) {
    for (const auto &[V, K] : A.Terms)
      symvar::eachFactor(V, [&](uint32_t F) {
        if (F >= symvar::Launch0)
          N = std::max(N, F - symvar::Launch0 + 1);
      });
  };
  auto SeeGuard = [&](const Guard &G) {
    for (const auto &Clause : G)
      for (const AffineAtom &A : Clause)
        See(A.E);
  };
  SeeGuard(T.Assume);
  for (const SymOp &O : T.Ops) {
    for (const Affine *A : {&O.Owner, &O.Lo, &O.Hi, &O.Value, &O.Row})
      See(*A);
    SeeGuard(O.When);
    if (O.Stride)
      See(Affine::var(*O.Stride));
  }
  return N;
}
} // namespace

SymbolicEncoding::SymbolicEncoding(const SymbolicTrace &T)
    : T(T), C(z3Context()), P(C.int_const("P")), Base(C.bool_val(true)) {
  for (uint32_t K = 0, N = launchCount(T); K < N; ++K)
    LaunchVars.push_back(C.int_const(("L" + std::to_string(K)).c_str()));
  Base = P >= T.MinCount && guard(T.Assume, nullptr);
}

SymbolicEncoding::Instance SymbolicEncoding::instance(const SymOp &O, const std::string &Tag) {
  return instance(O, Tag, C.int_const(("r" + Tag).c_str()));
}

SymbolicEncoding::Instance SymbolicEncoding::instance(const SymOp &O, const std::string &Tag,
                                                      const z3::expr &Rank,
                                                      const std::vector<z3::expr> &Launch) {
  std::vector<unsigned> LaunchIds;
  for (const z3::expr &L : Launch)
    LaunchIds.push_back(L.id());
  auto Key = std::make_tuple(&O, Tag, Rank.id(), std::move(LaunchIds));
  if (auto It = Made.find(Key); It != Made.end())
    return It->second;
  return Made.emplace(std::move(Key), make(O, Tag, Rank, Launch)).first->second;
}

SymbolicEncoding::Instance SymbolicEncoding::make(const SymOp &O, const std::string &Tag,
                                                  const z3::expr &Rank,
                                                  const std::vector<z3::expr> &Launch) {
  Instance I{&O, Rank, O.InLoop ? C.int_const(("j" + Tag).c_str()) : C.int_val(0),
             O.Phase ? C.int_const(("k" + Tag).c_str()) : C.int_val(0), {}, C.bool_val(true),
             z3::expr_vector(C), z3::expr_vector(C), Launch};
  for (uint32_t K = 0; K < symvar::MaxAux; ++K)
    I.Aux.push_back(C.int_const(("x" + std::to_string(K) + Tag).c_str()));
  if (O.InLoop)
    I.Own.push_back(I.J);
  if (O.Phase)
    I.Own.push_back(I.K);
  // Only the auxiliaries the op names are witnesses (the others are free and unused).
  std::vector<bool> Used(symvar::MaxAux);
  auto See = [&](const Affine &A) {
    for (const auto &[V, K] : A.Terms)
      symvar::eachFactor(V, [&](uint32_t F) {
        if (F >= symvar::Aux0 && F < symvar::Launch0)
          Used[F - symvar::Aux0] = true;
      });
  };
  for (const Affine *A : {&O.Owner, &O.Lo, &O.Hi, &O.Value, &O.Row})
    See(*A);
  for (const auto &Clause : O.When)
    for (const AffineAtom &A : Clause)
      See(A.E);
  for (uint32_t K = 0; K < symvar::MaxAux; ++K)
    if (Used[K])
      I.Witness.push_back(I.Aux[K]);
  I.Exists = Rank >= 0 && Rank < P && guard(O.When, &I) && (O.Phase ? I.K >= 0 : C.bool_val(true));
  return I;
}

z3::expr_vector SymbolicEncoding::which(const Instance &I, bool WithRank) const {
  z3::expr_vector Vars(C);
  if (WithRank)
    Vars.push_back(I.R);
  for (const z3::expr_vector *V : {&I.Own, &I.Witness})
    for (const z3::expr &Var : *V)
      Vars.push_back(Var);
  return Vars;
}

z3::expr SymbolicEncoding::variable(uint32_t V, const Instance *I) const {
  if (symvar::isProduct(V)) {
    auto [A, B] = symvar::factors(V);
    return variable(A, I) * variable(B, I);
  }
  if (V == symvar::Count)
    return P;
  if (V >= symvar::Launch0)
    return (I && !I->Launch.empty() ? I->Launch : LaunchVars)[V - symvar::Launch0];
  assert(I && "a form over P and launch values only names them");
  return V == symvar::Rank    ? I->R
         : V == symvar::Iter  ? I->J
         : V == symvar::Phase ? I->K
                              : I->Aux[V - symvar::Aux0];
}

z3::expr SymbolicEncoding::term(const Affine &A, const Instance &I) const {
  z3::expr E = C.int_val(A.Const);
  for (const auto &[V, K] : A.Terms)
    E = E + C.int_val(K) * variable(V, &I);
  return E;
}

z3::expr SymbolicEncoding::shared(const Affine &A) const {
  z3::expr E = C.int_val(A.Const);
  for (const auto &[V, K] : A.Terms)
    E = E + C.int_val(K) * variable(V, nullptr);
  return E;
}

z3::expr SymbolicEncoding::atom(const AffineAtom &A, const Instance *I) const {
  z3::expr E = I ? term(A.E, *I) : shared(A.E);
  switch (A.R) {
  case AffineAtom::EQ: return E == 0;
  case AffineAtom::NE: return E != 0;
  case AffineAtom::GE: return E >= 0;
  }
  return E == 0;
}

z3::expr SymbolicEncoding::guard(const Guard &G, const Instance *I) const {
  z3::expr All = C.bool_val(true);
  for (const auto &Clause : G) {
    z3::expr Any = C.bool_val(false);
    for (const AffineAtom &A : Clause)
      Any = Any || atom(A, I);
    All = All && Any;
  }
  return All;
}

z3::expr SymbolicEncoding::before(const Instance &A, const Instance &B) const {
  const SymOp &X = *A.Op, &Y = *B.Op;
  if (X.Call != Y.Call)
    return C.bool_val(X.Call < Y.Call);
  if (X.Phase && X.Phase == Y.Phase) { // one phased loop: an earlier iteration, or the same one
    z3::expr Within = X.Segment != Y.Segment ? C.bool_val(X.Segment < Y.Segment)
                      : !X.InLoop || !Y.InLoop ? C.bool_val(X.Pos < Y.Pos)
                      : X.Pos < Y.Pos          ? A.J <= B.J
                                               : A.J < B.J;
    return A.K < B.K || (A.K == B.K && Within);
  }
  if (X.Segment != Y.Segment)
    return C.bool_val(X.Segment < Y.Segment);
  if (!X.InLoop || !Y.InLoop) // one top-level statement: one op
    return C.bool_val(X.Pos < Y.Pos);
  return X.Pos < Y.Pos ? A.J <= B.J : A.J < B.J;
}

z3::expr SymbolicEncoding::sameCell(const Instance &N, const Instance &Cl) {
  if (N.Op->Root != Cl.Op->Root || (N.Op->Call != Cl.Op->Call && T.freshRoot(N.Op->Root)))
    return C.bool_val(false);
  z3::expr Owner = term(N.Op->Owner, N) == term(Cl.Op->Owner, Cl);
  // Cells in rows of one width (`flags + peer * stride + blk`, the column in its row): the same
  // row and column; else the bytes, products where a row's width is a launch value.
  if (rowGrain(*N.Op, *Cl.Op))
    return Owner && term(N.Op->Row, N) == term(Cl.Op->Row, Cl) && term(N.Op->Lo, N) == term(Cl.Op->Lo, Cl);
  return Owner && cellBytes(N) == cellBytes(Cl);
}

z3::expr SymbolicEncoding::cellBytes(const Instance &I) const {
  if (!I.Op->Stride)
    return term(I.Op->Lo, I);
  return term(I.Op->Row, I) * variable(*I.Op->Stride, &I) + term(I.Op->Lo, I);
}

std::optional<int64_t> SymbolicEncoding::rowGrain(const SymOp &A, const SymOp &B, bool WithBase) {
  if (!A.Stride || A.Stride != B.Stride)
    return std::nullopt;
  // Two rows Row_A != Row_B differ by a multiple of the grain G (the gcd of the forms' numbers),
  // so rows G * L wide of them are apart; ops that keep within their rows meet in one row only.
  int64_t G = 0;
  for (const Affine *R : {&A.Row, &B.Row}) {
    G = std::gcd(G, R->Const < 0 ? -R->Const : R->Const);
    for (const auto &[V, K] : R->Terms)
      G = std::gcd(G, K < 0 ? -K : K);
  }
  if (G == 0 || !inRow(A, G, WithBase) || !inRow(B, G, WithBase))
    return std::nullopt;
  return G;
}

z3::expr SymbolicEncoding::overlap(const Instance &A, const Instance &B) {
  if (A.Op->Root != B.Op->Root)
    return C.bool_val(false);
  z3::expr Same = term(A.Op->Owner, A) == term(B.Op->Owner, B);
  if (A.Op->Whole || B.Op->Whole)
    return Same;
  if (std::optional<z3::expr> Meet = linearMeet(A, B, false))
    return *Meet;
  return Same; // rows of another width, or rows an op leaves: not linear (may meet)
}

std::optional<z3::expr> SymbolicEncoding::linearMeet(const Instance &A, const Instance &B,
                                                     bool WithBase) {
  auto At = [&](const Instance &I, const Affine &Edge) {
    return WithBase ? term(I.Op->Base, I) + term(Edge, I) : term(Edge, I);
  };
  z3::expr Meet = term(A.Op->Owner, A) == term(B.Op->Owner, B) &&
                  At(A, A.Op->Lo) < At(B, B.Op->Hi) && At(B, B.Op->Lo) < At(A, A.Op->Hi);
  if (!A.Op->Stride && !B.Op->Stride)
    return Meet;
  if (A.Op->Stride != B.Op->Stride)
    return std::nullopt;
  if (A.Op->Row.isConstant() && B.Op->Row.isConstant() && A.Op->Row.Const == 0 && B.Op->Row.Const == 0)
    return Meet; // both in row 0
  // An op that keeps within its row meets the other only in the same row, where their columns
  // meet (rowGrain).
  if (!rowGrain(*A.Op, *B.Op, WithBase))
    return std::nullopt;
  return Meet && term(A.Op->Row, A) == term(B.Op->Row, B);
}

bool SymbolicEncoding::inRow(const SymOp &O, int64_t Grain, bool WithBase) {
  auto [It, New] = InRow.try_emplace({&O, Grain, WithBase}, false);
  if (!New)
    return It->second;
  Instance I = instance(O, "_row");
  z3::expr Width = C.int_val(Grain) * LaunchVars[*O.Stride - symvar::Launch0];
  z3::expr Base = WithBase ? term(O.Base, I) : C.int_val(0);
  return It->second = valid(I.Exists, Base + term(O.Lo, I) >= 0 && Base + term(O.Hi, I) <= Width);
}

z3::expr SymbolicEncoding::overlapInBuffer(const Instance &A, const Instance &B) {
  if (std::optional<z3::expr> Meet = linearMeet(A, B, true))
    return *Meet;
  // Else the bytes, products where a row's width is a launch value.
  auto Bytes = [&](const Instance &I) {
    z3::expr Start = term(I.Op->Base, I) + cellBytes(I);
    return std::pair{Start, Start + term(I.Op->Hi, I) - term(I.Op->Lo, I)};
  };
  auto [ALo, AHi] = Bytes(A);
  auto [BLo, BHi] = Bytes(B);
  return term(A.Op->Owner, A) == term(B.Op->Owner, B) && ALo < BHi && BLo < AHi;
}

namespace {
Sat answer(z3::check_result R) {
  return R == z3::sat ? Sat::Yes : R == z3::unsat ? Sat::No : Sat::Unknown;
}
} // namespace

Sat SymbolicEncoding::sat(const z3::expr &F) {
  if (auto It = Answers.find(F.id()); It != Answers.end() && z3::eq(It->second.first, F))
    return It->second.second;
  // COMMCHECK_TRACE_SMT=1: each question's time, size, shape and answer (where a kernel's check
  // spends its time: the questions, not the run, on pypto's templates).
  static const bool Trace = getenv("COMMCHECK_TRACE_SMT");
  auto Start = Trace ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point();
  Eliminated = false;
  Sat R = ask(F);
  if (Trace) {
    Shape Sh = shape(F);
    fprintf(stderr, "smt: %.1f ms, %u nodes%s%s%s: %s\n",
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count(),
            Sh.Nodes, Sh.Quantified ? ", quantified" : "", Eliminated ? " (eliminated)" : "",
            Sh.Nonlinear ? ", nonlinear" : "",
            R == Sat::Yes ? "sat" : R == Sat::No ? "unsat" : "unknown");
  }
  Answers.insert_or_assign(F.id(), std::pair<z3::expr, Sat>(F, R));
  return R;
}

SymbolicEncoding::Shape SymbolicEncoding::shape(const z3::expr &F) {
  // (A walk of the term's DAG, each node once.)
  Shape Out;
  std::vector<z3::expr> Work{F};
  std::unordered_set<unsigned> Seen;
  while (!Work.empty()) {
    z3::expr E = Work.back();
    Work.pop_back();
    if (E.is_quantifier()) {
      Out.Quantified = true;
      Work.push_back(E.body());
      continue;
    }
    if (!E.is_app() || !Seen.insert(E.id()).second)
      continue;
    ++Out.Nodes;
    unsigned Variables = 0;
    for (unsigned K = 0; K < E.num_args(); ++K) {
      Variables += !E.arg(K).is_numeral();
      Work.push_back(E.arg(K));
    }
    Out.Nonlinear |= E.decl().decl_kind() == Z3_OP_MUL && Variables > 1;
  }
  return Out;
}

Sat SymbolicEncoding::ask(const z3::expr &F) {
  // A question Z3 cannot settle within its resource limit (deterministic, unlike a timeout) is
  // Unknown: nothing is proved.
  z3::params Ps(C);
  Ps.set("rlimit", WholeLimit);
  // One incremental solver for every question: the assumptions asserted once, each question in a
  // scope (ten times faster than a solver per question). A quantified question it does not settle
  // within a small part of the limit goes to a solver that eliminates the quantifiers first
  // (linear integer arithmetic: Z3's qe tactic, complete there; a ring neighbour's `x % P`, one
  // cell per rank: 0.8 s of instantiation, or none, against milliseconds), then to it again with
  // the whole limit, then to a solver of its own (its tactics settle some it gives up on).
  // (Two incremental solvers, the whole limit and a small one, each set once: setting a
  // parameter costs more than most questions.)
  auto Incremental = [&](std::unique_ptr<z3::solver> &S, unsigned Limit, bool &Spent,
                         const z3::expr &Q) {
    if (!S) {
      S = std::make_unique<z3::solver>(C, z3::solver::simple());
      z3::params Lim(C);
      Lim.set("rlimit", Limit);
      S->set(Lim);
      S->add(Base);
    }
    S->push();
    S->add(Q);
    Sat R = answer(S->check());
    Spent = R == Sat::Unknown && S->reason_unknown().find("resource") != std::string::npos;
    S->pop();
    return R;
  };
  bool Spent = false;
  if (Shape Sh = shape(F); Sh.Quantified) {
    // Where each quantifier is eliminated exactly (PresburgerElimination: microseconds, where
    // Z3's qe takes milliseconds), the question is asked quantifier-free.
    if (std::optional<z3::expr> Free = Elimination.quantifierFree(F)) {
      Eliminated = true;
      Sat R = Incremental(Solver, WholeLimit, Spent, *Free);
      if (R != Sat::Unknown || Spent)
        return R;
    }
    // (A question of a product, or of a few hundred nodes, the quick solver seldom settles, and
    // its resource limit does not bound the time it takes to give up (0.3-0.7 s past it on the
    // ring templates' questions, where qe takes 8 ms): to qe at once.)
    bool Quick = !Sh.Nonlinear && Sh.Nodes <= QuickNodes;
    if (Sat R = Quick ? Incremental(QuickSolver, QuickLimit, Spent, F) : Sat::Unknown; R != Sat::Unknown)
      return R;
    z3::solver Q = (z3::tactic(C, "qe") & z3::tactic(C, "smt")).mk_solver();
    Q.set(Ps);
    Q.add(Base && F);
    if (Sat R = answer(Q.check()); R != Sat::Unknown)
      return R;
  }
  Sat R = Incremental(Solver, WholeLimit, Spent, F);
  if (R != Sat::Unknown || Spent) // a question that took all it may take is not asked twice
    return R;
  z3::solver Alone(C);
  Alone.set(Ps);
  Alone.add(Base && F);
  return answer(Alone.check());
}

} // namespace commcheck
