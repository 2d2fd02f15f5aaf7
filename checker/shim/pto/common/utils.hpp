// pto/common/utils.hpp -- commcheck shim (nothing kernels use directly).
#ifndef COMMCHECK_PTO_COMMON_UTILS_HPP
#define COMMCHECK_PTO_COMMON_UTILS_HPP
#include "pto/common/type.hpp"
#endif
