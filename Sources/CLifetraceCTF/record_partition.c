/* Which of N readers of one trace keeps a record: record_partition.h. */
#include "record_partition.h"
#include <stdlib.h>

/* The codes of the hooks the partition treats apart, from tracepoints/hooks.def (the one list). */
enum {
#define LIFETRACE_HOOK(code, name, member, stem, shape, category, doc) PARTITION_HOOK_##member = code,
#include "../../tracepoints/hooks.def"
#undef LIFETRACE_HOOK
};

enum { PARTITION_SLOTS = 2 * RECORD_PARTITION_KEYS };

/* The share of a key, from a multiplicative hash of it (consecutive ids and threads spread). */
static uint64_t share_of(uint64_t key, uint64_t count) { return ((key * UINT64_C(0x94D049BB133111EB)) >> 32) % count; }

int record_partition_set(struct record_partition *partition, uint64_t index, uint64_t count) {
    if (count == 0 || index >= count) return 0;
    partition->index = index;
    partition->count = count;
    return 1;
}

/* The share of an interval key: its turn's when it has one (or gets one now), else its hash's. */
static uint64_t share_of_interval(struct record_partition *partition, uint64_t key) {
    if (partition->slots == NULL && partition->used == 0) {
        partition->slots = calloc(PARTITION_SLOTS, sizeof *partition->slots);
        if (partition->slots == NULL) partition->used = RECORD_PARTITION_KEYS; /* no memory: hash from now on */
    }
    if (partition->slots == NULL) return share_of(key, partition->count);
    /* Fibonacci hashing to a slot; the table is at most half full, so a probe ends at an empty slot. */
    size_t at = (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 51) & (PARTITION_SLOTS - 1);
    for (;; at = (at + 1) & (PARTITION_SLOTS - 1)) {
        struct record_partition_slot *slot = &partition->slots[at];
        if (slot->turn == 0) break;
        if (slot->key == key) return (slot->turn - 1) % partition->count;
    }
    if (partition->used >= RECORD_PARTITION_KEYS) return share_of(key, partition->count);
    partition->slots[at].key = key;
    partition->slots[at].turn = ++partition->used;
    return (partition->used - 1) % partition->count;
}

int record_partition_decides(struct record_partition *partition, const struct lifetrace_ctf_record *record) {
    if (record->phase == LIFETRACE_CTF_PHASE_INSTANT) return share_of(record->seq, partition->count) == partition->index;
    if (record->hook == PARTITION_HOOK_span) return share_of(record->id, partition->count) == partition->index;
    int related = record->hook == PARTITION_HOOK_layoutEngineSolve || record->hook == PARTITION_HOOK_layoutPass;
    uint64_t hook = (uint64_t)(uint32_t)(related ? PARTITION_HOOK_layoutPass : record->hook);
    uint64_t key = (((uint64_t)record->vtid * UINT64_C(0x9E3779B97F4A7C15)) ^ record->id) * UINT64_C(0xBF58476D1CE4E5B9) ^ hook;
    return share_of_interval(partition, key) == partition->index;
}

void record_partition_free(struct record_partition *partition) {
    free(partition->slots);
    partition->slots = NULL;
    partition->used = 0;
}
