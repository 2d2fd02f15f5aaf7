#include "analyses/PipeDrains.h"
#include "analyses/AnalysisManager.h"

namespace commcheck {

char PipeDrains::ID = 0;

PipeDrains::Result PipeDrains::find(const EventGraph &G) {
  Result R{std::vector<PipeSet>(G.Events.size(), 0)};
  for (const EventBlock &B : G.Blocks)
    for (size_t I = 0; I < B.Events.size(); ++I) {
      const Event &E = G.Events[B.Events[I]];
      if (E.Kind == EventKind::Drain) {
        R.Drained[E.Id] = E.Pipe;
      } else if (E.Kind == EventKind::WaitFlag && E.FlagDst == pipe::S && E.FlagSrc && I > 0) {
        const Event &Before = G.Events[B.Events[I - 1]];
        if (Before.Kind == EventKind::SetFlag && Before.FlagKey == E.FlagKey)
          R.Drained[E.Id] = E.FlagSrc;
      }
    }
  return R;
}

llvm::Expected<PipeDrains::Result> PipeDrains::compute(AnalysisManager &AM) { return find(AM.graph()); }

} // namespace commcheck
