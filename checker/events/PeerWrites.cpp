#include "events/PeerWrites.h"
#include "events/CellRoots.h"
#include "events/EventGraph.h"
#include "events/ExprKey.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace commcheck {

namespace {
constexpr int MaxDepth = 16;

/// Whether an integer of type T can hold a GM address (a pointer's width).
bool wide(QualType T, const ExprKeyer &Keys) {
  return !T->isIntegerType() || Keys.context().getTypeSize(T) >= 64;
}

/// The pointers an integer expression turns into an integer (through sums, differences, casts and
/// unchanged locals); false when it reads a wide integer that may hold an address from elsewhere
/// (a variable that changes, a parameter). A wide load of launch data (the window table) is a
/// window base: an address of a peer's window, moved by the delta the pointer terms give.
bool addressTerms(const Expr *E, const ExprKeyer &Keys, std::vector<const Expr *> &Ptrs, int Depth) {
  if (!E || Depth > MaxDepth)
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
             addressTerms(C->getSubExpr(), Keys, Ptrs, Depth + 1);
    return false;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAdditiveOp())
      return addressTerms(B->getLHS(), Keys, Ptrs, Depth + 1) &&
             addressTerms(B->getRHS(), Keys, Ptrs, Depth + 1);
    return B->isMultiplicativeOp(); // a scaled index moves no address
  }
  if (isa<IntegerLiteral>(E) || isa<UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (const Expr *Init = Keys.followLocal(E))
    return addressTerms(Init, Keys, Ptrs, Depth + 1);
  return isa<ArraySubscriptExpr>(E) || isa<MemberExpr>(E); // a window base
}
} // namespace

void notePeerAddress(const Expr *Cast, const ExprKeyer &Keys, EventGraph &G) {
  const auto *C = dyn_cast<CastExpr>(Cast);
  if (!C || C->getCastKind() != CK_IntegralToPointer)
    return;
  // An integer made an address: a descriptor's buffer (CellRoots knows its argument), or a window
  // delta applied to addresses the kernel turned into integers, whose arguments another rank's
  // copy of this code then writes. Anything else may address any argument.
  CellRoots Roots(Keys);
  if (!Roots.pointer(Cast).empty())
    return;
  std::vector<const Expr *> Ptrs;
  if (!addressTerms(C->getSubExpr(), Keys, Ptrs, 0) || Ptrs.empty()) {
    G.UnattributedAddress = true;
    return;
  }
  for (const Expr *P : Ptrs) {
    std::string R = Roots.pointer(P);
    if (R.empty())
      G.UnattributedAddress = true;
    else
      G.PeerAddressed.insert(R);
  }
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
