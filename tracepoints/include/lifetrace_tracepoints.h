/*
 * The public face of the `lifetrace` LTTng-UST provider, for Swift: a `static inline` check of a
 * tracepoint's state (a load and a branch, no call), and one out-of-line function per event shape
 * that fires the tracepoint of a given slot. The provider header itself stays private.
 *
 * Slots: hook code * 3 + phase (0 entry, 1 exit, 2 instant); the slots of hooks of other runtimes
 * (the `lifetrace:event*` tracepoints) are LIFETRACE_TP_CUSTOM_SLOT + phase.
 */
#ifndef LIFETRACE_TRACEPOINTS_H
#define LIFETRACE_TRACEPOINTS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    /** The number of well-known hooks (the entries of hooks.def). */
    LIFETRACE_TP_HOOK_COUNT = 0
#define LIFETRACE_HOOK(code, hook, member, stem, shape, category, doc) + 1
#include "../hooks.def"
#undef LIFETRACE_HOOK
    ,
    /** The first slot of the tracepoints of other runtimes' hooks. */
    LIFETRACE_TP_CUSTOM_SLOT = LIFETRACE_TP_HOOK_COUNT * 3,
    /** The number of slots. */
    LIFETRACE_TP_SLOT_COUNT = LIFETRACE_TP_CUSTOM_SLOT + 3
};

/**
 * Loads liblttng-ust (dlopen, once; never unloaded) and registers the provider's probes with it:
 * until then every tracepoint stays disabled, whatever the sessions enable. The program does not
 * link liblttng-ust, so a process that never records with LTTng does not pay for loading it.
 * LTTngSink's initialiser calls it; so must code that fires these tracepoints without a sink.
 * Thread-safe. Returns NULL once loaded, or the reason liblttng-ust could not be loaded.
 */
const char *lifetrace_provider_load(void);

/** Pointers to each slot's tracepoint state (non-zero while a session enables it). */
extern const int *const lifetrace_tp_states[LIFETRACE_TP_SLOT_COUNT];

/** Whether the tracepoint of `slot` is enabled in some session. */
static inline int lifetrace_tp_enabled(unsigned slot) {
    return slot < LIFETRACE_TP_SLOT_COUNT && __atomic_load_n(lifetrace_tp_states[slot], __ATOMIC_RELAXED) != 0;
}

/** The state table, as a pointer (Swift imports the array itself as a tuple). */
const int *const *lifetrace_tp_state_table(void);

/** The hook name of a well-known hook code (hooks.def), or NULL. */
const char *lifetrace_tp_hook_name(unsigned code);

/**
 * Fires the tracepoint of `slot` with the fields its event class records (the others are ignored):
 * `hook` names the hook of a custom slot; `animated` is -1 when absent, 0 or 1; `index` and `count`
 * are -1 when absent; an absent string is NULL, which LTTng records as "(null)".
 */
void lifetrace_tp_fire(unsigned slot, const char *hook, uint64_t seq, const char *controller, uint64_t id,
    const char *target, uint64_t target_id, int8_t animated, int64_t index, const char *text, int64_t count);

/**
 * A view's frame, as the FRAME shape's `_exit` and instant tracepoints record it: in points, the
 * frame in the window's coordinates and the offset from the superview's corner; `superview_id` 0
 * when the view has none. `lifetrace_frame_absent` stands for a record without a frame.
 */
struct lifetrace_frame {
    double x, y, width, height;
    double offset_x, offset_y;
    uint64_t superview_id;
};

/**
 * Fires the `_exit` (phase 1) or instant (phase 2) tracepoint of the FRAME-shaped hook of `slot`
 * with a frame. Returns 0, firing nothing, when the slot's tracepoint carries no frame (another
 * shape, or an entry): the caller then fires it with lifetrace_tp_fire.
 */
int lifetrace_tp_fire_frame(unsigned slot, uint64_t seq, const char *controller, uint64_t id,
    const struct lifetrace_frame *frame);

/** Whether a session enables the log tracepoint of swift-log's `level` (0 trace … 6 critical). */
int lifetrace_tp_log_enabled(unsigned level);

/** The states of the seven log tracepoints (swift-log's level order; non-zero while enabled). */
const int *const *lifetrace_tp_log_states(void);

/** Whether a session enables the log tracepoint of any level. */
int lifetrace_tp_log_any_enabled(void);

/**
 * Fires the log tracepoint of swift-log's `level` (0 trace … 6 critical; each has its LTTng log level):
 * `label` is the logger's, `metadata` a JSON object's text, `span_id` the span the record was logged in
 * (0: none); absent strings are NULL, an absent `line` -1.
 */
void lifetrace_tp_log(unsigned level, uint64_t seq, const char *label, const char *message,
    const char *metadata, const char *source, const char *file, int64_t line, const char *function,
    uint64_t span_id);

/** A span's end: its ids, kind, and what was set on it (absent strings are NULL). */
struct lifetrace_span_end {
    uint64_t seq;
    const char *name;
    uint64_t span_id;
    uint64_t trace_high, trace_low;
    uint64_t parent_id;
    int8_t kind;
    const char *attributes;
    const char *status;
    const char *errors;
    const char *links;
};

/**
 * Fires a span's begin (`lifetrace:span_entry`): the trace id's 16 bytes as two big-endian words,
 * `parent_id` 0 for a root span, `kind` OpenTelemetry's span kind (1 internal, 2 server, 3 client,
 * 4 producer, 5 consumer; 0 unspecified).
 */
void lifetrace_tp_span_begin(uint64_t seq, const char *name, uint64_t span_id, uint64_t trace_high,
    uint64_t trace_low, uint64_t parent_id, int8_t kind);

/** Fires a span's end (`lifetrace:span_exit`). */
void lifetrace_tp_span_end(const struct lifetrace_span_end *end);

/** Fires one of a span's events (`lifetrace:span`): `text` its name, `attributes` JSON or NULL. */
void lifetrace_tp_span_event(uint64_t seq, const char *span_name, uint64_t span_id, uint64_t trace_high,
    uint64_t trace_low, const char *text, const char *attributes);

#ifdef __cplusplus
}
#endif

#endif /* LIFETRACE_TRACEPOINTS_H */
