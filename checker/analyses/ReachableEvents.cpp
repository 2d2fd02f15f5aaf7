#include "analyses/ReachableEvents.h"
#include "analyses/AnalysisManager.h"

namespace commcheck {

char ReachableEvents::ID;

llvm::Expected<ReachableEvents::Result> ReachableEvents::compute(AnalysisManager &AM) {
  return find(AM.graph());
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
