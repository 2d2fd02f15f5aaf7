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
      std::vector<bool> &Body = R.Bodies[H].Contains;
      Body.resize(G.Blocks.size(), false);
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
  for (auto &[H, Body] : R.Bodies)
    for (unsigned B = 0; B < Body.Contains.size(); ++B)
      if (Body.Contains[B])
        Body.Blocks.push_back(B);
  return R;
}

bool LoopBodies::Result::entersLoopDoing(unsigned B, unsigned Outside, const EventGraph &G,
                                         llvm::function_ref<bool(const Event &)> Pred) const {
  auto It = Bodies.find(B);
  if (It == Bodies.end() || It->second.Contains[Outside])
    return false;
  for (unsigned Blk : It->second.Blocks)
    for (unsigned Id : G.Blocks[Blk].Events)
      if (Pred(G.Events[Id]))
        return true;
  return false;
}

} // namespace commcheck
