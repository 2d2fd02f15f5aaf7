// pto/common/cpu_stub.hpp -- commcheck shim of pto-isa include/pto/common/cpu_stub.hpp, the host stubs a
// CPU-simulation build (-D__CPU_SIM) gets through pto/pto-inst.hpp: the AscendCL calls its test drivers
// make (in pto-isa, inline stubs over malloc/memcpy), with the stub's plain-int signatures. HOST API.
//
// pto-isa's stub also redefines the address-space qualifiers and the CCE builtins for the host; the shim
// keeps its device declarations (commcheck_predefs.h), so that the checker sees the same kernel either way.
#pragma once

#include <cstddef>
#include <cstdint>

#include "pto/common/type.hpp"

typedef void *aclrtStream;

enum {
    ACL_MEM_MALLOC_HUGE_FIRST = 0,
    ACL_MEMCPY_HOST_TO_DEVICE = 0,
    ACL_MEMCPY_DEVICE_TO_HOST = 1,
    ACL_MEMCPY_DEVICE_TO_DEVICE = 2,
};

int aclInit(const char *configPath);
int aclFinalize();
int aclrtSetDevice(int deviceId);
int aclrtResetDevice(int deviceId);
int aclrtCreateStream(aclrtStream *stream);
int aclrtDestroyStream(aclrtStream stream);
int aclrtSynchronizeStream(aclrtStream stream);
int aclrtMallocHost(void **ptr, size_t size);
int aclrtMalloc(void **ptr, size_t size, int policy);
int aclrtFree(void *ptr);
int aclrtFreeHost(void *ptr);
int aclrtMemcpy(void *dst, size_t dstMax, const void *src, size_t count, int kind);
int aclrtMemset(void *dst, size_t dstMax, int value, size_t count);
