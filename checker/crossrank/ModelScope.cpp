// Which kernel entries the cross-rank model runs (CONTRACT §6, "Launch"): every entry that
// signals or reads memory, unless the user declares that its launch arguments may share memory.
#include "crossrank/ModelScope.h"
#include "crossrank/ModelTrace.h"

namespace commcheck {

namespace {

/// The model places each launch argument in its own buffer; the user says they may share one.
CrossRankModel::Result argumentsMayAlias(AnalysisManager &AM) {
  CrossRankModel::Result R;
  R.Why = {"the user says launch arguments of the kernel may share memory (--may-alias), and the "
           "model takes distinct arguments for distinct buffers", AM.graph().FunctionLoc};
  traceModel(AM, R, 0, 0);
  return R;
}

/// Every entry that signals or reads memory is modelled: one that reads a peer's buffer with no
/// signal at all races with that peer's launch (CONTRACT §6).
bool signalsOrReads(const EventGraph &G) {
  for (const Event &E : G.Events)
    if (E.Kind == EventKind::Notify || E.Kind == EventKind::Wait || E.Kind == EventKind::TileLoad ||
        E.Kind == EventKind::ScalarLoad || E.Kind == EventKind::Put || E.Kind == EventKind::Get)
      return true;
  return false;
}

} // namespace

/// An entry the model does not run at all: none that signals or reads memory, or one whose
/// arguments the user says may share memory. None: the model runs it.
std::optional<CrossRankModel::Result> notModelled(AnalysisManager &AM) {
  const EventGraph &G = AM.graph();
  if (G.IsEntry && G.Decl && AM.ast() && AM.catalogue() && signalsOrReads(G))
    return G.ArgumentsMayAlias ? std::optional(argumentsMayAlias(AM)) : std::nullopt;
  CrossRankModel::Result R;
  R.Why.Why = "not a kernel entry that signals or reads memory";
  return R;
}

} // namespace commcheck
