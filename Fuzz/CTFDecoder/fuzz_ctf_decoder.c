/*
 * libFuzzer target of the project's own CTF decoder (Sources/CLifetraceCTF/ctf_decoder.c), built
 * with clang under AddressSanitizer and UndefinedBehaviorSanitizer: C reads untrusted bytes here.
 *
 * An input is a metadata file and one stream file, as FuzzCTFPackets takes them (a 32-bit
 * little-endian length, that many bytes of metadata, the stream's bytes after them), so the two
 * share their seeds. Besides never crashing or hanging, the decoder must give every record's
 * strings readable to their NUL, and end with a status that says why when it does not reach the
 * end.
 */
#include "lifetrace_ctf_decoder.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static volatile size_t sink;

static void touch(const char *text) {
    if (text != NULL) sink += strlen(text);
}

static void record(void *context, const struct lifetrace_ctf_record *r) {
    (void)context;
    touch(r->hook_name);
    touch(r->controller);
    touch(r->target);
    touch(r->text);
    touch(r->source);
    touch(r->metadata);
    touch(r->file);
    touch(r->function);
    touch(r->attributes);
    touch(r->status);
    touch(r->errors);
    touch(r->links);
    touch(r->procname);
    if (r->phase < 0 || r->phase > 2) abort();
}

static void discarded(void *context, uint64_t events, uint64_t packets) {
    (void)context;
    if (events == 0 && packets == 0) abort();
}

static void warning(void *context, const char *message) {
    (void)context;
    if (message == NULL || message[0] == '\0') abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 4) return 0;
    size_t length = (size_t)data[0] | (size_t)data[1] << 8 | (size_t)data[2] << 16 | (size_t)data[3] << 24;
    data += 4;
    size -= 4;
    if (length > size) length = size;
    /* Copies of their own, so that a read past either is caught. */
    uint8_t *metadata = malloc(length ? length : 1);
    size_t stream_size = size - length;
    uint8_t *stream = malloc(stream_size ? stream_size : 1);
    if (metadata == NULL || stream == NULL) abort();
    memcpy(metadata, data, length);
    memcpy(stream, data + length, stream_size);
    const uint8_t *streams[1] = {stream};
    size_t sizes[1] = {stream_size};
    struct lifetrace_ctf_callbacks callbacks = {NULL, record, discarded, warning};
    struct ctf_decoder *decoder = NULL;
    char error[512];
    enum ctf_decoder_status status =
        ctf_decoder_open_memory(metadata, length, streams, sizes, 1, callbacks, &decoder, error, sizeof error);
    while (status == CTF_DECODER_OK) status = ctf_decoder_step(decoder, 4096, error, sizeof error);
    if (status != CTF_DECODER_END && error[0] == '\0') abort();
    if (status == CTF_DECODER_UNSUPPORTED && strncmp(error, "unsupported: ", 13) != 0) abort();
    if ((status == CTF_DECODER_OK || status == CTF_DECODER_END) != (decoder != NULL)) {
        if (decoder == NULL) abort();
    }
    ctf_decoder_close(decoder);
    free(metadata);
    free(stream);
    return 0;
}
