// pto/common/memory.hpp -- commcheck shim of pto-isa include/pto/common/memory.hpp. pto-isa maps tile
// locations to address-space qualifiers here; the shim's tiles carry plain element pointers, so only the
// location enums (pto/common/type.hpp) are needed.
#pragma once

#include "pto/common/type.hpp"
