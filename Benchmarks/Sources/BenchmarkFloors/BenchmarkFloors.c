#include "BenchmarkFloors.h"

#include <time.h>

FILE *bench_floor_open_dev_null(void) {
    return fopen("/dev/null", "w");
}

uint64_t bench_floor_now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (uint64_t)time.tv_sec * 1000000000u + (uint64_t)time.tv_nsec;
}

void bench_floor_fprintf_json_pair(FILE *file, uint64_t *seq, const char *event, const char *controller,
    uint64_t id, uint32_t thread) {
    uint64_t begin = bench_floor_now();
    fprintf(file,
        "{\"seq\":%llu,\"ts\":%llu,\"event\":\"%s\",\"phase\":\"begin\",\"controller\":\"%s\",\"id\":\"0x%llx\","
        "\"animated\":true,\"thread\":%u}\n",
        (unsigned long long)++*seq, (unsigned long long)begin, event, controller, (unsigned long long)id, thread);
    uint64_t end = bench_floor_now();
    fprintf(file,
        "{\"seq\":%llu,\"ts\":%llu,\"event\":\"%s\",\"phase\":\"end\",\"controller\":\"%s\",\"id\":\"0x%llx\","
        "\"animated\":true,\"dur_ns\":%llu,\"thread\":%u}\n",
        (unsigned long long)++*seq, (unsigned long long)end, event, controller, (unsigned long long)id,
        (unsigned long long)(end - begin), thread);
}
