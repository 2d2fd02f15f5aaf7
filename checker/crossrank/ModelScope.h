// Which kernel entries the cross-rank model runs (docs/cross-rank.md, "Launch").
#pragma once
#include "crossrank/CrossRankModel.h"
#include <optional>

namespace commcheck {

/// The result for an entry the model does not run at all: one that neither signals nor reads
/// memory, or one whose launch arguments the user says may share memory (--may-alias). None
/// where the model runs it.
std::optional<CrossRankModel::Result> notModelled(AnalysisManager &AM);

} // namespace commcheck
