// Calls of the rank interpreter: intrinsics (from the catalogue), helpers with bodies (entered),
// views (GlobalTensor, Signal, Shape, Stride).
#include "crossrank/RankInterpreter.h"
#include "events/IntrinsicCatalogue.h"
#include "events/OwnOverloads.h"
#include "events/UnevaluatedOperands.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/Builtins.h"

namespace commcheck {

using namespace clang;

namespace {

/// The five static values of a Shape<...>/Stride<...> type (-1: DYNAMIC).
std::optional<std::vector<int64_t>> staticDims(QualType T) {
  const auto *SD = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!SD)
    return std::nullopt;
  std::vector<int64_t> D;
  for (const TemplateArgument &A : SD->getTemplateArgs().asArray()) {
    if (A.getKind() != TemplateArgument::Integral)
      return std::nullopt;
    D.push_back(A.getAsIntegral().getExtValue());
  }
  return D;
}

/// Whether an argument gives a callee something in GM (a pointer, a view).
bool isGm(const RankValue &V) {
  if (V.K == RankValue::View)
    return true;
  if (V.K != RankValue::Number)
    return false;
  for (const auto &[S, K] : V.L.Terms)
    if (Linear::isPlace(S))
      return true;
  return false;
}
} // namespace

const RankInterpreter::TypeFacts &RankInterpreter::typeOf(QualType T) {
  auto [It, New] = Types.try_emplace(T.getNonReferenceType().getCanonicalType().getTypePtr());
  if (New) {
    std::string Name;
    if (const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl())
      Name = RD->getNameAsString();
    if (Name == "Shape" || Name == "Stride")
      It->second.Kind = TypeFacts::DimsType;
    else if (Name == "Signal2D")
      It->second.Kind = TypeFacts::Grid;
    else if (Name == "GlobalTensor" || Name.rfind("Signal", 0) == 0)
      It->second.Kind = TypeFacts::ViewType;
    It->second.Dims = staticDims(T);
  }
  return It->second;
}

std::optional<int64_t> RankInterpreter::viewBytes(QualType T, const std::vector<RankValue> &Args,
                                                  RankValue &View) {
  const auto *SD = dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl());
  if (!SD || SD->getTemplateArgs().size() < 3)
    return std::nullopt;
  const TemplateArgumentList &TA = SD->getTemplateArgs();
  if (TA[0].getKind() != TemplateArgument::Type)
    return std::nullopt;
  int64_t Elem = typeBytes(TA[0].getAsType());
  llvm::SmallVector<std::optional<int64_t>, 5> Dims[2];
  for (int K = 0; K < 2; ++K) {
    const std::optional<std::vector<int64_t>> &S = typeOf(TA[1 + K].getAsType()).Dims;
    if (!S)
      return std::nullopt;
    for (int64_t V : *S)
      Dims[K].push_back(V < 0 ? std::nullopt : std::optional<int64_t>(V));
    // Runtime extents of the constructor's Shape/Stride argument.
    if (Args.size() > size_t(1 + K) && Args[1 + K].K == RankValue::Dims)
      for (size_t I = 0; I < Dims[K].size() && I < Args[1 + K].D.size(); ++I)
        if (!Dims[K][I])
          Dims[K][I] = Args[1 + K].D[I];
  }
  View.Elem = Elem;
  View.SymBytes = symbolicBytes(TA, Args, Elem);
  View.D = Dims[0];
  View.Strides.clear();
  for (const std::optional<int64_t> &St : Dims[1])
    if (St)
      View.Strides.push_back(*St);
  int64_t Last = 0;
  for (size_t I = 0; I < Dims[0].size() && I < Dims[1].size(); ++I) {
    if (Dims[0][I] == 1)
      continue; // one element along it: its stride (a row's length the launch gives) moves nothing
    if (!Dims[0][I] || !Dims[1][I])
      return std::nullopt;
    if (*Dims[0][I] == 0)
      return 0;
    Last += (*Dims[0][I] - 1) * *Dims[1][I];
  }
  return (Last + 1) * Elem;
}

std::optional<Linear> RankInterpreter::symbolicBytes(const TemplateArgumentList &TA,
                                                    const std::vector<RankValue> &Args,
                                                    int64_t Elem) {
  // Each extent and stride: the type's number, else the constructor argument's launch values.
  llvm::SmallVector<Linear, 5> Dims[2];
  bool Symbolic = false;
  for (int K = 0; K < 2; ++K) {
    const std::optional<std::vector<int64_t>> &S = typeOf(TA[1 + K].getAsType()).Dims;
    const RankValue *A = Args.size() > size_t(1 + K) && Args[1 + K].K == RankValue::Dims ? &Args[1 + K] : nullptr;
    for (size_t I = 0; S && I < S->size(); ++I) {
      if ((*S)[I] >= 0)
        Dims[K].push_back(Linear::constant((*S)[I]));
      else if (A && I < A->Exact.size())
        Dims[K].push_back(A->Exact[I]), Symbolic |= A->Exact[I].isSymbolic();
      else
        return std::nullopt;
    }
  }
  if (!Symbolic || Dims[0].size() != Dims[1].size())
    return std::nullopt;
  // (sum of (extent - 1) * stride + 1) * element, as the view's byte count is computed.
  Linear Last = Linear::constant(1);
  for (size_t I = 0; I < Dims[0].size(); ++I) {
    std::optional<int64_t> E = Dims[0][I].value();
    if (E && *E == 0)
      return Linear::constant(0);
    // A number times a form is a form (a chunk's `numel - base` by its stride 1); a product of
    // two forms is a launch value of its own (product()).
    Linear Before = Dims[0][I].plus(Linear::constant(1), -1);
    std::optional<int64_t> EN = Before.value(), SN = Dims[1][I].value();
    std::optional<Linear> M = EN ? std::optional<Linear>(Dims[1][I].scaled(*EN))
                              : SN ? std::optional<Linear>(Before.scaled(*SN))
                                   : product(Before, Dims[1][I]);
    if (!M)
      return std::nullopt;
    Last = Last.plus(*M);
  }
  return Last.scaled(Elem);
}

RankValue RankInterpreter::boundByTile(RankValue View, const Expr *Tile) {
  if (View.K != RankValue::View || View.Bytes || !Tile || View.Strides.size() != View.D.size())
    return View;
  // A tile moves at most its static Rows x Cols elements: no extent of the view exceeds that.
  const auto *SD = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Tile->getType().getNonReferenceType()->getAsCXXRecordDecl());
  if (!SD || SD->getTemplateArgs().size() < 4)
    return View;
  const TemplateArgumentList &TA = SD->getTemplateArgs();
  if (TA[2].getKind() != TemplateArgument::Integral || TA[3].getKind() != TemplateArgument::Integral)
    return View;
  int64_t Cap = TA[2].getAsIntegral().getExtValue() * TA[3].getAsIntegral().getExtValue();
  if (Cap <= 0)
    return View;
  int64_t Last = 0;
  for (size_t I = 0; I < View.D.size(); ++I)
    Last += (std::min(View.D[I].value_or(Cap), Cap) - 1) * View.Strides[I];
  View.Bytes = (Last + 1) * View.Elem;
  return View;
}

RankValue RankInterpreter::evalConstruct(const CXXConstructExpr *E) {
  // Reserved: a RankValue's move may throw (its SmallVectors'), so a growing vector copies them.
  std::vector<RankValue> Args;
  Args.reserve(E->getNumArgs());
  for (const Expr *A : E->arguments())
    Args.push_back(eval(A));
  const TypeFacts &TF = typeOf(E->getType()); // after the arguments: they may add types
  const CXXConstructorDecl *Ctor = E->getConstructor();
  if (Ctor && (Ctor->isCopyOrMoveConstructor()) && Args.size() == 1) {
    // A copy of a struct in GM reads its bytes; the copy's fields are not tracked.
    if (wholeRecord(RankOpKind::Read, E->getArg(0), E))
      return RankValue::object();
    return std::move(Args[0]);
  }
  if (TF.Kind == TypeFacts::DimsType) {
    RankValue V;
    V.K = RankValue::Dims;
    const std::optional<std::vector<int64_t>> &S = TF.Dims;
    size_t Dynamic = 0;
    if (S)
      for (int64_t X : *S) {
        V.D.push_back(X < 0 ? std::nullopt : std::optional<int64_t>(X));
        Dynamic += X < 0;
      }
    // n runtime extents: all five, or one per DYNAMIC slot, in order.
    bool Exact = true;
    V.Exact.reserve(V.D.size()); // (no inline elements: one allocation, not one per growth)
    for (const std::optional<int64_t> &X : V.D)
      V.Exact.push_back(Linear::constant(X.value_or(0)));
    if (S && (Args.size() == S->size() || Args.size() == Dynamic)) {
      size_t Next = 0;
      for (size_t I = 0; I < V.D.size() && Next < Args.size(); ++I) {
        if (Args.size() != S->size() && V.D[I])
          continue;
        const RankValue &A = Args[Next++];
        V.D[I] = A.K == RankValue::Number ? extentBound(A.L) : std::nullopt;
        Linear L = A.K == RankValue::Number ? resolve(A.L, false) : Linear();
        // (The symbolic run states an extent of r, P, j and a chunk loop's variable as well.)
        Exact &= A.K == RankValue::Number &&
                 (!L.isSymbolic() || launchOnly(L) || (SymRun && L.Den == 1 && symbolicForm(L)));
        V.Exact[I] = L;
      }
    }
    for (size_t I = 0; I < V.D.size(); ++I)
      Exact &= V.D[I] || V.Exact[I].isSymbolic(); // a DYNAMIC slot no argument filled
    if (!Exact)
      V.Exact.clear();
    return V;
  }
  if (TF.Kind == TypeFacts::Grid)
    return derivedView(E, Args);
  if (TF.Kind == TypeFacts::ViewType) {
    RankValue V;
    V.K = RankValue::View;
    if (Args.empty() || Args[0].K != RankValue::Number)
      return RankValue::unknown("a view of an unknown address: " + (Args.empty() ? std::string("no argument") : Args[0].Why));
    V.L = Args[0].L;
    V.FromTable = Args[0].FromTable;
    V.Bytes = viewBytes(E->getType(), Args, V);
    return V;
  }
  return RankValue::object();
}

RankValue RankInterpreter::evalCall(const CallExpr *E) {
  const FunctionDecl *FD = E->getDirectCallee();
  if (!FD)
    fail("a call through a pointer", E);
  auto [It, New] = Callees.try_emplace(FD);
  if (New) {
    // The block index and count (and the sub-block's): launch symbols (blockValue).
    std::string Name = FD->getNameAsString();
    if (Name == "get_block_idx" || Name == "GetBlockIdx")
      It->second.Block = BlockIndex;
    else if (Name == "get_block_num" || Name == "GetBlockNum")
      It->second.Block = BlockCount;
    else if (Name == "get_subblockid")
      It->second.Block = SubBlockIndex;
    else if (Name == "get_subblockdim")
      It->second.Block = SubBlockCount;
    else if (const Intrinsic *I = Catalogue.lookup(FD->getQualifiedNameAsString()))
      // The kernel's own function of an intrinsic's name is no intrinsic: its body runs.
      It->second.I = kernelsOwnOverload(FD, Ctx.getSourceManager()) ? nullptr : I;
    else if (!FD->hasBody() && !kernelsOwnOverload(FD, Ctx.getSourceManager()))
      It->second.I = Catalogue.lookupUnqualified(Name);
  }
  if (It->second.Block >= 0)
    return blockValue(It->second.Block);
  if (const Intrinsic *I = It->second.I)
    return intrinsic(*I, E);
  if (FD->hasBody() && !isa<CXXMethodDecl>(FD))
    return callUser(FD, E);
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      MD && MD->isDefaulted() && (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator()))
    return assignDefaulted(E);
  // A method with a body is not entered (no `this`): it may notify or wait, so the kernel is
  // not run rather than run without it (a missed notify would make a false hang).
  if (FD->hasBody() && isa<CXXMethodDecl>(FD) && !isa<CXXConstructorDecl>(FD))
    fail("a call of the method '" + FD->getQualifiedNameAsString() + "', which the model does not enter", E);
  // An unseen call: it must not be given GM, and what it returns is unknown.
  std::string Qual = FD->getQualifiedNameAsString();
  if (builtinInspectsOnly(E->getBuiltinCallee())) // its arguments are never evaluated
    return E->getType()->isVoidType() ? RankValue::object()
                                      : RankValue::unknown("the result of '" + Qual + "'");
  if (std::optional<RankValue> Copied = libraryCopy(E))
    return *Copied;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    if (isGm(eval(MC->getImplicitObjectArgument())))
      fail("a method of a view the model does not know ('" + Qual + "')", E);
  for (const Expr *A : E->arguments())
    if (isGm(eval(A)))
      fail("a call the model cannot see into is given GM ('" + Qual + "')", E);
  return E->getType()->isVoidType() ? RankValue::object()
                                    : RankValue::unknown("the result of '" + Qual + "'");
}

RankValue RankInterpreter::callUser(const FunctionDecl *FD, const CallExpr *E) {
  if (++Depth > 16)
    fail("helpers nested more than 16 deep", E);
  const FunctionDecl *Def = nullptr;
  FD->hasBody(Def);
  Frame F;
  unsigned N = std::min<unsigned>(Def->getNumParams(), E->getNumArgs());
  for (unsigned K = 0; K < N; ++K) {
    const ParmVarDecl *Prm = Def->getParamDecl(K);
    const Expr *A = E->getArg(K);
    F.Vars[Prm] = Prm->getType()->isReferenceType()
                      ? bindReference(Prm->getType(), A, [&] { return eval(A).detached(); })
                      : std::make_shared<RankValue>(eval(A).detached());
  }
  Frames.push_back(std::move(F));
  exec(Def->getBody());
  RankValue R = Frames.back().Returned ? *Frames.back().Returned : RankValue::object();
  Frames.pop_back();
  --Depth;
  return R;
}

std::string RankInterpreter::enumeratorName(const Expr *E) {
  int64_t V = concrete(E, "the operation of a signal");
  QualType T = E->IgnoreParenImpCasts()->getType();
  if (const auto *ET = T->getAs<EnumType>())
    for (const EnumConstantDecl *C : ET->getDecl()->enumerators())
      if (C->getInitVal().getExtValue() == V)
        return C->getNameAsString();
  fail("a signal operation that is not an enumerator", E);
}

RankValue RankInterpreter::intrinsic(const Intrinsic &I, const CallExpr *E) {
  auto Arg = [&](const char *Role) -> const Expr * {
    std::optional<unsigned> K = I.arg(Role);
    if (!K)
      return nullptr;
    unsigned Shift = isa<CXXOperatorCallExpr>(E) ? 1 : 0;
    return *K + Shift < E->getNumArgs() ? E->getArg(*K + Shift) : nullptr;
  };
  switch (I.Kind) {
  case IntrinsicKind::Notify:
  case IntrinsicKind::Wait: {
    const Expr *Sig = Arg("signal"), *Val = Arg("value");
    const Expr *How = Arg(I.Kind == IntrinsicKind::Notify ? "op" : "cmp");
    if (!Sig || !Val || !How)
      fail("a signal operation without its cell, value or operation", E);
    RankValue Cell = eval(Sig);
    bool Picked = false;
    int64_t V = signalValue(Val, Picked);
    std::string Op = enumeratorName(How);
    // A notify signals the view's first cell (TNOTIFY writes its data()); a wait on several
    // cells waits on each of them (recordGridWait).
    size_t First = Trace.Ops.size();
    if (I.Kind == IntrinsicKind::Notify || !recordGridWait(Cell, E))
      record(I.Kind == IntrinsicKind::Notify ? RankOpKind::Notify : RankOpKind::Wait, Cell, E,
             I.Kind == IntrinsicKind::Notify ? "TNOTIFY" : "TWAIT", Sig);
    for (size_t K = First; K < Trace.Ops.size(); ++K) {
      RankOp &O = Trace.Ops[K];
      O.Value = V;
      O.PickedValue = Picked;
      if (I.Kind == IntrinsicKind::Notify) {
        O.Op = Op == "Set" ? NotifyOp::Set : Op == "AtomicAdd" ? NotifyOp::AtomicAdd : NotifyOp::Unknown;
        if (O.Op == NotifyOp::Unknown)
          fail("a notify operation '" + Op + "'", E);
      } else {
        static const std::map<std::string, WaitCmp> Cmps{
            {"EQ", WaitCmp::EQ}, {"NE", WaitCmp::NE}, {"GT", WaitCmp::GT},
            {"GE", WaitCmp::GE}, {"LT", WaitCmp::LT}, {"LE", WaitCmp::LE}};
        auto It = Cmps.find(Op);
        if (It == Cmps.end())
          fail("a wait comparison '" + Op + "'", E);
        O.Cmp = It->second;
      }
    }
    return RankValue::object();
  }
  case IntrinsicKind::TileLoad:
    record(RankOpKind::Read, boundByTile(eval(Arg("src")), Arg("tile")), E, "TLOAD", Arg("src"));
    return RankValue::object();
  case IntrinsicKind::TileStore:
    record(RankOpKind::Write, boundByTile(eval(Arg("dst")), Arg("tile")), E, "TSTORE", Arg("dst"));
    return RankValue::object();
  case IntrinsicKind::Put:
  case IntrinsicKind::PutAsync:
  case IntrinsicKind::Get:
  case IntrinsicKind::GetAsync: {
    if (I.TemplateArgs.count("engine"))
      fail("a collective ('" + I.Name + "')", E);
    bool IsPut = I.Kind == IntrinsicKind::Put || I.Kind == IntrinsicKind::PutAsync;
    std::string What = I.Name.substr(I.Name.rfind(':') + 1);
    unsigned First = unsigned(Trace.Ops.size());
    record(RankOpKind::Read, eval(Arg("src")), E, What + (IsPut ? " (source)" : " (remote source)"),
           Arg("src"));
    record(RankOpKind::Write, eval(Arg("dst")), E,
           What + (IsPut ? " (remote destination)" : " (destination)"), Arg("dst"));
    if (I.Kind == IntrinsicKind::PutAsync || I.Kind == IntrinsicKind::GetAsync)
      return issueAsync(E, Arg("session"), First);
    return RankValue::object();
  }
  case IntrinsicKind::AsyncWait:
  case IntrinsicKind::AsyncTest:
  case IntrinsicKind::Session:
    return asyncEvent(I, E, Arg("session"));
  case IntrinsicKind::View:
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      RankValue V = eval(MC->getImplicitObjectArgument());
      return V.K == RankValue::View ? RankValue::number(V.L) : V;
    }
    if (E->getNumArgs() == 1) {
      RankValue V = eval(E->getArg(0));
      return V.K == RankValue::View ? RankValue::number(V.L) : V;
    }
    return RankValue::unknown("a view");
  case IntrinsicKind::Test:
    return probe(I, E);
  case IntrinsicKind::Opaque:
    fail("'" + I.Name + "', which the model cannot see", E);
  default:
    if (I.Name == "pto::comm::AsyncEvent::valid")
      return asyncEvent(I, E, nullptr);
    return E->getType()->isVoidType() ? RankValue::object()
                                      : RankValue::unknown("the result of '" + I.Name + "'");
  }
}

// The C library's copies are accesses the model knows: memcpy/memmove(dst, src, n) read n bytes
// of src and write n of dst, memset(dst, v, n) writes n of dst (the scalar core's, as a scalar
// load or store). None where the call is another one.
std::optional<RankValue> RankInterpreter::libraryCopy(const CallExpr *E) {
  unsigned Id = E->getBuiltinCallee();
  bool Copy = Id == Builtin::BImemcpy || Id == Builtin::BI__builtin_memcpy ||
              Id == Builtin::BImemmove || Id == Builtin::BI__builtin_memmove;
  bool Set = Id == Builtin::BImemset || Id == Builtin::BI__builtin_memset;
  if ((!Copy && !Set) || E->getNumArgs() != 3)
    return std::nullopt;
  RankValue Dst = eval(E->getArg(0)), Src = eval(E->getArg(1)), N = eval(E->getArg(2));
  std::optional<int64_t> Bytes = N.K == RankValue::Number ? N.L.value() : std::nullopt;
  if ((isGm(Dst) || (Copy && isGm(Src))) && (!Bytes || *Bytes < 0))
    fail("a library copy of GM whose length the model cannot compute", E);
  auto Access = [&](RankOpKind K, RankValue At, const Expr *Named) {
    if (!isGm(At))
      return;
    At.K = RankValue::View, At.Bytes = *Bytes, At.Elem = 1;
    record(K, At, E, E->getDirectCallee()->getName().str(), Named);
  };
  if (Copy)
    Access(RankOpKind::Read, Src, E->getArg(1));
  Access(RankOpKind::Write, Dst, E->getArg(0));
  return Dst;
}

} // namespace commcheck
