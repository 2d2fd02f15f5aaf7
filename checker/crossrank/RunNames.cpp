#include "crossrank/RunNames.h"
#include "llvm/ADT/StringMap.h"
#include <algorithm>

namespace commcheck {

RunNames::RunNames(const SpmdRun &Run) {
  // One entry per distinct text; each op's slot points at it until the entries are numbered.
  // A buffer is mostly unnamed or named as its root: those take no look-up of their own.
  llvm::StringMap<unsigned> Texts;
  std::vector<llvm::StringMapEntry<unsigned> *> RootOf, BufferOf;
  auto *Empty = &*Texts.try_emplace("", 0).first;
  for (const RankTrace &T : Run.Ranks) {
    Start.push_back(RootOf.size());
    for (const RankOp &O : T.Ops) {
      RootOf.push_back(&*Texts.try_emplace(O.Mem.Root, 0).first);
      BufferOf.push_back(O.Mem.Buffer.empty()         ? Empty
                         : O.Mem.Buffer == O.Mem.Root ? RootOf.back()
                                                      : &*Texts.try_emplace(O.Mem.Buffer, 0).first);
    }
  }
  std::vector<llvm::StringMapEntry<unsigned> *> Sorted;
  Sorted.reserve(Texts.size());
  for (auto &E : Texts)
    Sorted.push_back(&E);
  // std::string's order: bytes compared as unsigned char, a prefix first (StringRef's compare).
  std::sort(Sorted.begin(), Sorted.end(),
            [](const auto *L, const auto *R) { return L->getKey() < R->getKey(); });
  for (unsigned N = 0; N < Sorted.size(); ++N)
    Sorted[N]->second = N;
  Roots.reserve(RootOf.size());
  Buffers.reserve(BufferOf.size());
  for (auto *E : RootOf)
    Roots.push_back(E->second);
  for (auto *E : BufferOf)
    Buffers.push_back(E->second);
}

} // namespace commcheck
