/*
 * The event classes of a trace as the CTF reader sees them (ctf_reader.c's internal header): what
 * each `lifetrace:*` class means (its hook and phase), where each member of a record sits in its
 * payload or context, worked out once per class and kept in a table keyed by the class's address.
 */
#ifndef LIFETRACE_EVENT_CLASSES_H
#define LIFETRACE_EVENT_CLASSES_H

#include "babeltrace_library.h"
#include "event_names.h"
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* What an event class means: worked out at its first event. */
struct class_info {
    const bt_event_class *event_class; /* the key; NULL: an empty table entry */
    int relevant;                      /* a `lifetrace:*` event of a known hook */
    int is_log;                        /* a log record's (which has no `id`) */
    int32_t hook;
    int32_t phase;
    int64_t member[ALL_SLOTS];         /* member index, or -1 when the class has no such member */
    unsigned char is_signed[ALL_SLOTS];
    unsigned char is_single[ALL_SLOTS]; /* a real member of single precision (the others: double) */
    uint64_t frequency;                /* of the stream class's clock, in Hz (0: no clock) */
};

/* The classes met so far: open addressing, capacity a power of two (0 until the first). */
struct class_table {
    struct class_info *classes;
    size_t capacity;
    size_t count;
};

/* The class's entry, worked out at its first event; NULL when memory runs out. */
const struct class_info *lifetrace_class_info(struct class_table *table, const bt_event_class *event_class);

/* Frees the table's entries. */
void lifetrace_class_table_free(struct class_table *table);

/* A member of `structure` (the payload or the context) as a signed or unsigned integer (-1 or 0
 * when absent), as a real number, or as a string (NULL when absent: LTTng writes a NULL `const char *` as "(null)"). */
static inline int64_t lifetrace_member_integer(const bt_field *structure, const struct class_info *info, int slot) {
    if (structure == NULL || info->member[slot] < 0) return -1;
    const bt_field *field = BT(bt_field_structure_borrow_member_field_by_index_const)(structure, (uint64_t)info->member[slot]);
    return info->is_signed[slot] ? BT(bt_field_integer_signed_get_value)(field)
                                 : (int64_t)BT(bt_field_integer_unsigned_get_value)(field);
}

static inline uint64_t lifetrace_member_unsigned(const bt_field *structure, const struct class_info *info, int slot) {
    if (structure == NULL || info->member[slot] < 0) return 0;
    const bt_field *field = BT(bt_field_structure_borrow_member_field_by_index_const)(structure, (uint64_t)info->member[slot]);
    return info->is_signed[slot] ? (uint64_t)BT(bt_field_integer_signed_get_value)(field)
                                 : BT(bt_field_integer_unsigned_get_value)(field);
}

/* A real member (a frame's coordinates) as a double; NaN when absent. */
static inline double lifetrace_member_real(const bt_field *structure, const struct class_info *info, int slot) {
    if (structure == NULL || info->member[slot] < 0) return __builtin_nan("");
    const bt_field *field = BT(bt_field_structure_borrow_member_field_by_index_const)(structure, (uint64_t)info->member[slot]);
    return info->is_single[slot] ? (double)BT(bt_field_real_single_precision_get_value)(field)
                                 : BT(bt_field_real_double_precision_get_value)(field);
}

static inline const char *lifetrace_member_string(const bt_field *structure, const struct class_info *info, int slot) {
    if (structure == NULL || info->member[slot] < 0) return NULL;
    const bt_field *field = BT(bt_field_structure_borrow_member_field_by_index_const)(structure, (uint64_t)info->member[slot]);
    const char *value = BT(bt_field_string_get_value)(field);
    if (value == NULL || strcmp(value, "(null)") == 0) return NULL;
    return value;
}

#endif /* LIFETRACE_EVENT_CLASSES_H */
