/*
 * Reading the `lifetrace` LTTng provider's CTF traces with libbabeltrace2.
 *
 * A reader is a babeltrace2 graph: a CTF source (`src.ctf.fs` over trace directories, or
 * `src.ctf.lttng-live` over an `lttng-relayd` URL), the `flt.utils.muxer` filter that merges every
 * stream in timestamp order, and a simple sink that hands each `lifetrace:*` event to a callback as
 * one flat record. The records' strings point into babeltrace2's packet memory: they are valid only
 * during the callback.
 *
 * A reader is used from one thread at a time.
 */
#ifndef LIFETRACE_CTF_READER_H
#define LIFETRACE_CTF_READER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A record's phase: the `_entry`, `_exit` or plain tracepoint of a hook. */
enum lifetrace_ctf_phase {
    LIFETRACE_CTF_PHASE_BEGIN = 0,
    LIFETRACE_CTF_PHASE_END = 1,
    LIFETRACE_CTF_PHASE_INSTANT = 2,
};

/* One `lifetrace:*` event. Absent integers are -1 (`animated`, `index`, `count`, `level`, `vtid`, `vpid`);
 * absent strings are NULL (LTTng records a NULL string as "(null)", which the reader turns back
 * into NULL). */
struct lifetrace_ctf_record {
    /* The hook's code in tracepoints/hooks.def, or -1 for the `lifetrace:event*` tracepoints of
     * other runtimes, whose hook name is `hook_name`. */
    int32_t hook;
    int32_t phase;
    const char *hook_name;
    /* The clock's value in nanoseconds: CLOCK_MONOTONIC for LTTng's `monotonic` clock. */
    int64_t timestamp;
    uint64_t seq;
    const char *controller;
    uint64_t id;
    const char *target;
    uint64_t target_id;
    int64_t animated;
    int64_t index;
    const char *text;
    int64_t count;
    /* Log records (`lifetrace:log_*`): swift-log's level (0 trace … 6 critical; -1 absent), source,
     * the span id of the span they were logged in (0: none), the metadata as a JSON object's text
     * (NULL: none), and where the record was logged (NULL, -1 and NULL unless the handler was
     * asked for it). */
    int64_t level;
    const char *source;
    uint64_t span_id;
    const char *metadata;
    const char *file;
    int64_t line;
    const char *function;
    /* Spans (`lifetrace:span*`): the W3C trace id as its two big-endian words (when `has_trace_id`),
     * the parent's span id (0: none) and the kind (OpenTelemetry's number; -1 absent). */
    int has_trace_id;
    uint64_t trace_id_high;
    uint64_t trace_id_low;
    uint64_t parent_id;
    int64_t kind;
    /* A span's end: its attributes, errors and links as JSON texts, its status as `ok`, `error` or
     * `error: MESSAGE` (each NULL when absent); a span's event: its attributes. */
    const char *attributes;
    const char *status;
    const char *errors;
    const char *links;
    /* A view's frame (the FRAME shape's `_exit` and instant records), when `has_frame`: in points, x,
     * y, width and height in the window's coordinates, the offset from the superview's corner, and
     * the superview's identity (0: none). */
    int has_frame;
    double x, y, width, height;
    double offset_x, offset_y;
    uint64_t superview_id;
    /* The `vtid`, `vpid` and `procname` contexts, when the session added them. */
    int64_t vtid;
    int64_t vpid;
    const char *procname;
    /* The host that recorded the trace: its metadata's `env { hostname = "…"; }` (NULL when the
     * trace does not say). Traces of several machines (an `lttng-relayd` serving a fleet) differ
     * here; their process and thread ids may collide. */
    const char *hostname;
};

/* Receives the reader's records and its losses. */
struct lifetrace_ctf_callbacks {
    void *context;
    void (*record)(void *context, const struct lifetrace_ctf_record *record);
    /* Events the tracer discarded (full buffers), and packets lost on the way. */
    void (*discarded)(void *context, uint64_t events, uint64_t packets);
    /* A remark on how the trace was read (a counter that went back). */
    void (*warning)(void *context, const char *message);
};

/* What a step of the reader did. */
enum lifetrace_ctf_status {
    LIFETRACE_CTF_OK = 0,      /* records were delivered (or the graph advanced) */
    LIFETRACE_CTF_AGAIN = 1,   /* live: no data yet; step again later */
    LIFETRACE_CTF_END = 2,     /* the trace (or the live session) ended */
    LIFETRACE_CTF_ERROR = -1,  /* see the error text */
};

/* What a live source does when the session does not exist (yet). */
enum lifetrace_ctf_missing_session {
    LIFETRACE_CTF_MISSING_CONTINUE = 0, /* wait for it */
    LIFETRACE_CTF_MISSING_FAIL = 1,
    LIFETRACE_CTF_MISSING_END = 2,
};

struct lifetrace_ctf_reader;

/* A reader of the CTF traces in `inputs` (directories each holding a `metadata` file). On failure
 * returns NULL and writes the reason into `error`. */
struct lifetrace_ctf_reader *lifetrace_ctf_reader_open(
    const char *const *inputs, size_t input_count, struct lifetrace_ctf_callbacks callbacks,
    char *error, size_t error_size);

/* A reader of a live session, `url` as `net://HOST[:PORT]/host/HOSTNAME/SESSION`. */
struct lifetrace_ctf_reader *lifetrace_ctf_reader_open_live(
    const char *url, enum lifetrace_ctf_missing_session missing, struct lifetrace_ctf_callbacks callbacks,
    char *error, size_t error_size);

/* A reader of several live sessions at once (an `lttng-relayd` serving several hosts, or several
 * relays), `urls` as above: each session's events come in timestamp order, the sessions' in turns as
 * they arrive (several hosts' clocks are not compared, and a session with nothing to say holds the
 * others back no longer than one step); each record names its trace's `hostname`. */
struct lifetrace_ctf_reader *lifetrace_ctf_reader_open_live_sessions(const char *const *urls, size_t url_count,
    enum lifetrace_ctf_missing_session missing, struct lifetrace_ctf_callbacks callbacks, char *error, size_t error_size);

/* Runs the graph once: delivers the next batch of records. */
enum lifetrace_ctf_status lifetrace_ctf_reader_step(struct lifetrace_ctf_reader *reader, char *error, size_t error_size);

/* Delivers only share `index` of `count` of the records, as ctf_decoder_keep_partition does. Before
 * the first step; 0 (every record still delivered) for an index out of range or once stepping began. */
int lifetrace_ctf_reader_keep_partition(struct lifetrace_ctf_reader *reader, uint64_t index, uint64_t count);

/* Asks a reader blocked in a step (live) to return; safe from another thread or a signal handler. */
void lifetrace_ctf_reader_interrupt(struct lifetrace_ctf_reader *reader);

void lifetrace_ctf_reader_close(struct lifetrace_ctf_reader *reader);

#ifdef __cplusplus
}
#endif

#endif
