#include "crossrank/LaunchBox.h"
#include <algorithm>
#include <cstdint>
#include <numeric>

namespace commcheck {

namespace {
using Int = __int128;

Int floorDiv(Int A, Int B) { // B != 0
  Int Q = A / B;
  return (A % B != 0 && ((A < 0) != (B < 0))) ? Q - 1 : Q;
}
Int ceilDiv(Int A, Int B) { return -floorDiv(-A, B); }

/// `K*a + C Op 0` as bounds on a (K != 0); Op one of <, <=, >, >=, ==.
void bound(Int K, Int C, clang::BinaryOperatorKind Op, std::optional<Int> &Lo,
           std::optional<Int> &Hi) {
  auto AtMost = [&](Int M) { // K*a <= M
    Int V = K > 0 ? floorDiv(M, K) : ceilDiv(M, K);
    if (K > 0)
      Hi = Hi ? std::min(*Hi, V) : V;
    else
      Lo = Lo ? std::max(*Lo, V) : V;
  };
  auto AtLeast = [&](Int M) { // K*a >= M
    Int V = K > 0 ? ceilDiv(M, K) : floorDiv(M, K);
    if (K > 0)
      Lo = Lo ? std::max(*Lo, V) : V;
    else
      Hi = Hi ? std::min(*Hi, V) : V;
  };
  switch (Op) {
  case clang::BO_LT: AtMost(-C - 1); break;
  case clang::BO_LE: AtMost(-C); break;
  case clang::BO_GT: AtLeast(-C + 1); break;
  case clang::BO_GE: AtLeast(-C); break;
  default: // ==: K*a == -C, no integer a where K does not divide C
    if ((-C) % K != 0) {
      Lo = 1, Hi = 0;
      return;
    }
    AtLeast(-C), AtMost(-C);
  }
}

/// Whether no integer of [Lo, Hi] is left once the values Except are taken out.
bool empty(const std::optional<Int> &Lo, const std::optional<Int> &Hi, const std::set<Int> &Except) {
  if (!Lo || !Hi)
    return false;
  if (*Lo > *Hi)
    return true;
  Int Out = 0;
  for (Int V : Except)
    Out += *Lo <= V && V <= *Hi;
  return *Hi - *Lo + 1 <= Out;
}
} // namespace

clang::BinaryOperatorKind LaunchBox::negated(clang::BinaryOperatorKind Op) {
  switch (Op) {
  case clang::BO_LT: return clang::BO_GE;
  case clang::BO_GE: return clang::BO_LT;
  case clang::BO_GT: return clang::BO_LE;
  case clang::BO_LE: return clang::BO_GT;
  case clang::BO_EQ: return clang::BO_NE;
  default: return clang::BO_EQ;
  }
}

void LaunchBox::assume(const Linear &D, clang::BinaryOperatorKind Op) {
  if (D.Terms.size() != 1) {
    // Over several atoms (`idx <= num - 1`): not a bound; questions that name none of them (nor
    // what they are made of) are still the box's, the atoms being independent of them.
    std::vector<Symbol> Of;
    for (const auto &[S, K] : D.Terms)
      factors(S, Of);
    Coupled.insert(Of.begin(), Of.end());
    return;
  }
  Range &R = Bounds[D.Terms[0].first];
  Int K = D.Terms[0].second, C = D.Const;
  if (Op != clang::BO_NE)
    bound(K, C, Op, R.Lo, R.Hi);
  else if (C % K == 0) // K*a + C != 0: a != -C/K (no integer a is left out otherwise)
    R.Except.insert(-C / K);
}

bool LaunchBox::factors(Symbol S, std::vector<Symbol> &Out) const {
  if (Defined)
    if (auto It = Defined->find(S); It != Defined->end()) {
      bool A = factors(It->second.first, Out);
      return factors(It->second.second, Out) && A;
    }
  Out.push_back(S);
  if (Divided)
    if (auto It = Divided->find(S); It != Divided->end()) {
      // q = N / M takes every integer where N's values are spaced at most M apart (each interval
      // of M integers holds one), its symbols being free: the gcd of N's coefficients.
      const Quotient &Q = It->second;
      if (Q.Per) { // bounded by what it divides and by: not every integer
        for (const auto &[T, K] : Q.Of.Terms)
          factors(T, Out);
        for (const auto &[T, K] : Q.Per->Terms)
          factors(T, Out);
        return false;
      }
      int64_t Spacing = 0;
      bool Full = true;
      for (const auto &[T, K] : Q.Of.Terms) {
        Full &= factors(T, Out);
        Spacing = std::gcd(Spacing, K < 0 ? -K : K);
      }
      return Full && Int(Spacing) <= Int(Q.By) * Q.Of.Den;
    }
  return true;
}

bool LaunchBox::independent(const Linear &D) const {
  std::set<Symbol> Atoms;
  for (const auto &[S, R] : Bounds)
    Atoms.insert(S);
  for (const auto &[S, K] : D.Terms)
    Atoms.insert(S);
  std::set<Symbol> Seen;
  for (Symbol A : Atoms) {
    std::vector<Symbol> F;
    if (!factors(A, F))
      return false; // an atom that does not take every integer value
    for (Symbol X : F)
      if (!Seen.insert(X).second)
        return false; // two atoms share a factor (or a product repeats one: a*a is no integer)
  }
  return true;
}

LaunchBox::Range LaunchBox::rangeOf(Symbol S) const {
  auto It = Bounds.find(S);
  return It == Bounds.end() ? Range{} : It->second;
}

std::pair<std::optional<Int>, std::optional<Int>> LaunchBox::extremes(const Linear &D) const {
  std::optional<Int> Min = Int(D.Const), Max = Int(D.Const);
  for (const auto &[S, K] : D.Terms) {
    Range R = rangeOf(S);
    const std::optional<Int> &Low = K > 0 ? R.Lo : R.Hi, &High = K > 0 ? R.Hi : R.Lo;
    Min = Min && Low ? std::optional<Int>(*Min + Int(K) * *Low) : std::nullopt;
    Max = Max && High ? std::optional<Int>(*Max + Int(K) * *High) : std::nullopt;
  }
  return {Min, Max};
}

std::optional<int64_t> LaunchBox::fixedAt(Symbol S) const {
  // A bound on one atom is a constraint of the path whatever else was assumed (Coupled or not).
  Range R = rangeOf(S);
  if (!R.Lo || !R.Hi || *R.Lo != *R.Hi || *R.Lo > INT64_MAX || *R.Lo < INT64_MIN)
    return std::nullopt;
  return int64_t(*R.Lo);
}

bool LaunchBox::contradictory() const {
  for (const auto &[S, R] : Bounds)
    if (empty(R.Lo, R.Hi, R.Except))
      return true;
  return false;
}

bool LaunchBox::exactFor(const Linear &D) const {
  if (Coupled.empty())
    return true;
  std::vector<Symbol> Of;
  for (const auto &[S, K] : D.Terms)
    factors(S, Of);
  for (Symbol S : Of)
    if (Coupled.count(S))
      return false;
  return true;
}

std::pair<std::optional<int64_t>, std::optional<int64_t>>
LaunchBox::range(const Linear &D) const {
  auto [Min, Max] = extremes(D);
  auto Narrow = [](const std::optional<Int> &V) {
    return V && *V <= INT64_MAX && *V >= INT64_MIN ? std::optional<int64_t>(int64_t(*V)) : std::nullopt;
  };
  return {Narrow(Min), Narrow(Max)};
}

std::optional<std::optional<Int>> LaunchBox::greatest(const Linear &D) const {
  if (!exactFor(D) || !independent(D))
    return std::nullopt;
  if (contradictory())
    return std::optional<Int>(); // no value at all
  for (const auto &[S, K] : D.Terms)
    if (!rangeOf(S).Except.empty())
      return std::nullopt; // the greatest value may be one left out
  return extremes(D).second;
}

std::optional<bool> LaunchBox::possible(const Linear &D, clang::BinaryOperatorKind Op) const {
  if (!exactFor(D))
    return std::nullopt;
  if (contradictory())
    return false;
  if (D.Terms.empty()) {
    Int C = D.Const;
    switch (Op) {
    case clang::BO_LT: return C < 0;
    case clang::BO_LE: return C <= 0;
    case clang::BO_GT: return C > 0;
    case clang::BO_GE: return C >= 0;
    case clang::BO_EQ: return C == 0;
    default: return C != 0;
    }
  }
  if (!independent(D))
    return std::nullopt;
  if (D.Terms.size() == 1) {
    Range R = rangeOf(D.Terms[0].first);
    Int K = D.Terms[0].second;
    if (Op == clang::BO_NE) { // possible unless every value left makes K*a + C zero
      if (D.Const % K == 0)
        R.Except.insert(-D.Const / K);
      return !empty(R.Lo, R.Hi, R.Except);
    }
    bound(K, D.Const, Op, R.Lo, R.Hi);
    return !empty(R.Lo, R.Hi, R.Except);
  }
  if (Op == clang::BO_EQ || Op == clang::BO_NE)
    return std::nullopt; // over several atoms: a question of divisibility, the solver's
  for (const auto &[S, K] : D.Terms)
    if (!rangeOf(S).Except.empty())
      return std::nullopt; // the least or greatest value may be one left out
  auto [Min, Max] = extremes(D);
  switch (Op) {
  case clang::BO_LT: return !Min || *Min < 0;
  case clang::BO_LE: return !Min || *Min <= 0;
  case clang::BO_GT: return !Max || *Max > 0;
  default: return !Max || *Max >= 0; // >=
  }
}

std::optional<bool>
LaunchBox::possibleAll(const std::vector<std::pair<Linear, clang::BinaryOperatorKind>> &All) const {
  // Each on one atom, the same: its range cut by every bound.
  std::optional<Symbol> Atom;
  for (const auto &[D, Op] : All) {
    if (Op == clang::BO_EQ || Op == clang::BO_NE || D.Terms.size() > 1 ||
        (Atom && !D.Terms.empty() && D.Terms[0].first != *Atom))
      return std::nullopt;
    if (!D.Terms.empty())
      Atom = D.Terms[0].first;
  }
  if (Atom && (!exactFor(Linear::symbol(*Atom)) || !independent(Linear::symbol(*Atom))))
    return std::nullopt;
  if (contradictory())
    return false;
  Range R = Atom ? rangeOf(*Atom) : Range{};
  for (const auto &[D, Op] : All) {
    if (D.Terms.empty()) {
      if (!possible(D, Op).value_or(true))
        return false;
      continue;
    }
    bound(D.Terms[0].second, D.Const, Op, R.Lo, R.Hi);
  }
  return !empty(R.Lo, R.Hi, R.Except);
}

std::pair<std::optional<Int>, std::optional<Int>> LaunchBox::hull(Symbol S, int Depth) const {
  Range R = rangeOf(S);
  std::optional<Int> Lo = R.Lo, Hi = R.Hi;
  auto Meet = [&](std::optional<Int> L, std::optional<Int> H) {
    if (L)
      Lo = Lo ? std::max(*Lo, *L) : L;
    if (H)
      Hi = Hi ? std::min(*Hi, *H) : H;
  };
  if (Depth > 8)
    return {Lo, Hi};
  if (Divided)
    if (auto It = Divided->find(S); It != Divided->end()) {
      // Rounding is monotone: the quotient lies between those of its dividend's extremes.
      const Quotient &Q = It->second;
      std::optional<Int> N0 = Int(Q.Of.Const), N1 = Int(Q.Of.Const);
      for (const auto &[T, K] : Q.Of.Terms) {
        auto [L, H] = hull(T, Depth + 1);
        const std::optional<Int> &Low = K > 0 ? L : H, &High = K > 0 ? H : L;
        N0 = N0 && Low ? std::optional<Int>(*N0 + Int(K) * *Low) : std::nullopt;
        N1 = N1 && High ? std::optional<Int>(*N1 + Int(K) * *High) : std::nullopt;
      }
      if (Q.Per) {
        // A divisor of at least 1 (and a dividend within [N0, N1]): |q| <= max |N| / its least,
        // of the dividend's sign. Otherwise no bound beyond the constraints'.
        std::optional<Int> Least = Int(Q.Per->Const);
        for (const auto &[T, K] : Q.Per->Terms) {
          auto [L, H] = hull(T, Depth + 1);
          const std::optional<Int> &Low = K > 0 ? L : H;
          Least = Least && Low ? std::optional<Int>(*Least + Int(K) * *Low) : std::nullopt;
        }
        if (N0 && N1 && Least && *Least * Q.Per->Den >= 1 && Q.Per->Den == 1 && Q.Of.Den == 1) {
          Int A = std::max(*N0 < 0 ? -*N0 : *N0, *N1 < 0 ? -*N1 : *N1) / *Least;
          Meet(*N0 >= 0 ? Int(0) : -A, *N1 <= 0 ? Int(0) : A);
        }
        return {Lo, Hi};
      }
      Int M = Int(Q.By) * Q.Of.Den;
      auto Div = [&](Int N) { return Q.Floor ? floorDiv(N, M) : N / M; };
      Meet(N0 ? std::optional<Int>(Div(*N0)) : std::nullopt, N1 ? std::optional<Int>(Div(*N1)) : std::nullopt);
    }
  if (Defined)
    if (auto It = Defined->find(S); It != Defined->end()) {
      auto [AL, AH] = hull(It->second.first, Depth + 1);
      auto [BL, BH] = hull(It->second.second, Depth + 1);
      if (AL && AH && BL && BH) {
        Int C[] = {*AL * *BL, *AL * *BH, *AH * *BL, *AH * *BH};
        Meet(*std::min_element(C, C + 4), *std::max_element(C, C + 4));
      }
    }
  return {Lo, Hi};
}

std::optional<Int> LaunchBox::atMost(const Linear &D) const {
  Int Max = D.Const;
  for (const auto &[S, K] : D.Terms) {
    auto [L, H] = hull(S);
    const std::optional<Int> &High = K > 0 ? H : L;
    if (!High)
      return std::nullopt;
    Max += Int(K) * *High;
  }
  return Max;
}

bool LaunchBox::namesQuotient(const Linear &D) const {
  if (!Divided)
    return false;
  std::vector<Symbol> F; // a quotient itself, or one a product is made of
  for (const auto &[S, K] : D.Terms)
    factors(S, F);
  for (Symbol X : F)
    if (Divided->count(X))
      return true;
  return false;
}

} // namespace commcheck
