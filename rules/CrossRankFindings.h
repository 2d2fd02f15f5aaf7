// How the cross-rank rules diagnose the cross-rank model: one finding per model finding of their
// kind, its witness in the ranks' lanes.
#pragma once
#include "crossrank/CrossRankModel.h"
#include "rules/RuleContext.h"

namespace commcheck {

/// Reports the model's findings of kind K.
void reportCrossRank(RuleContext &Ctx, CrossRankFinding::Kind K);

} // namespace commcheck
