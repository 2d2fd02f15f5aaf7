#include "CollectiveRegistry.h"

#include "MeshAllReduce.h"
#include "PushAllGather.h"
#include "RingAllReduce.h"

namespace commgen {

const std::vector<std::unique_ptr<Collective>> &allCollectives() {
  static const std::vector<std::unique_ptr<Collective>> Registry = [] {
    std::vector<std::unique_ptr<Collective>> R;
    R.push_back(std::make_unique<MeshAllReduce>());
    R.push_back(std::make_unique<RingAllReduce>());
    R.push_back(std::make_unique<PushAllGather>(/*Async=*/false));
    R.push_back(std::make_unique<PushAllGather>(/*Async=*/true));
    return R;
  }();
  return Registry;
}

const Collective *findCollective(const std::string &Name) {
  for (const auto &C : allCollectives())
    if (C->name() == Name)
      return C.get();
  return nullptr;
}

} // namespace commgen
