/*
 * The `lifetrace` provider's probes, tracepoint definitions, state table and firing functions.
 * Link it into exactly one product: a second registration of the same provider aborts.
 */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "lifetrace_provider.h"

#include "include/lifetrace_tracepoints.h"

#define LIFETRACE_STATE(stem) &lttng_ust_tracepoint_lifetrace___##stem.state
#define LIFETRACE_HOOK(code, hook, member, stem, shape, category, doc) \
    LIFETRACE_STATE(stem##_entry), LIFETRACE_STATE(stem##_exit), LIFETRACE_STATE(stem),
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

#define LIFETRACE_EXIT_CONTROLLER(name) lttng_ust_tracepoint(lifetrace, name, seq, controller, id)
#define LIFETRACE_EXIT_TARGET LIFETRACE_EXIT_CONTROLLER
#define LIFETRACE_EXIT_TEXT LIFETRACE_EXIT_CONTROLLER
#define LIFETRACE_EXIT_STEP LIFETRACE_EXIT_CONTROLLER
#define LIFETRACE_EXIT_COUNT(name) lttng_ust_tracepoint(lifetrace, name, seq, controller, id, count)
#define LIFETRACE_EXIT_TEXT_COUNT LIFETRACE_EXIT_COUNT

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
    case (code) * 3 + 2: LIFETRACE_FIRE_##shape(stem); break;
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
