/*
 * The `lifetrace` provider's probes, tracepoint definitions, state table and firing functions.
 * Link it into exactly one product: a second registration of the same provider aborts.
 */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "lifetrace_provider.h"

#include "include/lifetrace_tracepoints.h"

#define LIFETRACE_STATE(stem) &lttng_ust_tracepoint_lifetrace___##stem.state
#define LIFETRACE_HOOK(code, hook, stem, shape) \
    LIFETRACE_STATE(stem##_entry), LIFETRACE_STATE(stem##_exit), LIFETRACE_STATE(stem),
const int *const lifetrace_tp_states[LIFETRACE_TP_SLOT_COUNT] = {
#include "hooks.def"
    LIFETRACE_STATE(event_entry), LIFETRACE_STATE(event_exit), LIFETRACE_STATE(event),
};
#undef LIFETRACE_HOOK

#define LIFETRACE_HOOK(code, hook, stem, shape) #hook,
static const char *const lifetrace_hook_names[LIFETRACE_TP_HOOK_COUNT] = {
#include "hooks.def"
};
#undef LIFETRACE_HOOK

_Static_assert(sizeof(lifetrace_hook_names) / sizeof(lifetrace_hook_names[0]) == LIFETRACE_TP_HOOK_COUNT,
    "LIFETRACE_TP_HOOK_COUNT must match hooks.def");

enum lifetrace_shape { LIFETRACE_SHAPE_CONTROLLER, LIFETRACE_SHAPE_TARGET, LIFETRACE_SHAPE_TEXT, LIFETRACE_SHAPE_STEP, LIFETRACE_SHAPE_COUNT };

#define LIFETRACE_HOOK(code, hook, stem, shape) LIFETRACE_SHAPE_##shape,
static const unsigned char lifetrace_hook_shapes[LIFETRACE_TP_HOOK_COUNT] = {
#include "hooks.def"
};
#undef LIFETRACE_HOOK

const int *const *lifetrace_tp_state_table(void) {
    return lifetrace_tp_states;
}

const char *lifetrace_tp_hook_name(unsigned code) {
    return code < LIFETRACE_TP_HOOK_COUNT ? lifetrace_hook_names[code] : 0;
}

/* Each firing function switches over the slots of its shape; other shapes expand to nothing. */
#define LIFETRACE_ENTRY_AND_INSTANT(code, stem, ...) \
    case (code) * 3: lttng_ust_tracepoint(lifetrace, stem##_entry, __VA_ARGS__); break; \
    case (code) * 3 + 2: lttng_ust_tracepoint(lifetrace, stem, __VA_ARGS__); break;

#define LIFETRACE_SKIP(code, stem, ...)

#define LIFETRACE_SHAPE_IS_CONTROLLER_CONTROLLER LIFETRACE_ENTRY_AND_INSTANT
#define LIFETRACE_SHAPE_IS_CONTROLLER_TARGET LIFETRACE_SKIP
#define LIFETRACE_SHAPE_IS_CONTROLLER_TEXT LIFETRACE_SKIP
#define LIFETRACE_SHAPE_IS_CONTROLLER_STEP LIFETRACE_SKIP
#define LIFETRACE_SHAPE_IS_CONTROLLER_COUNT LIFETRACE_SKIP

static void lifetrace_tp_controller(unsigned slot, uint64_t seq, const char *controller, uint64_t id, int8_t animated) {
    switch (slot) {
#define LIFETRACE_HOOK(code, hook, stem, shape) \
    LIFETRACE_SHAPE_IS_CONTROLLER_##shape(code, stem, seq, controller, id, animated)
#include "hooks.def"
#undef LIFETRACE_HOOK
    default: break;
    }
}

#define LIFETRACE_SHAPE_IS_TARGET_CONTROLLER LIFETRACE_SKIP
#define LIFETRACE_SHAPE_IS_TARGET_TARGET LIFETRACE_ENTRY_AND_INSTANT
#define LIFETRACE_SHAPE_IS_TARGET_TEXT LIFETRACE_SKIP
#define LIFETRACE_SHAPE_IS_TARGET_STEP LIFETRACE_SKIP
#define LIFETRACE_SHAPE_IS_TARGET_COUNT LIFETRACE_SKIP

static void lifetrace_tp_target(unsigned slot, uint64_t seq, const char *controller, uint64_t id,
    const char *target, uint64_t target_id, int8_t animated, const char *text) {
    switch (slot) {
#define LIFETRACE_HOOK(code, hook, stem, shape) \
    LIFETRACE_SHAPE_IS_TARGET_##shape(code, stem, seq, controller, id, target, target_id, animated, text)
#include "hooks.def"
#undef LIFETRACE_HOOK
    default: break;
    }
}

#define LIFETRACE_SHAPE_IS_TEXT_CONTROLLER LIFETRACE_SKIP
#define LIFETRACE_SHAPE_IS_TEXT_TARGET LIFETRACE_SKIP
#define LIFETRACE_SHAPE_IS_TEXT_TEXT LIFETRACE_ENTRY_AND_INSTANT
#define LIFETRACE_SHAPE_IS_TEXT_STEP LIFETRACE_SKIP
#define LIFETRACE_SHAPE_IS_TEXT_COUNT LIFETRACE_SKIP

static void lifetrace_tp_text(unsigned slot, uint64_t seq, const char *controller, uint64_t id, int8_t animated, const char *text) {
    switch (slot) {
#define LIFETRACE_HOOK(code, hook, stem, shape) \
    LIFETRACE_SHAPE_IS_TEXT_##shape(code, stem, seq, controller, id, animated, text)
#include "hooks.def"
#undef LIFETRACE_HOOK
    default: break;
    }
}

#define LIFETRACE_SHAPE_IS_STEP_CONTROLLER LIFETRACE_SKIP
#define LIFETRACE_SHAPE_IS_STEP_TARGET LIFETRACE_SKIP
#define LIFETRACE_SHAPE_IS_STEP_TEXT LIFETRACE_SKIP
#define LIFETRACE_SHAPE_IS_STEP_STEP LIFETRACE_ENTRY_AND_INSTANT
#define LIFETRACE_SHAPE_IS_STEP_COUNT LIFETRACE_SKIP

static void lifetrace_tp_step(unsigned slot, uint64_t seq, const char *controller, uint64_t id, int64_t index, const char *text) {
    switch (slot) {
#define LIFETRACE_HOOK(code, hook, stem, shape) \
    LIFETRACE_SHAPE_IS_STEP_##shape(code, stem, seq, controller, id, index, text)
#include "hooks.def"
#undef LIFETRACE_HOOK
    default: break;
    }
}

#define LIFETRACE_SHAPE_IS_COUNT_CONTROLLER LIFETRACE_SKIP
#define LIFETRACE_SHAPE_IS_COUNT_TARGET LIFETRACE_SKIP
#define LIFETRACE_SHAPE_IS_COUNT_TEXT LIFETRACE_SKIP
#define LIFETRACE_SHAPE_IS_COUNT_STEP LIFETRACE_SKIP
#define LIFETRACE_SHAPE_IS_COUNT_COUNT LIFETRACE_ENTRY_AND_INSTANT

static void lifetrace_tp_count(unsigned slot, uint64_t seq, const char *controller, uint64_t id) {
    switch (slot) {
#define LIFETRACE_HOOK(code, hook, stem, shape) \
    LIFETRACE_SHAPE_IS_COUNT_##shape(code, stem, seq, controller, id)
#include "hooks.def"
#undef LIFETRACE_HOOK
    default: break;
    }
}

#define LIFETRACE_EXIT_CONTROLLER(code, stem) \
    case (code) * 3 + 1: lttng_ust_tracepoint(lifetrace, stem##_exit, seq, controller, id); break;
#define LIFETRACE_EXIT_TARGET LIFETRACE_EXIT_CONTROLLER
#define LIFETRACE_EXIT_TEXT LIFETRACE_EXIT_CONTROLLER
#define LIFETRACE_EXIT_STEP LIFETRACE_EXIT_CONTROLLER
#define LIFETRACE_EXIT_COUNT(code, stem) \
    case (code) * 3 + 1: lttng_ust_tracepoint(lifetrace, stem##_exit, seq, controller, id, count); break;

static void lifetrace_tp_exit(unsigned slot, uint64_t seq, const char *controller, uint64_t id, int64_t count) {
    (void)count;
    switch (slot) {
#define LIFETRACE_HOOK(code, hook, stem, shape) LIFETRACE_EXIT_##shape(code, stem)
#include "hooks.def"
#undef LIFETRACE_HOOK
    default: break;
    }
}

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

void lifetrace_tp_fire(unsigned slot, const char *hook, uint64_t seq, const char *controller, uint64_t id,
    const char *target, uint64_t target_id, int8_t animated, int64_t index, const char *text, int64_t count) {
    if (slot >= LIFETRACE_TP_CUSTOM_SLOT) {
        lifetrace_tp_custom(slot - LIFETRACE_TP_CUSTOM_SLOT, hook, seq, controller, id, target, target_id, animated,
            index, text, count);
        return;
    }
    if (slot % 3 == 1) {
        lifetrace_tp_exit(slot, seq, controller, id, count);
        return;
    }
    switch (lifetrace_hook_shapes[slot / 3]) {
    case LIFETRACE_SHAPE_CONTROLLER: lifetrace_tp_controller(slot, seq, controller, id, animated); break;
    case LIFETRACE_SHAPE_TARGET: lifetrace_tp_target(slot, seq, controller, id, target, target_id, animated, text); break;
    case LIFETRACE_SHAPE_TEXT: lifetrace_tp_text(slot, seq, controller, id, animated, text); break;
    case LIFETRACE_SHAPE_STEP: lifetrace_tp_step(slot, seq, controller, id, index, text); break;
    default: lifetrace_tp_count(slot, seq, controller, id); break;
    }
}
