/*
 * Reads a CTF trace with the project's own decoder (Sources/CLifetraceCTF/ctf_decoder.c) or with
 * the libbabeltrace2 reader (ctf_reader.c), and prints each `lifetrace:*` record on one line, every
 * member of `struct lifetrace_ctf_record`, then the losses: the two outputs of one trace should be
 * the same text (tools/ctf-decoder-diff compares them and times both).
 *
 *   ctf-decoder-check [--babeltrace] [--quiet] TRACE_DIR...
 *
 * --babeltrace  read with libbabeltrace2 (the reader `lifetrace stats` and `convert` use today)
 * --quiet       print no records: the count, the losses and the time decoding took, on stderr
 *
 * Built by tools/ctf-decoder-diff with `cc` alone (C11, no Swift).
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "lifetrace_ctf_decoder.h"
#include "lifetrace_ctf_reader.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct totals {
    int quiet;
    uint64_t records, events_lost, packets_lost;
    uint64_t checksum; /* of the records' integers, so --quiet's loop is not optimized away */
};

static void put_string(const char *name, const char *value) {
    printf(" %s=", name);
    if (value == NULL) {
        fputs("NULL", stdout);
        return;
    }
    putchar('"');
    for (const unsigned char *at = (const unsigned char *)value; *at; at++) {
        if (*at == '"' || *at == '\\') printf("\\%c", *at);
        else if (*at < 0x20 || *at == 0x7F) printf("\\x%02X", *at);
        else putchar(*at);
    }
    putchar('"');
}

static void put_real(const char *name, double value) {
    if (isnan(value)) printf(" %s=nan", name);
    else printf(" %s=%.17g", name, value);
}

static void on_record(void *context, const struct lifetrace_ctf_record *r) {
    struct totals *totals = context;
    totals->records++;
    totals->checksum += (uint64_t)r->timestamp ^ r->seq ^ r->id;
    if (totals->quiet) return;
    printf("t=%" PRId64 " hook=%d phase=%d", r->timestamp, r->hook, r->phase);
    put_string("hook_name", r->hook_name);
    printf(" seq=%" PRIu64, r->seq);
    put_string("controller", r->controller);
    printf(" id=%" PRIu64, r->id);
    put_string("target", r->target);
    printf(" target_id=%" PRIu64 " animated=%" PRId64 " index=%" PRId64, r->target_id, r->animated, r->index);
    put_string("text", r->text);
    printf(" count=%" PRId64 " level=%" PRId64, r->count, r->level);
    put_string("source", r->source);
    printf(" span_id=%" PRIu64, r->span_id);
    put_string("metadata", r->metadata);
    put_string("file", r->file);
    printf(" line=%" PRId64, r->line);
    put_string("function", r->function);
    printf(" has_trace_id=%d trace_id=%016" PRIx64 "%016" PRIx64 " parent_id=%" PRIu64 " kind=%" PRId64, r->has_trace_id,
        r->trace_id_high, r->trace_id_low, r->parent_id, r->kind);
    put_string("attributes", r->attributes);
    put_string("status", r->status);
    put_string("errors", r->errors);
    put_string("links", r->links);
    printf(" has_frame=%d", r->has_frame);
    put_real("x", r->x);
    put_real("y", r->y);
    put_real("width", r->width);
    put_real("height", r->height);
    put_real("offset_x", r->offset_x);
    put_real("offset_y", r->offset_y);
    printf(" superview_id=%" PRIu64 " vtid=%" PRId64 " vpid=%" PRId64, r->superview_id, r->vtid, r->vpid);
    put_string("procname", r->procname);
    put_string("hostname", r->hostname);
    putchar('\n');
}

static void on_discarded(void *context, uint64_t events, uint64_t packets) {
    struct totals *totals = context;
    totals->events_lost += events;
    totals->packets_lost += packets;
}

static void on_warning(void *context, const char *message) {
    (void)context;
    fprintf(stderr, "warning: %s\n", message);
}

static double now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    int babeltrace = 0, first = 1;
    struct totals totals = {0};
    for (; first < argc && argv[first][0] == '-'; first++) {
        if (strcmp(argv[first], "--babeltrace") == 0) babeltrace = 1;
        else if (strcmp(argv[first], "--quiet") == 0) totals.quiet = 1;
        else {
            fprintf(stderr, "usage: ctf-decoder-check [--babeltrace] [--quiet] TRACE_DIR...\n");
            return 2;
        }
    }
    if (first == argc) {
        fprintf(stderr, "usage: ctf-decoder-check [--babeltrace] [--quiet] TRACE_DIR...\n");
        return 2;
    }
    struct lifetrace_ctf_callbacks callbacks = {&totals, on_record, on_discarded, on_warning};
    char error[1024] = "";
    const char *const *inputs = (const char *const *)(argv + first);
    size_t count = (size_t)(argc - first);
    double start = now();
    uint64_t events = 0;
    if (babeltrace) {
        struct lifetrace_ctf_reader *reader = lifetrace_ctf_reader_open(inputs, count, callbacks, error, sizeof error);
        if (reader == NULL) {
            fprintf(stderr, "ctf-decoder-check: %s\n", error);
            return 1;
        }
        enum lifetrace_ctf_status status;
        while ((status = lifetrace_ctf_reader_step(reader, error, sizeof error)) == LIFETRACE_CTF_OK) {}
        lifetrace_ctf_reader_close(reader);
        if (status != LIFETRACE_CTF_END) {
            fprintf(stderr, "ctf-decoder-check: %s\n", error);
            return 1;
        }
    } else {
        struct ctf_decoder *decoder = NULL;
        enum ctf_decoder_status status = ctf_decoder_open(inputs, count, callbacks, &decoder, error, sizeof error);
        while (status == CTF_DECODER_OK) status = ctf_decoder_step(decoder, 1u << 20, error, sizeof error);
        if (decoder) events = ctf_decoder_event_count(decoder);
        ctf_decoder_close(decoder);
        if (status != CTF_DECODER_END) {
            fprintf(stderr, "ctf-decoder-check: %s (status %d)\n", error, (int)status);
            return status == CTF_DECODER_UNSUPPORTED ? 3 : 1;
        }
    }
    double seconds = now() - start;
    printf("discarded events=%" PRIu64 " packets=%" PRIu64 "\n", totals.events_lost, totals.packets_lost);
    char decoded[64] = "";
    if (!babeltrace) snprintf(decoded, sizeof decoded, " (of %" PRIu64 " events)", events);
    fprintf(stderr, "%s: %" PRIu64 " records%s in %.3f s: %.2f M records/s (checksum %016" PRIx64 ")\n",
        babeltrace ? "babeltrace2" : "decoder", totals.records, decoded, seconds, (double)totals.records / seconds / 1e6,
        totals.checksum);
    return 0;
}
