// acl/acl.h -- commcheck shim of CANN AscendCL's umbrella header (CANN include/acl/acl.h). HOST API.
#pragma once

#include "acl/acl_base.h"
#include "acl/acl_rt.h"
