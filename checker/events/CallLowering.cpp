#include "events/FunctionLowering.h"
#include "events/CallBindings.h"
#include "events/EventGraph.h"
#include "events/EventGraphBuilder.h"
#include "events/ExprStrip.h"
#include "events/FunctionBody.h"
#include "events/GmType.h"
#include "events/IntrinsicLowering.h"
#include "events/LinkedBody.h"
#include "events/UnseenCalls.h"
#include "frontend/DeclName.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>

using namespace clang;

namespace commcheck {

const Intrinsic *FunctionLowering::intrinsicFor(const CallExpr *CE) const {
  if (const FunctionDecl *Callee = CE->getDirectCallee())
    return B.intrinsicOf(Callee);
  // Dependent calls inside an uninstantiated template: only the name is known.
  const Expr *Callee = CE->getCallee()->IgnoreParenImpCasts();
  if (const auto *UL = dyn_cast<UnresolvedLookupExpr>(Callee))
    return B.catalogue().lookupUnqualified(UL->getName().getAsString());
  if (const auto *DM = dyn_cast<CXXDependentScopeMemberExpr>(Callee))
    return B.catalogue().lookupUnqualified(DM->getMember().getAsString());
  if (const auto *UM = dyn_cast<UnresolvedMemberExpr>(Callee))
    return B.catalogue().lookupUnqualified(UM->getMemberName().getAsString());
  return nullptr;
}

std::string FunctionLowering::asyncTarget(const CallExpr *CE) const {
  // `auto ev = TPUT_ASYNC(...)` or `evs[i] = TPUT_ASYNC(...)`: the variable (array) receiving it.
  llvm::SmallVector<const Stmt *, 16> Up;
  Body.ancestors(CE, Up);
  for (const Stmt *P : Up) {
    if (const auto *DS = dyn_cast<DeclStmt>(P)) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          if (VD->getInit() && stripWrappers(VD->getInit(), StripConversions) == CE)
            return declName(VD);
      return "";
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(P); BO && BO->isAssignmentOp())
      return asyncObjectKey(BO->getLHS());
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P); OC && OC->isAssignmentOp())
      return asyncObjectKey(OC->getArg(0));
    if (isa<ReturnStmt>(P)) // a helper returning the event: the caller's variable receives it
      return Caller ? Caller->asyncTarget(CallSite) : "";
    if (!isa<Expr>(P))
      return "";
  }
  return "";
}

std::string FunctionLowering::asyncObjectKey(const Expr *E) const {
  E = E->IgnoreParenImpCasts();
  // A helper's by-reference event is the caller's: `evs[i]` passed stays in the `evs[]` family.
  if (const auto *DR = dyn_cast<DeclRefExpr>(E))
    if (const auto *P = dyn_cast<ParmVarDecl>(DR->getDecl()))
      if (const ParamBinding *Bd = Keys.binding(P); Bd && !Bd->AsyncKey.empty())
        return Bd->AsyncKey;
  // The events of an array are tracked together: evs[i] and evs[j] are one family.
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return Keys.key(AS->getBase(), ExprKeyer::Name) + "[]";
  return Keys.key(E, ExprKeyer::Name);
}

void FunctionLowering::visitCall(const CallExpr *CE) {
  if (const Intrinsic *I = intrinsicFor(CE)) {
    if (I->Kind != IntrinsicKind::Test || CE != CurTest) // else a wait on its true edge
      lowerIntrinsic(*this, *I, CE);
    return;
  }
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee) {
    DependentCallee D = resolveDependentCall(CE);
    return D.Dependent ? dependentCall(CE, D) : callThroughPointer(CE);
  }
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Callee);
      MD && (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator()) &&
      (MD->isTrivial() || MD->isDefaulted()) && CE->getNumArgs() == 2) {
    // A member-wise assignment of a struct: a store of the target, a load of the source.
    const ASTContext &Ctx = B.context();
    scalarAccess(EventKind::ScalarLoad, CE->getArg(1)->IgnoreParenNoopCasts(Ctx), CE);
    scalarAccess(EventKind::ScalarStore, CE->getArg(0)->IgnoreParenNoopCasts(Ctx), CE);
    return;
  }
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Callee); MD && MD->isVirtual()) {
    // Which override runs is decided at run time, unless the object's type is known.
    const auto *MC = dyn_cast<CXXMemberCallExpr>(CE);
    const CXXMethodDecl *Final =
        MC && MC->getImplicitObjectArgument()
            ? MD->getDevirtualizedMethod(MC->getImplicitObjectArgument(), false)
            : nullptr;
    bool Qualified = MC && isa<MemberExpr>(MC->getCallee()->IgnoreParens()) &&
                     cast<MemberExpr>(MC->getCallee()->IgnoreParens())->hasQualifier();
    if (!Final && !Qualified)
      return unseenCall(CE, sourceText(SM, CE->getCallee()));
    if (Final)
      Callee = Final;
  }
  const FunctionDecl *Def = nullptr;
  bool HasBody = linkedBody(Callee, Def) && !Def->isDefaulted();
  if (!HasBody && !Callee->isWeak())
    // A specialization the TU never instantiated (called from a template pattern that is
    // analysed as such): its pattern is the code that would run.
    if (const FunctionDecl *Pattern = Callee->getTemplateInstantiationPattern())
      HasBody = linkedBody(Pattern, Def) && !Def->isDefaulted();
  const TrustedHeaders &Trusted = B.options().Trusted;
  if (Trusted.inShim(SM, Callee->getLocation()) || (HasBody && Trusted.inShim(SM, Def->getLocation()))) {
    if (isa<CXXConstructorDecl>(Callee) || isa<CXXConversionDecl>(Callee) ||
        Callee->isOverloadedOperator() || Callee->isImplicit() || Callee->isDefaulted())
      return;
    unanalysable(Cur, CE,
                 "unknown intrinsic '" + qualifiedName(Callee) +
                     "': describe it in the intrinsic catalogue (--intrinsics=FILE)");
    return;
  }
  if (HasBody && !Trusted.trusted(SM, Def->getLocation()))
    return inlineCall(Def, CE); // the user's code, in whatever header it was written
  if (HasBody || Trusted.trusted(SM, Callee->getLocation()) || Callee->isDefaulted() ||
      Callee->isImplicit())
    return libraryCall(CE, Callee);
  unseenCall(CE, qualifiedName(Callee));
}

/// A call through a function pointer whose targets are known is a branch to each of them;
/// otherwise the checker cannot see what runs.
void FunctionLowering::callThroughPointer(const CallExpr *CE) {
  std::vector<const FunctionDecl *> Targets;
  const TrustedHeaders &Trusted = B.options().Trusted;
  bool Known = pointerTargets(CE->getCallee(), Facts, Targets) && !Targets.empty();
  for (const FunctionDecl *&T : Targets) {
    const FunctionDecl *Def = nullptr;
    Known = Known && linkedBody(T, Def) && !Trusted.trusted(SM, Def->getLocation());
    T = Def;
  }
  if (!Known)
    return unseenCall(CE, sourceText(SM, CE->getCallee()));
  branchOver(CE, Targets, "");
}

/// One of Defs runs at CE: a branch to each (a null one is a library function named Library).
void FunctionLowering::branchOver(const CallExpr *CE, const std::vector<const FunctionDecl *> &Defs, const std::string &Library) {
  bool Branch = Defs.size() > 1;
  unsigned From = Cur, Join = Branch ? G.addBlock() : Cur;
  for (const FunctionDecl *Def : Defs) {
    if (Branch) {
      Cur = G.addBlock();
      G.addEdge(From, Cur);
    }
    if (Def)
      inlineCall(Def, CE);
    else
      libraryCall(CE, Library);
    if (Branch)
      G.addEdge(Cur, Join);
  }
  if (Branch) {
    Cur = Join;
    Paths.callReturned(CE, std::nullopt); // which helper ran is not known
  }
}

void FunctionLowering::branchOn(const Expr *Cond, const std::function<void(bool)> &Arm) {
  std::optional<Comparison> C = Paths.condition(Cond);
  unsigned From = Cur, Join = G.addBlock(), Site = C ? Paths.newSite() : 0;
  // The CFG block's own branch now leaves from the join; this one from where the call is.
  G.Blocks[Join].BranchLoc = G.Blocks[From].BranchLoc;
  G.Blocks[From].BranchLoc = loc(Cond);
  for (bool Holds : {true, false}) {
    Cur = G.addBlock();
    G.addEdge(From, Cur, Holds ? "true" : "false");
    if (C) {
      PathFact F;
      F.Site = Site;
      F.Cond = Holds ? *C : C->negated();
      G.addFact(Cur, std::move(F));
    }
    Arm(Holds);
    G.addEdge(Cur, Join);
  }
  Cur = Join;
}

/// A call in a template pattern that has no callee yet: any candidate its name found may run
/// (a branch to each); with none, what runs is unknown. Operators keep their builtin meaning:
/// a dependent `a + b` or `p[i]` is arithmetic or an access, lowered where it is used.
void FunctionLowering::dependentCall(const CallExpr *CE, const DependentCallee &D) {
  if (isa<CXXOperatorCallExpr>(CE))
    return;
  const TrustedHeaders &Trusted = B.options().Trusted;
  if (D.Candidates.empty()) {
    if (D.Owner && Trusted.trusted(SM, D.Owner->getLocation()))
      return libraryCall(CE, D.Name); // a member of a type the toolchain defines
    return unseenCall(CE, D.Name.empty() ? sourceText(SM, CE->getCallee()) : D.Name);
  }
  std::vector<const FunctionDecl *> Run;
  for (const FunctionDecl *F : D.Candidates) {
    const FunctionDecl *Def = nullptr;
    if (Trusted.inShim(SM, F->getLocation()))
      return unanalysable(Cur, CE,
                          "unknown intrinsic '" + qualifiedName(F) +
                              "': describe it in the intrinsic catalogue (--intrinsics=FILE)");
    if (linkedBody(F, Def) && !Trusted.trusted(SM, Def->getLocation()))
      Run.push_back(Def);
    else if (!Trusted.trusted(SM, F->getLocation()))
      return unseenCall(CE, qualifiedName(F));
    else
      Run.push_back(nullptr); // a library function
  }
  branchOver(CE, Run, D.Name);
}

/// A call into the toolchain's libraries: it knows nothing of signals, but may read and write
/// the GM it is given.
void FunctionLowering::libraryCall(const CallExpr *CE, const FunctionDecl *Callee) {
  libraryCall(CE, qualifiedName(Callee));
}

void FunctionLowering::libraryCall(const CallExpr *CE, const std::string &Callee) {
  if (!hasGmArgument(CE))
    return;
  Event E{EventKind::Opaque};
  E.S = CE;
  E.Callee = Callee;
  E.TouchesGm = true;
  add(std::move(E));
}

/// A call the checker cannot see into: it may notify, wait, or read and write any GM. A
/// pending obligation must not reach it, and when it is given anything that could address a
/// signal the protocol cannot be verified at all.
void FunctionLowering::unseenCall(const CallExpr *CE, const std::string &What) {
  const Expr *A = addressingArgument(CE, B.context());
  Event E{EventKind::Opaque};
  E.S = CE;
  E.Callee = What;
  E.MayNotify = true;
  E.TouchesGm = A != nullptr;
  add(std::move(E));
  if (A)
    unanalysable(Cur, CE,
                 "call to '" + What + "', which the checker cannot see, is given '" +
                     sourceText(SM, A) + "', which may address a signal: it may notify or wait "
                     "there; define it in the checked code or describe it in the intrinsic "
                     "catalogue (--intrinsics=FILE)");
}

void FunctionLowering::inlineCall(const FunctionDecl *Def, const CallExpr *CE) {
  unsigned Shift = 0;
  if (isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(Def))
    Shift = 1; // a member operator's object is argument 0
  std::vector<const Expr *> Args;
  for (unsigned I = Shift; I < CE->getNumArgs(); ++I)
    Args.push_back(CE->getArg(I));
  inlineBody(Def, CE, Args, bindObject(Keys, Prov, Def, CE));
}

void FunctionLowering::inlineBody(const FunctionDecl *Def, const Stmt *Site,
                                  const std::vector<const Expr *> &Args,
                                  std::optional<ParamBinding> This) {
  // Past the event budget nothing more is recorded: inlining would only grow the graph.
  if (G.OverBudget)
    return;
  if (std::find(Active.begin(), Active.end(), Def) != Active.end()) {
    unanalysable(Cur, Site, "recursive call to '" + declName(Def) + "'");
    return;
  }
  if (CallStack.size() >= B.options().Limits.MaxInlineDepth) {
    unanalysable(Cur, Site, "helper calls nested deeper than " +
                                std::to_string(B.options().Limits.MaxInlineDepth) + " levels");
    return;
  }
  ParamBindings Bindings;
  for (unsigned I = 0; I < Def->getNumParams() && I < Args.size(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    ParamBinding &Bd = Bindings.Params[P] = bindArgument(Keys, Prov, P, Args[I]);
    if (P->getType()->isReferenceType() && P->getType().getNonReferenceType()->isRecordType())
      Bd.AsyncKey = asyncObjectKey(Args[I]);
  }
  Bindings.This = std::move(This);
  Event Enter{EventKind::CallEnter};
  Enter.S = Site;
  Enter.Callee = declName(Def);
  unsigned EnterId = add(std::move(Enter));

  std::vector<int> ControlOf;
  std::vector<int> Loops = loopsOf(Site, ControlOf);
  std::reverse(Loops.begin(), Loops.end()); // outermost first, innermost last
  std::vector<unsigned> Stack = CallStack;
  Stack.push_back(EnterId);
  FunctionLowering Callee(B, G, Def, std::move(Bindings), Stack, Loops, Active, PathIndex);
  for (unsigned I = 0; I < Def->getNumParams() && I < Args.size(); ++I)
    Callee.Paths.bindParam(Def->getParamDecl(I), Paths.argument(Def->getParamDecl(I), Args[I]));
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Site))
    if (const Expr *Obj = MC->getImplicitObjectArgument(); Obj && !Obj->getType()->isPointerType())
      Callee.Paths.bindThis(Paths.location(Obj));
  Callee.Paths.enter(Cur);
  Callee.Caller = this;
  Callee.CallSite = dyn_cast<CallExpr>(Site);
  Callee.OuterControl = ControlOf;
  auto [In, Out] = Callee.run();
  if (const auto *CE = dyn_cast<CallExpr>(Site))
    Paths.callReturned(CE, Callee.Paths.returned(), Callee.Paths.returnedLaunch());
  G.addEdge(Cur, In);
  Cur = G.addBlock();
  G.addEdge(Out, Cur);
  CurElement = Site;
  Event Exit{EventKind::CallExit};
  Exit.S = Site;
  Exit.Callee = declName(Def);
  Exit.Loc = SM.getExpansionLoc(Site->getEndLoc());
  add(std::move(Exit));
}

void FunctionLowering::unseen(const Stmt *Site, const std::string &What, bool GivenAddress) {
  Event E{EventKind::Opaque};
  E.S = Site;
  E.Callee = What;
  E.MayNotify = true;
  E.TouchesGm = GivenAddress;
  add(std::move(E));
  if (GivenAddress)
    unanalysable(Cur, Site,
                 "'" + What + "', which the checker cannot see, is given what may address a "
                 "signal: it may notify or wait there; define it in the checked code or describe "
                 "it in the intrinsic catalogue (--intrinsics=FILE)");
}

bool FunctionLowering::trusted(const Decl *D) const {
  return B.options().Trusted.trusted(SM, D->getLocation());
}

bool FunctionLowering::defines(const std::string &Macro) const {
  return B.options().Macros.count(Macro) > 0;
}

} // namespace commcheck
