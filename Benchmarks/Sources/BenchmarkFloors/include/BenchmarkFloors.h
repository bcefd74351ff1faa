/*
 * The floors of the hook-cost benchmarks: the bare C work a path is compared with, measured in the
 * same run. The inline tracepoint state check and the C tracepoint call come from the provider
 * itself (LifetraceTracepoints, linked once, through LifetraceLTTng); this target holds the rest.
 */
#ifndef BENCHMARK_FLOORS_H
#define BENCHMARK_FLOORS_H

#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/** /dev/null opened for writing with stdio's default (full) buffering; NULL on failure. */
FILE *bench_floor_open_dev_null(void);

/**
 * The JSON-lines floor for one begin/end pair: for each record, a CLOCK_MONOTONIC timestamp and one
 * `fprintf` of the same line Lifetrace's JSON-lines sink writes (same keys, same order; the end
 * record carries `dur_ns`). `seq` is advanced by two.
 */
void bench_floor_fprintf_json_pair(FILE *file, uint64_t *seq, const char *event, const char *controller,
    uint64_t id, uint32_t thread);

/** A CLOCK_MONOTONIC timestamp in nanoseconds (the call the JSON floor makes per record). */
uint64_t bench_floor_now(void);

#ifdef __cplusplus
}
#endif

#endif /* BENCHMARK_FLOORS_H */
