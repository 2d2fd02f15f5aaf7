// States the path facts of one function body as it is lowered (one instance per inlined call):
// the conditions its two-way branches test and the assignments its statements make to tracked
// variables, as linear forms (events/PathFact.h). A variable is tracked when every change to it is
// a statement of the body (VarUses): a scalar local or by-value parameter, or a member path
// of a local object. An inlined helper's parameters stand for what the caller passed: a value
// (a form over the caller's variables) or, by reference, the caller's variable itself.
#pragma once
#include "events/EventGraph.h"
#include "events/PathFact.h"
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <tuple>
#include <vector>

namespace clang {
class ASTContext;
class Expr;
class FieldDecl;
class FunctionDecl;
class ParmVarDecl;
class QualType;
class CastExpr;
class BinaryOperator;
class CallExpr;
class CXXOperatorCallExpr;
class InitListExpr;
class ParentMap;
class RecordDecl;
class Stmt;
class ValueDecl;
class VarDecl;
} // namespace clang

namespace commcheck {

class ExprKeyer;
class FunctionFacts;
class VarUses;

/// An object held by value (not a reference), whose members may be tracked.
bool isRecordValue(clang::QualType T);
/// E without the parentheses, cleanups, temporaries and substituted template arguments around
/// its value.
const clang::Expr *stripValue(const clang::Expr *E);

/// The path variables of one graph, shared by the lowerings of its inlined instances.
class PathVarIndex {
public:
  /// NoUnsignedWrap: the user declares that no unsigned operation of the kernel wraps
  /// (--assume-no-unsigned-wrap): unsigned values are computed exactly (IntType::NoWrap).
  PathVarIndex(EventGraph &G, bool NoUnsignedWrap) : G(G), NoUnsignedWrap(NoUnsignedWrap) {}
  bool noUnsignedWrap() const { return NoUnsignedWrap; }
  unsigned newInstance() { return Instances++; }
  /// The variable of Decl (with a member path) in an instance, created on first use.
  unsigned variable(unsigned Instance, const clang::ValueDecl *Decl,
                    const std::vector<const clang::FieldDecl *> &Path, const std::string &Name,
                    IntType T, bool IsRecord);
  /// The member Field of the object variable Var.
  std::optional<unsigned> member(unsigned Var, const clang::FieldDecl *Field,
                                 const std::optional<IntType> &T, bool IsRecord);
  /// A new site number: the facts of one branch or one statement share it (pruning counts them).
  unsigned newSite() { return Sites++; }
  /// The variable of a launch-data cell (by its address key), the same in every instance.
  unsigned launchValue(const std::string &AddressKey, IntType T);
  /// The variable of a value computed from launch values only, by an operation that is not a
  /// linear form (`rows * cols`, `n / k`): one value for the call, like its operands, the same
  /// wherever the same operation of the same forms is computed. Key names the operation over
  /// variable numbers; Name is for dumps.
  unsigned launchTerm(const std::string &Key, const std::string &Name, IntType T);
  /// Var is launch data or a launch term: one value for the whole call.
  bool isLaunch(unsigned Var) const { return LaunchVars.count(Var) != 0; }
  /// The variable that holds the value of a `?:`, `&&` or `||` of an instance (its paths meet
  /// before the value is used); Create: made on first use.
  std::optional<unsigned> temporary(unsigned Instance, const clang::Expr *E, const std::string &Name,
                                    IntType T, bool Create);

private:
  using Key = std::tuple<unsigned, const clang::ValueDecl *, std::vector<const clang::FieldDecl *>>;
  /// A new variable of no declaration (launch data, a `?:`'s value).
  unsigned undeclared(const std::string &Name, IntType T);
  /// The launch variable of Key in Ids (made on first use, named Name).
  unsigned launchVariable(std::map<std::string, unsigned> &Ids, const std::string &Key,
                          const std::string &Name, IntType T);
  EventGraph &G;
  std::map<Key, unsigned> Ids;
  std::vector<Key> KeyOf;
  std::map<std::string, unsigned> LaunchIds, TermIds;
  std::set<unsigned> LaunchVars;
  std::map<std::pair<unsigned, const clang::Expr *>, unsigned> Temporaries;
  unsigned Instances = 0, Sites = 0;
  bool NoUnsignedWrap = false;
};

class PathFactBuilder {
public:
  /// What an inlined helper's parameter stands for.
  struct Binding {
    std::optional<LinearForm> Value;   ///< by value: the argument, in the parameter's type
    std::optional<unsigned> Location;  ///< by reference: the caller's variable
  };

  PathFactBuilder(PathVarIndex &Index, EventGraph &G, clang::ASTContext &Ctx,
                  const clang::FunctionDecl *FD, const FunctionFacts &Facts, VarUses &Uses,
                  const ExprKeyer &Keys, std::string Prefix);

  ~PathFactBuilder();

  void bindParam(const clang::ParmVarDecl *P, Binding B) { Params[P] = std::move(B); }
  void bindThis(std::optional<unsigned> Object) { This = Object; }
  /// What the caller passes for parameter P (its argument A).
  Binding argument(const clang::ParmVarDecl *P, const clang::Expr *A) const;
  /// The facts that hold on entering the body (parameters it changes get their arguments'
  /// values), into Block.
  void enter(unsigned Block);
  /// The facts of one statement or expression of the body, into Block.
  void statement(const clang::Stmt *S, unsigned Block);
  /// The condition a two-way branch on Cond tests (true on its first edge), when it can be stated.
  std::optional<Comparison> condition(const clang::Expr *Cond, int Depth = 0) const;
  /// The floors of the counters a loop's condition Cond tests, into Block (the loop's head), with
  /// the condition's Site: a signed local that starts at a constant c and only ever counts up
  /// (`++i`, `i++`, `i += k` with a constant k > 0) is at least c wherever it is read. Stated as
  /// an invariant, it survives the head's join of the way in (i == c) with the ways round.
  void counterFloors(const clang::Expr *Cond, unsigned Block, unsigned Site);
  /// A new site for the two edges of one branch.
  unsigned newSite() { return Index.newSite(); }
  /// The tracked variable an lvalue designates.
  std::optional<unsigned> location(const clang::Expr *LValue) const;
  /// The tracked variable an assignment's left side surely designates (through a comma's last
  /// operand); where it is one of several (`(c ? a : b) = v`), each of them becomes unknown, into
  /// Block, and there is none.
  std::optional<unsigned> assignedLocation(const clang::Expr *LValue, unsigned Block);
  /// The variable that holds what this inlined instance returned (each `return` sets it), once
  /// a `return` of a tracked type was met.
  std::optional<unsigned> returned() const { return Returned; }
  /// The call CE (lowered just before) ran an inlined instance that returned into Var: CE's
  /// value is Var's.
  /// The facts of an evaluated operand E whose value is that of the `?:` (an arm) or `&&`/`||`
  /// (its last operand) around it: each such expression's variable gets it, into Block.
  void operandValue(const clang::Expr *E, unsigned Block);
  /// The facts of a branch edge that leaves a && or || early (Index 1 of `&&`, 0 of `||`): its
  /// value, and that of the expressions around it that it decides.
  std::vector<PathFact> shortCircuitEdge(const clang::BinaryOperator *Op, unsigned Index);
  /// With no Var (or a call that may run one of several helpers), CE's value is not known.
  /// Launch: the form over launch values every `return` of the instance gave (returnedLaunch),
  /// which is then CE's value itself.
  void callReturned(const clang::CallExpr *CE, std::optional<unsigned> Var,
                    std::optional<LinearForm> Launch = std::nullopt) {
    if (Var)
      CallValues[CE] = *Var;
    else
      CallValues.erase(CE);
    if (Var && Launch)
      CallLaunch[CE] = std::move(*Launch);
    else
      CallLaunch.erase(CE);
  }
  /// The form over launch values (and constants) that every `return` of this inlined instance
  /// returned, when they all returned the same one: the call's value on every path.
  std::optional<LinearForm> returnedLaunch() const {
    return ReturnedLaunchValid ? ReturnedLaunch : std::nullopt;
  }

private:
  PathVarIndex &Index;
  EventGraph &G;
  clang::ASTContext &Ctx;
  const clang::FunctionDecl *FD;
  const FunctionFacts &Facts;
  VarUses &Uses;
  const ExprKeyer &Keys;
  /// Something other than an assignment of the body may change V's own storage.
  bool changedUnseen(const clang::VarDecl *V) const;
  std::string Prefix;
  unsigned Instance;
  std::map<const clang::ParmVarDecl *, Binding> Params;
  std::optional<unsigned> This;
  std::optional<unsigned> Returned;
  std::map<const clang::CallExpr *, unsigned> CallValues;
  std::map<const clang::CallExpr *, LinearForm> CallLaunch;
  std::optional<LinearForm> ReturnedLaunch;
  bool ReturnedLaunchValid = true;

  std::optional<IntType> intType(clang::QualType T) const;
  /// A read (Load: the lvalue-to-rvalue cast) of a cell of launch data that nothing changes
  /// during the call, at an address fixed for the call: the same value at every read.
  std::optional<unsigned> launchConstant(const clang::CastExpr *Load) const;
  std::optional<unsigned> declared(const clang::ValueDecl *D) const;
  /// The value of E converted to T, as a linear form.
  /// Depth: how deep in an expression E lies (past 32 levels its value is not followed: each
  /// level asks clang to evaluate the whole operand, and a chain n levels deep would cost n^2).
  std::optional<LinearForm> form(const clang::Expr *E, IntType T, int Depth = 0) const;
  /// The value of E in its own type.
  std::optional<std::pair<LinearForm, IntType>> value(const clang::Expr *E, int Depth) const;
  /// L op R (a clang BinaryOperatorKind) in T, when it is no linear form but both are forms
  /// over launch values: that launch term (PathVarIndex::launchTerm).
  std::optional<std::pair<LinearForm, IntType>> launchTerm(unsigned Opcode, const LinearForm &L,
                                                           const LinearForm &R, IntType T) const;
  void assign(unsigned Var, const clang::Expr *Value, unsigned Block, unsigned Site);
  /// Value (whose form is Form, in T) is a launch term that is an unsigned quotient: its
  /// definition as one, stated as an invariant of the term, into Block.
  void launchQuotient(const clang::Expr *Value, const LinearForm &Form, IntType T, unsigned Block,
                      unsigned Site);
  /// The local V (its variable Var) keeps the launch value its initialiser computes: Var is
  /// marked an alias of that value's variable (PathVar::AliasOf).
  void launchAlias(const clang::VarDecl *V, unsigned Var);
  /// `Value != 0` exactly when the returned comparison holds, for an unsigned quotient in T.
  std::optional<Comparison> quotient(const clang::Expr *Value, IntType T) const;
  /// The tracked object a record value copies (a local, or a helper's returned object).
  std::optional<unsigned> recordSource(const clang::Expr *Value) const;
  /// Record Var := Value member by member (a copy, default member initialisers, `T{}`), each
  /// member it cannot state unknown.
  void assignRecord(unsigned Var, const clang::Expr *Value, unsigned Block, unsigned Site);
  /// `static_cast<Base &>(object) = value` (OC) by the compiler's copy of a trivially copyable
  /// base whose fields are integers: those members of Var get value's, the others keep theirs.
  /// False when OC is not that (the caller forgets the whole object).
  bool assignBase(unsigned Var, const clang::CXXOperatorCallExpr *OC, unsigned Block);
  void recordMembers(unsigned Var, const clang::RecordDecl *RD, std::optional<unsigned> From,
                     const clang::InitListExpr *List, bool Defaults, unsigned Block, unsigned Site,
                     int Depth);
  void returnStatement(const clang::Expr *Value, unsigned Block);
  /// The variable of a `?:`, `&&` or `||` (made when Create; the same whichever side, operand
  /// or use, is lowered first).
  std::optional<unsigned> temporary(const clang::Expr *E, bool Create) const;
  /// `temporary != 0` of a && or || (under `!`), when it has one.
  std::optional<Comparison> temporaryTruth(const clang::Expr *E) const;
  /// The expression around E (past parentheses and implicit casts), and E's outermost such
  /// wrapper (what the parent holds).
  std::pair<const clang::Stmt *, const clang::Expr *> around(const clang::Expr *E) const;
  mutable std::unique_ptr<clang::ParentMap> Parents;
  void add(unsigned Block, PathFact F, unsigned Site);
};

} // namespace commcheck
