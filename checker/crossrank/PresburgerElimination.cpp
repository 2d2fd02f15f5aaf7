#include "crossrank/PresburgerElimination.h"
#include "crossrank/Z3Relation.h"
#include <cstdio>
#include <cstdlib>
#include <map>
#include <numeric>
#include <unordered_set>
#include <vector>

namespace commcheck {

namespace {

/// A linear form: integer coefficients over terms (a bound variable, or a term free of them),
/// keyed by the term's id; plus a constant.
struct PbForm {
  std::map<unsigned, std::pair<z3::expr, int64_t>> Terms;
  int64_t K = 0;
};

/// Form <= 0, == 0 or != 0; or a literal free of the bound variables, kept as it is.
struct PbLiteral {
  enum Rel { Le, Eq, Ne } R = Le;
  PbForm F;
  std::optional<z3::expr> Free;
};
using PbClause = std::vector<PbLiteral>;
using PbDnf = std::vector<PbClause>;

/// Magnitudes past which a coefficient is not trusted to stay in 64 bits through the products
/// the elimination forms.
constexpr int64_t PbLimit = int64_t(1) << 40;

bool pbAdd(PbForm &F, const z3::expr &T, int64_t K) {
  if (K == 0)
    return true;
  auto It = F.Terms.find(T.id());
  if (It == F.Terms.end())
    It = F.Terms.emplace(T.id(), std::make_pair(T, int64_t(0))).first;
  It->second.second += K;
  int64_t Now = It->second.second;
  if (Now == 0)
    F.Terms.erase(It);
  return std::abs(Now) < PbLimit;
}

/// F + K * G.
bool pbAddForm(PbForm &F, const PbForm &G, int64_t K) {
  for (const auto &[Id, TK] : G.Terms) {
    int64_t P;
    if (__builtin_mul_overflow(TK.second, K, &P) || std::abs(P) >= PbLimit || !pbAdd(F, TK.first, P))
      return false;
  }
  int64_t P;
  if (__builtin_mul_overflow(G.K, K, &P) || __builtin_add_overflow(F.K, P, &F.K))
    return false;
  return std::abs(F.K) < PbLimit;
}

int64_t pbCoefficient(const PbForm &F, unsigned Var) {
  auto It = F.Terms.find(Var);
  return It == F.Terms.end() ? 0 : It->second.second;
}

/// Divides the literal by its coefficients' common factor (over the integers: a bound rounds,
/// an equality that the factor does not divide is false). False: the literal never holds;
/// Drop: it always holds.
enum class PbFate { Keep, False, Drop };
PbFate pbNormalise(PbLiteral &L) {
  if (L.Free)
    return PbFate::Keep;
  if (L.F.Terms.empty()) {
    bool Holds = L.R == PbLiteral::Le ? L.F.K <= 0 : L.R == PbLiteral::Eq ? L.F.K == 0 : L.F.K != 0;
    return Holds ? PbFate::Drop : PbFate::False;
  }
  int64_t G = 0;
  for (const auto &[Id, TK] : L.F.Terms)
    G = std::gcd(G, std::abs(TK.second));
  if (G <= 1)
    return PbFate::Keep;
  if (L.R != PbLiteral::Le && L.F.K % G != 0)
    return L.R == PbLiteral::Eq ? PbFate::False : PbFate::Drop;
  for (auto &[Id, TK] : L.F.Terms)
    TK.second /= G;
  // sum + K <= 0 iff sum/G <= floor(-K/G) iff sum/G + ceil(K/G) <= 0.
  int64_t K = L.F.K;
  L.F.K = L.R != PbLiteral::Le ? K / G : K >= 0 ? (K + G - 1) / G : -((-K) / G);
  return PbFate::Keep;
}

/// The walk of one body: its bound variables, what mentions them.
class PbBody {
public:
  PbBody(z3::context &C, std::unordered_set<unsigned> Vars) : C(C), Vars(std::move(Vars)) {}

  bool mentions(const z3::expr &E) {
    if (auto It = Memo.find(E.id()); It != Memo.end())
      return It->second;
    bool M = false;
    if (E.is_app()) {
      if (E.num_args() == 0)
        M = Vars.count(E.id()) > 0;
      for (unsigned I = 0; I < E.num_args() && !M; ++I)
        M = mentions(E.arg(I));
    } else {
      M = true; // (a quantifier or a variable left: not eliminated here)
    }
    Memo.emplace(E.id(), M);
    return M;
  }

  /// Out += K * E; false where E is not linear in the bound variables. (A term free of them is
  /// taken apart too, for the common factor of a literal's coefficients: `4 * j == 4 * x`; what
  /// is not a sum or a constant's multiple is one term.)
  bool linear(const z3::expr &E, int64_t K, PbForm &Out) {
    int64_t N;
    if (E.is_numeral_i64(N)) {
      int64_t P;
      return !__builtin_mul_overflow(N, K, &P) && !__builtin_add_overflow(Out.K, P, &Out.K) &&
             std::abs(Out.K) < PbLimit;
    }
    if (!E.is_app() || !E.is_int())
      return false;
    if (E.num_args() == 0)
      return pbAdd(Out, E, K);
    switch (E.decl().decl_kind()) {
    case Z3_OP_ADD:
      for (unsigned I = 0; I < E.num_args(); ++I)
        if (!linear(E.arg(I), K, Out))
          return false;
      return true;
    case Z3_OP_SUB:
      for (unsigned I = 0; I < E.num_args(); ++I)
        if (!linear(E.arg(I), I == 0 ? K : -K, Out))
          return false;
      return true;
    case Z3_OP_UMINUS: return linear(E.arg(0), -K, Out);
    case Z3_OP_MUL: {
      // A product of numerals and one other factor.
      std::optional<z3::expr> Factor;
      int64_t Scale = K;
      for (unsigned I = 0; I < E.num_args(); ++I) {
        int64_t M;
        if (E.arg(I).is_numeral_i64(M)) {
          if (__builtin_mul_overflow(Scale, M, &Scale) || std::abs(Scale) >= PbLimit)
            return false;
        } else if (Factor) {
          return !mentions(E) && pbAdd(Out, E, K); // not linear: one term, if free
        } else {
          Factor = E.arg(I);
        }
      }
      return Factor ? linear(*Factor, Scale, Out) : linear(C.int_val(1), Scale, Out);
    }
    default: return !mentions(E) && pbAdd(Out, E, K);
    }
  }

  /// The literal E (negated where not Positive), or none where it is out of reach.
  std::optional<PbLiteral> literal(const z3::expr &E, bool Positive) {
    PbLiteral L;
    if (!mentions(E)) {
      L.Free = Positive ? E : !E;
      return L;
    }
    Z3_decl_kind Kd = E.decl().decl_kind();
    if (E.num_args() != 2 || !E.arg(0).is_int() || !E.arg(1).is_int())
      return std::nullopt;
    // Lhs - Rhs (+ 1 for a strict bound) against 0.
    z3::expr A = E.arg(0), B = E.arg(1);
    bool Swap = Kd == Z3_OP_GE || Kd == Z3_OP_GT;
    bool Strict = Kd == Z3_OP_LT || Kd == Z3_OP_GT;
    switch (Kd) {
    case Z3_OP_LE:
    case Z3_OP_LT:
    case Z3_OP_GE:
    case Z3_OP_GT:
      if (!linear(Swap ? B : A, 1, L.F) || !linear(Swap ? A : B, -1, L.F))
        return std::nullopt;
      if (Strict && !pbAddForm(L.F, PbForm{{}, 1}, 1))
        return std::nullopt;
      if (!Positive) { // not (F <= 0): -F + 1 <= 0
        PbForm Neg;
        if (!pbAddForm(Neg, L.F, -1) || !pbAddForm(Neg, PbForm{{}, 1}, 1))
          return std::nullopt;
        L.F = Neg;
      }
      L.R = PbLiteral::Le;
      return L;
    case Z3_OP_EQ:
    case Z3_OP_DISTINCT:
      if (!linear(A, 1, L.F) || !linear(B, -1, L.F))
        return std::nullopt;
      L.R = (Kd == Z3_OP_EQ) == Positive ? PbLiteral::Eq : PbLiteral::Ne;
      return L;
    default: return std::nullopt;
    }
  }

  /// E (or its negation) in disjunctive normal form, each clause of literals.
  std::optional<PbDnf> dnf(const z3::expr &E, bool Positive) {
    if (E.is_true() || E.is_false())
      return E.is_true() == Positive ? PbDnf{PbClause{}} : PbDnf{};
    if (!mentions(E) || !E.is_app() || !E.is_bool())
      return one(E, Positive);
    Z3_decl_kind Kd = E.decl().decl_kind();
    switch (Kd) {
    case Z3_OP_NOT: return dnf(E.arg(0), !Positive);
    case Z3_OP_AND:
    case Z3_OP_OR: {
      bool Product = (Kd == Z3_OP_AND) == Positive;
      PbDnf Out = Product ? PbDnf{PbClause{}} : PbDnf{};
      for (unsigned I = 0; I < E.num_args(); ++I) {
        std::optional<PbDnf> D = dnf(E.arg(I), Positive);
        if (!D || !(Product ? product(Out, *D) : sum(Out, *D)))
          return std::nullopt;
      }
      return Out;
    }
    case Z3_OP_IMPLIES: return dnf(!E.arg(0) || E.arg(1), Positive);
    case Z3_OP_ITE:
      return dnf((E.arg(0) && E.arg(1)) || (!E.arg(0) && E.arg(2)), Positive);
    case Z3_OP_EQ:
      if (E.arg(0).is_bool())
        return dnf((E.arg(0) && E.arg(1)) || (!E.arg(0) && !E.arg(1)), Positive);
      return one(E, Positive);
    default: return one(E, Positive);
    }
  }

private:
  z3::context &C;
  std::unordered_set<unsigned> Vars;
  std::unordered_map<unsigned, bool> Memo;

  std::optional<PbDnf> one(const z3::expr &E, bool Positive) {
    std::optional<PbLiteral> L = literal(E, Positive);
    if (!L)
      return std::nullopt;
    switch (pbNormalise(*L)) {
    case PbFate::False: return PbDnf{};
    case PbFate::Drop: return PbDnf{PbClause{}};
    case PbFate::Keep: break;
    }
    return PbDnf{PbClause{std::move(*L)}};
  }
  static bool sum(PbDnf &Out, PbDnf &D) {
    for (PbClause &Cl : D)
      Out.push_back(std::move(Cl));
    return Out.size() <= PresburgerElimination::MaxClauses;
  }
  static bool product(PbDnf &Out, const PbDnf &D) {
    if (Out.size() * D.size() > PresburgerElimination::MaxClauses)
      return false;
    PbDnf Next;
    for (const PbClause &A : Out)
      for (const PbClause &B : D) {
        PbClause Cl = A;
        Cl.insert(Cl.end(), B.begin(), B.end());
        Next.push_back(std::move(Cl));
      }
    Out = std::move(Next);
    return true;
  }
};

/// Clause with Var := Value (a form free of Var); none where it is false.
std::optional<PbClause> pbSubstitute(const PbClause &Cl, unsigned Var, const PbForm &Value, bool &Ok) {
  PbClause Out;
  for (const PbLiteral &L : Cl) {
    int64_t B = L.Free ? 0 : pbCoefficient(L.F, Var);
    if (B == 0) {
      Out.push_back(L);
      continue;
    }
    PbLiteral N = L;
    N.F.Terms.erase(Var);
    if (!pbAddForm(N.F, Value, B)) {
      Ok = false;
      return std::nullopt;
    }
    switch (pbNormalise(N)) {
    case PbFate::False: return std::nullopt;
    case PbFate::Drop: continue;
    case PbFate::Keep: Out.push_back(std::move(N));
    }
  }
  return Out;
}

z3::expr pbFormExpr(z3::context &C, const PbForm &F) {
  z3::expr Sum = C.int_val(F.K);
  for (const auto &[Id, TK] : F.Terms)
    Sum = Sum + (TK.second == 1 ? TK.first : C.int_val(TK.second) * TK.first);
  return Sum;
}

z3::expr pbExpr(z3::context &C, const PbLiteral &L) {
  if (L.Free)
    return *L.Free;
  return relationToZero(pbFormExpr(C, L.F), L.R == PbLiteral::Le   ? clang::BO_LE
                                            : L.R == PbLiteral::Eq ? clang::BO_EQ
                                                                   : clang::BO_NE);
}

/// Cl with each literal of Var whose coefficient is not +-1 made one of coefficient 1 (over a
/// quotient: `a * v + R <= 0` is `v <= (-R) div a` for a > 0, `v >= -((-R) div -a)` for a < 0;
/// `a * v + R == 0` is `v == (-R) div a` where a divides R), where R is free of the bound
/// variables still to eliminate; none where one is not.
std::optional<PbClause> pbUnit(z3::context &C, const PbClause &Cl, unsigned Var,
                               const std::vector<unsigned> &Left) {
  PbClause Out;
  for (const PbLiteral &L : Cl) {
    int64_t A = L.Free ? 0 : pbCoefficient(L.F, Var);
    if (A == 0 || A == 1 || A == -1) {
      Out.push_back(L);
      continue;
    }
    PbForm Rest = L.F;
    Rest.Terms.erase(Var);
    for (unsigned V : Left)
      if (pbCoefficient(Rest, V) != 0)
        return std::nullopt;
    if (L.R == PbLiteral::Ne)
      return std::nullopt; // (a disjunction: "a does not divide R, or v is another value")
    int64_t Sign = A > 0 ? 1 : -1;
    if (L.R == PbLiteral::Eq && A < 0) { // -a * v - R == 0 the same
      PbForm Neg;
      if (!pbAddForm(Neg, Rest, -1))
        return std::nullopt;
      Rest = Neg, A = -A;
    }
    z3::expr NegRest = -pbFormExpr(C, Rest), Divisor = C.int_val(std::abs(A));
    z3::expr Quotient = z3::expr(C, Z3_mk_div(C, NegRest, Divisor));
    // Sign * v - Quotient rel 0 (an equality's sign made +).
    PbLiteral U;
    U.R = L.R;
    U.F.Terms.emplace(Var, std::make_pair(L.F.Terms.at(Var).first, L.R == PbLiteral::Eq ? 1 : Sign));
    if (!pbAdd(U.F, Quotient, -1))
      return std::nullopt;
    Out.push_back(U);
    if (L.R == PbLiteral::Eq) {
      PbLiteral Divides;
      Divides.Free = z3::expr(C, Z3_mk_mod(C, NegRest, Divisor)) == 0;
      Out.push_back(Divides);
    }
  }
  return Out;
}

/// Eliminates Var from the clause: the clauses whose disjunction is equivalent to "some Var
/// satisfies Cl" (header: the method). False where a coefficient of Var is not +-1.
bool pbEliminate(z3::context &C, const PbClause &Given, unsigned Var,
                 const std::vector<unsigned> &Left, PbDnf &Out) {
  std::optional<PbClause> Unit = pbUnit(C, Given, Var, Left);
  if (!Unit)
    return false;
  const PbClause &Cl = *Unit;
  std::vector<PbForm> Candidates;
  bool Lower = false;
  for (const PbLiteral &L : Cl) {
    int64_t A = L.Free ? 0 : pbCoefficient(L.F, Var);
    if (A == 0)
      continue;
    // A * Var + Rest rel 0: Var's value where it is an equality, -A * Rest.
    PbForm Rest = L.F;
    Rest.Terms.erase(Var);
    PbForm Value;
    if (!pbAddForm(Value, Rest, -A))
      return false;
    if (L.R == PbLiteral::Eq) {
      Candidates = {Value};
      Lower = true;
      break;
    }
    if (L.R == PbLiteral::Le && A == -1) { // Var >= Value
      Lower = true;
      Candidates.push_back(Value);
    } else if (L.R == PbLiteral::Ne) { // Var != Value: one past it
      if (!pbAddForm(Value, PbForm{{}, 1}, 1))
        return false;
      Candidates.push_back(Value);
    }
  }
  if (!Lower) { // Var below every bound: the literals of Var hold
    PbClause Rest;
    for (const PbLiteral &L : Cl)
      if (L.Free || pbCoefficient(L.F, Var) == 0)
        Rest.push_back(L);
    Out.push_back(std::move(Rest));
    return true;
  }
  for (const PbForm &V : Candidates) {
    bool Ok = true;
    std::optional<PbClause> S = pbSubstitute(Cl, Var, V, Ok);
    if (!Ok)
      return false;
    if (S)
      Out.push_back(std::move(*S));
    if (Out.size() > PresburgerElimination::MaxClauses)
      return false;
  }
  return true;
}

/// The variable of Vars to eliminate first from Cl: one with an equality of coefficient +-1
/// (no candidates to branch on), else the one with the fewest literals.
unsigned pbPick(const PbClause &Cl, const std::vector<unsigned> &Vars) {
  unsigned Best = Vars.front();
  size_t Fewest = SIZE_MAX;
  for (unsigned V : Vars) {
    size_t N = 0;
    for (const PbLiteral &L : Cl) {
      int64_t A = L.Free ? 0 : pbCoefficient(L.F, V);
      if (A != 0 && L.R == PbLiteral::Eq && (A == 1 || A == -1))
        return V;
      N += A != 0;
    }
    if (N < Fewest)
      Fewest = N, Best = V;
  }
  return Best;
}

/// Whether Q and R differ somewhere (COMMCHECK_CHECK_ELIMINATION: each elimination checked by
/// Z3's own, for measuring on real kernels).
void pbCheck(z3::context &C, const z3::expr &Q, const z3::expr &R) {
  z3::solver S = (z3::tactic(C, "qe") & z3::tactic(C, "smt")).mk_solver();
  S.add(Q != R);
  if (S.check() != z3::unsat) {
    fprintf(stderr, "commcheck: internal error: a quantifier eliminated wrongly\n%s\n%s\n",
            Q.to_string().c_str(), R.to_string().c_str());
    abort();
  }
}

} // namespace

std::optional<z3::expr> PresburgerElimination::eliminate(const z3::expr &Q) {
  if (!Q.is_quantifier() || Q.is_lambda())
    return std::nullopt;
  unsigned N = Z3_get_quantifier_num_bound(C, Q);
  z3::expr_vector Fresh(C);
  std::vector<unsigned> Ids;
  std::unordered_set<unsigned> Set;
  for (unsigned I = 0; I < N; ++I) {
    z3::sort S(C, Z3_get_quantifier_bound_sort(C, Q, I));
    if (!S.is_int())
      return std::nullopt;
    z3::expr V = C.int_const(("pe!" + std::to_string(this->Fresh++)).c_str());
    Fresh.push_back(V);
    Ids.push_back(V.id());
    Set.insert(V.id());
  }
  std::optional<z3::expr> Body = rewrite(Q.body().substitute(Fresh));
  if (!Body)
    return std::nullopt;
  // forall V. B is not (exists V. not B).
  bool Exists = Q.is_exists();
  PbBody W(C, Set);
  std::optional<PbDnf> D = W.dnf(*Body, Exists);
  if (!D)
    return std::nullopt;
  PbDnf Done;
  while (!D->empty()) {
    PbClause Cl = std::move(D->back());
    D->pop_back();
    std::vector<unsigned> Left;
    for (unsigned V : Ids)
      for (const PbLiteral &L : Cl)
        if (!L.Free && pbCoefficient(L.F, V) != 0) {
          Left.push_back(V);
          break;
        }
    if (Left.empty()) {
      Done.push_back(std::move(Cl));
    } else if (!pbEliminate(C, Cl, pbPick(Cl, Left), Left, *D) ||
               D->size() + Done.size() > MaxClauses) {
      return std::nullopt;
    }
  }
  z3::expr Any = C.bool_val(false);
  for (const PbClause &Cl : Done) {
    z3::expr All = C.bool_val(true);
    for (const PbLiteral &L : Cl)
      All = All && pbExpr(C, L);
    Any = Any || All;
  }
  z3::expr R = Exists ? Any : !Any;
  static const bool Check = getenv("COMMCHECK_CHECK_ELIMINATION");
  if (Check)
    pbCheck(C, Q, R);
  return R;
}

std::optional<z3::expr> PresburgerElimination::rewrite(const z3::expr &F) {
  if (auto It = Done.find(F.id()); It != Done.end())
    return It->second.second;
  std::optional<z3::expr> Out;
  if (F.is_quantifier()) {
    Out = eliminate(F);
  } else if (F.is_app() && F.num_args() > 0) {
    z3::expr_vector Args(C);
    bool Changed = false;
    for (unsigned I = 0; I < F.num_args(); ++I) {
      std::optional<z3::expr> A = rewrite(F.arg(I));
      if (!A)
        break;
      Changed |= !z3::eq(*A, F.arg(I));
      Args.push_back(*A);
    }
    if (Args.size() == F.num_args())
      Out = Changed ? F.decl()(Args) : F;
  } else {
    Out = F;
  }
  Done.insert_or_assign(F.id(), std::make_pair(F, Out));
  return Out;
}

std::optional<z3::expr> PresburgerElimination::quantifierFree(const z3::expr &F) {
  return rewrite(F);
}

} // namespace commcheck
