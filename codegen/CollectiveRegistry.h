// The collectives commgen knows, in --list order.
#pragma once

#include "Collective.h"

#include <memory>
#include <vector>

namespace commgen {

const std::vector<std::unique_ptr<Collective>> &allCollectives();
const Collective *findCollective(const std::string &Name);

} // namespace commgen
