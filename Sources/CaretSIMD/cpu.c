// The processor's features, read once with cpuid (x86-64); nothing elsewhere.
#include "cpu.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <pthread.h>

static pthread_once_t features_once = PTHREAD_ONCE_INIT;
static bool ssse3;

static void read_features(void) {
    unsigned a, b, c, d;
    ssse3 = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_SSSE3);
}

bool caret_simd_has_ssse3(void) {
    pthread_once(&features_once, read_features);
    return ssse3;
}

#else

bool caret_simd_has_ssse3(void) { return false; }

#endif
