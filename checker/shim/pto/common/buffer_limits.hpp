// pto/common/buffer_limits.hpp -- commcheck shim of pto-isa include/pto/common/buffer_limits.hpp: the
// on-chip buffer capacities and alignments (bytes) of the NPU family selected by PTO_NPU_ARCH_* (see
// pto/common/arch_macro.hpp); every macro can be overridden with -D, as in pto-isa.
//
// One difference: where pto-isa stops with #error because no family is selected, the shim uses the A2/A3
// values, so that a kernel parsed without -DPTO_NPU_ARCH_* (or __NPU_ARCH__) is still analysed.
#pragma once

#include <cstddef>

#ifndef PTO_UBUF_ALIGN_BYTES
#define PTO_UBUF_ALIGN_BYTES 32u
#endif
#ifndef PTO_UBUF_SIZE_BYTES
#if defined(PTO_NPU_ARCH_A5)
#define PTO_UBUF_SIZE_BYTES (256u * 1024u)
#elif defined(PTO_NPU_ARCH_A6)
#define PTO_UBUF_SIZE_BYTES (256u * 1024u)
#elif defined(PTO_NPU_ARCH_KIRIN9030)
#define PTO_UBUF_SIZE_BYTES (128u * 1024u)
#elif defined(PTO_NPU_ARCH_KIRINX90)
#define PTO_UBUF_SIZE_BYTES (128u * 1024u)
#elif defined(PTO_NPU_ARCH_KIRINDEV0000)
#define PTO_UBUF_SIZE_BYTES (128u * 1024u)
#else // PTO_NPU_ARCH_A2A3, or no family selected
#define PTO_UBUF_SIZE_BYTES (192u * 1024u)
#endif
#endif
#ifndef PTO_CBUF_ALIGN_BYTES
#define PTO_CBUF_ALIGN_BYTES 32u
#endif
#ifndef PTO_CBUF_SIZE_BYTES
#if defined(PTO_NPU_ARCH_A5)
#define PTO_CBUF_SIZE_BYTES (512u * 1024u)
#elif defined(PTO_NPU_ARCH_A6)
#define PTO_CBUF_SIZE_BYTES (512u * 1024u)
#elif defined(PTO_NPU_ARCH_KIRIN9030)
#define PTO_CBUF_SIZE_BYTES (512u * 1024u)
#elif defined(PTO_NPU_ARCH_KIRINX90)
#define PTO_CBUF_SIZE_BYTES (1024u * 1024u)
#elif defined(PTO_NPU_ARCH_KIRINDEV0000)
#define PTO_CBUF_SIZE_BYTES (1536u * 1024u)
#else // PTO_NPU_ARCH_A2A3, or no family selected
#define PTO_CBUF_SIZE_BYTES (512u * 1024u)
#endif
#endif
#ifndef PTO_L0A_ALIGN_BYTES
#define PTO_L0A_ALIGN_BYTES 32u
#endif
#ifndef PTO_L0A_SIZE_BYTES
#if defined(PTO_NPU_ARCH_A5)
#define PTO_L0A_SIZE_BYTES (64u * 1024u)
#elif defined(PTO_NPU_ARCH_A6)
#define PTO_L0A_SIZE_BYTES (64u * 1024u)
#elif defined(PTO_NPU_ARCH_KIRIN9030)
#define PTO_L0A_SIZE_BYTES (32u * 1024u)
#elif defined(PTO_NPU_ARCH_KIRINX90)
#define PTO_L0A_SIZE_BYTES (64u * 1024u)
#elif defined(PTO_NPU_ARCH_KIRINDEV0000)
#define PTO_L0A_SIZE_BYTES 0u
#else // PTO_NPU_ARCH_A2A3, or no family selected
#define PTO_L0A_SIZE_BYTES (64u * 1024u)
#endif
#endif
#ifndef PTO_L0B_ALIGN_BYTES
#define PTO_L0B_ALIGN_BYTES 32u
#endif
#ifndef PTO_L0B_SIZE_BYTES
#if defined(PTO_NPU_ARCH_A5)
#define PTO_L0B_SIZE_BYTES (64u * 1024u)
#elif defined(PTO_NPU_ARCH_A6)
#define PTO_L0B_SIZE_BYTES (64u * 1024u)
#elif defined(PTO_NPU_ARCH_KIRIN9030)
#define PTO_L0B_SIZE_BYTES (32u * 1024u)
#elif defined(PTO_NPU_ARCH_KIRINX90)
#define PTO_L0B_SIZE_BYTES (64u * 1024u)
#elif defined(PTO_NPU_ARCH_KIRINDEV0000)
#define PTO_L0B_SIZE_BYTES (128u * 1024u)
#else // PTO_NPU_ARCH_A2A3, or no family selected
#define PTO_L0B_SIZE_BYTES (64u * 1024u)
#endif
#endif
#ifndef PTO_L0C_ALIGN_BYTES
#define PTO_L0C_ALIGN_BYTES 32u
#endif
#ifndef PTO_L0C_SIZE_BYTES
#if defined(PTO_NPU_ARCH_A5)
#define PTO_L0C_SIZE_BYTES (256u * 1024u)
#elif defined(PTO_NPU_ARCH_A6)
#define PTO_L0C_SIZE_BYTES (256u * 1024u)
#elif defined(PTO_NPU_ARCH_KIRIN9030)
#define PTO_L0C_SIZE_BYTES (64u * 1024u)
#elif defined(PTO_NPU_ARCH_KIRINX90)
#define PTO_L0C_SIZE_BYTES (128u * 1024u)
#elif defined(PTO_NPU_ARCH_KIRINDEV0000)
#define PTO_L0C_SIZE_BYTES 0u
#else // PTO_NPU_ARCH_A2A3, or no family selected
#define PTO_L0C_SIZE_BYTES (128u * 1024u)
#endif
#endif
#ifndef PTO_BIAS_ALIGN_BYTES
#define PTO_BIAS_ALIGN_BYTES 32u
#endif
#ifndef PTO_BIAS_SIZE_BYTES
#if defined(PTO_NPU_ARCH_A5)
#define PTO_BIAS_SIZE_BYTES (4u * 1024u)
#elif defined(PTO_NPU_ARCH_A6)
#define PTO_BIAS_SIZE_BYTES (4u * 1024u)
#elif defined(PTO_NPU_ARCH_KIRIN9030)
#define PTO_BIAS_SIZE_BYTES (1u * 1024u)
#elif defined(PTO_NPU_ARCH_KIRINX90)
#define PTO_BIAS_SIZE_BYTES (1u * 1024u)
#elif defined(PTO_NPU_ARCH_KIRINDEV0000)
#define PTO_BIAS_SIZE_BYTES (1u * 1024u)
#else // PTO_NPU_ARCH_A2A3, or no family selected
#define PTO_BIAS_SIZE_BYTES (1u * 1024u)
#endif
#endif
#ifndef PTO_FBUF_ALIGN_BYTES
#define PTO_FBUF_ALIGN_BYTES 32u
#endif
#ifndef PTO_FBUF_SIZE_BYTES
#if defined(PTO_NPU_ARCH_A5)
#define PTO_FBUF_SIZE_BYTES (4u * 1024u)
#elif defined(PTO_NPU_ARCH_A6)
#define PTO_FBUF_SIZE_BYTES (4u * 1024u)
#elif defined(PTO_NPU_ARCH_KIRIN9030)
#define PTO_FBUF_SIZE_BYTES (7u * 1024u)
#elif defined(PTO_NPU_ARCH_KIRINX90)
#define PTO_FBUF_SIZE_BYTES (6u * 1024u)
#elif defined(PTO_NPU_ARCH_KIRINDEV0000)
#define PTO_FBUF_SIZE_BYTES 0u
#else // PTO_NPU_ARCH_A2A3, or no family selected
#define PTO_FBUF_SIZE_BYTES (2u * 1024u)
#endif
#endif
#ifndef PTO_SCALELEFT_SIZE_BYTES
#if defined(PTO_NPU_ARCH_A5)
#define PTO_SCALELEFT_SIZE_BYTES (4u * 1024u)
#elif defined(PTO_NPU_ARCH_A6)
#define PTO_SCALELEFT_SIZE_BYTES (4u * 1024u)
#elif defined(PTO_NPU_ARCH_KIRIN9030)
#define PTO_SCALELEFT_SIZE_BYTES 0u
#elif defined(PTO_NPU_ARCH_KIRINX90)
#define PTO_SCALELEFT_SIZE_BYTES 0u
#elif defined(PTO_NPU_ARCH_KIRINDEV0000)
#define PTO_SCALELEFT_SIZE_BYTES 0u
#else // PTO_NPU_ARCH_A2A3, or no family selected
#define PTO_SCALELEFT_SIZE_BYTES 0u
#endif
#endif
#ifndef PTO_SCALERIGHT_SIZE_BYTES
#if defined(PTO_NPU_ARCH_A5)
#define PTO_SCALERIGHT_SIZE_BYTES (4u * 1024u)
#elif defined(PTO_NPU_ARCH_A6)
#define PTO_SCALERIGHT_SIZE_BYTES (4u * 1024u)
#elif defined(PTO_NPU_ARCH_KIRIN9030)
#define PTO_SCALERIGHT_SIZE_BYTES 0u
#elif defined(PTO_NPU_ARCH_KIRINX90)
#define PTO_SCALERIGHT_SIZE_BYTES 0u
#elif defined(PTO_NPU_ARCH_KIRINDEV0000)
#define PTO_SCALERIGHT_SIZE_BYTES 0u
#else // PTO_NPU_ARCH_A2A3, or no family selected
#define PTO_SCALERIGHT_SIZE_BYTES 0u
#endif
#endif
