// pto/comm/async/async_types.hpp -- commcheck shim: forwards to comm_types.hpp.
#ifndef COMMCHECK_PTO_COMM_ASYNC_ASYNC_TYPES_HPP
#define COMMCHECK_PTO_COMM_ASYNC_ASYNC_TYPES_HPP
#include "pto/comm/comm_types.hpp"
#endif
