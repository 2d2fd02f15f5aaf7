// tensor.h -- commcheck shim of the simpler/pypto runtime tensor ABI (simpler
// src/common/task_interface/tensor.h and data_type.h): the ChipTensor descriptors a kernel entry receives
// through its `args` table. Data only; the field layout is the runtime's (128 bytes, start_offset at 24,
// ndims at 36, shapes at 44, strides at 72).
// A build's own header of this name is read instead unless it is the real one (frontend/ShimStandIn.h):
// stands-in-for: task_interface/tensor.h; declares: ChipTensor
#pragma once

#include <cstddef>
#include <cstdint>

#include "pto_task_id.h"

constexpr int MAX_TENSOR_DIMS = 5;

enum class AddressSpace : uint8_t {
    HOST = 0,
    DEVICE = 1,
};

enum class DataType : uint8_t {
    FLOAT32,
    FLOAT16,
    INT32,
    INT16,
    INT8,
    UINT8,
    BFLOAT16,
    INT64,
    UINT64,
    UINT16,
    UINT32,
    BOOL,
    FP8E4M3FN,
    FP8E8M0,
    FP4E2M1,
    DATA_TYPE_NUM,
};

struct PTOBufferHandle {
    uint64_t addr; // device address, bytes
    uint64_t size; // bytes
};

enum class TensorArgType : int32_t {
    INPUT = 0,
    OUTPUT = 1,
    INOUT = 2,
    OUTPUT_EXISTING = 3,
    NO_DEP = 4,
};

struct alignas(64) ChipTensor {
    PTOBufferHandle buffer;
    PTO2TaskId owner_task_id;
    uint64_t start_offset; // element offset of the view origin into `buffer`
    int32_t version;
    uint32_t ndims;
    DataType dtype;
    bool manual_dep;
    bool is_contiguous;
    AddressSpace address_space;
    uint32_t shapes[MAX_TENSOR_DIMS];
    uint64_t extent_elem_cache;
    uint32_t strides[MAX_TENSOR_DIMS];
    uint8_t _pad_cl2[36];
};

// The name of the same descriptor before simpler renamed it (simpler 8860a31, "the GM-address-bearing
// Tensor to ChipTensor"); older kernels and pypto templates still spell it this way. (No `TaskTensor`
// ever existed in simpler or pypto; the name before `Tensor` was `TensorDescriptor`, a different layout.)
using Tensor = ChipTensor;
