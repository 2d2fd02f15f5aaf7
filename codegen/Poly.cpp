#include "Poly.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <vector>

namespace commgen {

Poly Poly::constant(int64_t Value) {
  Poly Result;
  Result.add({0, 0}, Value);
  return Result;
}

Poly Poly::ranks() {
  Poly Result;
  Result.add({1, 0}, 1);
  return Result;
}

Poly Poly::chunks() {
  Poly Result;
  Result.add({0, 1}, 1);
  return Result;
}

void Poly::add(std::pair<int, int> Monomial, int64_t Coefficient) {
  if (Coefficient == 0)
    return;
  int64_t &Slot = Terms[Monomial];
  Slot += Coefficient;
  if (Slot == 0)
    Terms.erase(Monomial);
}

Poly Poly::operator+(const Poly &Other) const {
  Poly Result = *this;
  Result += Other;
  return Result;
}

Poly &Poly::operator+=(const Poly &Other) {
  for (const auto &[Monomial, Coefficient] : Other.Terms)
    add(Monomial, Coefficient);
  return *this;
}

Poly Poly::operator-(const Poly &Other) const {
  Poly Result = *this;
  for (const auto &[Monomial, Coefficient] : Other.Terms)
    Result.add(Monomial, -Coefficient);
  return Result;
}

Poly Poly::operator*(const Poly &Other) const {
  Poly Result;
  for (const auto &[M1, C1] : Terms)
    for (const auto &[M2, C2] : Other.Terms)
      Result.add({M1.first + M2.first, M1.second + M2.second}, C1 * C2);
  return Result;
}

bool Poly::isConstant() const {
  return Terms.empty() || (Terms.size() == 1 && Terms.begin()->first == std::make_pair(0, 0));
}

int64_t Poly::eval(int64_t P, int64_t C) const {
  int64_t Sum = 0;
  for (const auto &[Monomial, Coefficient] : Terms) {
    int64_t Term = Coefficient;
    for (int I = 0; I < Monomial.first; ++I)
      Term *= P;
    for (int I = 0; I < Monomial.second; ++I)
      Term *= C;
    Sum += Term;
  }
  return Sum;
}

Poly Poly::withChunks(int64_t C) const {
  Poly Result;
  for (const auto &[Monomial, Coefficient] : Terms) {
    int64_t Term = Coefficient;
    for (int I = 0; I < Monomial.second; ++I)
      Term *= C;
    Result.add({Monomial.first, 0}, Term);
  }
  return Result;
}

namespace {

std::string monomialName(int ExpP, int ExpC) {
  std::string Out;
  auto Append = [&](const char *Var, int Exp) {
    if (Exp == 0)
      return;
    if (!Out.empty())
      Out += "*";
    Out += Var;
    if (Exp > 1)
      Out += "^" + std::to_string(Exp);
  };
  Append("P", ExpP);
  Append("C", ExpC);
  return Out;
}

// Sum of terms, highest degree first, written "2*P - 1".
std::string sumString(const std::map<std::pair<int, int>, int64_t> &Terms) {
  std::vector<std::pair<std::pair<int, int>, int64_t>> Ordered(Terms.begin(), Terms.end());
  std::sort(Ordered.begin(), Ordered.end(), [](const auto &A, const auto &B) {
    int DegA = A.first.first + A.first.second, DegB = B.first.first + B.first.second;
    if (DegA != DegB)
      return DegA > DegB;
    return A.first.first > B.first.first;
  });
  std::string Out;
  bool First = true;
  for (const auto &[Monomial, Coefficient] : Ordered) {
    int64_t Magnitude = std::llabs(Coefficient);
    std::string Name = monomialName(Monomial.first, Monomial.second);
    std::string Body;
    if (Name.empty())
      Body = std::to_string(Magnitude);
    else if (Magnitude == 1)
      Body = Name;
    else
      Body = std::to_string(Magnitude) + "*" + Name;
    if (First)
      Out += (Coefficient < 0 ? "-" : "") + Body;
    else
      Out += (Coefficient < 0 ? " - " : " + ") + Body;
    First = false;
  }
  return Out;
}

} // namespace

std::string Poly::str() const {
  if (Terms.empty())
    return "0";
  if (Terms.size() == 1)
    return sumString(Terms);
  // Pull out the common monomial and the gcd of the coefficients.
  int MinP = 1 << 20, MinC = 1 << 20;
  int64_t Gcd = 0;
  for (const auto &[Monomial, Coefficient] : Terms) {
    MinP = std::min(MinP, Monomial.first);
    MinC = std::min(MinC, Monomial.second);
    Gcd = std::gcd(Gcd, std::llabs(Coefficient));
  }
  // Keep the sign of the leading term positive inside the parentheses.
  if (Gcd <= 1 && MinP == 0 && MinC == 0)
    return sumString(Terms);
  std::map<std::pair<int, int>, int64_t> Inner;
  for (const auto &[Monomial, Coefficient] : Terms)
    Inner[{Monomial.first - MinP, Monomial.second - MinC}] = Coefficient / Gcd;
  std::string Factor;
  if (Gcd > 1)
    Factor = std::to_string(Gcd);
  std::string Name = monomialName(MinP, MinC);
  if (!Name.empty())
    Factor += (Factor.empty() ? "" : "*") + Name;
  return Factor + "*(" + sumString(Inner) + ")";
}

} // namespace commgen
