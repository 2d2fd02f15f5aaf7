// pto/common/utils.hpp -- commcheck shim of pto-isa include/pto/common/utils.hpp (nothing kernels use
// directly).
#pragma once

#include "pto/common/type.hpp"
