// pto/comm/async/async_types.hpp -- commcheck shim of the header's location in older pto-isa (before the
// async types moved to pto/comm/async_common/async_types.hpp): forwards there.
#pragma once

#include "pto/comm/async_common/async_types.hpp"
