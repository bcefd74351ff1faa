/*
 * libbabeltrace2, loaded on first use (private to CLifetraceCTF).
 *
 * The `lifetrace` command does not link libbabeltrace2: with GLib, libnuma and PCRE it costs about
 * a millisecond of every start-up, and only the commands that read CTF traces need it.
 * The reader calls the library through `lifetrace_bt`, a table of pointers that
 * lifetrace_bt_load() fills with dlsym. The table is made from the one list below, and each
 * pointer has the type of the function babeltrace2's own header declares, so a signature cannot
 * drift from the library's.
 */
#ifndef LIFETRACE_BABELTRACE_LIBRARY_H
#define LIFETRACE_BABELTRACE_LIBRARY_H

#include <babeltrace2/babeltrace.h>
#include <stddef.h>

/* Every libbabeltrace2 function the reader calls (the header's `static inline` helpers, such as
 * bt_field_class_type_is, are not library symbols and stay direct calls). */
#define LIFETRACE_BT_FUNCTIONS(X) \
    X(bt_clock_class_get_frequency) \
    X(bt_clock_snapshot_get_value) \
    X(bt_component_filter_borrow_input_port_by_index_const) \
    X(bt_component_filter_borrow_output_port_by_index_const) \
    X(bt_component_filter_get_input_port_count) \
    X(bt_component_sink_borrow_input_port_by_index_const) \
    X(bt_component_source_borrow_output_port_by_index_const) \
    X(bt_component_source_get_output_port_count) \
    X(bt_current_thread_clear_error) \
    X(bt_current_thread_take_error) \
    X(bt_error_borrow_cause_by_index) \
    X(bt_error_cause_get_message) \
    X(bt_error_get_cause_count) \
    X(bt_error_release) \
    X(bt_event_borrow_class_const) \
    X(bt_event_borrow_common_context_field_const) \
    X(bt_event_borrow_payload_field_const) \
    X(bt_event_borrow_stream_const) \
    X(bt_event_class_borrow_payload_field_class_const) \
    X(bt_event_class_borrow_stream_class_const) \
    X(bt_event_class_get_name) \
    X(bt_field_class_get_type) \
    X(bt_field_class_structure_borrow_member_by_index_const) \
    X(bt_field_class_structure_get_member_count) \
    X(bt_field_class_structure_member_borrow_field_class_const) \
    X(bt_field_class_structure_member_get_name) \
    X(bt_field_integer_signed_get_value) \
    X(bt_field_integer_unsigned_get_value) \
    X(bt_field_real_double_precision_get_value) \
    X(bt_field_real_single_precision_get_value) \
    X(bt_field_string_get_value) \
    X(bt_field_structure_borrow_member_field_by_index_const) \
    X(bt_graph_add_filter_component) \
    X(bt_graph_add_simple_sink_component) \
    X(bt_graph_add_source_component) \
    X(bt_graph_borrow_default_interrupter) \
    X(bt_graph_connect_ports) \
    X(bt_graph_create) \
    X(bt_graph_put_ref) \
    X(bt_graph_run_once) \
    X(bt_interrupter_set) \
    X(bt_message_discarded_events_get_count) \
    X(bt_message_discarded_packets_get_count) \
    X(bt_message_event_borrow_default_clock_snapshot_const) \
    X(bt_message_event_borrow_event_const) \
    X(bt_message_get_type) \
    X(bt_message_iterator_next) \
    X(bt_message_put_ref) \
    X(bt_plugin_borrow_filter_component_class_by_name_const) \
    X(bt_plugin_borrow_source_component_class_by_name_const) \
    X(bt_plugin_find) \
    X(bt_plugin_put_ref) \
    X(bt_port_is_connected) \
    X(bt_stream_borrow_trace_const) \
    X(bt_stream_class_borrow_default_clock_class_const) \
    X(bt_stream_class_borrow_event_common_context_field_class_const) \
    X(bt_trace_borrow_environment_entry_value_by_name_const) \
    X(bt_trace_get_ref) \
    X(bt_trace_put_ref) \
    X(bt_value_array_append_string_element) \
    X(bt_value_get_type) \
    X(bt_value_map_create) \
    X(bt_value_map_insert_empty_array_entry) \
    X(bt_value_map_insert_string_entry) \
    X(bt_value_put_ref) \
    X(bt_value_string_get)

struct lifetrace_bt_functions {
#define LIFETRACE_BT_POINTER(name) __typeof__(name) *name;
    LIFETRACE_BT_FUNCTIONS(LIFETRACE_BT_POINTER)
#undef LIFETRACE_BT_POINTER
};

/* The library's functions: valid once lifetrace_bt_load() has returned 1, and from then on until
 * the process exits (the library is never closed). */
extern struct lifetrace_bt_functions lifetrace_bt;

/* A call of the library: BT(bt_graph_create)(…). A function missing from LIFETRACE_BT_FUNCTIONS
 * does not compile (no such member); a call without BT does not link, since nothing links
 * libbabeltrace2. */
#define BT(name) (lifetrace_bt.name)

/* Loads libbabeltrace2 and fills `lifetrace_bt`, the first time (thread-safe). Returns 1, or 0
 * with the reason in `error` when the library or one of its functions is missing. */
int lifetrace_bt_load(char *error, size_t size);

#endif
