/*
 * For SolverProbe under callgrind: the probe builds its system with instrumentation off
 * (`valgrind --tool=callgrind --instr-atstart=no`, about 4x slower than native instead of 50x) and
 * turns it on before the measured loop. Without valgrind's headers (its Debian package ships
 * them), starting is a no-op and such a run counts nothing: run the probe with instrumentation
 * from the start then.
 */
#ifndef PROBE_SUPPORT_H
#define PROBE_SUPPORT_H

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define PROBE_HAS_CALLGRIND 1
#endif
#endif

/** Turns callgrind's instrumentation on (a no-op outside valgrind). */
static inline void probe_start_instrumentation(void) {
#ifdef PROBE_HAS_CALLGRIND
    CALLGRIND_START_INSTRUMENTATION;
#endif
}

#endif
