// commcheck_predefs.h -- force-included (-include) before every translation unit the checker parses.
//
// It stands in for what the CCE device compiler (ccec / bisheng -xcce) provides without any #include: the
// address-space and kernel qualifiers, the tile-function argument annotations, and the CCE builtins (pipes,
// events, dcci, dsb, block index ...). Only names the device toolchain itself provides are defined here;
// every macro is guarded so that a user -D on the command line wins. fixtures/parse/check_macros.py lists
// every macro the shim defines against fixtures/parse/shim_macros.txt.
//
// __gm__ is deliberately a *type* attribute, not an empty macro: `noderef` survives into the AST as
// AttributedType sugar on the pointee, which is how the checker tells a GM pointer from a local one. Host
// code that passes ordinary pointers to __gm__ parameters still compiles (the conversion adds the
// attribute), and the checker passes -Wno-noderef so the dereference warnings stay quiet.
//
// Not defined here, on purpose: the core configuration (__DAV_VEC__ / __DAV_CUBE__, __CCE_AICORE__,
// __NPU_ARCH__) and PTO_URMA_SUPPORTED, which the driver passes as -D; __CPU_SIM (kernels redefine dcci/dsb
// under it); AICORE (pto-isa's pto/common/type.hpp defines it, so it exists only once a pto header is in).
#pragma once

#ifndef __gm__
#define __gm__ __attribute__((noderef))
#endif
// Kernel qualifiers. `[aicore]` (what kernels' own fallbacks spell) is not C++, so these are empty.
#ifndef __aicore__
#define __aicore__
#endif
#ifndef __global__
#define __global__
#endif

// Other CCE address-space qualifiers: on-chip buffers, not GM. They are the same `noderef` sugar,
// told apart from __gm__ by the name of the macro they were spelled with, so that a pointer a tile
// hands out (`__ubuf__ T *`) is known not to be GM even where its element type is a template
// argument.
#ifndef __ubuf__
#define __ubuf__ __attribute__((noderef))
#endif
#ifndef __cbuf__
#define __cbuf__ __attribute__((noderef))
#endif
#ifndef __ca__
#define __ca__ __attribute__((noderef))
#endif
#ifndef __cb__
#define __cb__ __attribute__((noderef))
#endif
#ifndef __cc__
#define __cc__ __attribute__((noderef))
#endif
#ifndef __fbuf__
#define __fbuf__ __attribute__((noderef))
#endif
// a5's scalar shared buffer (SSBuf: the cube and vector cores' control words).
#ifndef __ssbuf__
#define __ssbuf__ __attribute__((noderef))
#endif

// Tile-function argument direction annotations (PTO auto mode). Kernels put them on parameters, also on
// non-pointer ones (`__gm__ int32_t __in__ cmpValue` in the CPU-simulation tests).
#ifndef __in__
#define __in__
#endif
#ifndef __out__
#define __out__
#endif

#include "cce/cce_builtins.h"
