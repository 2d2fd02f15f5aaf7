// Lowers a function body into events: its clang::CFG block by block, each element classified (a
// catalogued intrinsic through IntrinsicLowering, a scalar GM access, a helper defined in the
// checked code inlined with its parameters bound to the caller's arguments, an unseen call),
// and TTESTs turned into waits on the edge where they returned true. The statements and control
// flow are FunctionLowering.cpp; calls, inlining and objects are CallLowering.cpp.
#pragma once
#include "events/ConfigurationSlice.h"
#include "events/DependentCalls.h"
#include "events/ExprKey.h"
#include "events/GmProvenance.h"
#include "events/IntrinsicCatalogue.h"
#include "events/LoweringSite.h"
#include "events/PathFactBuilder.h"
#include "clang/Basic/SourceLocation.h"
#include <string>
#include <utility>
#include <vector>

namespace clang {
class AsmStmt;
class CFGBlock;
class CFGElement;
class ConstructionContext;
class CallExpr;
class Expr;
class FunctionDecl;
class GotoStmt;
class SourceManager;
class Stmt;
} // namespace clang

namespace commcheck {

class EventGraph;
class EventGraphBuilder;
class FunctionBody;
class FunctionFacts;

/// Lowers FD as a root function into G; returns the entry and exit blocks of its subgraph.
std::pair<unsigned, unsigned> lowerFunction(EventGraphBuilder &B, EventGraph &G,
                                            const clang::FunctionDecl *FD, PathVarIndex &Paths);

/// Builds one function body into a (possibly shared) graph: the root, or a helper inlined at a
/// call site with its parameters bound to the caller's arguments.
class FunctionLowering : public LoweringSite {
public:
  FunctionLowering(EventGraphBuilder &B, EventGraph &G, const clang::FunctionDecl *FD,
                   ParamBindings Params, std::vector<unsigned> CallStack,
                   std::vector<int> OuterLoops, std::vector<const clang::FunctionDecl *> Active,
                   PathVarIndex &PathIndex);

  /// Returns the entry and exit blocks of the function's subgraph.
  std::pair<unsigned, unsigned> run();

private:
  EventGraphBuilder &B;
  EventGraph &G;
  const clang::FunctionDecl *FD;
  const clang::SourceManager &SM;
  ParamBindings Params;
  std::vector<unsigned> CallStack;
  std::vector<int> OuterLoops;
  std::vector<int> OuterControl; ///< the loops whose condition calls this helper
  std::vector<const clang::FunctionDecl *> Active;
  FunctionBody &Body;
  const FunctionFacts &Facts;
  std::vector<int> LocalLoop; ///< graph loop index of each of Body.Loops->loops()
  ExprKeyer Keys;
  GmProvenance Prov;
  PathVarIndex &PathIndex;
  PathFactBuilder Paths; ///< the branches' conditions and the assignments of tracked variables
  ConfigurationSlice Removed;
  unsigned Cur = 0;
  const FunctionLowering *Caller = nullptr; ///< for a helper: who called it, and where
  const clang::CallExpr *CallSite = nullptr;
  const clang::CallExpr *CurTest = nullptr;
  const clang::Stmt *CurElement = nullptr;
  const clang::Expr *Access = nullptr; ///< the lvalue of the scalar access being added

  /// Where a helper inlined into CFG block Blk (whose first event block is Head) moved Cur on, the
  /// block's branch location goes with it: the witness notes the branch where it is taken.
  void branchFromTail(const clang::CFGBlock *Blk, unsigned Head);
  clang::SourceLocation loc(const clang::Stmt *S) const;

public:
  const ExprKeyer &keys() const override { return Keys; }

private:
  /// The function's loops become graph loops (inside the call site's loops, when inlined).
  void collectLoops();
  void notePeerAddresses();

  /// The graph loops an element sits in, innermost first, with the outer call sites'.
  std::vector<int> loopsOf(const clang::Stmt *S, std::vector<int> &ControlOf) const;

  unsigned add(Event &&E) override;
  const clang::Stmt *LoopsOfElement = nullptr;
  bool LoopsCached = false;
  std::vector<int> ElementLoops, ElementControlOf;

  void unanalysable(unsigned Blk, const clang::Stmt *S, std::string Why);

  /// The address (of this function) names another cell each time round graph loop L: it is
  /// built on a variable L carries, here or, through the arguments, in the caller L belongs to.
  bool addressVaries(const clang::Expr *Address, int L) const;

  const Intrinsic *intrinsicFor(const clang::CallExpr *CE) const;

  void visitElement(const clang::CFGElement &El);
  void visit(const clang::Stmt *S, const clang::ConstructionContext *Construction = nullptr);

  void visitAsm(const clang::AsmStmt *Asm);

  void visitGoto(const clang::GotoStmt *GS);

  void scalarAccess(EventKind K, const clang::Expr *LValue, const clang::Stmt *S);

  void branchOn(const clang::Expr *Cond, const std::function<void(bool)> &Arm) override;

  bool isExemptPointer(const clang::Expr *Ptr) const override { return Keys.pointsIntoReadOnly(Ptr); }


  std::string asyncTarget(const clang::CallExpr *CE) const override;

  std::string asyncObjectKey(const clang::Expr *E) const override;

  void visitCall(const clang::CallExpr *CE);

  /// A call through a function pointer whose targets are known is a branch to each of them;
  /// otherwise the checker cannot see what runs.
  void callThroughPointer(const clang::CallExpr *CE);

  /// One of Defs runs at CE: a branch to each (a null one is a library function named Library).
  void branchOver(const clang::CallExpr *CE, const std::vector<const clang::FunctionDecl *> &Defs, const std::string &Library);

  /// A call in a template pattern that has no callee yet: any candidate its name found may run
  /// (a branch to each); with none, what runs is unknown. Operators keep their builtin meaning:
  /// a dependent `a + b` or `p[i]` is arithmetic or an access, lowered where it is used.
  void dependentCall(const clang::CallExpr *CE, const DependentCallee &D);

  /// A call into the toolchain's libraries: it knows nothing of signals, but may read and write
  /// the GM it is given.
  void libraryCall(const clang::CallExpr *CE, const clang::FunctionDecl *Callee);
  void libraryCall(const clang::CallExpr *CE, const std::string &Callee);

  /// A call the checker cannot see into: it may notify, wait, or read and write any GM. A
  /// pending obligation must not reach it, and when it is given anything that could address a
  /// signal the protocol cannot be verified at all.
  void unseenCall(const clang::CallExpr *CE, const std::string &What);

  void inlineCall(const clang::FunctionDecl *Def, const clang::CallExpr *CE);

public: // LoweringSite, for constructions and destructions
  const GmProvenance &provenance() const override { return Prov; }
  const ParamBinding *thisBinding() const override { return Keys.thisBinding(); }
  void inlineBody(const clang::FunctionDecl *Def, const clang::Stmt *Site,
                  const std::vector<const clang::Expr *> &Args,
                  std::optional<ParamBinding> This) override;
  void access(EventKind K, const clang::Expr *LValue, const clang::Stmt *S) override {
    scalarAccess(K, LValue, S);
  }
  void unseen(const clang::Stmt *Site, const std::string &What, bool GivenAddress) override;
  void unanalysableAt(const clang::Stmt *Site, std::string Why) override { unanalysable(Cur, Site, std::move(Why)); }
  bool trusted(const clang::Decl *D) const override;
  bool defines(const std::string &Macro) const override;
  void at(const clang::Stmt *S) override { CurElement = S; }
};

} // namespace commcheck
