/*
 * libFuzzer target of the CTF packet checker (Sources/CLifetraceCTF/ctf_*.c), built with clang by
 * tools/fuzz under AddressSanitizer and UndefinedBehaviorSanitizer: C reads untrusted bytes here.
 *
 * An input is a metadata file and one stream file: a 32-bit little-endian length, that many bytes
 * of metadata, and the stream's bytes after them. Besides never crashing, the checker must hold to
 * what its callers rely on: every finding has a file and a message, every packet dropped lies in
 * the stream, a fatal finding only concerns the metadata, and the sanitized stream it writes is
 * sound: checked again, nothing in it is dropped.
 */
#include "lifetrace_ctf_check.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct tally {
    size_t metadata_size, stream_size;
    size_t lost;
};

static void finding(void *context, const struct lifetrace_ctf_finding *finding) {
    struct tally *tally = context;
    if (finding->file == NULL || finding->message == NULL || finding->message[0] == '\0') abort();
    switch (finding->kind) {
    case LIFETRACE_CTF_FINDING_LOST:
        if (strcmp(finding->file, "stream") != 0 || !finding->has_offset || finding->offset >= tally->stream_size
            || finding->lost_packets != 1) {
            abort();
        }
        tally->lost++;
        break;
    case LIFETRACE_CTF_FINDING_FATAL:
        if (strcmp(finding->file, "metadata") != 0 || (finding->has_offset && finding->offset > tally->metadata_size)) abort();
        break;
    case LIFETRACE_CTF_FINDING_WARNING:
        if (strcmp(finding->file, "metadata") != 0) abort();
        break;
    default:
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 4) return 0;
    size_t length = (size_t)data[0] | (size_t)data[1] << 8 | (size_t)data[2] << 16 | (size_t)data[3] << 24;
    data += 4;
    size -= 4;
    if (length > size) length = size;
    const uint8_t *metadata = data, *stream = data + length;
    size_t stream_size = size - length;
    struct tally tally = {length, stream_size, 0};
    struct lifetrace_ctf_check_callbacks callbacks = {&tally, finding};
    uint8_t *sanitized = NULL;
    size_t sanitized_size = 0;
    enum lifetrace_ctf_check_status status =
        lifetrace_ctf_check_memory(metadata, length, stream, stream_size, callbacks, &sanitized, &sanitized_size);
    if ((status == LIFETRACE_CTF_CHECK_SANITIZED) != (tally.lost > 0)) abort();
    if (status == LIFETRACE_CTF_CHECK_SANITIZED) {
        struct tally again = {length, sanitized_size, 0};
        struct lifetrace_ctf_check_callbacks recheck = {&again, finding};
        uint8_t *twice = NULL;
        size_t twice_size = 0;
        status = lifetrace_ctf_check_memory(metadata, length, sanitized, sanitized_size, recheck, &twice, &twice_size);
        if (status != LIFETRACE_CTF_CHECK_SOUND || again.lost != 0 || twice != NULL) abort();
        if (sanitized_size > stream_size) abort();
    }
    free(sanitized);
    return 0;
}
