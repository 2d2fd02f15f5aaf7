#include "crossrank/PhasedLoops.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include <map>
#include <optional>
#include <set>

namespace commcheck {

namespace {

class SignalFinder : public clang::RecursiveASTVisitor<SignalFinder> {
public:
  bool Found = false;
  std::set<const clang::FunctionDecl *> Seen;
  bool VisitCallExpr(clang::CallExpr *C) {
    const clang::FunctionDecl *F = C->getDirectCallee();
    if (!F)
      return true;
    if (const clang::IdentifierInfo *Id = F->getIdentifier()) {
      llvm::StringRef N = Id->getName();
      if (N == "TNOTIFY" || N == "TWAIT" || N == "TTEST") {
        Found = true;
        return false;
      }
    }
    const clang::FunctionDecl *Def = nullptr;
    if (F->hasBody(Def) && Seen.insert(Def).second)
      TraverseStmt(Def->getBody());
    return !Found;
  }
};

/// A loop whose body signals, in a body or the helpers it calls.
class SignallingLoopFinder : public clang::RecursiveASTVisitor<SignallingLoopFinder> {
public:
  bool Found = false;
  std::set<const clang::FunctionDecl *> Seen;
  bool VisitForStmt(clang::ForStmt *S) { return loop(S->getBody()); }
  bool VisitWhileStmt(clang::WhileStmt *S) { return loop(S->getBody()); }
  bool VisitDoStmt(clang::DoStmt *S) { return loop(S->getBody()); }
  bool VisitCallExpr(clang::CallExpr *C) {
    const clang::FunctionDecl *F = C->getDirectCallee(), *Def = nullptr;
    if (F && F->hasBody(Def) && Seen.insert(Def).second)
      TraverseStmt(Def->getBody());
    return !Found;
  }

private:
  bool loop(const clang::Stmt *Body) {
    Found |= Body && signalsWithin(Body);
    return !Found;
  }
};

const clang::VarDecl *varOf(const clang::Expr *E) {
  const auto *D = llvm::dyn_cast<clang::DeclRefExpr>(E->IgnoreParenImpCasts());
  return D ? llvm::dyn_cast<clang::VarDecl>(D->getDecl()) : nullptr;
}

std::optional<int64_t> number(const clang::Expr *E) {
  if (const auto *L = llvm::dyn_cast<clang::IntegerLiteral>(E->IgnoreParenImpCasts()))
    return L->getValue().getSExtValue();
  return std::nullopt;
}

/// The variable a statement raises by a number, and the number.
std::optional<InductionVariable> raises(const clang::Stmt *S) {
  const auto *E = llvm::dyn_cast<clang::Expr>(S);
  if (!E)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (const auto *U = llvm::dyn_cast<clang::UnaryOperator>(E))
    if (U->isIncrementDecrementOp())
      if (const clang::VarDecl *V = varOf(U->getSubExpr()))
        return InductionVariable{V, U->isIncrementOp() ? 1 : -1};
  if (const auto *C = llvm::dyn_cast<clang::CompoundAssignOperator>(E))
    if (C->getOpcode() == clang::BO_AddAssign || C->getOpcode() == clang::BO_SubAssign)
      if (const clang::VarDecl *V = varOf(C->getLHS()))
        if (std::optional<int64_t> N = number(C->getRHS()))
          return InductionVariable{V, C->getOpcode() == clang::BO_AddAssign ? *N : -*N};
  if (const auto *B = llvm::dyn_cast<clang::BinaryOperator>(E); B && B->getOpcode() == clang::BO_Assign)
    if (const clang::VarDecl *V = varOf(B->getLHS()))
      if (const auto *Sum = llvm::dyn_cast<clang::BinaryOperator>(B->getRHS()->IgnoreParenImpCasts()))
        if ((Sum->getOpcode() == clang::BO_Add || Sum->getOpcode() == clang::BO_Sub) &&
            varOf(Sum->getLHS()) == V)
          if (std::optional<int64_t> N = number(Sum->getRHS()))
            return InductionVariable{V, Sum->getOpcode() == clang::BO_Add ? *N : -*N};
  return std::nullopt;
}

/// How often the body writes each variable (any assignment, increment, or address taken), and
/// whether it continues the loop itself (a `continue` outside the loops within it), which skips
/// what follows on some iterations.
class Writes : public clang::RecursiveASTVisitor<Writes> {
public:
  std::map<const clang::VarDecl *, unsigned> Count;
  bool Continues = false;
  unsigned Depth = 0; // of loops within the body
  bool TraverseForStmt(clang::ForStmt *S) { return inner([&] { return RecursiveASTVisitor::TraverseForStmt(S); }); }
  bool TraverseWhileStmt(clang::WhileStmt *S) { return inner([&] { return RecursiveASTVisitor::TraverseWhileStmt(S); }); }
  bool TraverseDoStmt(clang::DoStmt *S) { return inner([&] { return RecursiveASTVisitor::TraverseDoStmt(S); }); }
  bool VisitContinueStmt(clang::ContinueStmt *) {
    Continues |= Depth == 0;
    return true;
  }
  template <typename F> bool inner(F Walk) {
    ++Depth;
    bool R = Walk();
    --Depth;
    return R;
  }
  bool VisitUnaryOperator(clang::UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == clang::UO_AddrOf)
      if (const clang::VarDecl *V = varOf(U->getSubExpr()))
        ++Count[V];
    return true;
  }
  bool VisitBinaryOperator(clang::BinaryOperator *B) {
    if (B->isAssignmentOp())
      if (const clang::VarDecl *V = varOf(B->getLHS()))
        ++Count[V];
    return true;
  }
  bool VisitCallExpr(clang::CallExpr *C) { // a non-const reference argument may be written through
    const clang::FunctionDecl *F = C->getDirectCallee();
    for (unsigned I = 0; I < C->getNumArgs(); ++I) {
      const clang::VarDecl *V = varOf(C->getArg(I));
      if (!V || !C->getArg(I)->isLValue())
        continue;
      const clang::ParmVarDecl *P = F && I < F->getNumParams() ? F->getParamDecl(I) : nullptr;
      if (!P || (P->getType()->isReferenceType() && !P->getType().getNonReferenceType().isConstQualified()))
        ++Count[V];
    }
    return true;
  }
};

} // namespace

bool signalsWithin(const clang::Stmt *Body) {
  SignalFinder F;
  F.TraverseStmt(const_cast<clang::Stmt *>(Body));
  return F.Found;
}

bool signalsInLoopWithin(const clang::Stmt *Body) {
  SignallingLoopFinder F;
  F.TraverseStmt(const_cast<clang::Stmt *>(Body));
  return F.Found;
}

std::vector<InductionVariable> inductionVariables(const clang::Stmt *Body) {
  std::vector<InductionVariable> Out;
  const auto *CS = llvm::dyn_cast_or_null<clang::CompoundStmt>(Body);
  if (!CS)
    return Out;
  Writes W;
  W.TraverseStmt(const_cast<clang::Stmt *>(Body));
  if (W.Continues) // some iterations skip the raise
    return Out;
  for (const clang::Stmt *S : CS->body())
    if (std::optional<InductionVariable> I = raises(S); I && W.Count[I->Var] == 1 && I->Step != 0)
      Out.push_back(*I);
  return Out;
}

} // namespace commcheck
