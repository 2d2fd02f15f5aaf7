#include "events/PeerWrites.h"
#include "events/CellRoots.h"
#include "events/EventGraph.h"
#include "events/ExprKey.h"
#include "events/ExprStrip.h"
#include "events/VarUses.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include <optional>
#include <set>

using namespace clang;

namespace commcheck {

namespace {
constexpr int MaxAddressTermDepth = 16;

/// Whether an integer of type T can hold a GM address (a pointer's width).
bool wide(QualType T, const ExprKeyer &Keys) {
  return !T->isIntegerType() || Keys.context().getTypeSize(T) >= 64;
}

/// The record a field access reads from, through the fields of fields (`d->buffer.addr` is read
/// from *d), keyed; "" when E reads no field through a pointer.
std::string recordKey(const Expr *E, const ExprKeyer &Keys) {
  E = stripWrappers(E, StripExplicitCasts);
  const auto *ME = dyn_cast<MemberExpr>(E);
  while (ME && !ME->isArrow())
    ME = dyn_cast<MemberExpr>(stripWrappers(ME->getBase()));
  return ME ? Keys.key(ME->getBase(), ExprKeyer::Address) : "";
}

/// Compound assignments (`v += k`) to V in Body: each adds the terms of its right side.
void compoundAdds(const Stmt *Body, const VarDecl *V, std::vector<const Expr *> &Out) {
  if (!Body)
    return;
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(Body))
    if (const auto *DRE = dyn_cast<DeclRefExpr>(CA->getLHS()->IgnoreParens()); DRE && DRE->getDecl() == V)
      Out.push_back(CA->getRHS());
  for (const Stmt *C : Body->children())
    compoundAdds(C, V, Out);
}

/// The pointers an integer expression turns into an integer (through sums, differences, scaling,
/// casts and locals: every value stored in a local, and what `+=` adds to it), and how many wide
/// loads it adds (Loads: a window base or a descriptor's address, the only wide integers read
/// from memory a peer address can be built on); false when it reads a wide integer that may hold
/// an address from elsewhere (a parameter, a local whose address escapes, an unseen call).
class AddressTerms {
public:
  AddressTerms(const ExprKeyer &Keys, std::vector<const Expr *> &Ptrs, std::string OwnRecord = "")
      : Keys(Keys), Ptrs(Ptrs), OwnRecord(std::move(OwnRecord)) {}
  unsigned Loads = 0;

  bool of(const Expr *E, int Depth = 0) {
    if (!E || Depth > MaxAddressTermDepth)
      return false;
    E = E->IgnoreParens();
    if (!wide(E->getType(), Keys) && !isa<CastExpr>(E))
      return true; // too narrow for an address: a count, an index, a rank
    if (const auto *C = dyn_cast<CastExpr>(E)) {
      if (C->getCastKind() == CK_PointerToIntegral) {
        Ptrs.push_back(C->getSubExpr());
        return true;
      }
      if (C->getCastKind() == CK_LValueToRValue || C->getCastKind() == CK_IntegralCast ||
          C->getCastKind() == CK_NoOp)
        return !wide(C->getSubExpr()->getType(), Keys) || of(C->getSubExpr(), Depth + 1);
      return false;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      // A sum, and a scaled or divided one too (a window delta over the element size moves a
      // typed pointer by the whole delta), keeps the terms of its operands.
      if (B->isAdditiveOp() || B->isMultiplicativeOp())
        return of(B->getLHS(), Depth + 1) && of(B->getRHS(), Depth + 1);
      return false;
    }
    if (isa<IntegerLiteral>(E) || isa<UnaryExprOrTypeTraitExpr>(E) ||
        (!E->isValueDependent() && E->isIntegerConstantExpr(Keys.context())))
      return true; // a constant (a literal, a sizeof, a constexpr) holds no window base
    if (const Expr *Init = Keys.followLocal(E))
      return of(Init, Depth + 1);
    if (isa<ArraySubscriptExpr>(E) || isa<MemberExpr>(E)) {
      // A field of the descriptor the moved pointer was read from (`d->buffer.addr +
      // d->start_offset`) places the tensor inside its own buffer: no window base.
      if (OwnRecord.empty() || recordKey(E, Keys) != OwnRecord)
        ++Loads;
      return true;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && !isa<ParmVarDecl>(V))
        return changedLocal(V, Depth);
    return false;
  }

private:
  /// A local that changes: the terms of its initialiser and of every value stored or added.
  bool changedLocal(const VarDecl *V, int Depth) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
    if (!V->hasLocalStorage() || V->getType()->isReferenceType() || !FD || !Keys.uses())
      return false;
    if (!Active.insert(V).second)
      return true; // met again through its own update: adds nothing
    bool Ok = !V->getInit() || of(V->getInit(), Depth + 1);
    for (const VarUse &U : Keys.uses()->of(V))
      Ok = Ok && U.K == VarUse::Write && !U.Deref && U.Path.empty() && of(U.Value, Depth + 1);
    std::vector<const Expr *> Adds;
    compoundAdds(FD->getBody(), V, Adds);
    for (const Expr *A : Adds)
      Ok = Ok && of(A, Depth + 1);
    Active.erase(V);
    return Ok;
  }

  const ExprKeyer &Keys;
  std::vector<const Expr *> &Ptrs;
  std::string OwnRecord;
  std::set<const VarDecl *> Active;
};

/// Root, or every address of any argument when it is not known, may be another rank's.
void peerAddressed(const std::string &Root, EventGraph &G) {
  if (Root.empty())
    G.UnattributedAddress = true;
  else
    G.PeerAddressed.insert(Root);
}
} // namespace

bool movedToPeer(const BinaryOperator *B, const ExprKeyer &Keys, std::vector<const Expr *> &Ptrs) {
  bool LeftPtr = B->getLHS()->getType()->isPointerType();
  const Expr *Offset = LeftPtr ? B->getRHS() : B->getLHS();
  if (!wide(Offset->getType(), Keys))
    return false;
  AddressTerms Terms(Keys, Ptrs, recordKey(LeftPtr ? B->getLHS() : B->getRHS(), Keys));
  bool Known = Terms.of(Offset);
  return !Known || Terms.Loads || !Ptrs.empty();
}

void notePeerAddress(const Expr *E, const ExprKeyer &Keys, EventGraph &G) {
  CellRoots Roots(Keys);
  std::vector<const Expr *> Ptrs;
  // A pointer moved by a wide integer that holds a window base (`(uint8_t *)p + (W[peer] -
  // W[me])`), or by one the checker cannot follow, may be another rank's copy of p.
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAdditiveOp() && E->getType()->isPointerType()) {
    const Expr *Moved = B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS();
    if (movedToPeer(B, Keys, Ptrs))
      peerAddressed(Roots.pointer(Moved), G);
    for (const Expr *P : Ptrs)
      peerAddressed(Roots.pointer(P), G);
    return;
  }
  const auto *C = dyn_cast<CastExpr>(E);
  if (!C || C->getCastKind() != CK_IntegralToPointer)
    return;
  // An integer made an address: a descriptor's buffer (CellRoots knows its argument; moved by
  // nothing but narrow offsets), or a window delta applied to addresses the kernel turned into
  // integers, whose arguments another rank's copy of this code then writes. Anything else may
  // address any argument.
  AddressTerms Terms(Keys, Ptrs);
  bool Known = Terms.of(C->getSubExpr());
  std::string Root = Roots.pointer(E);
  if (!Root.empty()) {
    if (!Known || Terms.Loads > 1 || !Ptrs.empty())
      peerAddressed(Root, G);
  } else if (!Known || Ptrs.empty()) {
    G.UnattributedAddress = true;
  }
  for (const Expr *P : Ptrs)
    peerAddressed(Roots.pointer(P), G);
}

namespace {
/// The arguments a peer may write of this rank's memory: every rank runs this code, so a peer
/// writes where a write of it goes through another rank's address. Null when that is not known
/// (a put or an uncached store, whose destinations are not followed; a write, a notify, or an
/// address read back from GM, whose buffer is not known).
std::optional<std::set<std::string>> peerWritten(const EventGraph &G) {
  if (G.AddressStored)
    return std::nullopt;
  std::set<std::string> Written;
  for (const Event &E : G.Events) {
    switch (E.Kind) {
    case EventKind::ScalarStore:
    case EventKind::TileStore:
      if (E.Root.empty())
        return std::nullopt;
      if (E.PeerAddress)
        Written.insert(E.Root);
      break;
    case EventKind::Notify: // a cell a notify reaches, on this rank or a peer
      if (E.CellRoot.empty())
        return std::nullopt;
      Written.insert(E.CellRoot);
      break;
    case EventKind::Put:
    case EventKind::Get:
    case EventKind::PutAsync:
    case EventKind::GetAsync:
    case EventKind::UncachedStore:
      return std::nullopt;
    default:
      break;
    }
  }
  return Written;
}
} // namespace

void markNoPeerWrites(EventGraph &G) {
  if (G.UnattributedAddress || G.ArgumentsMayAlias)
    return;
  for (const Event &E : G.Events)
    if (E.Kind == EventKind::Opaque && E.TouchesGm)
      return; // unseen code given an address may compute a peer's from it
  std::optional<std::set<std::string>> Written = peerWritten(G);
  for (Event &E : G.Events) {
    bool Load = E.Kind == EventKind::ScalarLoad || E.Kind == EventKind::TileLoad;
    if ((!Load && E.Kind != EventKind::ScalarStore && E.Kind != EventKind::TileStore) ||
        E.Root.empty())
      continue;
    // No peer reaches the argument at all; or a load of this rank's own copy of an argument
    // that peers only read (a peer's TLOAD of it leaves this rank's bytes as they are).
    E.LocalOnly = !G.PeerAddressed.count(E.Root) ||
                  (Load && !E.PeerAddress && Written && !Written->count(E.Root));
  }
}

} // namespace commcheck
