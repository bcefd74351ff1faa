/*
 * The event classes of a trace (event_classes.h): a class's meaning and its members' places, worked
 * out at its first event. Classes live as long as their trace, so the addresses that key the table
 * stay valid while the graph does; two traces' classes are distinct objects.
 */
#include "event_classes.h"
#include "lifetrace_ctf_reader.h"
#include <stdlib.h>
#include <string.h>

static void find_members(const bt_field_class *structure, int first, int last, struct class_info *info) {
    if (structure == NULL || BT(bt_field_class_get_type)(structure) != BT_FIELD_CLASS_TYPE_STRUCTURE) return;
    uint64_t count = BT(bt_field_class_structure_get_member_count)(structure);
    for (uint64_t index = 0; index < count; index++) {
        const bt_field_class_structure_member *member =
            BT(bt_field_class_structure_borrow_member_by_index_const)(structure, index);
        const char *name = BT(bt_field_class_structure_member_get_name)(member);
        for (int slot = first; slot < last; slot++) {
            if (strcmp(name, lifetrace_slot_names[slot]) != 0) continue;
            const bt_field_class *type = BT(bt_field_class_structure_member_borrow_field_class_const)(member);
            bt_field_class_type kind = BT(bt_field_class_get_type)(type);
            int is_string = kind == BT_FIELD_CLASS_TYPE_STRING;
            int is_integer = bt_field_class_type_is(kind, BT_FIELD_CLASS_TYPE_INTEGER);
            int is_real = bt_field_class_type_is(kind, BT_FIELD_CLASS_TYPE_REAL);
            int wants_string = lifetrace_slot_wants(slot) == SLOT_WANTS_STRING;
            int wants_real = lifetrace_slot_wants(slot) == SLOT_WANTS_REAL;
            /* A member of another type than the provider's is left out rather than misread. */
            if ((wants_string && is_string) || (wants_real && is_real) || (!wants_string && !wants_real && is_integer)) {
                info->member[slot] = (int64_t)index;
                info->is_signed[slot] = (unsigned char)bt_field_class_type_is(kind, BT_FIELD_CLASS_TYPE_SIGNED_INTEGER);
                info->is_single[slot] = (unsigned char)(kind == BT_FIELD_CLASS_TYPE_SINGLE_PRECISION_REAL);
            }
        }
    }
}

static int grow_classes(struct class_table *table) {
    size_t capacity = table->capacity ? table->capacity * 2 : 256;
    struct class_info *classes = calloc(capacity, sizeof *classes);
    if (classes == NULL) return 0;
    for (size_t index = 0; index < table->capacity; index++) {
        const struct class_info *old = &table->classes[index];
        if (old->event_class == NULL) continue;
        size_t slot = ((uintptr_t)old->event_class >> 4) & (capacity - 1);
        while (classes[slot].event_class != NULL) slot = (slot + 1) & (capacity - 1);
        classes[slot] = *old;
    }
    free(table->classes);
    table->classes = classes;
    table->capacity = capacity;
    return 1;
}

const struct class_info *lifetrace_class_info(struct class_table *table, const bt_event_class *event_class) {
    if (table->capacity) {
        size_t slot = ((uintptr_t)event_class >> 4) & (table->capacity - 1);
        while (table->classes[slot].event_class != NULL) {
            if (table->classes[slot].event_class == event_class) return &table->classes[slot];
            slot = (slot + 1) & (table->capacity - 1);
        }
    }
    /* First event of this class: keep the table at most half full. */
    if ((table->count + 1) * 2 > table->capacity && !grow_classes(table)) return NULL;
    size_t slot = ((uintptr_t)event_class >> 4) & (table->capacity - 1);
    while (table->classes[slot].event_class != NULL) slot = (slot + 1) & (table->capacity - 1);
    struct class_info *info = &table->classes[slot];
    memset(info, 0, sizeof *info);
    info->event_class = event_class;
    for (int index = 0; index < ALL_SLOTS; index++) info->member[index] = -1;
    struct lifetrace_event_kind kind;
    lifetrace_classify_event(BT(bt_event_class_get_name)(event_class), &kind);
    info->relevant = kind.relevant;
    info->is_log = kind.is_log;
    info->hook = kind.hook;
    info->phase = kind.phase;
    if (info->relevant) {
        find_members(BT(bt_event_class_borrow_payload_field_class_const)(event_class), 0, PAYLOAD_SLOTS, info);
        const bt_stream_class *stream_class = BT(bt_event_class_borrow_stream_class_const)(event_class);
        find_members(BT(bt_stream_class_borrow_event_common_context_field_class_const)(stream_class),
            PAYLOAD_SLOTS, ALL_SLOTS, info);
        const bt_clock_class *clock = BT(bt_stream_class_borrow_default_clock_class_const)(stream_class);
        info->frequency = clock ? BT(bt_clock_class_get_frequency)(clock) : 0;
        /* Without the provider's seq, controller and id the event is not one of ours. */
        if (info->member[SLOT_SEQ] < 0 || info->member[SLOT_CONTROLLER] < 0 || (info->member[SLOT_ID] < 0 && !info->is_log)
            || (info->hook < 0 && info->member[SLOT_HOOK] < 0)) {
            info->relevant = 0;
        }
    }
    table->count++;
    return info;
}

void lifetrace_class_table_free(struct class_table *table) {
    free(table->classes);
    table->classes = NULL;
    table->capacity = table->count = 0;
}
