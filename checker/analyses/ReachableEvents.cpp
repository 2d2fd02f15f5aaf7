#include "analyses/ReachableEvents.h"
#include "analyses/AnalysisManager.h"
#include "analyses/WitnessSearch.h"

namespace commcheck {

char ReachableEvents::ID;

llvm::Expected<ReachableEvents::Result> ReachableEvents::compute(AnalysisManager &AM) {
  const EventGraph &G = AM.graph();
  Result R = find(G);
  // Path facts rule out more: a branch whose test contradicts what the path assigned and tested.
  if (auto On = blocksOnPaths(AM))
    for (unsigned B = 0; B < G.Blocks.size(); ++B)
      if (!(*On)[B])
        for (unsigned E : G.Blocks[B].Events)
          R.Reached[E] = false;
  return R;
}

ReachableEvents::Result ReachableEvents::find(const EventGraph &G) {
  Result R;
  R.Reached.assign(G.Events.size(), false);
  if (G.Blocks.empty())
    return R;
  std::vector<bool> Seen(G.Blocks.size(), false);
  std::vector<unsigned> Work = {G.Entry};
  Seen[G.Entry] = true;
  while (!Work.empty()) {
    unsigned B = Work.back();
    Work.pop_back();
    for (unsigned E : G.Blocks[B].Events)
      R.Reached[E] = true;
    for (unsigned S : G.Blocks[B].Succs)
      if (!Seen[S]) {
        Seen[S] = true;
        Work.push_back(S);
      }
  }
  return R;
}

} // namespace commcheck
