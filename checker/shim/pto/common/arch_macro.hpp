// pto/common/arch_macro.hpp -- commcheck shim of pto-isa include/pto/common/arch_macro.hpp: the
// PTO_NPU_ARCH_* family macro (and PTO_URMA_SUPPORTED / PTO_COMM_NOT_SUPPORTED) derived from the
// compiler's __NPU_ARCH__, exactly as pto-isa derives them. Builds may also pass PTO_NPU_ARCH_* with -D
// (the pto-isa manual kernels do); the checker itself defines neither __NPU_ARCH__ nor a family.
#pragma once

#if defined(__NPU_ARCH__)
#if __NPU_ARCH__ == 2201
#ifndef PTO_NPU_ARCH_A2A3
#define PTO_NPU_ARCH_A2A3
#endif
#elif (__NPU_ARCH__ == 3101) || (__NPU_ARCH__ == 3510)
#ifndef PTO_NPU_ARCH_A5
#define PTO_NPU_ARCH_A5
#endif
#if (__NPU_ARCH__ == 3510) && !defined(PTO_URMA_SUPPORTED)
#define PTO_URMA_SUPPORTED
#endif
#elif __NPU_ARCH__ == 3113
#ifndef PTO_COMM_NOT_SUPPORTED
#define PTO_COMM_NOT_SUPPORTED
#endif
#ifndef PTO_NPU_ARCH_KIRIN9030
#define PTO_NPU_ARCH_KIRIN9030
#endif
#elif __NPU_ARCH__ == 3003
#ifndef PTO_COMM_NOT_SUPPORTED
#define PTO_COMM_NOT_SUPPORTED
#endif
#ifndef PTO_NPU_ARCH_KIRINX90
#define PTO_NPU_ARCH_KIRINX90
#endif
#elif __NPU_ARCH__ == 5101
#ifndef PTO_COMM_NOT_SUPPORTED
#define PTO_COMM_NOT_SUPPORTED
#endif
#ifndef PTO_NPU_ARCH_KIRINDEV0000
#define PTO_NPU_ARCH_KIRINDEV0000
#endif
#elif __NPU_ARCH__ == 9201
#ifndef PTO_COMM_NOT_SUPPORTED
#define PTO_COMM_NOT_SUPPORTED
#endif
#ifndef PTO_NPU_ARCH_A6
#define PTO_NPU_ARCH_A6
#endif
#endif
#endif
