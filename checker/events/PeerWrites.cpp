#include "events/PeerWrites.h"
#include "events/CellRoots.h"
#include "events/EventGraph.h"
#include "events/ExprKey.h"
#include "events/ExprStrip.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

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

/// The pointers an integer expression turns into an integer (through sums, differences, casts and
/// unchanged locals), and how many wide loads it adds (Loads: a window base or a descriptor's
/// address, the only wide integers read from memory a peer address can be built on); false when it
/// reads a wide integer that may hold an address from elsewhere (a variable that changes, a
/// parameter).
bool addressTerms(const Expr *E, const ExprKeyer &Keys, std::vector<const Expr *> &Ptrs,
                  unsigned &Loads, int Depth, const std::string &OwnRecord = "") {
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
      return !wide(C->getSubExpr()->getType(), Keys) ||
             addressTerms(C->getSubExpr(), Keys, Ptrs, Loads, Depth + 1, OwnRecord);
    return false;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    // A sum, and a scaled or divided one too (a window delta over the element size moves a typed
    // pointer by the whole delta), keeps the terms of its operands.
    if (B->isAdditiveOp() || B->isMultiplicativeOp())
      return addressTerms(B->getLHS(), Keys, Ptrs, Loads, Depth + 1, OwnRecord) &&
             addressTerms(B->getRHS(), Keys, Ptrs, Loads, Depth + 1, OwnRecord);
    return false;
  }
  if (isa<IntegerLiteral>(E) || isa<UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (const Expr *Init = Keys.followLocal(E))
    return addressTerms(Init, Keys, Ptrs, Loads, Depth + 1, OwnRecord);
  if (isa<ArraySubscriptExpr>(E) || isa<MemberExpr>(E)) {
    // A field of the descriptor the moved pointer was read from (`d->buffer.addr +
    // d->start_offset`) places the tensor inside its own buffer: no window base.
    if (OwnRecord.empty() || recordKey(E, Keys) != OwnRecord)
      ++Loads;
    return true;
  }
  return false;
}

/// Root, or every address of any argument when it is not known, may be another rank's.
void peerAddressed(const std::string &Root, EventGraph &G) {
  if (Root.empty())
    G.UnattributedAddress = true;
  else
    G.PeerAddressed.insert(Root);
}
} // namespace

void notePeerAddress(const Expr *E, const ExprKeyer &Keys, EventGraph &G) {
  CellRoots Roots(Keys);
  std::vector<const Expr *> Ptrs;
  unsigned Loads = 0;
  // A pointer moved by a wide integer that holds a window base (`(uint8_t *)p + (W[peer] -
  // W[me])`), or by one the checker cannot follow, may be another rank's copy of p.
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAdditiveOp() && E->getType()->isPointerType()) {
    bool LeftPtr = B->getLHS()->getType()->isPointerType();
    const Expr *Offset = LeftPtr ? B->getRHS() : B->getLHS();
    if (!wide(Offset->getType(), Keys))
      return;
    const Expr *Moved = LeftPtr ? B->getLHS() : B->getRHS();
    bool Known = addressTerms(Offset, Keys, Ptrs, Loads, 0, recordKey(Moved, Keys));
    if (!Known || Loads || !Ptrs.empty())
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
  bool Known = addressTerms(C->getSubExpr(), Keys, Ptrs, Loads, 0);
  std::string Root = Roots.pointer(E);
  if (!Root.empty()) {
    if (!Known || Loads > 1 || !Ptrs.empty())
      peerAddressed(Root, G);
  } else if (!Known || Ptrs.empty()) {
    G.UnattributedAddress = true;
  }
  for (const Expr *P : Ptrs)
    peerAddressed(Roots.pointer(P), G);
}

void markNoPeerWrites(EventGraph &G) {
  if (G.UnattributedAddress || G.ArgumentsMayAlias)
    return;
  for (const Event &E : G.Events)
    if (E.Kind == EventKind::Opaque && E.TouchesGm)
      return; // unseen code given an address may compute a peer's from it
  for (Event &E : G.Events)
    if ((E.Kind == EventKind::ScalarLoad || E.Kind == EventKind::ScalarStore ||
         E.Kind == EventKind::TileLoad || E.Kind == EventKind::TileStore) &&
        !E.Root.empty() && !G.PeerAddressed.count(E.Root))
      E.LocalOnly = true;
}

} // namespace commcheck
