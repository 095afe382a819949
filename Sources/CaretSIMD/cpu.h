// What the processor offers the vector paths, asked once (private to CaretSIMD).
#ifndef CARET_SIMD_CPU_H
#define CARET_SIMD_CPU_H

#include <stdbool.h>

/// True on x86-64 processors with SSSE3 (the byte shuffle every vector path here uses); false
/// elsewhere. Asked of `cpuid` once, then remembered.
bool caret_simd_has_ssse3(void);

#endif
