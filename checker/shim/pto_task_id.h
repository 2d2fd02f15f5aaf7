// pto_task_id.h -- commcheck shim of simpler's src/common/task_interface/pto_task_id.h: the 8-byte task id
// the runtime ABI structs carry (ring id in the high half, ring-local id in the low half). Data only.
// A build's own header of this name is read instead unless it is the real one (frontend/ShimStandIn.h):
// stands-in-for: task_interface/pto_task_id.h; declares: PTO2TaskId
#pragma once

#include <cstdint>

struct PTO2TaskId {
    uint64_t raw;
};
