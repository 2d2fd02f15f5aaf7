// Loops the run does not enter (docs/cross-rank.md, "Launch values").
//
// Idle loops: a loop that changes nothing the run sees after it (`for (int i = 0; i < delay; ++i)
// __asm__ __volatile__("");`, a delay before a signal; a tail loop of tile arithmetic). It
// records no op, reads no memory, calls nothing but intrinsics the run passes over (pipe drains,
// flags, tile arithmetic in the core's own buffers) and assigns only variables declared in it, so
// every iteration leaves the run's state as it found it: any number of them is none, and the run
// does not enter it (no trip count is chosen, its bound stays free for whatever else asks about
// it).
//
// Compute loops: a loop that only computes integers from launch data (`for (d = 0; d < t->ndims;
// ++d) numel *= t->shapes[d];`, pypto's element count). What it leaves in the variables it
// assigns is a function of what it reads: the launch data (the same on every rank: the
// launch-values assumption; no rank writes it) and the constants its variables start from. So
// each such variable becomes a launch value of its own, named by the loop and by what it computes
// from, as a word of launch data is. That it is alike on every rank is read from the source, not
// from the values an explicit run holds (its rank id is a number like any other): the pointers it
// reads through are made of the kernel's parameters, and its variables start from constants no
// other statement changes. The run then makes no choice per trip count, and the symbolic run none
// at all.
#include "crossrank/AssignmentTarget.h"
#include "crossrank/RankInterpreter.h"
#include "events/IntrinsicCatalogue.h"
#include "events/OwnOverloads.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <string>

namespace commcheck {

namespace {

using LocalSet = llvm::SmallPtrSet<const clang::Decl *, 4>;

/// The variables S declares (its DeclStmts, at any depth) that live in it: not a reference (its
/// writes are another variable's) nor a static (it outlives the loop).
void idleLoopLocals(const clang::Stmt *S, LocalSet &Out) {
  if (!S)
    return;
  if (const auto *DS = llvm::dyn_cast<clang::DeclStmt>(S))
    for (const clang::Decl *D : DS->decls())
      if (const auto *VD = llvm::dyn_cast<clang::VarDecl>(D);
          VD && VD->hasLocalStorage() && !VD->getType()->isReferenceType())
        Out.insert(D);
  for (const clang::Stmt *C : S->children())
    idleLoopLocals(C, Out);
}

/// Whether a call is of an intrinsic the cross-rank run passes over (RankInterpreter::intrinsic's
/// default: it evaluates no argument and changes nothing the run keeps).
bool idleLoopIntrinsic(const clang::CallExpr *CE, const IntrinsicCatalogue &Catalogue,
                       const clang::SourceManager &SM) {
  const clang::FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || kernelsOwnOverload(FD, SM))
    return false;
  const Intrinsic *I = Catalogue.lookup(FD->getQualifiedNameAsString());
  if (!I)
    return false;
  switch (I->Kind) {
  case IntrinsicKind::Barrier: case IntrinsicKind::SetFlag: case IntrinsicKind::WaitFlag:
  case IntrinsicKind::SetWaitFlag: case IntrinsicKind::Dcci: case IntrinsicKind::DcciLine:
  case IntrinsicKind::Dsb: case IntrinsicKind::Drain: case IntrinsicKind::Compute:
    return true;
  default:
    return false;
  }
}

/// Whether S, at any depth, only computes and assigns Locals: no call but of intrinsics the run
/// passes over, no memory access, no control flow that could end the loop otherwise than its
/// condition.
bool idleLoopPart(const clang::Stmt *S, const LocalSet &Locals, const IntrinsicCatalogue &Cat,
                  const clang::SourceManager &SM) {
  if (!S)
    return true;
  if (const auto *GA = llvm::dyn_cast<clang::GCCAsmStmt>(S))
    return GA->getNumOutputs() == 0 && GA->getNumInputs() == 0 &&
           GA->getAsmString()->getString().trim().empty();
  if (!llvm::isa<clang::Expr>(S) && !llvm::isa<clang::CompoundStmt>(S) &&
      !llvm::isa<clang::NullStmt>(S) && !llvm::isa<clang::DeclStmt>(S))
    return false; // a branch, a loop, a break or return, ...
  if (const auto *CE = llvm::dyn_cast<clang::CallExpr>(S);
      CE && !llvm::isa<clang::CXXMemberCallExpr>(CE) && !llvm::isa<clang::CXXOperatorCallExpr>(CE) &&
      idleLoopIntrinsic(CE, Cat, SM)) {
    for (const clang::Expr *A : CE->arguments())
      if (!idleLoopPart(A, Locals, Cat, SM))
        return false;
    return true;
  }
  if (llvm::isa<clang::CallExpr>(S) || llvm::isa<clang::CXXConstructExpr>(S) ||
      llvm::isa<clang::CXXNewExpr>(S) || llvm::isa<clang::CXXDeleteExpr>(S) ||
      llvm::isa<clang::CXXThrowExpr>(S) || llvm::isa<clang::StmtExpr>(S) ||
      llvm::isa<clang::LambdaExpr>(S) || llvm::isa<clang::ArraySubscriptExpr>(S))
    return false;
  if (const auto *UO = llvm::dyn_cast<clang::UnaryOperator>(S); UO && UO->getOpcode() == clang::UO_Deref)
    return false;
  if (const auto *ME = llvm::dyn_cast<clang::MemberExpr>(S); ME && ME->isArrow())
    return false;
  if (const clang::Expr *Target = assignmentTarget(S)) {
    const auto *D = llvm::dyn_cast<clang::DeclRefExpr>(Target->IgnoreParenImpCasts());
    if (!D || !Locals.contains(D->getDecl()))
      return false;
  }
  for (const clang::Stmt *C : S->children())
    if (!idleLoopPart(C, Locals, Cat, SM))
      return false;
  return true;
}

/// Whether B, a base a compute loop reads memory through, is the same in every iteration and is
/// evaluated without reading memory: a pointer variable (`p` of `p[d]`, `p->n`), or an array
/// field through one (`t->shapes` of `t->shapes[d]`).
const clang::VarDecl *computeLoopBase(const clang::Expr *B) {
  B = B->IgnoreParenImpCasts();
  if (const auto *ME = llvm::dyn_cast<clang::MemberExpr>(B)) {
    if (!ME->isArrow() || !ME->getType()->isConstantArrayType())
      return nullptr;
    B = ME->getBase()->IgnoreParenImpCasts();
  }
  const auto *D = llvm::dyn_cast<clang::DeclRefExpr>(B);
  const auto *V = D ? llvm::dyn_cast<clang::VarDecl>(D->getDecl()) : nullptr;
  return V && V->getType()->isPointerType() ? V : nullptr;
}

/// computeLoopShape's walk: S only computes integers, reads memory through bases (Shape.Bases)
/// and assigns integer variables of the function (Shape.Outputs, those not in Locals).
bool computeLoopPart(const clang::Stmt *S, const LocalSet &Locals,
                     ComputeLoopShape &Shape, LocalSet &Used) {
  if (!S)
    return true;
  if (!llvm::isa<clang::Expr>(S) && !llvm::isa<clang::CompoundStmt>(S) &&
      !llvm::isa<clang::NullStmt>(S) && !llvm::isa<clang::DeclStmt>(S))
    return false; // a branch, a loop, a break or return, asm, ...
  if (llvm::isa<clang::CallExpr>(S) || llvm::isa<clang::CXXConstructExpr>(S) ||
      llvm::isa<clang::CXXNewExpr>(S) || llvm::isa<clang::CXXDeleteExpr>(S) ||
      llvm::isa<clang::CXXThrowExpr>(S) || llvm::isa<clang::StmtExpr>(S) ||
      llvm::isa<clang::LambdaExpr>(S) || llvm::isa<clang::CXXThisExpr>(S))
    return false;
  if (const auto *UO = llvm::dyn_cast<clang::UnaryOperator>(S);
      UO && (UO->getOpcode() == clang::UO_Deref || UO->getOpcode() == clang::UO_AddrOf))
    return false;
  if (const clang::Expr *Target = assignmentTarget(S)) {
    const auto *D = llvm::dyn_cast<clang::DeclRefExpr>(Target->IgnoreParenImpCasts());
    const auto *V = D ? llvm::dyn_cast<clang::VarDecl>(D->getDecl()) : nullptr;
    if (!V || !V->hasLocalStorage() || V->getType()->isReferenceType() ||
        !V->getType()->isIntegerType())
      return false;
    if (!Locals.contains(V) && Used.insert(V).second)
      Shape.Outputs.push_back(V);
  }
  const clang::Expr *Read = nullptr; // a read of memory: through its base, at its index
  const clang::Expr *Index = nullptr;
  if (const auto *AS = llvm::dyn_cast<clang::ArraySubscriptExpr>(S))
    Read = AS->getBase(), Index = AS->getIdx();
  else if (const auto *ME = llvm::dyn_cast<clang::MemberExpr>(S); ME && ME->isArrow())
    Read = ME->getBase();
  else if (const auto *ME = llvm::dyn_cast<clang::MemberExpr>(S))
    return false; // a field of an object of the function (its slots are not values)
  if (Read) {
    if (!computeLoopBase(Read))
      return false;
    Shape.Bases.push_back(Read);
    return computeLoopPart(Index, Locals, Shape, Used);
  }
  if (const auto *D = llvm::dyn_cast<clang::DeclRefExpr>(S))
    if (const auto *V = llvm::dyn_cast<clang::VarDecl>(D->getDecl())) {
      if (!V->hasLocalStorage())
        return V->isUsableInConstantExpressions(V->getASTContext()); // a constant, or no value the run has
      if (V->getType()->isReferenceType())
        return false;
      if (!Locals.contains(V) && Used.insert(V).second)
        Shape.Inputs.push_back(V);
    }
  for (const clang::Stmt *C : S->children())
    if (!computeLoopPart(C, Locals, Shape, Used))
      return false;
  return true;
}

/// Whether S, outside Skip, assigns V, increments it or takes its address.
bool changesOutside(const clang::Stmt *S, const clang::VarDecl *V, const clang::Stmt *Skip) {
  if (!S || S == Skip)
    return false;
  auto Is = [V](const clang::Expr *E) {
    const auto *D = E ? llvm::dyn_cast<clang::DeclRefExpr>(E) : nullptr;
    return D && D->getDecl() == V;
  };
  auto Names = [&Is](const clang::Expr *E) { return E && Is(E->IgnoreParenImpCasts()); };
  if (Names(assignmentTarget(S)))
    return true;
  if (const auto *UO = llvm::dyn_cast<clang::UnaryOperator>(S);
      UO && UO->getOpcode() == clang::UO_AddrOf && Names(UO->getSubExpr()))
    return true;
  if (const auto *DS = llvm::dyn_cast<clang::DeclStmt>(S))
    for (const clang::Decl *D : DS->decls())
      if (const auto *VD = llvm::dyn_cast<clang::VarDecl>(D); VD && VD->getType()->isReferenceType() &&
                                                              Names(VD->getInit()))
        return true;
  // Handed to a call as itself, not its value (a reference parameter: `bump(numel)`).
  auto AsItself = [&Is](const clang::Expr *A) { return A && Is(A->IgnoreParens()); };
  if (const auto *CE = llvm::dyn_cast<clang::CallExpr>(S); CE && llvm::any_of(CE->arguments(), AsItself))
    return true;
  if (const auto *CE = llvm::dyn_cast<clang::CXXConstructExpr>(S);
      CE && llvm::any_of(CE->arguments(), AsItself))
    return true;
  for (const clang::Stmt *C : S->children())
    if (changesOutside(C, V, Skip))
      return true;
  return false;
}

/// The body of the function V is a variable of.
const clang::Stmt *functionBody(const clang::VarDecl *V) {
  const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(V->getDeclContext());
  return FD ? FD->getBody() : nullptr;
}

/// Whether E, a pointer variable's value, is the same on every rank by its source: made of the
/// kernel's parameters (the launch's argument table), constants and such pointer variables,
/// set once; no rank id read (`ctx->rankId`), no call, no integer variable (`args[me]`).
bool launchPointerSource(const clang::Stmt *E, int Depth);

bool launchPointer(const clang::VarDecl *V, int Depth) {
  if (llvm::isa<clang::ParmVarDecl>(V))
    return V->getType()->isPointerType();
  return Depth > 0 && V->hasLocalStorage() && V->getType()->isPointerType() && V->getInit() &&
         !changesOutside(functionBody(V), V, nullptr) && launchPointerSource(V->getInit(), Depth - 1);
}

bool launchPointerSource(const clang::Stmt *E, int Depth) {
  if (!E)
    return true;
  if (llvm::isa<clang::CallExpr>(E) || llvm::isa<clang::CXXConstructExpr>(E))
    return false;
  if (const auto *ME = llvm::dyn_cast<clang::MemberExpr>(E); ME && isRankIdField(ME->getMemberDecl()))
    return false;
  if (const auto *D = llvm::dyn_cast<clang::DeclRefExpr>(E))
    if (const auto *V = llvm::dyn_cast<clang::VarDecl>(D->getDecl()))
      return V->hasLocalStorage() ? launchPointer(V, Depth)
                                  : V->isUsableInConstantExpressions(V->getASTContext());
  for (const clang::Stmt *C : E->children())
    if (!launchPointerSource(C, Depth))
      return false;
  return true;
}

} // namespace

bool RankInterpreter::computeLoop(const clang::Stmt *Init, const clang::Expr *Cond,
                                  const clang::Expr *Inc, const clang::Stmt *Body,
                                  const clang::Stmt *Loop) {
  auto [It, New] = ComputeLoops.try_emplace(Loop);
  ComputeLoopShape &Shape = It->second;
  if (New && Cond) {
    LocalSet Locals, Used;
    idleLoopLocals(Init, Locals);
    idleLoopLocals(Body, Locals);
    LocalSet InCond;
    ComputeLoopShape CondShape;
    Shape.Ok = computeLoopPart(Init, Locals, Shape, Used) &&
               computeLoopPart(Cond, Locals, CondShape, InCond) &&
               computeLoopPart(Inc, Locals, Shape, Used) && computeLoopPart(Body, Locals, Shape, Used) &&
               CondShape.Outputs.empty() && !Shape.Outputs.empty();
    // Only where its trip count is launch data's: a loop the run counts itself is run, exact.
    Shape.Ok = Shape.Ok && !CondShape.Bases.empty();
    for (const clang::Expr *B : CondShape.Bases)
      Shape.Bases.push_back(B);
    for (const clang::VarDecl *V : CondShape.Inputs)
      if (Used.insert(V).second)
        Shape.Inputs.push_back(V);
    // What it computes from must be alike on every rank by its source, since an explicit run's
    // rank id is a number like any other: its bases launch pointers, and each variable it uses
    // one it computes, starting from a constant it is given nowhere else.
    for (const clang::Expr *B : Shape.Bases)
      if (!launchPointer(computeLoopBase(B), 4))
        Shape.Ok = false;
    for (const clang::VarDecl *V : Shape.Inputs)
      if (!llvm::is_contained(Shape.Outputs, V))
        Shape.Ok = false;
    for (const clang::VarDecl *V : Shape.Outputs)
      if (!V->getInit() || !V->getInit()->isIntegerConstantExpr(V->getASTContext()) ||
          changesOutside(functionBody(V), V, Loop))
        Shape.Ok = false;
    Shape.Inputs = Shape.Outputs; // (their values before the loop, the constants they start from)
  }
  if (!Shape.Ok)
    return false;
  // What the loop computes from: the values its variables start from and the launch data it
  // reads (in the key, so that two loops apart compute two values apart).
  std::string Key;
  auto Add = [&Key](const Linear &L) {
    Key += std::to_string(L.Const) + "/" + std::to_string(L.Den);
    for (const auto &[S, K] : L.Terms)
      Key += " " + std::to_string(K) + "*" + std::to_string(S);
    Key += ";";
  };
  for (const clang::VarDecl *V : Shape.Inputs) {
    auto Found = Frames.back().Vars.find(V);
    if (Found == Frames.back().Vars.end() || !Found->second || Found->second->K != RankValue::Number)
      return false;
    Linear L = resolve(Found->second->L, false);
    for (const auto &[S, K] : L.Terms)
      if (S != RankCountSym && (!LaunchSymbols.count(S) || BlockSymbols.count(S) ||
                                (PointerSymbols.count(S) && !ArgumentTables.count(S))))
        return false; // the rank id, a peer's, data, the block index, a buffer
    Add(L);
  }
  for (const clang::Expr *B : Shape.Bases) {
    const clang::Expr *Bare = B->IgnoreParenImpCasts();
    std::optional<Linear> Addr;
    if (llvm::isa<clang::MemberExpr>(Bare))
      Addr = gmAddress(Bare);
    else if (RankValue P = eval(Bare); P.K == RankValue::Number)
      Addr = P.L;
    // Launch data: its words at any offset from the table's or the descriptor's start.
    if (!Addr || !launchDataWord(*Addr))
      return false;
    Addr->eraseTerms([](const Linear::Term &T) { return Linear::isPlace(T.first); }); // every rank's
    Add(*Addr);
  }
  step(Loop);
  const clang::SourceManager &SM = Ctx.getSourceManager();
  for (const clang::VarDecl *V : Shape.Outputs) {
    Slot S = Frames.back().Vars.lookup(V);
    std::string Name = V->getName().str() + " after the loop at line " +
                       std::to_string(SM.getPresumedLineNumber(Loop->getBeginLoc()));
    bool New = false;
    Symbol Sym = intern(Name + " from " + Key, &New);
    if (New) { // named as the kernel names it, apart from others of the loop
      unsigned Earlier = ComputedNames[Name]++;
      Names[Sym] = Name + (Earlier ? " (#" + std::to_string(Earlier + 1) + ")" : "");
    }
    LaunchSymbols.insert(Sym);
    ComputedSymbols.insert(Sym);
    Shown[Sym] = V->getName().str();
    *S = RankValue::number(Linear::symbol(Sym));
  }
  return true;
}

bool RankInterpreter::idleLoop(const clang::Stmt *Init, const clang::Expr *Cond,
                               const clang::Expr *Inc, const clang::Stmt *Body,
                               const clang::Stmt *Loop) {
  auto [It, New] = IdleLoops.try_emplace(Loop, false);
  if (New) {
    LocalSet Locals;
    idleLoopLocals(Init, Locals);
    idleLoopLocals(Body, Locals);
    const clang::SourceManager &SM = Ctx.getSourceManager();
    It->second = Cond && idleLoopPart(Init, Locals, Catalogue, SM) &&
                 idleLoopPart(Cond, Locals, Catalogue, SM) &&
                 idleLoopPart(Inc, Locals, Catalogue, SM) && idleLoopPart(Body, Locals, Catalogue, SM);
  }
  return It->second;
}

} // namespace commcheck
