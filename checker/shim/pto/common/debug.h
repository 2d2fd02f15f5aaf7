// pto/common/debug.h -- commcheck shim of pto-isa include/pto/common/debug.h: the assertion macro.
// pto-isa checks the condition (and traps) only with _DEBUG; the checker never evaluates it.
#pragma once

#include "pto/common/type.hpp"

#ifndef PTO_ASSERT
#define PTO_ASSERT(...) ((void)0)
#endif
