/*
 * What a `lifetrace:*` event class's name means, and the names of a record's members
 * (event_names.h): shared by the babeltrace2 reader (event_classes.c) and the decoder
 * (ctf_decoder.c), so both read the same events the same way.
 */
#include "event_names.h"
#include "lifetrace_ctf_reader.h"
#include <string.h>

/* The hooks' tracepoint stems, indexed by code: tracepoints/hooks.def is the one list. */
static const char *const hook_stems[] = {
#define LIFETRACE_HOOK(code, name, member, stem, shape, category, doc) #stem,
#include "../../tracepoints/hooks.def"
#undef LIFETRACE_HOOK
};
enum { hook_count = sizeof hook_stems / sizeof hook_stems[0] };

/* Whether each hook has the LOG shape (its tracepoints are STEM_LEVEL, one per swift-log level). */
static const unsigned char hook_is_log[] = {
#define LIFETRACE_HOOK(code, name, member, stem, shape, category, doc) LIFETRACE_IS_LOG_##shape,
#define LIFETRACE_IS_LOG_CONTROLLER 0
#define LIFETRACE_IS_LOG_TARGET 0
#define LIFETRACE_IS_LOG_TEXT 0
#define LIFETRACE_IS_LOG_STEP 0
#define LIFETRACE_IS_LOG_COUNT 0
#define LIFETRACE_IS_LOG_TEXT_COUNT 0
#define LIFETRACE_IS_LOG_FRAME 0
#define LIFETRACE_IS_LOG_SPAN 0
#define LIFETRACE_IS_LOG_LOG 1
#include "../../tracepoints/hooks.def"
#undef LIFETRACE_HOOK
};

const char *const lifetrace_slot_names[ALL_SLOTS] = {
    "hook", "seq", "controller", "id", "target", "target_id", "animated", "index", "text", "count",
    "level", "source", "span_id", "trace_id_high", "trace_id_low", "parent_id", "kind",
    "x", "y", "width", "height", "offset_x", "offset_y", "superview_id",
    "metadata", "file", "line", "function", "attributes", "status", "errors", "links",
    "vtid", "vpid", "procname",
};

int lifetrace_slot_wants(int slot) {
    if (slot == SLOT_HOOK || slot == SLOT_CONTROLLER || slot == SLOT_TARGET || slot == SLOT_TEXT || slot == SLOT_PROCNAME
        || slot == SLOT_SOURCE || (slot >= SLOT_METADATA && slot <= SLOT_LINKS && slot != SLOT_LINE)) {
        return SLOT_WANTS_STRING;
    }
    if (slot >= SLOT_X && slot <= SLOT_OFFSET_Y) return SLOT_WANTS_REAL;
    return SLOT_WANTS_INTEGER;
}

/* `lifetrace:view_did_load_entry` -> hook 1, begin; `lifetrace:event` -> hook -1, instant. */
void lifetrace_classify_event(const char *name, struct lifetrace_event_kind *info) {
    memset(info, 0, sizeof *info);
    static const char provider[] = "lifetrace:";
    info->relevant = 0;
    if (name == NULL || strncmp(name, provider, sizeof provider - 1) != 0) return;
    const char *event = name + sizeof provider - 1;
    size_t length = strlen(event);
    static const struct { const char *suffix; int32_t phase; } suffixes[] = {
        {"_entry", LIFETRACE_CTF_PHASE_BEGIN}, {"_exit", LIFETRACE_CTF_PHASE_END}, {"", LIFETRACE_CTF_PHASE_INSTANT},
    };
    for (size_t kind = 0; kind < sizeof suffixes / sizeof suffixes[0]; kind++) {
        size_t suffix_length = strlen(suffixes[kind].suffix);
        if (length <= suffix_length || strcmp(event + length - suffix_length, suffixes[kind].suffix) != 0) continue;
        size_t stem_length = length - suffix_length;
        if (stem_length == 5 && strncmp(event, "event", 5) == 0) {
            info->hook = -1;
            info->phase = suffixes[kind].phase;
            info->relevant = 1;
            return;
        }
        for (int32_t code = 0; code < hook_count; code++) {
            if (!hook_is_log[code] && strlen(hook_stems[code]) == stem_length
                && strncmp(event, hook_stems[code], stem_length) == 0) {
                info->hook = code;
                info->phase = suffixes[kind].phase;
                info->relevant = 1;
                return;
            }
        }
    }
    /* `lifetrace:log_warning` -> the log hook, instant (its level is the `level` field). */
    for (int32_t code = 0; code < hook_count; code++) {
        size_t stem_length = strlen(hook_stems[code]);
        if (hook_is_log[code] && length > stem_length + 1 && strncmp(event, hook_stems[code], stem_length) == 0
            && event[stem_length] == '_') {
            info->hook = code;
            info->phase = LIFETRACE_CTF_PHASE_INSTANT;
            info->relevant = 1;
            info->is_log = 1;
            return;
        }
    }
}

