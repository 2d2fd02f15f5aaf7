// hccl/hccl_comm.h -- commcheck shim of CANN HCCL's communicator API (CANN include/hccl/hccl_comm.h;
// hicann/hcomm): create / query / barrier / destroy a communicator. HOST API only.
#pragma once

#include "acl/acl.h"
#include "hccl/hccl_types.h"

#ifdef __cplusplus
extern "C" {
#endif

HcclResult HcclGetRootInfo(HcclRootInfo *rootInfo);
HcclResult HcclCommInitRootInfo(uint32_t nRanks, const HcclRootInfo *rootInfo, uint32_t rank, HcclComm *comm);
HcclResult HcclGetCommName(HcclComm comm, char *commName);
HcclResult HcclGetRankSize(HcclComm comm, uint32_t *rankSize);
HcclResult HcclGetRankId(HcclComm comm, uint32_t *rank);
HcclResult HcclBarrier(HcclComm comm, aclrtStream stream);
HcclResult HcclCommDestroy(HcclComm comm);

#ifdef __cplusplus
}
#endif
