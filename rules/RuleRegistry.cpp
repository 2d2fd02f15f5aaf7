#include "RuleRegistry.h"
#include "AsyncDrain.h"
#include "ConsumeInvalidate.h"
#include "FlagBalance.h"
#include "PerWaitDcci.h"
#include "PreNotifyBarrier.h"
#include "PublishBeforeNotify.h"
#include "ReadCompleteDrain.h"
#include "RedundantInvalidate.h"
#include "SignalProtocol.h"
#include "Unanalysable.h"

namespace commcheck {

RuleRegistry::RuleRegistry() {
  Rules.push_back(std::make_unique<PublishBeforeNotify>());
  Rules.push_back(std::make_unique<ReadCompleteDrain>());
  Rules.push_back(std::make_unique<ConsumeInvalidate>());
  Rules.push_back(std::make_unique<AsyncDrain>());
  Rules.push_back(std::make_unique<FlagBalance>());
  Rules.push_back(std::make_unique<SignalProtocol>());
  Rules.push_back(std::make_unique<PerWaitDcci>());
  Rules.push_back(std::make_unique<PreNotifyBarrier>());
  Rules.push_back(std::make_unique<RedundantInvalidate>());
  Rules.push_back(std::make_unique<Unanalysable>());
}

const RuleRegistry &RuleRegistry::instance() {
  static const RuleRegistry R;
  return R;
}

const Rule *RuleRegistry::find(const std::string &Id) const {
  for (const auto &R : Rules)
    if (R->info().Id == Id)
      return R.get();
  return nullptr;
}

} // namespace commcheck
