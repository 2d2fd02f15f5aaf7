// shmem.h -- commcheck shim of CANN SHMEM's API header (the package's shmem/include/shmem.h), which
// pto-isa's communication tests built against until March 2026 (SHMEM_HOME_PATH; the symmetric heap and
// the PE of a rank). Host API, plus the three device calls those kernels make: aclshmem_ptr (a peer's
// address of a symmetric-heap pointer), aclshmem_barrier_all and aclshmem_quiet (no body here: the checker
// treats them as unseen code that may signal, wait and touch any memory).
// A build's own header of this name is read instead unless it is the real one (frontend/ShimStandIn.h):
// stands-in-for: shmem/include/shmem.h; declares: aclshmemx_init_attr aclshmem_ptr
#pragma once

#include <cstddef>
#include <cstdint>

#include "acl/acl.h" // the package header brings the ACL runtime API with it (its host calls take aclrtStream)
#include "pto/common/type.hpp"

constexpr int ACLSHMEM_MAX_IP_PORT_LEN = 64;
constexpr int ACLSHMEM_UNIQUE_ID_BYTES = 128;

enum aclshmemx_init_flag { ACLSHMEMX_INIT_WITH_DEFAULT = 0, ACLSHMEMX_INIT_WITH_UNIQUEID = 1 };
enum aclshmem_data_op_engine { ACLSHMEM_DATA_OP_MTE = 0, ACLSHMEM_DATA_OP_SDMA = 1 };

struct aclshmemx_uniqueid_t {
    int32_t version;
    char internal[ACLSHMEM_UNIQUE_ID_BYTES];
};
#define ACLSHMEM_UNIQUEID_INITIALIZER {0, {0}}

struct aclshmem_init_optional_attr_t {
    int32_t version;
    int32_t data_op_engine_type;
    int32_t shm_init_timeout;
    int32_t shm_create_timeout;
    int32_t control_operation_timeout;
    int32_t sock_fd;
};

struct aclshmemx_init_attr_t {
    int32_t my_pe;
    int32_t n_pes;
    char ip_port[ACLSHMEM_MAX_IP_PORT_LEN];
    uint64_t local_mem_size;
    aclshmem_init_optional_attr_t option_attr;
    void *comm_args;
};

// Host: set-up, the symmetric heap, the rank's PE.
int aclshmemx_init_attr(int flag, aclshmemx_init_attr_t *attributes);
int aclshmemx_get_uniqueid(aclshmemx_uniqueid_t *uid);
int shmem_set_conf_store_tls(bool enable, const char *tlsInfo, uint32_t tlsInfoLen);
int shmem_finalize();
void *shmem_malloc(size_t size);
void shmem_free(void *ptr);
int shmem_my_pe();
int shmem_n_pes();

// Device.
AICORE __gm__ void *aclshmem_ptr(__gm__ void *ptr, int pe);
AICORE void aclshmem_barrier_all();
AICORE void aclshmem_quiet();
