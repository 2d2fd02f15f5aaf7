#include "events/PathFact.h"
#include <algorithm>

namespace commcheck {

int64_t IntType::reduce(int64_t V) const {
  if (Width >= 64 || NoWrap)
    return V;
  uint64_t Mask = (uint64_t(1) << Width) - 1, Bits = uint64_t(V) & Mask;
  if (Signed && (Bits >> (Width - 1)) & 1)
    Bits |= ~Mask;
  return int64_t(Bits);
}

namespace {
/// Products and sums wrap like the kernel's unsigned arithmetic before they are reduced.
int64_t wrapMul(int64_t A, int64_t B) { return int64_t(uint64_t(A) * uint64_t(B)); }
int64_t wrapAdd(int64_t A, int64_t B) { return int64_t(uint64_t(A) + uint64_t(B)); }
} // namespace

bool LinearForm::mentions(unsigned Var) const { return coefficient(Var) != 0; }

int64_t LinearForm::coefficient(unsigned Var) const {
  for (const auto &[V, C] : Terms)
    if (V == Var)
      return C;
  return 0;
}

void LinearForm::add(const LinearForm &O, int64_t Scale, IntType T) {
  decltype(Terms) Out;
  size_t I = 0, J = 0;
  while (I < Terms.size() || J < O.Terms.size()) {
    unsigned V;
    int64_t C = 0;
    if (J == O.Terms.size() || (I < Terms.size() && Terms[I].first < O.Terms[J].first)) {
      V = Terms[I].first;
      C = Terms[I++].second;
    } else if (I == Terms.size() || O.Terms[J].first < Terms[I].first) {
      V = O.Terms[J].first;
      C = wrapMul(O.Terms[J++].second, Scale);
    } else {
      V = Terms[I].first;
      C = wrapAdd(Terms[I++].second, wrapMul(O.Terms[J++].second, Scale));
    }
    C = T.reduce(C);
    if (C != 0)
      Out.push_back({V, C});
  }
  Terms = std::move(Out);
  Const = T.reduce(wrapAdd(Const, wrapMul(O.Const, Scale)));
}

void LinearForm::scale(int64_t K, IntType T) {
  LinearForm Zero;
  Zero.add(*this, K, T);
  *this = std::move(Zero);
}

Comparison Comparison::make(char Op, LinearForm L, LinearForm R, IntType T) {
  Comparison C;
  C.Type = T;
  switch (Op) {
  case '<': C.Op = CmpOp::LT; C.L = std::move(L); C.R = std::move(R); break;
  case 'l': C.Op = CmpOp::LE; C.L = std::move(L); C.R = std::move(R); break;
  case '>': C.Op = CmpOp::LT; C.L = std::move(R); C.R = std::move(L); break;
  case 'g': C.Op = CmpOp::LE; C.L = std::move(R); C.R = std::move(L); break;
  case '!': C.Op = CmpOp::NE; C.L = std::move(L); C.R = std::move(R); break;
  default: C.Op = CmpOp::EQ; C.L = std::move(L); C.R = std::move(R); break;
  }
  C.normalise();
  return C;
}

void Comparison::normalise() {
  L.Const = Type.reduce(L.Const);
  R.Const = Type.reduce(R.Const);
  // Unsigned, 0 < x is x != 0 and x <= 0 is x == 0 (x < 1 and 1 <= x likewise): one form each,
  // so that `if (n == 0) return;` meets a loop's first `i < n` with i == 0. (Exact unsigned
  // too: each side is a value, or a sum of non-negative multiples of variables, at least 0.)
  auto IsConst = [](const LinearForm &F, int64_t C) { return F.isConstant() && F.Const == C; };
  if (!Type.Signed && Op == CmpOp::LT && (IsConst(L, 0) || IsConst(R, 1))) {
    Op = IsConst(L, 0) ? CmpOp::NE : CmpOp::EQ;
    if (IsConst(L, 0))
      std::swap(L, R);
    R = LinearForm();
  } else if (!Type.Signed && Op == CmpOp::LE && (IsConst(R, 0) || IsConst(L, 1))) {
    Op = IsConst(R, 0) ? CmpOp::EQ : CmpOp::NE;
    if (IsConst(L, 1))
      std::swap(L, R);
    R = LinearForm();
  }
  if (Op != CmpOp::EQ && Op != CmpOp::NE)
    return;
  // x == y  <=>  x - y == 0  <=>  y - x == 0: one representative.
  L.add(R, -1, Type);
  R = LinearForm();
  int64_t Lead = L.Terms.empty() ? L.Const : L.Terms.front().second;
  IntType AsSigned{Type.Width, true};
  if (Type.NoWrap ? Lead < 0 : AsSigned.reduce(Lead) < 0)
    L.scale(-1, Type);
}

Comparison Comparison::negated() const {
  Comparison C = *this;
  switch (Op) {
  case CmpOp::LT: C.Op = CmpOp::LE; std::swap(C.L, C.R); break;
  case CmpOp::LE: C.Op = CmpOp::LT; std::swap(C.L, C.R); break;
  case CmpOp::EQ: C.Op = CmpOp::NE; break;
  case CmpOp::NE: C.Op = CmpOp::EQ; break;
  }
  C.normalise();
  return C;
}

std::optional<bool> Comparison::evaluate() const {
  if (!L.isConstant() || !R.isConstant())
    return std::nullopt;
  int64_t A = Type.reduce(L.Const), B = Type.reduce(R.Const);
  switch (Op) {
  case CmpOp::EQ: return A == B;
  case CmpOp::NE: return A != B;
  case CmpOp::LT: return !Type.wraps() ? A < B : uint64_t(A) < uint64_t(B);
  case CmpOp::LE: return !Type.wraps() ? A <= B : uint64_t(A) <= uint64_t(B);
  }
  return std::nullopt;
}

std::string describe(const LinearForm &F, const std::vector<PathVar> &Vars) {
  std::string Out;
  for (const auto &[V, K] : F.Terms) {
    std::string Name = V < Vars.size() ? Vars[V].Name : "?";
    if (!Out.empty())
      Out += K < 0 ? " - " : " + ";
    else if (K < 0)
      Out += "-";
    int64_t A = K < 0 ? -K : K;
    Out += A == 1 ? Name : std::to_string(A) + "*" + Name;
  }
  if (Out.empty())
    return std::to_string(F.Const);
  if (F.Const)
    Out += (F.Const < 0 ? " - " : " + ") + std::to_string(F.Const < 0 ? -F.Const : F.Const);
  return Out;
}

std::string describe(const Comparison &C, const std::vector<PathVar> &Vars) {
  static const char *const Ops[] = {" < ", " <= ", " == ", " != "};
  std::string T = (C.Type.Signed ? "i" : "u") + std::to_string(C.Type.Width) +
                  (C.Type.NoWrap ? ", no wrap" : "");
  return describe(C.L, Vars) + Ops[int(C.Op)] + describe(C.R, Vars) + " (" + T + ")";
}

std::string describe(const PathFact &F, const std::vector<PathVar> &Vars) {
  std::string X = F.Var < Vars.size() ? Vars[F.Var].Name : "?";
  switch (F.K) {
  case PathFact::Assume: return (F.Invariant ? "invariant " : "assume ") + describe(F.Cond, Vars);
  case PathFact::Set: return X + " := " + describe(F.Value, Vars);
  case PathFact::Add: return X + " += " + std::to_string(F.Value.Const);
  case PathFact::SetCond:
    return (F.Invariant ? "invariant " : "") + X + " := (" + describe(F.Cond, Vars) + ")";
  case PathFact::Havoc: return X + " := ?";
  }
  return "?";
}

} // namespace commcheck
