#include "CollectiveRegistry.h"

#include "AllToAll.h"
#include "AllToAllV.h"
#include "Broadcast.h"
#include "DeviceBarrier.h"
#include "MeshAllReduce.h"
#include "ReduceScatter.h"
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
    R.push_back(std::make_unique<ReduceScatter>());
    R.push_back(std::make_unique<Broadcast>());
    R.push_back(std::make_unique<AllToAll>());
    R.push_back(std::make_unique<AllToAllV>());
    R.push_back(std::make_unique<DeviceBarrier>());
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
