/*
 * The `lifetrace` provider's event classes by name (CLifetraceCTF's internal header): which hook and
 * phase a class's name means, and the members a record is made of, by their names in a payload or
 * context. Nothing here depends on libbabeltrace2.
 */
#ifndef LIFETRACE_EVENT_NAMES_H
#define LIFETRACE_EVENT_NAMES_H

#include <stdint.h>

/* The members a record is made of, in payload or context. */
enum slot {
    SLOT_HOOK, SLOT_SEQ, SLOT_CONTROLLER, SLOT_ID, SLOT_TARGET, SLOT_TARGET_ID, SLOT_ANIMATED,
    SLOT_INDEX, SLOT_TEXT, SLOT_COUNT, SLOT_LEVEL, SLOT_SOURCE, SLOT_SPAN_ID, SLOT_TRACE_HIGH, SLOT_TRACE_LOW,
    SLOT_PARENT_ID, SLOT_KIND, SLOT_X, SLOT_Y, SLOT_WIDTH, SLOT_HEIGHT, SLOT_OFFSET_X, SLOT_OFFSET_Y,
    SLOT_SUPERVIEW_ID, SLOT_METADATA, SLOT_FILE, SLOT_LINE, SLOT_FUNCTION, SLOT_ATTRIBUTES, SLOT_STATUS, SLOT_ERRORS,
    SLOT_LINKS, PAYLOAD_SLOTS,
    SLOT_VTID = PAYLOAD_SLOTS, SLOT_VPID, SLOT_PROCNAME, ALL_SLOTS
};

/* The members' names, as payload and context fields spell them (without TSDL's leading `_`). */
extern const char *const lifetrace_slot_names[ALL_SLOTS];

/* The type of field a member is read from; a field of another type is left out, not misread. */
enum { SLOT_WANTS_INTEGER, SLOT_WANTS_STRING, SLOT_WANTS_REAL };
int lifetrace_slot_wants(int slot);

/* What an event class's name means. */
struct lifetrace_event_kind {
    int relevant; /* a `lifetrace:*` event of a known hook, or `lifetrace:event*` */
    int is_log;   /* a log record's (which has no `id`) */
    int32_t hook;
    int32_t phase;
};

/* `lifetrace:view_did_load_entry` -> hook 1, begin; `lifetrace:event` -> hook -1, instant;
 * `lifetrace:log_warning` -> the log hook, instant. */
void lifetrace_classify_event(const char *name, struct lifetrace_event_kind *kind);

#endif /* LIFETRACE_EVENT_NAMES_H */
