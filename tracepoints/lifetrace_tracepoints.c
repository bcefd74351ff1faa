/*
 * The `lifetrace` provider's probes, tracepoint definitions, state table and firing functions.
 * Link it into exactly one product: a second registration of the same provider aborts.
 *
 * liblttng-ust is not linked: the generated constructor and destructor call the deferring
 * functions of provider_loading.h instead of lttng_ust_probe_register and lttng_ust_probe_unregister
 * (the only two liblttng-ust functions the provider's code names; tracepoint.h loads
 * liblttng-ust-tracepoint itself, with dlopen), and lifetrace_provider_load() registers the probes
 * when a sink needs them. The renaming comes after provider_loading.h, so liblttng-ust's own
 * declarations keep their names: it changes only the generated calls.
 */
#include "provider_loading.h"
#define lttng_ust_probe_register lifetrace_provider_defer_register
#define lttng_ust_probe_unregister lifetrace_provider_defer_unregister

#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "lifetrace_provider.h"

#undef lttng_ust_probe_register
#undef lttng_ust_probe_unregister

#include "include/lifetrace_tracepoints.h"

/* The LOG shape's slots: no interval (never wanted) and an instant always worth building, whose
 * level's own tracepoint lifetrace_tp_log checks (a slot has one state, a record seven levels). */
static const int lifetrace_tp_never = 0;
static const int lifetrace_tp_always = 1;

/* A FRAME record without a frame: x, y, width and height NaN (readers leave its frame out). */
static const struct lifetrace_frame lifetrace_frame_absent = {
    __builtin_nan(""), __builtin_nan(""), __builtin_nan(""), __builtin_nan(""), 0, 0, 0,
};

#define LIFETRACE_STATE(stem) &lttng_ust_tracepoint_lifetrace___##stem.state
#define LIFETRACE_STATES(stem) LIFETRACE_STATE(stem##_entry), LIFETRACE_STATE(stem##_exit), LIFETRACE_STATE(stem),
#define LIFETRACE_STATES_CONTROLLER LIFETRACE_STATES
#define LIFETRACE_STATES_TARGET LIFETRACE_STATES
#define LIFETRACE_STATES_TEXT LIFETRACE_STATES
#define LIFETRACE_STATES_STEP LIFETRACE_STATES
#define LIFETRACE_STATES_COUNT LIFETRACE_STATES
#define LIFETRACE_STATES_TEXT_COUNT LIFETRACE_STATES
#define LIFETRACE_STATES_FRAME LIFETRACE_STATES
#define LIFETRACE_STATES_SPAN LIFETRACE_STATES
#define LIFETRACE_STATES_LOG(stem) &lifetrace_tp_never, &lifetrace_tp_never, &lifetrace_tp_always,
#define LIFETRACE_HOOK(code, hook, member, stem, shape, category, doc) LIFETRACE_STATES_##shape(stem)
const int *const lifetrace_tp_states[LIFETRACE_TP_SLOT_COUNT] = {
#include "hooks.def"
    LIFETRACE_STATE(event_entry), LIFETRACE_STATE(event_exit), LIFETRACE_STATE(event),
};
#undef LIFETRACE_HOOK

#define LIFETRACE_HOOK(code, hook, member, stem, shape, category, doc) #hook,
static const char *const lifetrace_hook_names[LIFETRACE_TP_HOOK_COUNT] = {
#include "hooks.def"
};
#undef LIFETRACE_HOOK

/* Codes are places: the code column of hooks.def counts 0, 1, 2, … */
enum lifetrace_hook_place {
#define LIFETRACE_HOOK(code, hook, member, stem, shape, category, doc) lifetrace_place_##member,
#include "hooks.def"
#undef LIFETRACE_HOOK
};
#define LIFETRACE_HOOK(code, hook, member, stem, shape, category, doc) \
    _Static_assert(lifetrace_place_##member == (code), "hooks.def: codes count 0, 1, 2, … (" #hook ")");
#include "hooks.def"
#undef LIFETRACE_HOOK

const int *const *lifetrace_tp_state_table(void) {
    return lifetrace_tp_states;
}

const char *lifetrace_tp_hook_name(unsigned code) {
    return code < LIFETRACE_TP_HOOK_COUNT ? lifetrace_hook_names[code] : 0;
}

/* The arguments of each shape's entry and instant tracepoints, and of its exit tracepoint. */
#define LIFETRACE_FIRE_CONTROLLER(name) lttng_ust_tracepoint(lifetrace, name, seq, controller, id, animated)
#define LIFETRACE_FIRE_TARGET(name) \
    lttng_ust_tracepoint(lifetrace, name, seq, controller, id, target, target_id, animated, text)
#define LIFETRACE_FIRE_TEXT(name) lttng_ust_tracepoint(lifetrace, name, seq, controller, id, animated, text)
#define LIFETRACE_FIRE_STEP(name) lttng_ust_tracepoint(lifetrace, name, seq, controller, id, index, text)
#define LIFETRACE_FIRE_COUNT(name) lttng_ust_tracepoint(lifetrace, name, seq, controller, id)
#define LIFETRACE_FIRE_TEXT_COUNT LIFETRACE_FIRE_TEXT
#define LIFETRACE_FIRE_FRAME LIFETRACE_FIRE_CONTROLLER
/* Logs and spans have fields of their own: lifetrace_tp_log and lifetrace_tp_span fire them. */
#define LIFETRACE_FIRE_LOG(name) (void)0
#define LIFETRACE_FIRE_SPAN(name) (void)0

/* Instants fire their shape's entry class, but FRAME's, which is its exit's. */
#define LIFETRACE_INSTANT_CONTROLLER LIFETRACE_FIRE_CONTROLLER
#define LIFETRACE_INSTANT_TARGET LIFETRACE_FIRE_TARGET
#define LIFETRACE_INSTANT_TEXT LIFETRACE_FIRE_TEXT
#define LIFETRACE_INSTANT_STEP LIFETRACE_FIRE_STEP
#define LIFETRACE_INSTANT_COUNT LIFETRACE_FIRE_COUNT
#define LIFETRACE_INSTANT_TEXT_COUNT LIFETRACE_FIRE_TEXT_COUNT
#define LIFETRACE_INSTANT_FRAME LIFETRACE_EXIT_FRAME
#define LIFETRACE_INSTANT_LOG LIFETRACE_FIRE_LOG
#define LIFETRACE_INSTANT_SPAN LIFETRACE_FIRE_SPAN

#define LIFETRACE_EXIT_CONTROLLER(name) lttng_ust_tracepoint(lifetrace, name, seq, controller, id)
#define LIFETRACE_EXIT_TARGET LIFETRACE_EXIT_CONTROLLER
#define LIFETRACE_EXIT_TEXT LIFETRACE_EXIT_CONTROLLER
#define LIFETRACE_EXIT_STEP LIFETRACE_EXIT_CONTROLLER
#define LIFETRACE_EXIT_COUNT(name) lttng_ust_tracepoint(lifetrace, name, seq, controller, id, count)
#define LIFETRACE_EXIT_TEXT_COUNT LIFETRACE_EXIT_COUNT
/* Through lifetrace_tp_fire a FRAME record has no frame (lifetrace_tp_fire_frame gives one). */
#define LIFETRACE_EXIT_FRAME(name) lttng_ust_tracepoint(lifetrace, name, seq, controller, id, &lifetrace_frame_absent)
#define LIFETRACE_EXIT_LOG(name) (void)0
#define LIFETRACE_EXIT_SPAN(name) (void)0

/* The LOG hook's functions: its levels' states and its firing function (swift-log's level order). */
#define LIFETRACE_LOG_FUNCTIONS(stem) \
    static const int *const lifetrace_log_states[7] = { \
        LIFETRACE_STATE(stem##_trace), LIFETRACE_STATE(stem##_debug), LIFETRACE_STATE(stem##_info), \
        LIFETRACE_STATE(stem##_notice), LIFETRACE_STATE(stem##_warning), LIFETRACE_STATE(stem##_error), \
        LIFETRACE_STATE(stem##_critical), \
    }; \
    int lifetrace_tp_log_enabled(unsigned level) { \
        return level < 7 && __atomic_load_n(lifetrace_log_states[level], __ATOMIC_RELAXED) != 0; \
    } \
    const int *const *lifetrace_tp_log_states(void) { return lifetrace_log_states; } \
    int lifetrace_tp_log_any_enabled(void) { \
        for (unsigned level = 0; level < 7; level++) { \
            if (__atomic_load_n(lifetrace_log_states[level], __ATOMIC_RELAXED) != 0) return 1; \
        } \
        return 0; \
    } \
    void lifetrace_tp_log(unsigned level, uint64_t seq, const char *label, const char *message, \
        const char *metadata, const char *source, const char *file, int64_t line, const char *function, \
        uint64_t span_id) { \
        int8_t value = (int8_t)level; \
        switch (level) { \
        case 0: lttng_ust_tracepoint(lifetrace, stem##_trace, seq, label, value, message, metadata, source, file, line, function, span_id); break; \
        case 1: lttng_ust_tracepoint(lifetrace, stem##_debug, seq, label, value, message, metadata, source, file, line, function, span_id); break; \
        case 2: lttng_ust_tracepoint(lifetrace, stem##_info, seq, label, value, message, metadata, source, file, line, function, span_id); break; \
        case 3: lttng_ust_tracepoint(lifetrace, stem##_notice, seq, label, value, message, metadata, source, file, line, function, span_id); break; \
        case 4: lttng_ust_tracepoint(lifetrace, stem##_warning, seq, label, value, message, metadata, source, file, line, function, span_id); break; \
        case 5: lttng_ust_tracepoint(lifetrace, stem##_error, seq, label, value, message, metadata, source, file, line, function, span_id); break; \
        case 6: lttng_ust_tracepoint(lifetrace, stem##_critical, seq, label, value, message, metadata, source, file, line, function, span_id); break; \
        default: break; \
        } \
    }

/* The SPAN hook's firing functions: a span's begin, end and events. */
#define LIFETRACE_SPAN_FUNCTIONS(stem) \
    void lifetrace_tp_span_begin(uint64_t seq, const char *name, uint64_t span_id, uint64_t trace_high, \
        uint64_t trace_low, uint64_t parent_id, int8_t kind) { \
        lttng_ust_tracepoint(lifetrace, stem##_entry, seq, name, span_id, trace_high, trace_low, parent_id, kind); \
    } \
    void lifetrace_tp_span_end(const struct lifetrace_span_end *end) { \
        lttng_ust_tracepoint(lifetrace, stem##_exit, end); \
    } \
    void lifetrace_tp_span_event(uint64_t seq, const char *span_name, uint64_t span_id, uint64_t trace_high, \
        uint64_t trace_low, const char *text, const char *attributes) { \
        lttng_ust_tracepoint(lifetrace, stem, seq, span_name, span_id, trace_high, trace_low, text, attributes); \
    }

#define LIFETRACE_FUNCTIONS_CONTROLLER(stem)
#define LIFETRACE_FUNCTIONS_TARGET(stem)
#define LIFETRACE_FUNCTIONS_TEXT(stem)
#define LIFETRACE_FUNCTIONS_STEP(stem)
#define LIFETRACE_FUNCTIONS_COUNT(stem)
#define LIFETRACE_FUNCTIONS_TEXT_COUNT(stem)
#define LIFETRACE_FUNCTIONS_FRAME(stem)
#define LIFETRACE_FUNCTIONS_LOG LIFETRACE_LOG_FUNCTIONS
#define LIFETRACE_FUNCTIONS_SPAN LIFETRACE_SPAN_FUNCTIONS
#define LIFETRACE_HOOK(code, hook, member, stem, shape, category, doc) LIFETRACE_FUNCTIONS_##shape(stem)
#include "hooks.def"
#undef LIFETRACE_HOOK

static void lifetrace_tp_custom(unsigned phase, const char *hook, uint64_t seq, const char *controller, uint64_t id,
    const char *target, uint64_t target_id, int8_t animated, int64_t index, const char *text, int64_t count) {
    switch (phase) {
    case 0:
        lttng_ust_tracepoint(lifetrace, event_entry, hook, seq, controller, id, target, target_id, animated,
            index, text, count);
        break;
    case 1:
        lttng_ust_tracepoint(lifetrace, event_exit, hook, seq, controller, id, target, target_id, animated,
            index, text, count);
        break;
    default:
        lttng_ust_tracepoint(lifetrace, event, hook, seq, controller, id, target, target_id, animated, index,
            text, count);
        break;
    }
}

/* One switch over every slot (a jump table): slot = code * 3 + phase (entry, exit, instant). */
void lifetrace_tp_fire(unsigned slot, const char *hook, uint64_t seq, const char *controller, uint64_t id,
    const char *target, uint64_t target_id, int8_t animated, int64_t index, const char *text, int64_t count) {
    switch (slot) {
#define LIFETRACE_HOOK(code, hook, member, stem, shape, category, doc) \
    case (code) * 3: LIFETRACE_FIRE_##shape(stem##_entry); break; \
    case (code) * 3 + 1: LIFETRACE_EXIT_##shape(stem##_exit); break; \
    case (code) * 3 + 2: LIFETRACE_INSTANT_##shape(stem); break;
#include "hooks.def"
#undef LIFETRACE_HOOK
    default:
        if (slot >= LIFETRACE_TP_CUSTOM_SLOT && slot < LIFETRACE_TP_SLOT_COUNT) {
            lifetrace_tp_custom(slot - LIFETRACE_TP_CUSTOM_SLOT, hook, seq, controller, id, target, target_id,
                animated, index, text, count);
        }
        break;
    }
}

/* The FRAME hooks' exit and instant slots, with the frame given. */
#define LIFETRACE_FRAME_CASES_CONTROLLER(code, stem)
#define LIFETRACE_FRAME_CASES_TARGET(code, stem)
#define LIFETRACE_FRAME_CASES_TEXT(code, stem)
#define LIFETRACE_FRAME_CASES_STEP(code, stem)
#define LIFETRACE_FRAME_CASES_COUNT(code, stem)
#define LIFETRACE_FRAME_CASES_TEXT_COUNT(code, stem)
#define LIFETRACE_FRAME_CASES_LOG(code, stem)
#define LIFETRACE_FRAME_CASES_SPAN(code, stem)
#define LIFETRACE_FRAME_CASES_FRAME(code, stem) \
    case (code) * 3 + 1: lttng_ust_tracepoint(lifetrace, stem##_exit, seq, controller, id, frame); return 1; \
    case (code) * 3 + 2: lttng_ust_tracepoint(lifetrace, stem, seq, controller, id, frame); return 1;
int lifetrace_tp_fire_frame(unsigned slot, uint64_t seq, const char *controller, uint64_t id,
    const struct lifetrace_frame *frame) {
    switch (slot) {
#define LIFETRACE_HOOK(code, hook, member, stem, shape, category, doc) LIFETRACE_FRAME_CASES_##shape(code, stem)
#include "hooks.def"
#undef LIFETRACE_HOOK
    default:
        return 0;
    }
}
