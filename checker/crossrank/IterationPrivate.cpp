#include "crossrank/IterationPrivate.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <optional>

namespace commcheck {

using namespace clang;

bool VarLocation::covers(const VarLocation &O) const {
  if (Var != O.Var || Fields.size() > O.Fields.size())
    return false;
  for (size_t K = 0; K < Fields.size(); ++K)
    if (Fields[K] != O.Fields[K])
      return false;
  return true;
}

namespace {

/// One iteration's uses of the outer locations, in the CFG's evaluation order.
class IterationUses {
public:
  IterationUses(ASTContext &Ctx, const ForStmt *Loop)
      : Ctx(Ctx), PM(const_cast<ForStmt *>(Loop)) {
    collect(Loop->getBody());
  }

  /// An outer variable the analysis may reason about: its writes are its own.
  bool outer(const ValueDecl *D) const {
    const auto *V = dyn_cast_or_null<VarDecl>(D);
    return V && V->hasLocalStorage() && !V->getType()->isReferenceType() && !Inner.contains(V);
  }
  bool inBody(const Stmt *S) const { return BodyStmts.contains(S); }
  /// The body's names of outer variables (every one must be met as an element of the iteration,
  /// or its variable counts as read where it is not known to be assigned).
  const std::vector<const DeclRefExpr *> &outerRefs() const { return OuterRefs; }

  /// The location an assignment's target names (`v`, `v.f.g`), if it is one of an outer variable.
  std::optional<VarLocation> target(const Expr *E) const {
    llvm::SmallVector<const FieldDecl *, 2> Rev;
    for (;;) {
      E = E->IgnoreParenNoopCasts(Ctx);
      const auto *ME = dyn_cast<MemberExpr>(E);
      if (!ME)
        break;
      const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
      if (ME->isArrow() || !FD)
        return std::nullopt;
      Rev.push_back(FD);
      E = ME->getBase();
    }
    const auto *DR = dyn_cast<DeclRefExpr>(E);
    if (!DR || !outer(DR->getDecl()))
      return std::nullopt;
    VarLocation L{cast<VarDecl>(DR->getDecl()), {}};
    L.Fields.assign(Rev.rbegin(), Rev.rend());
    return L;
  }

  /// The location S writes whole, where S is an assignment, an increment or a defaulted copy.
  std::optional<VarLocation> written(const Stmt *S) const {
    if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
      return target(BO->getLHS());
    if (const auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->isIncrementDecrementOp())
      return target(UO->getSubExpr());
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S); OC && defaultedAssign(OC))
      return target(OC->getArg(0));
    return std::nullopt;
  }

  /// The location S reads (or may read: a reference bound, a call given it), where S is a use
  /// of an outer variable; none where the use is only the target of a plain assignment.
  std::optional<VarLocation> read(const Stmt *S) const {
    const auto *DR = dyn_cast<DeclRefExpr>(S);
    if (!DR || !outer(DR->getDecl()))
      return std::nullopt;
    VarLocation L{cast<VarDecl>(DR->getDecl()), {}};
    const Stmt *Top = DR;
    for (const Stmt *P = PM.getParent(Top); P; P = PM.getParent(Top)) {
      if (const auto *ME = dyn_cast<MemberExpr>(P); ME && !ME->isArrow()) {
        const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
        if (!FD)
          break; // a method called on it: it may read the whole object
        L.Fields.push_back(FD);
      } else if (const auto *CE = dyn_cast<CastExpr>(P); !isa<ParenExpr>(P) &&
                 !(CE && CE->getCastKind() == CK_NoOp)) {
        break;
      }
      Top = P;
    }
    const Stmt *P = PM.getParent(Top);
    if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P);
        BO && BO->getOpcode() == BO_Assign && BO->getLHS() == Top)
      return std::nullopt;
    if (const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(P);
        OC && defaultedAssign(OC) && OC->getArg(0) == Top)
      return std::nullopt;
    return L;
  }

private:
  ASTContext &Ctx;
  ParentMap PM;
  llvm::DenseSet<const VarDecl *> Inner;
  llvm::DenseSet<const Stmt *> BodyStmts;
  std::vector<const DeclRefExpr *> OuterRefs;

  static bool defaultedAssign(const CXXOperatorCallExpr *OC) {
    const auto *M = dyn_cast_or_null<CXXMethodDecl>(OC->getCalleeDecl());
    return OC->getOperator() == OO_Equal && OC->getNumArgs() == 2 && M &&
           (M->isCopyAssignmentOperator() || M->isMoveAssignmentOperator()) && M->isDefaulted();
  }
  void collect(const Stmt *S) {
    if (!S)
      return;
    BodyStmts.insert(S);
    if (const auto *DR = dyn_cast<DeclRefExpr>(S))
      OuterRefs.push_back(DR); // (the body's own variables filtered out by outer() later)
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          Inner.insert(V);
    for (const Stmt *C : S->children())
      collect(C);
  }
};

template <typename F> void iterationRefs(const Stmt *S, F &&Do) {
  if (!S)
    return;
  if (const auto *DR = dyn_cast<DeclRefExpr>(S))
    Do(DR);
  for (const Stmt *C : S->children())
    iterationRefs(C, Do);
}

} // namespace

std::vector<VarLocation> iterationPrivate(ASTContext &Ctx, const Stmt *Loop, const Stmt *Body) {
  const auto *For = dyn_cast<ForStmt>(Loop);
  if (!For || For->getBody() != Body)
    return {};
  CFG::BuildOptions Opts;
  Opts.setAllAlwaysAdd(); // every subexpression an element, in the order it is evaluated
  std::unique_ptr<CFG> G = CFG::buildCFG(nullptr, const_cast<ForStmt *>(For), &Ctx, Opts);
  if (!G)
    return {};
  const CFGBlock *Cond = nullptr;
  for (const CFGBlock *B : *G)
    if (B->getTerminatorStmt() == For)
      Cond = B;
  if (!Cond || Cond->succ_empty() || !*Cond->succ_begin())
    return {};
  IterationUses U(Ctx, For);
  // One iteration: the blocks reached from the body's entry without passing the condition again.
  const CFGBlock *Entry = *Cond->succ_begin();
  std::vector<const CFGBlock *> Region{Entry};
  llvm::DenseMap<const CFGBlock *, unsigned> Index{{Entry, 0}};
  for (size_t K = 0; K < Region.size(); ++K)
    for (const CFGBlock *S : Region[K]->succs())
      if (S && S != Cond && Index.try_emplace(S, Region.size()).second)
        Region.push_back(S);
  // The locations the iteration writes whole.
  std::vector<VarLocation> Written;
  auto Each = [&](const CFGBlock *B, auto &&F) {
    for (const CFGElement &E : *B)
      if (std::optional<CFGStmt> CS = E.getAs<CFGStmt>(); CS && U.inBody(CS->getStmt()))
        F(CS->getStmt());
  };
  for (const CFGBlock *B : Region)
    Each(B, [&](const Stmt *S) {
      if (std::optional<VarLocation> L = U.written(S))
        if (std::find(Written.begin(), Written.end(), *L) == Written.end())
          Written.push_back(*L);
    });
  if (Written.empty())
    return {};
  // What every path from the entry has assigned (a must-analysis to its greatest fixpoint).
  auto Assign = [&](llvm::BitVector &Set, const Stmt *S) {
    if (std::optional<VarLocation> L = U.written(S))
      for (size_t K = 0; K < Written.size(); ++K)
        if (L->covers(Written[K]))
          Set.set(K);
  };
  std::vector<llvm::BitVector> Out(Region.size(), llvm::BitVector(Written.size(), true));
  auto In = [&](size_t K) {
    llvm::BitVector Set(Written.size(), K != 0);
    if (K == 0)
      return Set;
    for (const CFGBlock *P : Region[K]->preds())
      if (auto It = P ? Index.find(P) : Index.end(); It != Index.end())
        Set &= Out[It->second];
    return Set;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t K = 0; K < Region.size(); ++K) {
      llvm::BitVector Set = In(K);
      Each(Region[K], [&](const Stmt *S) { Assign(Set, S); });
      if (Set != Out[K])
        Out[K] = std::move(Set), Changed = true;
    }
  }
  // A read that may touch a written location not yet assigned there: that location is carried.
  llvm::BitVector Carried(Written.size());
  auto CarryVar = [&](const ValueDecl *V) {
    for (size_t W = 0; W < Written.size(); ++W)
      if (Written[W].Var == V)
        Carried.set(W);
  };
  // The loop's condition and increment read what the iteration left (the next iteration's bound).
  for (const Stmt *Control : {static_cast<const Stmt *>(For->getCond()),
                              static_cast<const Stmt *>(For->getInc())})
    iterationRefs(Control, [&](const DeclRefExpr *DR) { CarryVar(DR->getDecl()); });
  llvm::DenseSet<const Stmt *> Met;
  for (size_t K = 0; K < Region.size(); ++K) {
    llvm::BitVector Set = In(K);
    Each(Region[K], [&](const Stmt *S) {
      Met.insert(S);
      if (std::optional<VarLocation> R = U.read(S))
        for (size_t W = 0; W < Written.size(); ++W)
          if ((R->covers(Written[W]) || Written[W].covers(*R)) && !Set.test(W)) {
            // The bytes both name must be assigned: some assigned location covers the narrower.
            const VarLocation &Need = R->covers(Written[W]) ? Written[W] : *R;
            bool Done = false;
            for (size_t D = 0; D < Written.size() && !Done; ++D)
              Done = Set.test(D) && Written[D].covers(Need);
            if (!Done)
              Carried.set(W);
          }
      Assign(Set, S);
    });
  }
  // A name the CFG did not show in the iteration (an expression it does not break up, code it
  // takes for unreachable): where it reads is not known.
  for (const DeclRefExpr *DR : U.outerRefs())
    if (U.outer(DR->getDecl()) && !Met.contains(DR))
      CarryVar(DR->getDecl());
  std::vector<VarLocation> Private;
  for (size_t W = 0; W < Written.size(); ++W)
    if (!Carried.test(W))
      Private.push_back(Written[W]);
  return Private;
}

} // namespace commcheck
