#include "events/CellAliasing.h"
#include "events/CellFamilies.h"
#include "base/DidYouMean.h"
#include "clang/AST/Decl.h"

namespace commcheck {

namespace {

/// A wait that a lower value of its cell may satisfy; a call the checker cannot see may wait in
/// any way.
bool passesOnDecrease(const Event &W) {
  return mayWait(W) && !(W.Kind == EventKind::Wait && (W.Cmp == WaitCmp::GE || W.Cmp == WaitCmp::GT));
}

bool negativeAdd(const Event &N) {
  return N.Kind == EventKind::Notify && N.Op == NotifyOp::AtomicAdd &&
         ((N.Value && *N.Value < 0) || N.ValueNegative);
}

} // namespace

void resolveCellAliasing(EventGraph &G, const clang::FunctionDecl *FD, const AliasAssumption &A) {
  for (Event &E : G.Events)
    if (E.Kind == EventKind::Notify || E.Kind == EventKind::Wait)
      E.CellRoot = A.classOf(E.CellRoot);
  G.ArgumentsMayAlias = A.namesAParameterOf(FD);
  std::vector<std::string> Suggestions;
  std::vector<std::string> Strays = A.strays(FD, Suggestions);
  for (size_t I = 0; I < Strays.size(); ++I) {
    Event U{EventKind::Unanalysable};
    U.Loc = G.FunctionLoc;
    U.Message = "--may-alias names '" + Strays[I] + "', which is not a parameter of '" +
                FD->getNameAsString() + "': the aliasing assumption cannot be applied" +
                didYouMean(Suggestions[I]);
    G.addEvent(G.Entry, std::move(U));
  }
  std::vector<const Event *> Readers;
  for (const Event &W : G.Events)
    if (passesOnDecrease(W))
      Readers.push_back(&W);
  for (Event &N : G.Events)
    if (negativeAdd(N))
      for (const Event *W : Readers)
        if (cells::mayShareCell(N, *W)) {
          N.DecreaseSignals = true;
          break;
        }
}

} // namespace commcheck
