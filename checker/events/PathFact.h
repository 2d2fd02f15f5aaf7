// What a path knows of the kernel's integer values (docs/events.md, "Path facts"): a branch taken
// assumes its condition, an assignment changes a variable. Attached to the blocks of the event
// graph, they let the analyses drop paths no execution takes: a loop whose trip count is known
// runs that often, and a guard evaluated again over unchanged values takes the same branch.
//
// Values are linear forms over tracked variables, in the C++ type the kernel computes them in.
// Arithmetic is modular in that type's width (unsigned) or exact (signed: overflow is undefined,
// so the program that reaches it is not one the verdict speaks for; unsigned too where the user
// declares that no unsigned operation wraps, --assume-no-unsigned-wrap).
#pragma once
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace commcheck {

/// An integer type of the kernel's arithmetic.
struct IntType {
  uint8_t Width = 32;
  bool Signed = true;
  /// Unsigned arithmetic declared not to wrap (--assume-no-unsigned-wrap; only for the types
  /// unsigned arithmetic is done in, at least int's width): values are exact integers, each in
  /// [0, 2^Width), as signed ones are exact. A form in such a type names only variables of
  /// unsigned types (PathFactBuilder converts no signed value into one), all at least 0.
  bool NoWrap = false;
  bool operator==(const IntType &O) const {
    return Width == O.Width && Signed == O.Signed && NoWrap == O.NoWrap;
  }
  bool operator<(const IntType &O) const {
    return std::tie(Width, Signed, NoWrap) < std::tie(O.Width, O.Signed, O.NoWrap);
  }
  /// Arithmetic in this type is modular (unsigned, not declared exact).
  bool wraps() const { return !Signed && !NoWrap; }
  /// This type with C++'s own modular conversion: what a value converted into it becomes.
  IntType modular() const { return IntType{Width, Signed, false}; }
  /// V reduced to this type: its low Width bits, sign- or zero-extended; unchanged where the
  /// arithmetic is exact unsigned (the forms' numbers are exact integers there).
  int64_t reduce(int64_t V) const;
};

/// Sum of Coeff * Var + Const, computed in some IntType (kept by the owner). Terms sorted by
/// variable, no zero coefficient; numbers reduced to the type.
struct LinearForm {
  llvm::SmallVector<std::pair<unsigned, int64_t>, 2> Terms;
  int64_t Const = 0;

  static LinearForm constant(int64_t C) {
    LinearForm F;
    F.Const = C;
    return F;
  }
  static LinearForm variable(unsigned Var) {
    LinearForm F;
    F.Terms.push_back({Var, 1});
    return F;
  }
  bool isConstant() const { return Terms.empty(); }
  bool mentions(unsigned Var) const;
  int64_t coefficient(unsigned Var) const;
  /// This + Scale * O, in type T.
  void add(const LinearForm &O, int64_t Scale, IntType T);
  void scale(int64_t K, IntType T);
  bool operator==(const LinearForm &O) const { return Terms == O.Terms && Const == O.Const; }
  bool operator<(const LinearForm &O) const {
    return std::tie(Terms, Const) < std::tie(O.Terms, O.Const);
  }
};

enum class CmpOp : uint8_t { LT, LE, EQ, NE };

/// L op R over Type. EQ/NE are kept as (L - R) op 0 with the first coefficient's sign fixed, so
/// that equal conditions are equal structures; LT/LE keep both sides (moving a term across is
/// not exact in modular arithmetic).
struct Comparison {
  CmpOp Op = CmpOp::EQ;
  IntType Type;
  LinearForm L, R;

  /// Builds `L op R` (op may be any of < <= > >= == !=, as a clang BinaryOperatorKind-free code:
  /// '<', 'l' (<=), '>', 'g' (>=), '=', '!').
  static Comparison make(char Op, LinearForm L, LinearForm R, IntType T);
  Comparison negated() const;
  bool mentions(unsigned Var) const { return L.mentions(Var) || R.mentions(Var); }
  /// The truth value when both sides are constants.
  std::optional<bool> evaluate() const;
  void normalise();
  bool operator==(const Comparison &O) const {
    return Op == O.Op && Type == O.Type && L == O.L && R == O.R;
  }
  bool operator<(const Comparison &O) const {
    return std::tie(Op, Type, L, R) < std::tie(O.Op, O.Type, O.L, O.R);
  }
};

/// A variable the path facts track: a scalar local or parameter of one inlined instance of a
/// function, or a member path of a local object (`view.rowLoops`).
struct PathVar {
  std::string Name; ///< for dumps: "loop", "coreLoop.rowLoops", with the helper's instance
  IntType Type;
  unsigned Root = 0; ///< the variable of the whole object (itself for a scalar)
  bool IsRecord = false; ///< the root of member paths, with no value of its own
  /// A local that holds one launch value all its life (`const uint32_t tiles = TileCount(t)`):
  /// that value's variable, which takes its place in every fact (finishPathFacts).
  int AliasOf = -1;
  static constexpr unsigned NoParent = ~0u;
  unsigned Parent = NoParent; ///< the object it is a member of (none for a whole object or a scalar)
};

/// Whether M is V or a member path inside it (`plan.tail.rows` is inside `plan.tail` and `plan`):
/// what an assignment to V changes.
inline bool within(unsigned M, unsigned V, const std::vector<PathVar> &Vars) {
  for (unsigned X = M; X != PathVar::NoParent; X = Vars[X].Parent == X ? PathVar::NoParent : Vars[X].Parent)
    if (X == V)
      return true;
  return false;
}

/// One fact on a path.
struct PathFact {
  enum Kind : uint8_t {
    Assume,  ///< Cond holds on this path (a branch edge)
    Set,     ///< Var := Value (a linear form in Var's type, not mentioning Var)
    Add,     ///< Var := Var + Value.Const (++, --, += constant)
    SetCond, ///< Var != 0 exactly when Cond holds (a bool defined by a comparison, Var := Cond ?
             ///< 1 : 0; an unsigned quotient a / b, zero exactly when a < b)
    Havoc    ///< Var (every member path when it is a record root) gets a value not known
  };
  Kind K = Assume;
  unsigned Site = 0; ///< the branch or statement it comes from (the two edges of a branch share one)
  unsigned Var = 0;
  LinearForm Value;
  Comparison Cond;
  /// Assume: Cond holds on every path here (an invariant, not a branch taken), and is stated
  /// even where the path's known values decide it: a join keeps only what both sides state, so
  /// the way into a loop (`i == 1`) and the way round (`i == 2`, ...) keep `1 <= i` only so.
  /// SetCond: Var is a launch term that keeps its value (its definition is restated where it
  /// is computed again; what the path knew of it stays).
  bool Invariant = false;
};

/// Readable text of a form, a comparison and a fact, naming the variables ("loop + 1 < rows").
std::string describe(const LinearForm &F, const std::vector<PathVar> &Vars);
std::string describe(const Comparison &C, const std::vector<PathVar> &Vars);
std::string describe(const PathFact &F, const std::vector<PathVar> &Vars);

} // namespace commcheck
