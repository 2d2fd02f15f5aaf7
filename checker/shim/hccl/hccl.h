// hccl/hccl.h -- commcheck shim of CANN HCCL's umbrella header (CANN include/hccl/hccl.h). HOST API.
#pragma once

#include "hccl/hccl_types.h"
#include "hccl/hccl_comm.h"
