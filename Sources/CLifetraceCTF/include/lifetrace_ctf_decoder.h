/*
 * The project's own CTF 1.8 decoder: reads the trace directories LTTng-UST 2.13 writes without
 * libbabeltrace2, and hands each `lifetrace:*` event to the same callbacks as the babeltrace2
 * reader (lifetrace_ctf_reader.h), with the same record. CTFTraceReader reads recorded traces with
 * it, and with libbabeltrace2 what it reports unsupported.
 *
 * The metadata is read by ctf_metadata.c (ctf_schema_parse); each event class is compiled once into
 * a flat list of field operations that fill a `struct lifetrace_ctf_record` in place; the stream
 * files are mapped (mmap) and read packet by packet; the streams are merged by timestamp.
 *
 * What it does not read (a metadata construct, a layout, a live session) makes ctf_decoder_open
 * return CTF_DECODER_UNSUPPORTED with a message starting "unsupported: ": the caller then reads the
 * trace with libbabeltrace2. A trace that is corrupt gives CTF_DECODER_BAD (never a crash or a
 * hang): every read is checked against its packet's content, and every packet against its file.
 *
 * The records' strings point into the mapped files (or the decoder's scratch memory): they are
 * valid during the callback only. A decoder is used from one thread at a time.
 */
#ifndef LIFETRACE_CTF_DECODER_H
#define LIFETRACE_CTF_DECODER_H

#include "lifetrace_ctf_reader.h"
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum ctf_decoder_status {
    CTF_DECODER_OK = 0,          /* records were delivered; step again */
    CTF_DECODER_END = 1,         /* every stream was read to its end */
    CTF_DECODER_UNSUPPORTED = 2, /* the error says what ("unsupported: …"): read it with babeltrace2 */
    CTF_DECODER_BAD = 3,         /* the trace is corrupt: the error says where */
    CTF_DECODER_FAILED = 4,      /* a file could not be read, or memory ran out */
};

struct ctf_decoder;

/* Opens the traces under `inputs` (directories, searched for `metadata` files as babeltrace2's
 * src.ctf.fs does). On success `*decoder` is set; otherwise it is NULL and `error` says why. */
enum ctf_decoder_status ctf_decoder_open(const char *const *inputs, size_t input_count,
    struct lifetrace_ctf_callbacks callbacks, struct ctf_decoder **decoder, char *error, size_t error_size);

/* A decoder of one trace held in memory: the metadata file's bytes and each stream file's (for
 * tests and the fuzzer; the bytes must outlive the decoder). */
enum ctf_decoder_status ctf_decoder_open_memory(const uint8_t *metadata, size_t metadata_size,
    const uint8_t *const *streams, const size_t *stream_sizes, size_t stream_count,
    struct lifetrace_ctf_callbacks callbacks, struct ctf_decoder **decoder, char *error, size_t error_size);

/* Delivers up to `max_events` events (decoded; the records are those of `lifetrace:*` events) in
 * timestamp order, with the losses met on the way. */
enum ctf_decoder_status ctf_decoder_step(struct ctf_decoder *decoder, size_t max_events, char *error, size_t error_size);

/* Events decoded so far (every provider's). */
uint64_t ctf_decoder_event_count(const struct ctf_decoder *decoder);

/* Delivers only share `index` of `count` of the records (count readers of one trace, each keeping
 * its own, deliver every record once between them; which record is whose: record_partition.h).
 * Before the first step; 0 (every record still delivered) for an index out of range or once
 * stepping began. */
int ctf_decoder_keep_partition(struct ctf_decoder *decoder, uint64_t index, uint64_t count);

void ctf_decoder_close(struct ctf_decoder *decoder);

#ifdef __cplusplus
}
#endif

#endif /* LIFETRACE_CTF_DECODER_H */
