// tensor.h -- commcheck shim of the simpler/pypto runtime tensor ABI (the `args` a kernel entry receives).
#ifndef COMMCHECK_TENSOR_H
#define COMMCHECK_TENSOR_H

#include <cstddef>
#include <cstdint>

constexpr uint32_t MAX_TENSOR_DIMS = 5;

struct PTOBufferHandle {
    uint64_t addr; // device address, bytes
    uint64_t size; // bytes
};

enum class DataType : uint8_t {
    FLOAT32,
    FLOAT16,
    BFLOAT16,
    INT8,
    INT16,
    INT32,
    INT64,
    UINT8,
    UINT16,
    UINT32,
    UINT64,
    BOOL,
};

enum class AddressSpace : uint8_t {
    HOST,
    DEVICE,
};

struct ChipTensor {
    PTOBufferHandle buffer;
    uint64_t owner_task_id;
    uint64_t start_offset; // element offset of the view origin into `buffer`
    uint32_t shapes[MAX_TENSOR_DIMS];
    uint32_t strides[MAX_TENSOR_DIMS];
    uint32_t ndims;
    DataType dtype;
    AddressSpace address_space;
};

// The older name of the same struct.
using Tensor = ChipTensor;

#endif // COMMCHECK_TENSOR_H
