#include "analyses/LoopBodies.h"
#include "analyses/AnalysisManager.h"

namespace commcheck {

char LoopBodies::ID;

llvm::Expected<LoopBodies::Result> LoopBodies::compute(AnalysisManager &AM) {
  return find(AM.graph());
}

LoopBodies::Result LoopBodies::find(const EventGraph &G) {
  Result R;
  for (unsigned T = 0; T < G.Blocks.size(); ++T)
    for (size_t K = 0; K < G.Blocks[T].Succs.size(); ++K) {
      if (K >= G.Blocks[T].BackEdge.size() || !G.Blocks[T].BackEdge[K])
        continue;
      unsigned H = G.Blocks[T].Succs[K];
      std::vector<bool> &Body =
          R.Bodies.try_emplace(H, std::vector<bool>(G.Blocks.size(), false)).first->second;
      Body[H] = true;
      std::vector<unsigned> Work;
      if (!Body[T]) {
        Body[T] = true;
        Work.push_back(T);
      }
      while (!Work.empty()) { // every block that reaches the latch without passing the header
        unsigned B = Work.back();
        Work.pop_back();
        for (unsigned P : G.Blocks[B].Preds)
          if (!Body[P]) {
            Body[P] = true;
            Work.push_back(P);
          }
      }
    }
  return R;
}

bool LoopBodies::Result::entersLoopDoing(unsigned B, unsigned Outside, const EventGraph &G,
                                         llvm::function_ref<bool(const Event &)> Pred) const {
  auto It = Bodies.find(B);
  if (It == Bodies.end() || It->second[Outside])
    return false;
  for (unsigned Blk = 0; Blk < It->second.size(); ++Blk)
    if (It->second[Blk])
      for (unsigned Id : G.Blocks[Blk].Events)
        if (Pred(G.Events[Id]))
          return true;
  return false;
}

} // namespace commcheck
