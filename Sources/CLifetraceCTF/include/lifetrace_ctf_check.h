/*
 * Checking a recorded CTF trace before libbabeltrace2 reads it.
 *
 * libbabeltrace2 2.0 aborts on some impossible packet contexts (a field at 2^64 - 1) and spins for
 * ever on a metadata file cut inside a packet. The checker reads the metadata itself (LTTng's
 * packetized form or plain TSDL: a cut or corrupt metadata file is an error), finds the packet
 * header and context layouts it declares, and walks every stream file's packets. When every packet
 * is sound the trace is read as it is; when some are not, the reader reads a sanitized copy instead
 * (sound stream files linked, the others rewritten without their bad packets, the metadata copied,
 * the index files left out), and each packet dropped is reported with its file and byte offset and
 * counted as lost. A stream file that is not a regular file, or that an index lists packets of
 * while it is empty or missing, is reported too.
 *
 * When the metadata declares something the checker does not read, it says so once and checks no
 * packet (the trace is read as it is).
 */
#ifndef LIFETRACE_CTF_CHECK_H
#define LIFETRACE_CTF_CHECK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a finding means for the reader. */
enum lifetrace_ctf_finding_kind {
    /* Data the reader does not read: a dropped packet, a stream file it cannot read. */
    LIFETRACE_CTF_FINDING_LOST = 0,
    /* A remark: nothing is lost (an index file left out, metadata the checker does not read). */
    LIFETRACE_CTF_FINDING_WARNING = 1,
    /* The trace cannot be read at all (a cut or corrupt metadata file); the check fails. */
    LIFETRACE_CTF_FINDING_FATAL = 2,
};

struct lifetrace_ctf_finding {
    enum lifetrace_ctf_finding_kind kind;
    /* The file concerned, as its directory was given plus its name. */
    const char *file;
    /* The byte of `file` the finding is at, when it is at one. */
    int has_offset;
    uint64_t offset;
    /* What is wrong and what was expected, without the file and offset. */
    const char *message;
    /* The packets this finding loses (LOST): 1 per packet dropped; what an index lists of a stream
     * file that cannot be read; 0 when unknown. */
    uint64_t lost_packets;
};

struct lifetrace_ctf_check_callbacks {
    void *context;
    void (*finding)(void *context, const struct lifetrace_ctf_finding *finding);
};

enum lifetrace_ctf_check_status {
    /* Read the trace's directory itself. */
    LIFETRACE_CTF_CHECK_SOUND = 0,
    /* Read the sanitized copy made in `scratch` instead. */
    LIFETRACE_CTF_CHECK_SANITIZED = 1,
    /* The trace cannot be read: a FATAL finding said why. */
    LIFETRACE_CTF_CHECK_FAILED = -1,
};

/* Checks the CTF trace in `directory` (the folder holding its `metadata` file). Findings go to
 * `callbacks` as they are met. A sanitized copy, when one is needed, is made in `scratch`, a
 * directory this call creates (its parent must exist); the caller removes it after reading. */
enum lifetrace_ctf_check_status lifetrace_ctf_check_trace(
    const char *directory, const char *scratch, struct lifetrace_ctf_check_callbacks callbacks);

/* Checks one stream's packets held in memory against a metadata file held in memory, as
 * lifetrace_ctf_check_trace checks a stream file (its files named "metadata" and "stream").
 * When packets were dropped, `*sanitized` receives the stream as the sanitized copy would hold it
 * (malloc'd; the caller frees it). */
enum lifetrace_ctf_check_status lifetrace_ctf_check_memory(
    const uint8_t *metadata, size_t metadata_size, const uint8_t *stream, size_t stream_size,
    struct lifetrace_ctf_check_callbacks callbacks, uint8_t **sanitized, size_t *sanitized_size);

#ifdef __cplusplus
}
#endif

#endif
