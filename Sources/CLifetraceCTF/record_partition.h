/*
 * Which of N readers of one trace keeps a record (CLifetraceCTF's internal header): `lifetrace
 * stats --jobs N` reads a recorded trace with N readers, each decoding every record and keeping
 * one share of them, decided here before the record reaches Swift, for both readers
 * (ctf_decoder.c and the babeltrace2 reader, ctf_reader.c).
 *
 * Records that pair, or that statistics relate, share a partition: a span's records by span id; a
 * window's engine solves and its layout passes by thread and subject; other intervals' records by
 * thread, subject and hook (a begin and its end). Instants, which pair with nothing, spread by
 * `seq`. Interval keys take the partitions in turn as the trace first meets them (every reader of
 * the trace meets them in the same order), so that a trace of a few busy keys (one controller's
 * appearances, one window's passes) still divides; spans, which are many, and keys past
 * RECORD_PARTITION_KEYS (memory stays bounded) go by a hash.
 */
#ifndef LIFETRACE_RECORD_PARTITION_H
#define LIFETRACE_RECORD_PARTITION_H

#include "lifetrace_ctf_reader.h"
#include <stdint.h>

/* The most interval keys given a partition in turn. */
enum { RECORD_PARTITION_KEYS = 4096 };

struct record_partition {
    uint64_t index, count; /* this reader keeps share `index` of `count`; count 1: every record */
    /* The keys met so far, by open addressing (2 × RECORD_PARTITION_KEYS slots, linear probing), each
     * with its turn + 1 (0: an empty slot); allocated at the first key. */
    struct record_partition_slot {
        uint64_t key;
        uint32_t turn;
    } *slots;
    uint32_t used;
};

/* Keeps share `index` of `count` (index < count); 0 for arguments out of range. */
int record_partition_set(struct record_partition *partition, uint64_t index, uint64_t count);

/* Whether the reader keeps `record`, when it keeps one share of several: record_partition_keeps. */
int record_partition_decides(struct record_partition *partition, const struct lifetrace_ctf_record *record);

/* Whether the reader keeps `record`. Inline, so that a reader of every record (the usual case) pays
 * one comparison and no call. A key that cannot be remembered (memory ran out) takes the share of
 * its hash, as keys past the first RECORD_PARTITION_KEYS do. */
static inline int record_partition_keeps(struct record_partition *partition, const struct lifetrace_ctf_record *record) {
    return partition->count <= 1 || record_partition_decides(partition, record);
}

void record_partition_free(struct record_partition *partition);

#endif /* LIFETRACE_RECORD_PARTITION_H */
