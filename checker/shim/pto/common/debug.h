// pto/common/debug.h -- commcheck shim (assertion macros live in type.hpp).
#ifndef COMMCHECK_PTO_COMMON_DEBUG_H
#define COMMCHECK_PTO_COMMON_DEBUG_H
#include "pto/common/type.hpp"
#endif
