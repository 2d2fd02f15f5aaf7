#include "rules/RuleRegistry.h"
#include "rules/AsyncDrain.h"
#include "rules/BarrierReuse.h"
#include "rules/ConsumeInvalidate.h"
#include "rules/CounterBalance.h"
#include "rules/CrossCorePublish.h"
#include "rules/CrossRankRace.h"
#include "rules/CoreLacksPipe.h"
#include "rules/FlagBalance.h"
#include "rules/FlagIdentity.h"
#include "rules/FlushCoverage.h"
#include "rules/PerWaitDcci.h"
#include "rules/PreNotifyBarrier.h"
#include "rules/PublishBeforeNotify.h"
#include "rules/PublishFence.h"
#include "rules/ReadCompleteDrain.h"
#include "rules/RedundantInvalidate.h"
#include "rules/SetTwice.h"
#include "rules/SignalProtocol.h"
#include "rules/SpinWaitInvalidate.h"
#include "rules/UnreachableWait.h"
#include "rules/Unanalysable.h"

namespace commcheck {

RuleRegistry::RuleRegistry() {
  Rules.push_back(std::make_unique<PublishBeforeNotify>());
  Rules.push_back(std::make_unique<PublishFence>());
  Rules.push_back(std::make_unique<CrossCorePublish>());
  Rules.push_back(std::make_unique<ReadCompleteDrain>());
  Rules.push_back(std::make_unique<ConsumeInvalidate>());
  Rules.push_back(std::make_unique<SpinWaitInvalidate>());
  Rules.push_back(std::make_unique<AsyncDrain>());
  Rules.push_back(std::make_unique<FlagBalance>());
  Rules.push_back(std::make_unique<FlagIdentity>());
  Rules.push_back(std::make_unique<CoreLacksPipe>());
  Rules.push_back(std::make_unique<SignalProtocol>());
  Rules.push_back(std::make_unique<FlushCoverage>());
  Rules.push_back(std::make_unique<BarrierReuse>());
  Rules.push_back(std::make_unique<CrossRankRace>());
  Rules.push_back(std::make_unique<UnreachableWait>());
  Rules.push_back(std::make_unique<CounterBalance>());
  Rules.push_back(std::make_unique<PerWaitDcci>());
  Rules.push_back(std::make_unique<PreNotifyBarrier>());
  Rules.push_back(std::make_unique<SetTwice>());
  Rules.push_back(std::make_unique<RedundantInvalidate>());
  Rules.push_back(std::make_unique<Unanalysable>());
}

const RuleRegistry &RuleRegistry::instance() {
  static const RuleRegistry R;
  return R;
}

std::vector<const Rule *> RuleRegistry::all() const {
  std::vector<const Rule *> Out;
  for (const auto &R : Rules)
    Out.push_back(R.get());
  return Out;
}

const Rule *RuleRegistry::find(const std::string &Id) const {
  for (const auto &R : Rules)
    if (R->info().Id == Id)
      return R.get();
  return nullptr;
}

} // namespace commcheck
