/*
 * The LTTng-UST tracepoint provider `lifetrace` (private: only lifetrace_tracepoints.c includes it).
 *
 * One tracepoint per hook and phase: `lifetrace:view_will_appear_entry`, `..._exit`, and the bare
 * `lifetrace:view_will_appear` for instants; hooks of other runtimes use `lifetrace:event_entry`,
 * `lifetrace:event_exit` and `lifetrace:event`, which carry the hook's name.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER lifetrace

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./lifetrace_provider.h"

#if !defined(LIFETRACE_PROVIDER_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define LIFETRACE_PROVIDER_H

#include <lttng/tracepoint.h>
#include <stdint.h>
#include "include/lifetrace_tracepoints.h"

#define LIFETRACE_CONTROLLER_FIELDS \
    lttng_ust_field_integer(uint64_t, seq, seq) \
    lttng_ust_field_string(controller, controller) \
    lttng_ust_field_integer_hex(uint64_t, id, id)

LTTNG_UST_TRACEPOINT_EVENT_CLASS(lifetrace, controller_event,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated),
    LTTNG_UST_TP_FIELDS(
        LIFETRACE_CONTROLLER_FIELDS
        lttng_ust_field_integer(int8_t, animated, animated)))

LTTNG_UST_TRACEPOINT_EVENT_CLASS(lifetrace, target_event,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id,
        const char *, target, uint64_t, target_id, int8_t, animated, const char *, text),
    LTTNG_UST_TP_FIELDS(
        LIFETRACE_CONTROLLER_FIELDS
        lttng_ust_field_string(target, target)
        lttng_ust_field_integer_hex(uint64_t, target_id, target_id)
        lttng_ust_field_integer(int8_t, animated, animated)
        lttng_ust_field_string(text, text)))

LTTNG_UST_TRACEPOINT_EVENT_CLASS(lifetrace, text_event,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated, const char *, text),
    LTTNG_UST_TP_FIELDS(
        LIFETRACE_CONTROLLER_FIELDS
        lttng_ust_field_integer(int8_t, animated, animated)
        lttng_ust_field_string(text, text)))

LTTNG_UST_TRACEPOINT_EVENT_CLASS(lifetrace, step_event,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int64_t, index, const char *, text),
    LTTNG_UST_TP_FIELDS(
        LIFETRACE_CONTROLLER_FIELDS
        lttng_ust_field_integer(int64_t, index, index)
        lttng_ust_field_string(text, text)))

LTTNG_UST_TRACEPOINT_EVENT_CLASS(lifetrace, count_event,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id),
    LTTNG_UST_TP_FIELDS(
        LIFETRACE_CONTROLLER_FIELDS))

LTTNG_UST_TRACEPOINT_EVENT_CLASS(lifetrace, exit_event,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id),
    LTTNG_UST_TP_FIELDS(
        LIFETRACE_CONTROLLER_FIELDS))

LTTNG_UST_TRACEPOINT_EVENT_CLASS(lifetrace, count_exit_event,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int64_t, count),
    LTTNG_UST_TP_FIELDS(
        LIFETRACE_CONTROLLER_FIELDS
        lttng_ust_field_integer(int64_t, count, count)))

/*
 * A view's frame (shape FRAME's `_exit` and instant records): x, y, width and height in the
 * window's coordinates, offset_x and offset_y from the superview's corner, in points, as doubles
 * (a view's geometry is CGFloat, a double: the JSON lines read back exactly); superview_id the
 * superview's identity, 0 for none. A record without a frame has x, y, width and height NaN.
 */
LTTNG_UST_TRACEPOINT_EVENT_CLASS(lifetrace, frame_event,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, const struct lifetrace_frame *, frame),
    LTTNG_UST_TP_FIELDS(
        LIFETRACE_CONTROLLER_FIELDS
        lttng_ust_field_float(double, x, frame->x)
        lttng_ust_field_float(double, y, frame->y)
        lttng_ust_field_float(double, width, frame->width)
        lttng_ust_field_float(double, height, frame->height)
        lttng_ust_field_float(double, offset_x, frame->offset_x)
        lttng_ust_field_float(double, offset_y, frame->offset_y)
        lttng_ust_field_integer_hex(uint64_t, superview_id, frame->superview_id)))

/*
 * Log records (shape LOG): `controller` is the logger's label, `text` the message, `level` swift-log's
 * level (0 trace … 6 critical), `metadata` a JSON object; `file`, `line` and `function` are NULL and
 * -1 unless the handler was asked for them; `span_id` is the span the record was logged in (0: none). One instance per level, each with its LTTng log level,
 * so `lttng enable-event -u 'lifetrace:log_*' --loglevel=TRACE_WARNING` filters in the tracer.
 */
LTTNG_UST_TRACEPOINT_EVENT_CLASS(lifetrace, log_event,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, int8_t, level, const char *, text,
        const char *, metadata, const char *, source, const char *, file, int64_t, line, const char *, function,
        uint64_t, span_id),
    LTTNG_UST_TP_FIELDS(
        lttng_ust_field_integer(uint64_t, seq, seq)
        lttng_ust_field_string(controller, controller)
        lttng_ust_field_integer(int8_t, level, level)
        lttng_ust_field_string(text, text)
        lttng_ust_field_string(metadata, metadata)
        lttng_ust_field_string(source, source)
        lttng_ust_field_string(file, file)
        lttng_ust_field_integer(int64_t, line, line)
        lttng_ust_field_string(function, function)
        lttng_ust_field_integer_hex(uint64_t, span_id, span_id)))

/*
 * Spans (shape SPAN): `controller` is the operation's name and `id` the span id, so spans pair like
 * any interval; the W3C trace id's 16 bytes are two words, `trace_id_high` its first 8 (read
 * big-endian) and `trace_id_low` its last; `parent_id` is 0 for a root span; `kind` OpenTelemetry's
 * span kind. Numbers, not text: LTTng copies a string byte by byte, a word in one move (the 32
 * digits of a trace id took ~280 instructions of each record). The begin has nothing more; the
 * end repeats the ids (a flight recorder may have overwritten the begin) and adds `attributes`,
 * `errors` and `links` as JSON texts and `status` (`ok`, `error[: message]`, NULL when unset).
 */
LTTNG_UST_TRACEPOINT_ENUM(lifetrace, span_kind,
    LTTNG_UST_TP_ENUM_VALUES(
        lttng_ust_field_enum_value("unspecified", 0)
        lttng_ust_field_enum_value("internal", 1)
        lttng_ust_field_enum_value("server", 2)
        lttng_ust_field_enum_value("client", 3)
        lttng_ust_field_enum_value("producer", 4)
        lttng_ust_field_enum_value("consumer", 5)))

LTTNG_UST_TRACEPOINT_EVENT_CLASS(lifetrace, span_begin_event,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, uint64_t, trace_high,
        uint64_t, trace_low, uint64_t, parent_id, int8_t, kind),
    LTTNG_UST_TP_FIELDS(
        LIFETRACE_CONTROLLER_FIELDS
        lttng_ust_field_integer_hex(uint64_t, trace_id_high, trace_high)
        lttng_ust_field_integer_hex(uint64_t, trace_id_low, trace_low)
        lttng_ust_field_integer_hex(uint64_t, parent_id, parent_id)
        lttng_ust_field_enum(lifetrace, span_kind, int8_t, kind, kind)))

/* The end's eleven values, more than a tracepoint's ten arguments: one record. */
LTTNG_UST_TRACEPOINT_EVENT_CLASS(lifetrace, span_end_event,
    LTTNG_UST_TP_ARGS(const struct lifetrace_span_end *, end),
    LTTNG_UST_TP_FIELDS(
        lttng_ust_field_integer(uint64_t, seq, end->seq)
        lttng_ust_field_string(controller, end->name)
        lttng_ust_field_integer_hex(uint64_t, id, end->span_id)
        lttng_ust_field_integer_hex(uint64_t, trace_id_high, end->trace_high)
        lttng_ust_field_integer_hex(uint64_t, trace_id_low, end->trace_low)
        lttng_ust_field_integer_hex(uint64_t, parent_id, end->parent_id)
        lttng_ust_field_enum(lifetrace, span_kind, int8_t, kind, end->kind)
        lttng_ust_field_string(attributes, end->attributes)
        lttng_ust_field_string(status, end->status)
        lttng_ust_field_string(errors, end->errors)
        lttng_ust_field_string(links, end->links)))

/* A span's event (`Span.addEvent`): `text` is the event's name. */
LTTNG_UST_TRACEPOINT_EVENT_CLASS(lifetrace, span_instant_event,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, uint64_t, trace_high,
        uint64_t, trace_low, const char *, text, const char *, attributes),
    LTTNG_UST_TP_FIELDS(
        LIFETRACE_CONTROLLER_FIELDS
        lttng_ust_field_integer_hex(uint64_t, trace_id_high, trace_high)
        lttng_ust_field_integer_hex(uint64_t, trace_id_low, trace_low)
        lttng_ust_field_string(text, text)
        lttng_ust_field_string(attributes, attributes)))

/* Hooks of other runtimes: the hook's name is a field (ten arguments: LTTng's maximum). */
LTTNG_UST_TRACEPOINT_EVENT_CLASS(lifetrace, custom_event,
    LTTNG_UST_TP_ARGS(const char *, hook, uint64_t, seq, const char *, controller, uint64_t, id,
        const char *, target, uint64_t, target_id, int8_t, animated, int64_t, index, const char *, text,
        int64_t, count),
    LTTNG_UST_TP_FIELDS(
        lttng_ust_field_string(hook, hook)
        LIFETRACE_CONTROLLER_FIELDS
        lttng_ust_field_string(target, target)
        lttng_ust_field_integer_hex(uint64_t, target_id, target_id)
        lttng_ust_field_integer(int8_t, animated, animated)
        lttng_ust_field_integer(int64_t, index, index)
        lttng_ust_field_string(text, text)
        lttng_ust_field_integer(int64_t, count, count)))

/*
 * One instance per hook and phase, from hooks.def: STEM_entry and STEM (instant) in the hook's shape
 * class, STEM_exit in exit_event (count_exit_event for the shapes whose exit carries a count; FRAME's
 * exit and instant in frame_event). The
 * argument lists are function-like macros, named without their parentheses where they are passed
 * on, so that they expand only inside LTTng's own macro (whose arguments are split before).
 */
#define LIFETRACE_CONTROLLER_ARGS() LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated)
#define LIFETRACE_TARGET_ARGS() LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, \
    const char *, target, uint64_t, target_id, int8_t, animated, const char *, text)
#define LIFETRACE_TEXT_ARGS() LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated, \
    const char *, text)
#define LIFETRACE_STEP_ARGS() LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int64_t, index, \
    const char *, text)
#define LIFETRACE_COUNT_ARGS() LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id)
#define LIFETRACE_EXIT_ARGS() LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id)
#define LIFETRACE_COUNT_EXIT_ARGS() LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int64_t, count)

#define LIFETRACE_INSTANCES(entry_class, entry_args, exit_class, exit_args, stem) \
    LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, entry_class, lifetrace, stem##_entry, entry_args()) \
    LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_class, lifetrace, stem##_exit, exit_args()) \
    LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, entry_class, lifetrace, stem, entry_args())

#define LIFETRACE_INSTANCES_CONTROLLER(stem) \
    LIFETRACE_INSTANCES(controller_event, LIFETRACE_CONTROLLER_ARGS, exit_event, LIFETRACE_EXIT_ARGS, stem)
#define LIFETRACE_INSTANCES_TARGET(stem) \
    LIFETRACE_INSTANCES(target_event, LIFETRACE_TARGET_ARGS, exit_event, LIFETRACE_EXIT_ARGS, stem)
#define LIFETRACE_INSTANCES_TEXT(stem) \
    LIFETRACE_INSTANCES(text_event, LIFETRACE_TEXT_ARGS, exit_event, LIFETRACE_EXIT_ARGS, stem)
#define LIFETRACE_INSTANCES_STEP(stem) \
    LIFETRACE_INSTANCES(step_event, LIFETRACE_STEP_ARGS, exit_event, LIFETRACE_EXIT_ARGS, stem)
#define LIFETRACE_INSTANCES_COUNT(stem) \
    LIFETRACE_INSTANCES(count_event, LIFETRACE_COUNT_ARGS, count_exit_event, LIFETRACE_COUNT_EXIT_ARGS, stem)
#define LIFETRACE_INSTANCES_TEXT_COUNT(stem) \
    LIFETRACE_INSTANCES(text_event, LIFETRACE_TEXT_ARGS, count_exit_event, LIFETRACE_COUNT_EXIT_ARGS, stem)
/* FRAME: the entry is a controller's; the exit and the instant carry the frame. */
#define LIFETRACE_FRAME_ARGS() LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, \
    const struct lifetrace_frame *, frame)
#define LIFETRACE_INSTANCES_FRAME(stem) \
    LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, stem##_entry, LIFETRACE_CONTROLLER_ARGS()) \
    LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, frame_event, lifetrace, stem##_exit, LIFETRACE_FRAME_ARGS()) \
    LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, frame_event, lifetrace, stem, LIFETRACE_FRAME_ARGS())

#define LIFETRACE_LOG_ARGS() LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, int8_t, level, const char *, text, \
    const char *, metadata, const char *, source, const char *, file, int64_t, line, const char *, function, \
    uint64_t, span_id)
#define LIFETRACE_LOG_LEVEL(stem, level, loglevel) \
    LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, log_event, lifetrace, stem##_##level, LIFETRACE_LOG_ARGS()) \
    LTTNG_UST_TRACEPOINT_LOGLEVEL(lifetrace, stem##_##level, LTTNG_UST_TRACEPOINT_LOGLEVEL_##loglevel)
/* swift-log's levels on LTTng's (docs/json-lines.md, LifetraceLogging's documentation). */
#define LIFETRACE_INSTANCES_LOG(stem) \
    LIFETRACE_LOG_LEVEL(stem, trace, DEBUG) \
    LIFETRACE_LOG_LEVEL(stem, debug, DEBUG_PROGRAM) \
    LIFETRACE_LOG_LEVEL(stem, info, INFO) \
    LIFETRACE_LOG_LEVEL(stem, notice, NOTICE) \
    LIFETRACE_LOG_LEVEL(stem, warning, WARNING) \
    LIFETRACE_LOG_LEVEL(stem, error, ERR) \
    LIFETRACE_LOG_LEVEL(stem, critical, CRIT)

#define LIFETRACE_INSTANCES_SPAN(stem) \
    LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, span_begin_event, lifetrace, stem##_entry, \
        LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, uint64_t, trace_high, \
            uint64_t, trace_low, uint64_t, parent_id, int8_t, kind)) \
    LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, span_end_event, lifetrace, stem##_exit, \
        LTTNG_UST_TP_ARGS(const struct lifetrace_span_end *, end)) \
    LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, span_instant_event, lifetrace, stem, \
        LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, uint64_t, trace_high, \
            uint64_t, trace_low, const char *, text, const char *, attributes))

#define LIFETRACE_HOOK(code, hook, member, stem, shape, category, doc) LIFETRACE_INSTANCES_##shape(stem)
#include "hooks.def"
#undef LIFETRACE_HOOK

/* Hooks of other runtimes. */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, custom_event, lifetrace, event_entry,
    LTTNG_UST_TP_ARGS(const char *, hook, uint64_t, seq, const char *, controller, uint64_t, id,
        const char *, target, uint64_t, target_id, int8_t, animated, int64_t, index, const char *, text,
        int64_t, count))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, custom_event, lifetrace, event_exit,
    LTTNG_UST_TP_ARGS(const char *, hook, uint64_t, seq, const char *, controller, uint64_t, id,
        const char *, target, uint64_t, target_id, int8_t, animated, int64_t, index, const char *, text,
        int64_t, count))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, custom_event, lifetrace, event,
    LTTNG_UST_TP_ARGS(const char *, hook, uint64_t, seq, const char *, controller, uint64_t, id,
        const char *, target, uint64_t, target_id, int8_t, animated, int64_t, index, const char *, text,
        int64_t, count))

#endif /* LIFETRACE_PROVIDER_H */

#include <lttng/tracepoint-event.h>
