#include "events/AddressLines.h"
#include "events/IntrinsicLowering.h"
#include "events/CellRoots.h"
#include "events/CellVariance.h"
#include "events/ExprKey.h"
#include "events/IntrinsicArgs.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "events/VarUses.h"
#include <functional>
#include <algorithm>

using namespace clang;

namespace commcheck {

namespace {

bool isTileAccumulator(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsRecordDecl());
  if (!Spec || Spec->getTemplateArgs().size() == 0)
    return false;
  const TemplateArgument &A = Spec->getTemplateArgs()[0];
  if (A.getKind() != TemplateArgument::Integral)
    return false;
  if (const auto *ET = A.getIntegralType()->getAs<EnumType>())
    for (const EnumConstantDecl *EC : ET->getDecl()->enumerators())
      if (EC->getInitVal() == A.getAsIntegral())
        return EC->getName().contains("Acc");
  return false;
}

void addEffects(LoweringSite &Site, const std::vector<IntrinsicEffect> &Effects,
                const CallExpr *CE, const Intrinsic &I) {
  for (const IntrinsicEffect &Eff : Effects) {
    Event E{Eff.K == IntrinsicEffect::Drain ? EventKind::Drain
            : Eff.K == IntrinsicEffect::Dsb ? EventKind::Dsb
                                            : EventKind::DcciWhole};
    E.S = CE;
    E.Pipe = Eff.Pipes;
    E.Synthetic = true;
    E.Callee = I.Name;
    Site.add(std::move(E));
  }
}

/// The pipes a flag orders: its "src" and "dst" roles, or one "pipes" enumerator named
/// SRC_DST (AscendC's HardEvent::MTE2_V).
std::pair<std::string, std::string> flagPipes(LoweringSite &Site, const CallExpr *CE,
                                              const Intrinsic &I, PipeSet *Src, PipeSet *Dst) {
  const ExprKeyer &Keys = Site.keys();
  auto Name = [&](std::optional<std::string> N, const char *Role, PipeSet *Out) {
    auto P = N ? parsePipe(*N) : std::nullopt;
    *Out = P.value_or(0);
    if (P)
      return pipeName(*P);
    const Expr *A = intrinsicArg(CE, I, Role);
    return A ? "?" + Keys.key(A, ExprKeyer::Address) : std::string("?");
  };
  if (hasRole(I, "pipes")) {
    auto N = intrinsicEnum(Keys, CE, I, "pipes");
    size_t Cut = N ? N->find('_') : std::string::npos;
    if (Cut == std::string::npos)
      return {Name(std::nullopt, "pipes", Src), Name(std::nullopt, "pipes", Dst)};
    return {Name(N->substr(0, Cut), "pipes", Src), Name(N->substr(Cut + 1), "pipes", Dst)};
  }
  return {Name(intrinsicEnum(Keys, CE, I, "src"), "src", Src),
          Name(intrinsicEnum(Keys, CE, I, "dst"), "dst", Dst)};
}

/// The identity of the flag a call sets or waits: its pipes and its event id (role IdRole).
/// Fills E's flag identity from a call: its pipes and its event id (role IdRole).
void flagIdentity(LoweringSite &Site, const CallExpr *CE, const Intrinsic &I, const char *IdRole,
                  Event &E) {
  const ExprKeyer &Keys = Site.keys();
  auto [S, D] = flagPipes(Site, CE, I, &E.FlagSrc, &E.FlagDst);
  E.FlagPipes = S + "->" + D;
  std::string Key = E.FlagPipes + "#";
  if (auto N = intrinsicEnum(Keys, CE, I, IdRole)) {
    E.FlagKey = Key + *N;
  } else if (auto V = intrinsicInt(Keys, CE, I, IdRole)) {
    E.FlagKey = Key + "EVENT_ID" + std::to_string(*V);
  } else {
    E.FlagId = intrinsicArg(CE, I, IdRole);
    E.FlagKey = Key + (E.FlagId ? Keys.key(E.FlagId, ExprKeyer::Address) : "?");
  }
}

// One lowering per IntrinsicKind: E arrives as a Compute event at the call.
using LowerFn = void (*)(LoweringSite &, const Intrinsic &, const CallExpr *, Event &);

void lowerNothing(LoweringSite &, const Intrinsic &, const CallExpr *, Event &) {}

void lowerNotify(LoweringSite &S, const Intrinsic &I, const CallExpr *CE, Event &) {
  lowerSignal(S, EventKind::Notify, CE, I, CE);
}

void lowerWait(LoweringSite &S, const Intrinsic &I, const CallExpr *CE, Event &) {
  lowerSignal(S, EventKind::Wait, CE, I, CE);
}

void lowerTileStore(LoweringSite &S, const Intrinsic &I, const CallExpr *CE, Event &E) {
  E.Kind = EventKind::TileStore;
  const Expr *Tile = intrinsicArg(CE, I, "tile");
  bool Accumulator = Tile && I.AccPipe && isTileAccumulator(Tile->getType());
  E.Pipe = Accumulator ? I.AccPipe : (I.Pipe ? I.Pipe : pipe::MTE3);
  if (const Expr *Dst = intrinsicArg(CE, I, "dst")) {
    CellRoots Roots(S.keys());
    E.Root = Roots.pointer(Dst);
    E.PeerAddress = Roots.throughPeer();
  }
  S.add(std::move(E));
}

void lowerTileLoad(LoweringSite &S, const Intrinsic &I, const CallExpr *CE, Event &E) {
  E.Kind = EventKind::TileLoad;
  E.Pipe = I.Pipe ? I.Pipe : pipe::MTE2;
  if (const Expr *Src = intrinsicArg(CE, I, "src")) {
    E.Exempt = S.isExemptPointer(Src);
    CellRoots Roots(S.keys());
    E.Root = Roots.pointer(Src);
    E.PeerAddress = Roots.throughPeer();
  }
  S.add(std::move(E));
}

/// A catalogued call the checker does not see into: it may read and write any GM, notify and
/// wait, like an unseen call (but it is described, so it is not comm-unanalysable).
void lowerOpaque(LoweringSite &S, const Intrinsic &, const CallExpr *, Event &E) {
  E.Kind = EventKind::Opaque;
  E.MayNotify = true;
  E.TouchesGm = true;
  S.add(std::move(E));
}

/// A put or get; one with an "engine" role (a collective's CollEngine) is a tile transfer only on
/// the AIV engine. On any other engine, or one not known statically, the call rings a CCU gate
/// and the hardware moves the data later: an opaque call that may notify and touch GM.
void lowerTransfer(LoweringSite &S, const Intrinsic &I, const CallExpr *CE, Event &E) {
  if (hasRole(I, "engine")) {
    auto Engine = intrinsicEnum(S.keys(), CE, I, "engine");
    if (!Engine || *Engine != "AIV")
      return lowerOpaque(S, I, CE, E);
  }
  E.Kind = I.Kind == IntrinsicKind::Put ? EventKind::Put : EventKind::Get;
  S.add(std::move(E));
}

void lowerAsyncTransfer(LoweringSite &S, const Intrinsic &I, const CallExpr *CE, Event &E) {
  E.Kind = I.Kind == IntrinsicKind::PutAsync ? EventKind::PutAsync : EventKind::GetAsync;
  E.AsyncVar = S.asyncTarget(CE);
  if (const Expr *Session = intrinsicArg(CE, I, "session"))
    E.Session = S.keys().key(Session, ExprKeyer::Name);
  S.add(std::move(E));
}

void lowerAsyncWait(LoweringSite &S, const Intrinsic &I, const CallExpr *CE, Event &E) {
  E.Kind = EventKind::AsyncWait;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
    E.AsyncVar = S.asyncObjectKey(MC->getImplicitObjectArgument());
  if (const Expr *Session = intrinsicArg(CE, I, "session"))
    E.Session = S.keys().key(Session, ExprKeyer::Name);
  S.add(std::move(E));
}

void lowerBarrier(LoweringSite &S, const Intrinsic &I, const CallExpr *CE, Event &E) {
  E.Kind = EventKind::Drain;
  E.FromBarrierCall = true;
  auto N = intrinsicEnum(S.keys(), CE, I, "pipe");
  auto Pipe = N ? parsePipe(*N) : std::nullopt;
  E.Pipe = Pipe.value_or(0);
  if (!Pipe)
    E.Message = "pipe not known statically: assumed to drain nothing";
  S.add(std::move(E));
}

void lowerDrain(LoweringSite &S, const Intrinsic &I, const CallExpr *, Event &E) {
  E.Kind = EventKind::Drain;
  E.Pipe = I.Pipe ? I.Pipe : pipe::ALL;
  S.add(std::move(E));
}

/// An event id chosen between two constants by a condition (`pp ? EVENT_ID1 : EVENT_ID0`, also
/// through a local initialised so and never changed): the condition and each arm's id.
struct ChosenId {
  const Expr *Cond;
  std::string Ids[2]; ///< where it holds, where it does not
};
/// The variables Cond reads keep, wherever Local (initialised from Cond) is in scope, the values
/// they had at its initialisation: nothing in that scope after the declaration writes them, and
/// nothing else may (an escape, an out-argument). Null Local: Cond is evaluated at the call.
bool condStable(const ExprKeyer &Keys, const Expr *Cond, const VarDecl *Local) {
  if (!Local)
    return true;
  ASTContext &Ctx = Keys.context();
  const Stmt *Scope = nullptr;
  for (DynTypedNodeList Ps = Ctx.getParents(*Local); !Ps.empty();) {
    if (const auto *CS = Ps[0].get<CompoundStmt>()) {
      Scope = CS;
      break;
    }
    const Stmt *S = Ps[0].get<Stmt>();
    if (!S)
      return false;
    Ps = Ctx.getParents(*S);
  }
  if (!Scope || !Keys.uses())
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceRange After(Local->getEndLoc(), Scope->getEndLoc());
  std::vector<const VarDecl *> Vars;
  std::function<bool(const Stmt *)> Collect = [&](const Stmt *S) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (!V)
        return isa<EnumConstantDecl>(DRE->getDecl());
      Vars.push_back(V);
    }
    for (const Stmt *C : S->children())
      if (C && !Collect(C))
        return false;
    return true;
  };
  if (!Collect(Cond))
    return false;
  for (const VarDecl *V : Vars) {
    if (!V->hasLocalStorage() || V->getType()->isReferenceType())
      return false;
    for (const VarUse &U : Keys.uses()->of(V)) {
      if (U.K != VarUse::Write || !U.Value || U.Deref)
        return false;
      SourceLocation W = SM.getExpansionLoc(U.Value->getBeginLoc());
      if (!SM.isBeforeInTranslationUnit(W, SM.getExpansionLoc(After.getBegin())) &&
          SM.isBeforeInTranslationUnit(W, SM.getExpansionLoc(After.getEnd())))
        return false;
    }
  }
  return true;
}

std::optional<ChosenId> chosenId(const ExprKeyer &Keys, const Expr *Id) {
  const Expr *E = Id;
  const VarDecl *Local = nullptr; ///< the local the id was read from, if any
  for (int Depth = 0; E && Depth < 4; ++Depth) {
    E = E->IgnoreParenImpCasts();
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      if (!condStable(Keys, CO->getCond(), Local))
        return std::nullopt;
      ChosenId C{CO->getCond(), {}};
      const Expr *Arms[2] = {CO->getTrueExpr(), CO->getFalseExpr()};
      for (int A = 0; A < 2; ++A) {
        if (auto N = Keys.enumName(Arms[A]))
          C.Ids[A] = *N;
        else if (auto V = Keys.intValue(Arms[A]))
          C.Ids[A] = "EVENT_ID" + std::to_string(*V);
        else
          return std::nullopt;
      }
      return C;
    }
    if (const auto *CE = dyn_cast<CStyleCastExpr>(E))
      E = CE->getSubExpr();
    else if (const auto *SC = dyn_cast<CXXStaticCastExpr>(E))
      E = SC->getSubExpr();
    else if (const auto *DRE = dyn_cast<DeclRefExpr>(E); DRE && !Local) {
      Local = dyn_cast<VarDecl>(DRE->getDecl());
      E = Keys.followLocal(E);
    } else
      return std::nullopt;
  }
  return std::nullopt;
}

void addFlag(LoweringSite &S, const Intrinsic &I, const CallExpr *CE, Event E, EventKind K,
             const char *IdRole) {
  E.Kind = K;
  flagIdentity(S, CE, I, IdRole, E);
  // An id of two constant cases is a branch to each, so that every case's set/wait balance is
  // checked (the path facts tell which one runs where the condition is stated again).
  if (E.FlagId)
    if (auto C = chosenId(S.keys(), E.FlagId)) {
      S.branchOn(C->Cond, [&](bool Holds) {
        Event Case = E;
        Case.FlagId = nullptr;
        Case.FlagKey = Case.FlagPipes + "#" + C->Ids[Holds ? 0 : 1];
        S.add(std::move(Case));
      });
      return;
    }
  S.add(std::move(E)); // which pipes a flag pair drains is the PipeDrains analysis' conclusion
}

void lowerFlag(LoweringSite &S, const Intrinsic &I, const CallExpr *CE, Event &E) {
  addFlag(S, I, CE, E, I.Kind == IntrinsicKind::SetFlag ? EventKind::SetFlag : EventKind::WaitFlag,
          "id");
}

/// set_flag(src, dst, id) immediately followed by wait_flag(src, dst, waitId).
void lowerSetWaitFlag(LoweringSite &S, const Intrinsic &I, const CallExpr *CE, Event &E) {
  addFlag(S, I, CE, E, EventKind::SetFlag, "id");
  addFlag(S, I, CE, E, EventKind::WaitFlag, hasRole(I, "waitId") ? "waitId" : "id");
}

void lowerDcci(LoweringSite &S, const Intrinsic &I, const CallExpr *CE, Event &E) {
  auto N = intrinsicEnum(S.keys(), CE, I, "kind");
  if (I.Kind == IntrinsicKind::Dcci && N && *N == "ENTIRE_DATA_CACHE") {
    E.Kind = EventKind::DcciWhole;
  } else {
    E.Kind = EventKind::DcciLine;
    if (const Expr *P = intrinsicArg(CE, I, "ptr")) {
      E.Addr = S.keys().pointerAddress(P);
      E.Line = AddressLines(S.keys()).ofPointer(P);
      E.AddrExpr = P;
    }
  }
  S.add(std::move(E));
}

void lowerAs(LoweringSite &S, EventKind K, Event &E) {
  E.Kind = K;
  S.add(std::move(E));
}
/// A fence orders GM only in its DDR and ALL forms (DSB_ALL is 0, DSB_DDR 1); a UB or unknown
/// form is no GM fence.
void lowerDsb(LoweringSite &S, const Intrinsic &I, const CallExpr *CE, Event &E) {
  if (hasRole(I, "kind")) {
    auto N = intrinsicEnum(S.keys(), CE, I, "kind");
    auto V = N ? std::nullopt : intrinsicInt(S.keys(), CE, I, "kind");
    bool Gm = N ? (*N == "DSB_ALL" || *N == "DSB_DDR" || *N == "ALL" || *N == "DDR")
                : (V && (*V == 0 || *V == 1));
    if (!Gm)
      return;
  }
  lowerAs(S, EventKind::Dsb, E);
}
/// A barrier across the cores of one rank (SYNCALL): after it another core may read what this one
/// wrote, so a cached write must be written back before it (CONTRACT §1, cross-core publication).
void lowerCoreBarrier(LoweringSite &S, const Intrinsic &, const CallExpr *, Event &E) {
  lowerAs(S, EventKind::CoreBarrier, E);
}
void lowerUncachedStore(LoweringSite &S, const Intrinsic &, const CallExpr *, Event &E) {
  lowerAs(S, EventKind::UncachedStore, E);
}
void lowerCompute(LoweringSite &S, const Intrinsic &I, const CallExpr *, Event &E) {
  E.Pipe = I.Pipe;
  S.add(std::move(E));
}

LowerFn lowering(IntrinsicKind K) {
  switch (K) {
  case IntrinsicKind::Notify: return lowerNotify;
  case IntrinsicKind::Wait:
  case IntrinsicKind::Test: return lowerWait;
  case IntrinsicKind::TileStore: return lowerTileStore;
  case IntrinsicKind::TileLoad: return lowerTileLoad;
  case IntrinsicKind::Put:
  case IntrinsicKind::Get: return lowerTransfer;
  case IntrinsicKind::PutAsync:
  case IntrinsicKind::GetAsync: return lowerAsyncTransfer;
  case IntrinsicKind::AsyncWait: return lowerAsyncWait;
  case IntrinsicKind::Barrier: return lowerBarrier;
  case IntrinsicKind::Drain: return lowerDrain;
  case IntrinsicKind::SetFlag:
  case IntrinsicKind::WaitFlag: return lowerFlag;
  case IntrinsicKind::SetWaitFlag: return lowerSetWaitFlag;
  case IntrinsicKind::Dcci:
  case IntrinsicKind::DcciLine: return lowerDcci;
  case IntrinsicKind::Dsb: return lowerDsb;
  case IntrinsicKind::Compute: return lowerCompute;
  case IntrinsicKind::UncachedStore: return lowerUncachedStore;
  case IntrinsicKind::Opaque: return lowerOpaque;
  case IntrinsicKind::CoreBarrier: return lowerCoreBarrier;
  case IntrinsicKind::AsyncTest:
  case IntrinsicKind::View:
  case IntrinsicKind::None:
  case IntrinsicKind::UncachedLoad:
  case IntrinsicKind::Session: return lowerNothing;
  }
  return lowerNothing;
}

} // namespace

void lowerSignal(LoweringSite &Site, EventKind K, const CallExpr *CE, const Intrinsic &I,
                 const Stmt *S) {
  const ExprKeyer &Keys = Site.keys();
  Event E{K};
  E.S = S;
  E.Callee = I.Name;
  if (const Expr *Sig = intrinsicArg(CE, I, "signal")) {
    E.Signal = Keys.key(Sig, ExprKeyer::Cell);
    E.CellAddr = Keys.key(Sig, ExprKeyer::Address);
    E.CellVaries = valueMayChange(Keys, Sig);
    E.CellRoot = CellRoots(Keys).pointer(Sig);
  }
  if (const Expr *V = intrinsicArg(CE, I, "value")) {
    E.Value = Keys.intValue(V);
    E.ValueNegative = Keys.isNegation(V);
  }
  if (hasRole(I, "op")) {
    auto N = intrinsicEnum(Keys, CE, I, "op");
    E.Op = !N ? NotifyOp::Unknown : *N == "Set" ? NotifyOp::Set
           : *N == "AtomicAdd"                 ? NotifyOp::AtomicAdd
                                               : NotifyOp::Unknown;
  }
  if (hasRole(I, "cmp")) {
    static const char *Names[] = {"", "EQ", "NE", "GT", "GE", "LT", "LE"};
    if (auto N = intrinsicEnum(Keys, CE, I, "cmp"))
      for (int K2 = 1; K2 < 7; ++K2)
        if (*N == Names[K2])
          E.Cmp = static_cast<WaitCmp>(K2);
  }
  Site.add(std::move(E));
}

/// The first variant of I whose condition the call and the configuration meet, if any. A role
/// not given statically meets no condition: the entry's own effects, the common part, apply.
static const IntrinsicVariant *variantOf(LoweringSite &Site, const Intrinsic &I, const CallExpr *CE) {
  for (const IntrinsicVariant &V : I.Variants) {
    bool Match = std::all_of(V.Defined.begin(), V.Defined.end(),
                             [&](const std::string &M) { return Site.defines(M); }) &&
                 std::none_of(V.Undefined.begin(), V.Undefined.end(),
                              [&](const std::string &M) { return Site.defines(M); });
    for (auto It = V.Roles.begin(); Match && It != V.Roles.end(); ++It) {
      auto N = intrinsicEnum(Site.keys(), CE, I, It->first.c_str());
      Match = N && std::find(It->second.begin(), It->second.end(), *N) != It->second.end();
    }
    if (Match)
      return &V;
  }
  return nullptr;
}

void lowerIntrinsic(LoweringSite &Site, const Intrinsic &I, const CallExpr *CE) {
  const IntrinsicVariant *V = variantOf(Site, I, CE);
  addEffects(Site, V ? V->Before : I.Before, CE, I);
  Event E{EventKind::Compute};
  E.S = CE;
  E.Callee = I.Name;
  lowering(I.Kind)(Site, I, CE, E);
  addEffects(Site, V ? V->After : I.After, CE, I);
}

} // namespace commcheck
