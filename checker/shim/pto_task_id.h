// pto_task_id.h -- commcheck shim of simpler's src/common/task_interface/pto_task_id.h: the 8-byte task id
// the runtime ABI structs carry (ring id in the high half, ring-local id in the low half), and its validity
// tests. Declarations only.
// A build's own header of this name is read instead unless it is the real one (frontend/ShimStandIn.h):
// stands-in-for: task_interface/pto_task_id.h; declares: PTO2TaskId
#pragma once

#include <cstdint>

struct PTO2TaskId {
    uint64_t raw;

    // The id no task has, and whether this one is (not) it.
    static PTO2TaskId invalid();
    bool is_valid() const;
    bool is_invalid() const;
};
