// A polynomial with integer coefficients in the rank count P and the chunk count C.
// Loop trip counts in the kernel IR are Polys, so the cost model can multiply them out.
#pragma once

#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <utility>

namespace commgen {

class Poly {
public:
  Poly() = default;
  static Poly constant(int64_t Value);
  static Poly ranks();  // P
  static Poly chunks(); // C

  Poly operator+(const Poly &Other) const;
  Poly operator-(const Poly &Other) const;
  Poly operator*(const Poly &Other) const;
  Poly &operator+=(const Poly &Other);
  bool operator==(const Poly &Other) const { return Terms == Other.Terms; }
  bool operator!=(const Poly &Other) const { return !(*this == Other); }

  bool isZero() const { return Terms.empty(); }
  bool isConstant() const;
  int64_t eval(int64_t P, int64_t C) const;
  // The polynomial in P alone obtained by fixing the chunk count.
  Poly withChunks(int64_t C) const;
  // Human-readable form with common factors pulled out, e.g. "2*C*(P - 1)".
  std::string str() const;

private:
  // (exponent of P, exponent of C) -> coefficient; zero coefficients are never stored.
  std::map<std::pair<int, int>, int64_t> Terms;
  void add(std::pair<int, int> Monomial, int64_t Coefficient);
};

inline std::ostream &operator<<(std::ostream &OS, const Poly &P) { return OS << P.str(); }

} // namespace commgen
