// commcheck_predefs.h -- force-included (-include) before every translation unit the checker parses.
//
// It stands in for what the CCE device compiler provides without any #include: the address-space and
// kernel qualifiers, and the CCE builtins (pipes, events, dcci, dsb, block index ...). Every definition is
// guarded so that a user -D on the command line wins.
//
// __gm__ is deliberately a *type* attribute, not an empty macro: `noderef` survives into the AST as
// AttributedType sugar on the pointee, which is how the checker tells a GM pointer from a local one. Host
// code that passes ordinary pointers to __gm__ parameters still compiles (the conversion adds the
// attribute), and the checker passes -Wno-noderef so the dereference warnings stay quiet.
//
// Not defined here, on purpose: __DAV_VEC__, __CCE_AICORE__, PTO_URMA_SUPPORTED (the driver passes them
// as -D so a user can -U them), __CPU_SIM (kernels redefine dcci/dsb under it), and PIPE_FIX (kernels
// #define it themselves; pto/pto-inst.hpp supplies a fallback).
#ifndef COMMCHECK_PREDEFS_H
#define COMMCHECK_PREDEFS_H

#ifndef __gm__
#define __gm__ __attribute__((noderef))
#endif
#ifndef __aicore__
#define __aicore__
#endif
#ifndef AICORE
#define AICORE
#endif
#ifndef __global__
#define __global__
#endif

// Other CCE address-space qualifiers: local buffers, not GM, so they carry no marker.
#ifndef __ubuf__
#define __ubuf__
#endif
#ifndef __cbuf__
#define __cbuf__
#endif
#ifndef __ca__
#define __ca__
#endif
#ifndef __cb__
#define __cb__
#endif
#ifndef __cc__
#define __cc__
#endif
#ifndef __fbuf__
#define __fbuf__
#endif

#include "cce/cce_builtins.h"

#endif // COMMCHECK_PREDEFS_H
