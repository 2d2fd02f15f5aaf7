#include "analyses/PathSearch.h"
#include "analyses/BudgetExceeded.h"

namespace commcheck {

namespace {
/// Scans block B from index I: the found event id, -2 when the path stops, -1 when it goes on.
int scan(const EventGraph &G, unsigned B, size_t I, llvm::function_ref<PathStep(const Event &)> Visit) {
  const std::vector<unsigned> &Evs = G.Blocks[B].Events;
  for (; I < Evs.size(); ++I) {
    PathStep S = Visit(G.Events[Evs[I]]);
    if (S == PathStep::Found)
      return Evs[I];
    if (S == PathStep::Stop)
      return -2;
  }
  return -1;
}
} // namespace

llvm::Expected<int> searchPaths(const EventGraph &G, int From, unsigned long &Steps,
                                llvm::function_ref<PathStep(const Event &)> Visit,
                                llvm::function_ref<bool(unsigned)> Enter) {
  if (G.Blocks.empty())
    return -1;
  std::vector<bool> Seen(G.Blocks.size(), false);
  std::vector<unsigned> Work;
  if (From >= 0) {
    auto [B, I] = G.position(From);
    int X = scan(G, B, I + 1, Visit);
    if (X >= 0)
      return X;
    if (X == -1)
      Work.insert(Work.end(), G.Blocks[B].Succs.begin(), G.Blocks[B].Succs.end());
  } else {
    Work.push_back(G.Entry);
  }
  while (!Work.empty()) {
    unsigned B = Work.back();
    Work.pop_back();
    if (Seen[B])
      continue;
    Seen[B] = true;
    if (Steps == 0)
      return llvm::make_error<BudgetExceeded>();
    --Steps;
    if (!Enter(B))
      continue;
    int X = scan(G, B, 0, Visit);
    if (X >= 0)
      return X;
    if (X == -1)
      Work.insert(Work.end(), G.Blocks[B].Succs.begin(), G.Blocks[B].Succs.end());
  }
  return -1;
}

} // namespace commcheck
