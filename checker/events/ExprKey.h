// Canonical text keys for the things rules compare across events: addresses (does this dcci cover
// that load?), signal cells (is this cell a counter or a value?), async events and sessions.
// Locals that never change are followed to their initialiser, and inlined helpers' parameters are
// replaced by the caller's arguments, so the same cell gets the same key wherever it is reached.
#pragma once
#include "events/VarUses.h"
#include <map>
#include <set>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Expr;
class ParmVarDecl;
} // namespace clang

namespace commcheck {

class FunctionFacts;
class LaunchStructs;
class VarUses;

/// What an inlined helper's parameter stands for at one call site.
struct ParamBinding {
  std::string AddrKey, CellKey, NameKey;
  std::string CellRoot; ///< the launch argument the argument points into (CellRoots); "": any
  bool PeerAddress = false; ///< the argument may be another rank's copy of CellRoot
  std::optional<std::string> Enum;
  std::optional<int64_t> Int;
  bool Negated = false;
  bool ReadOnlyRoot = false; ///< the argument points into a read-only launch parameter
  /// A record argument (by value, by reference, or pointed to): its pointer and view fields, by
  /// path, that point into read-only data (ReadOnlyOrigins).
  std::set<FieldPath> ReadOnlyFields;
  bool MayBeGm = true;       ///< the argument (a pointer) may address GM
  bool Varies = true;        ///< the argument's value may change during the call (CellVariance)
  /// A record passed by reference: the async event (or event array family, `evs[]`) it is in
  /// the caller, so a helper's `ev.Wait()` names the event the caller issued.
  std::string AsyncKey;
};
/// What an inlined helper's parameters, and its `this`, stand for at the call being analysed.
struct ParamBindings {
  std::map<const clang::ParmVarDecl *, ParamBinding> Params;
  /// The object of a member call or construction, as the pointer `this` is: `&obj` for
  /// `obj.f()`, `p` for `p->f()`.
  std::optional<ParamBinding> This;
};

class ExprKeyer {
public:
  enum Mode {
    Address, ///< keep variable names: p[i] and p[j] are different lines
    Cell,    ///< abstract integer variables to `*`: the cells of a signal array form one family
    Name     ///< variables by name, never followed: the identity of events and sessions
  };
  ExprKeyer(clang::ASTContext &Ctx, const FunctionFacts &Facts, const ParamBindings *ParamKeys,
            const LaunchStructs *Launch = nullptr, VarUses *Uses = nullptr)
      : Ctx(Ctx), Facts(Facts), ParamKeys(ParamKeys), Launch(Launch), Uses(Uses) {}

  std::string key(const clang::Expr *E, Mode M) const;
  clang::ASTContext &context() const { return Ctx; }
  const FunctionFacts &facts() const { return Facts; }
  const LaunchStructs *launch() const { return Launch; }
  /// How the variables of the checked code are used (shared by every keyer of one build).
  VarUses *uses() const { return Uses; }
  /// The address an lvalue designates, as base + offset ("p+i"); "" if it is not through a pointer.
  std::string lvalueAddress(const clang::Expr *LValue) const;
  /// The address a pointer expression points to, normalised like lvalueAddress ("p+0").
  std::string pointerAddress(const clang::Expr *Ptr) const;

  /// The enumerator an expression names, following unchanged locals and `c ? X : X`.
  std::optional<std::string> enumName(const clang::Expr *E) const;
  std::optional<int64_t> intValue(const clang::Expr *E) const;
  /// The enumerator a constant expression of enum type has the value of.
  std::optional<std::string> constantEnumerator(const clang::Expr *E) const;
  /// True when the expression is a negation (-x), also through an unchanged local.
  bool isNegation(const clang::Expr *E) const;
  /// The unchanged local variable an expression names, if any.
  const clang::Expr *followLocal(const clang::Expr *E) const;
  const ParamBinding *binding(const clang::ParmVarDecl *P) const;
  /// The binding of `this`, in an inlined member function or constructor.
  const ParamBinding *thisBinding() const;
  /// A value loaded from read-only launch data (a window base in the context table).
  bool isLaunchBase(const clang::Expr *E) const;
  /// A pointer (or view) into read-only launch data only: the communication context or runtime
  /// tensor descriptors, or a parameter (or an inlined helper's argument) that is read-only,
  /// followed through helpers that only compute addresses (ReadOnlyOrigins).
  bool pointsIntoReadOnly(const clang::Expr *Ptr) const;
  /// Integer arithmetic over launch bases: a peer offset such as (ctx[4+p] - ctx[4+r]) / 4.
  bool isLaunchDerived(const clang::Expr *E, int Depth = 0) const;

private:
  struct AddressParts {
    std::string Base;
    std::vector<std::string> Offsets;
    std::string str() const;
  };
  AddressParts pointerParts(const clang::Expr *Ptr, int Depth) const;
  std::string cellFamily(const clang::Expr *PointerSum, int Depth) const;
  std::string keyImpl(const clang::Expr *E, Mode M, int Depth) const;
  static std::string bindingKey(const ParamBinding &B, Mode M);
  clang::ASTContext &Ctx;
  const FunctionFacts &Facts;
  const ParamBindings *ParamKeys;
  const LaunchStructs *Launch;
  VarUses *Uses;
};

} // namespace commcheck
