/*
 * The CTF reader: a babeltrace2 graph (CTF source -> muxer -> simple sink) whose sink flattens each
 * `lifetrace:*` event into a `struct lifetrace_ctf_record`.
 *
 * Per event the sink does no string comparison and no allocation: everything that depends only on
 * the event's class (which hook and phase its name means, where each payload and context member
 * sits, whether an integer is signed) is worked out once per class (event_classes.c).
 */
#include "lifetrace_ctf_reader.h"

/* babeltrace2's API, its library loaded on first use: every library call below goes through the
 * table of pointers, as BT(bt_…)(…) (babeltrace_library.h), and the readers' constructors load it
 * first. */
#include "babeltrace_library.h"
#include "event_classes.h"
#include "record_partition.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct lifetrace_ctf_reader {
    bt_graph *graph;
    struct lifetrace_ctf_callbacks callbacks;
    struct class_table classes;
    int failed;                 /* the sink met an error of its own (memory) */
    /* The trace of the last event, held (a reference) so that its address cannot be another's, and
     * its environment's `hostname` (NULL: none), valid while the trace is held. */
    const bt_trace *trace;
    const char *hostname;
    struct record_partition partition; /* the share of the records delivered (zero: every record) */
    int started;                       /* a step ran */
};

static void set_error(char *error, size_t size, const char *format, ...) {
    if (error == NULL || size == 0) return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(error, size, format, arguments);
    va_end(arguments);
}

/* Appends the root cause of babeltrace2's error on this thread to `error`, and clears the error. */
static void append_library_error(char *error, size_t size) {
    const bt_error *library_error = BT(bt_current_thread_take_error)();
    if (library_error == NULL) return;
    uint64_t count = BT(bt_error_get_cause_count)(library_error);
    for (uint64_t index = 0; index < count && index < 1; index++) {
        const bt_error_cause *cause = BT(bt_error_borrow_cause_by_index)(library_error, index);
        const char *message = BT(bt_error_cause_get_message)(cause);
        size_t used = strlen(error);
        if (message != NULL && used + 3 < size) snprintf(error + used, size - used, "%s%s", used ? ": " : "", message);
    }
    BT(bt_error_release)(library_error);
}

/* ---- Events ----------------------------------------------------------------------------------- */

/* The `hostname` of the event's trace's environment (LTTng writes the recording machine's), looked
 * up once per trace: the events of one trace come in runs. */
static const char *event_hostname(struct lifetrace_ctf_reader *reader, const bt_event *event) {
    const bt_trace *trace = BT(bt_stream_borrow_trace_const)(BT(bt_event_borrow_stream_const)(event));
    if (trace == reader->trace) return reader->hostname;
    BT(bt_trace_put_ref)(reader->trace);
    BT(bt_trace_get_ref)(trace);
    reader->trace = trace;
    reader->hostname = NULL;
    const bt_value *value = BT(bt_trace_borrow_environment_entry_value_by_name_const)(trace, "hostname");
    if (value != NULL && BT(bt_value_get_type)(value) == BT_VALUE_TYPE_STRING) {
        reader->hostname = BT(bt_value_string_get)(value);
    }
    return reader->hostname;
}

static int deliver_event(struct lifetrace_ctf_reader *reader, const bt_message *message) {
    const bt_event *event = BT(bt_message_event_borrow_event_const)(message);
    const struct class_info *info = lifetrace_class_info(&reader->classes, BT(bt_event_borrow_class_const)(event));
    if (info == NULL) return 0;
    if (!info->relevant) return 1;
    const bt_field *payload = BT(bt_event_borrow_payload_field_const)(event);
    const bt_field *context = BT(bt_event_borrow_common_context_field_const)(event);
    struct lifetrace_ctf_record record;
    record.hook = info->hook;
    record.phase = info->phase;
    record.hook_name = info->hook < 0 ? lifetrace_member_string(payload, info, SLOT_HOOK) : NULL;
    if (info->hook < 0 && record.hook_name == NULL) return 1;
    /* The clock's own value, not nanoseconds from its origin: LTTng's `monotonic` clock counts
     * CLOCK_MONOTONIC nanoseconds, what the JSON-lines sink writes (its origin is the epoch). */
    record.timestamp = 0;
    if (info->frequency != 0) {
        uint64_t cycles = BT(bt_clock_snapshot_get_value)(BT(bt_message_event_borrow_default_clock_snapshot_const)(message));
        record.timestamp = info->frequency == 1000000000ULL
            ? (int64_t)cycles
            : (int64_t)((unsigned __int128)cycles * 1000000000ULL / info->frequency);
    }
    record.seq = lifetrace_member_unsigned(payload, info, SLOT_SEQ);
    record.controller = lifetrace_member_string(payload, info, SLOT_CONTROLLER);
    record.id = lifetrace_member_unsigned(payload, info, SLOT_ID);
    record.target = lifetrace_member_string(payload, info, SLOT_TARGET);
    record.target_id = lifetrace_member_unsigned(payload, info, SLOT_TARGET_ID);
    record.animated = lifetrace_member_integer(payload, info, SLOT_ANIMATED);
    record.index = lifetrace_member_integer(payload, info, SLOT_INDEX);
    record.text = lifetrace_member_string(payload, info, SLOT_TEXT);
    record.count = lifetrace_member_integer(payload, info, SLOT_COUNT);
    record.level = lifetrace_member_integer(payload, info, SLOT_LEVEL);
    record.source = lifetrace_member_string(payload, info, SLOT_SOURCE);
    record.span_id = lifetrace_member_unsigned(payload, info, SLOT_SPAN_ID);
    record.has_trace_id = info->member[SLOT_TRACE_HIGH] >= 0 && info->member[SLOT_TRACE_LOW] >= 0;
    record.trace_id_high = lifetrace_member_unsigned(payload, info, SLOT_TRACE_HIGH);
    record.trace_id_low = lifetrace_member_unsigned(payload, info, SLOT_TRACE_LOW);
    record.parent_id = lifetrace_member_unsigned(payload, info, SLOT_PARENT_ID);
    record.kind = lifetrace_member_integer(payload, info, SLOT_KIND);
    record.metadata = lifetrace_member_string(payload, info, SLOT_METADATA);
    record.file = lifetrace_member_string(payload, info, SLOT_FILE);
    record.line = lifetrace_member_integer(payload, info, SLOT_LINE);
    record.function = lifetrace_member_string(payload, info, SLOT_FUNCTION);
    record.attributes = lifetrace_member_string(payload, info, SLOT_ATTRIBUTES);
    record.status = lifetrace_member_string(payload, info, SLOT_STATUS);
    record.errors = lifetrace_member_string(payload, info, SLOT_ERRORS);
    record.links = lifetrace_member_string(payload, info, SLOT_LINKS);
    /* A frame: all four of x, y, width and height, not all NaN (the FRAME shape's "no frame"). */
    record.has_frame = 0;
    record.x = record.y = record.width = record.height = __builtin_nan("");
    if (info->member[SLOT_X] >= 0 && info->member[SLOT_Y] >= 0 && info->member[SLOT_WIDTH] >= 0
        && info->member[SLOT_HEIGHT] >= 0) {
        record.x = lifetrace_member_real(payload, info, SLOT_X);
        record.y = lifetrace_member_real(payload, info, SLOT_Y);
        record.width = lifetrace_member_real(payload, info, SLOT_WIDTH);
        record.height = lifetrace_member_real(payload, info, SLOT_HEIGHT);
        record.has_frame = !(isnan(record.x) && isnan(record.y) && isnan(record.width) && isnan(record.height));
    }
    record.offset_x = info->member[SLOT_OFFSET_X] >= 0 ? lifetrace_member_real(payload, info, SLOT_OFFSET_X) : record.x;
    record.offset_y = info->member[SLOT_OFFSET_Y] >= 0 ? lifetrace_member_real(payload, info, SLOT_OFFSET_Y) : record.y;
    record.superview_id = lifetrace_member_unsigned(payload, info, SLOT_SUPERVIEW_ID);
    record.vtid = lifetrace_member_integer(context, info, SLOT_VTID);
    record.vpid = lifetrace_member_integer(context, info, SLOT_VPID);
    record.procname = lifetrace_member_string(context, info, SLOT_PROCNAME);
    record.hostname = event_hostname(reader, event);
    if (record_partition_keeps(&reader->partition, &record))
        reader->callbacks.record(reader->callbacks.context, &record);
    return 1;
}

/* A count of discarded events or packets as babeltrace2 gives it: the difference of two packets'
 * counters, which it does not check. A counter that went back gives a difference past 2^63 (the
 * checker drops such packets from recorded traces, but a live session is not checked): that is no
 * count, so at least one is counted and the reader warns. */
static uint64_t counted(struct lifetrace_ctf_reader *reader, uint64_t count, const char *counter) {
    if (count <= INT64_MAX) return count;
    if (reader->callbacks.warning) {
        char message[200];
        snprintf(message, sizeof message,
            "a packet's %s went back from the previous packet's: the loss there is counted as one", counter);
        reader->callbacks.warning(reader->callbacks.context, message);
    }
    return 1;
}

static bt_graph_simple_sink_component_consume_func_status consume(bt_message_iterator *iterator, void *data) {
    struct lifetrace_ctf_reader *reader = data;
    bt_message_array_const messages;
    uint64_t count;
    switch (BT(bt_message_iterator_next)(iterator, &messages, &count)) {
    case BT_MESSAGE_ITERATOR_NEXT_STATUS_OK: break;
    case BT_MESSAGE_ITERATOR_NEXT_STATUS_END: return BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_END;
    case BT_MESSAGE_ITERATOR_NEXT_STATUS_AGAIN: return BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_AGAIN;
    case BT_MESSAGE_ITERATOR_NEXT_STATUS_MEMORY_ERROR: return BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_MEMORY_ERROR;
    default: return BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_ERROR;
    }
    int ok = 1;
    for (uint64_t index = 0; index < count; index++) {
        const bt_message *message = messages[index];
        if (ok) {
            switch (BT(bt_message_get_type)(message)) {
            case BT_MESSAGE_TYPE_EVENT:
                ok = deliver_event(reader, message);
                break;
            case BT_MESSAGE_TYPE_DISCARDED_EVENTS: {
                uint64_t discarded = 0;
                if (BT(bt_message_discarded_events_get_count)(message, &discarded) != BT_PROPERTY_AVAILABILITY_AVAILABLE) {
                    discarded = 1; /* the tracer says events were lost, not how many: at least one */
                }
                reader->callbacks.discarded(reader->callbacks.context, counted(reader, discarded, "events_discarded"), 0);
                break;
            }
            case BT_MESSAGE_TYPE_DISCARDED_PACKETS: {
                uint64_t lost = 0;
                if (BT(bt_message_discarded_packets_get_count)(message, &lost) != BT_PROPERTY_AVAILABILITY_AVAILABLE) lost = 1;
                reader->callbacks.discarded(reader->callbacks.context, 0, counted(reader, lost, "packet_seq_num"));
                break;
            }
            default:
                break;
            }
        }
        BT(bt_message_put_ref)(message);
    }
    if (!ok) {
        reader->failed = 1;
        return BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_MEMORY_ERROR;
    }
    return BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_OK;
}

/* ---- The graph -------------------------------------------------------------------------------- */

static const bt_plugin *find_plugin(const char *name, char *error, size_t size) {
    const bt_plugin *plugin = NULL;
    bt_plugin_find_status status = BT(bt_plugin_find)(name, BT_TRUE, BT_TRUE, BT_TRUE, BT_TRUE, BT_FALSE, &plugin);
    if (status != BT_PLUGIN_FIND_STATUS_OK) {
        set_error(error, size, "the babeltrace2 plugin '%s' is not installed (Debian package babeltrace2)", name);
        BT(bt_current_thread_clear_error)();
        return NULL;
    }
    return plugin;
}

/* Connects every output port of `source` to a free input port of `muxer` (the muxer adds one
 * after each connection). */
static int connect_source(bt_graph *graph, const bt_component_source *source, const bt_component_filter *muxer,
    char *error, size_t size) {
    uint64_t outputs = BT(bt_component_source_get_output_port_count)(source);
    for (uint64_t index = 0; index < outputs; index++) {
        const bt_port_output *output = BT(bt_component_source_borrow_output_port_by_index_const)(source, index);
        uint64_t inputs = BT(bt_component_filter_get_input_port_count)(muxer);
        const bt_port_input *free_input = NULL;
        for (uint64_t input = 0; input < inputs && free_input == NULL; input++) {
            const bt_port_input *candidate = BT(bt_component_filter_borrow_input_port_by_index_const)(muxer, input);
            if (!BT(bt_port_is_connected)(bt_port_input_as_port_const(candidate))) free_input = candidate;
        }
        if (free_input == NULL || BT(bt_graph_connect_ports)(graph, output, free_input, NULL) != BT_GRAPH_CONNECT_PORTS_STATUS_OK) {
            set_error(error, size, "cannot connect the trace's streams to the muxer");
            append_library_error(error, size);
            return 0;
        }
    }
    return 1;
}

/* A graph of `source_count` sources of the class `source_name` of the plugin `plugin_name`, one per
 * parameters in `params` (which it releases): with `one_muxer`, every source's streams merged in
 * timestamp order by one muxer into one sink; otherwise each source's by a muxer and sink of its
 * own. */
static struct lifetrace_ctf_reader *open_graph(const char *plugin_name, const char *source_name, bt_value **params,
    size_t source_count, int one_muxer, struct lifetrace_ctf_callbacks callbacks, char *error, size_t size) {
    if (error && size) error[0] = '\0';
    struct lifetrace_ctf_reader *reader = calloc(1, sizeof *reader);
    const bt_plugin *ctf = NULL, *utils = NULL;
    if (reader == NULL) {
        set_error(error, size, "out of memory");
        goto fail;
    }
    reader->callbacks = callbacks;
    ctf = find_plugin(plugin_name, error, size);
    utils = ctf ? find_plugin("utils", error, size) : NULL;
    if (utils == NULL) goto fail;
    const bt_component_class_source *source_class = BT(bt_plugin_borrow_source_component_class_by_name_const)(ctf, source_name);
    const bt_component_class_filter *muxer_class = BT(bt_plugin_borrow_filter_component_class_by_name_const)(utils, "muxer");
    if (source_class == NULL || muxer_class == NULL) {
        set_error(error, size, "babeltrace2 lacks src.%s.%s or flt.utils.muxer", plugin_name, source_name);
        goto fail;
    }
    reader->graph = BT(bt_graph_create)(0);
    if (reader->graph == NULL) {
        set_error(error, size, "cannot create a babeltrace2 graph");
        goto fail;
    }
    /* Recorded traces (`one_muxer`) share one muxer and sink: every event in time order. Live
     * sources have a muxer and a sink each: babeltrace2 runs the sinks in turn
     * (bt_graph_run_once), so a live session with nothing to say yet does not hold the others
     * (one muxer over several live sources waits on the first until it has data), and several
     * hosts' clocks are never compared. */
    const bt_component_filter *muxer = NULL;
    const bt_component_sink *sink = NULL;
    for (size_t index = 0; index < source_count; index++) {
        const bt_component_source *source = NULL;
        char source_label[32], muxer_label[32], sink_label[32];
        snprintf(source_label, sizeof source_label, "source");
        snprintf(muxer_label, sizeof muxer_label, "muxer");
        snprintf(sink_label, sizeof sink_label, "lifetrace");
        if (index > 0) {
            snprintf(source_label, sizeof source_label, "source%zu", index);
            snprintf(muxer_label, sizeof muxer_label, "muxer%zu", index);
            snprintf(sink_label, sizeof sink_label, "lifetrace%zu", index);
        }
        if (BT(bt_graph_add_source_component)(reader->graph, source_class, source_label, params[index], BT_LOGGING_LEVEL_NONE, &source)
            != BT_GRAPH_ADD_COMPONENT_STATUS_OK) {
            if (source_count > 1) set_error(error, size, "cannot open source %zu of %zu", index + 1, source_count);
            else set_error(error, size, "cannot open the trace");
            append_library_error(error, size);
            goto fail;
        }
        if (one_muxer && index > 0) {
            if (!connect_source(reader->graph, source, muxer, error, size)) goto fail;
            continue;
        }
        if (BT(bt_graph_add_filter_component)(reader->graph, muxer_class, muxer_label, NULL, BT_LOGGING_LEVEL_NONE, &muxer)
            != BT_GRAPH_ADD_COMPONENT_STATUS_OK) {
            set_error(error, size, "cannot create the muxer");
            append_library_error(error, size);
            goto fail;
        }
        if (BT(bt_graph_add_simple_sink_component)(reader->graph, sink_label, NULL, consume, NULL, reader, &sink)
            != BT_GRAPH_ADD_COMPONENT_STATUS_OK) {
            set_error(error, size, "cannot create the sink");
            append_library_error(error, size);
            goto fail;
        }
        if (!connect_source(reader->graph, source, muxer, error, size)) goto fail;
        const bt_port_output *muxed = BT(bt_component_filter_borrow_output_port_by_index_const)(muxer, 0);
        const bt_port_input *sink_input = BT(bt_component_sink_borrow_input_port_by_index_const)(sink, 0);
        if (BT(bt_graph_connect_ports)(reader->graph, muxed, sink_input, NULL) != BT_GRAPH_CONNECT_PORTS_STATUS_OK) {
            set_error(error, size, "cannot connect the muxer to the sink");
            append_library_error(error, size);
            goto fail;
        }
    }
    BT(bt_plugin_put_ref)(ctf);
    BT(bt_plugin_put_ref)(utils);
    for (size_t index = 0; index < source_count; index++) BT(bt_value_put_ref)(params[index]);
    return reader;
fail:
    BT(bt_plugin_put_ref)(ctf);
    BT(bt_plugin_put_ref)(utils);
    for (size_t index = 0; index < source_count; index++) BT(bt_value_put_ref)(params[index]);
    lifetrace_ctf_reader_close(reader);
    return NULL;
}

/* A source's parameters: `inputs`, the `count` paths or URLs of `inputs`, and when `missing` is not
 * NULL its `session-not-found-action` (NULL when out of memory). */
static bt_value *source_params(const char *const *inputs, size_t count, const char *missing) {
    bt_value *params = BT(bt_value_map_create)();
    bt_value *paths = NULL;
    int made = params != NULL
        && BT(bt_value_map_insert_empty_array_entry)(params, "inputs", &paths) == BT_VALUE_MAP_INSERT_ENTRY_STATUS_OK;
    for (size_t index = 0; made && index < count; index++) {
        made = BT(bt_value_array_append_string_element)(paths, inputs[index]) == BT_VALUE_ARRAY_APPEND_ELEMENT_STATUS_OK;
    }
    if (made && missing != NULL) {
        made = BT(bt_value_map_insert_string_entry)(params, "session-not-found-action", missing)
            == BT_VALUE_MAP_INSERT_ENTRY_STATUS_OK;
    }
    if (made) return params;
    BT(bt_value_put_ref)(params);
    return NULL;
}

/* A graph of one source per input (source_params, with `missing`), into one muxer when
 * `one_muxer` (open_graph). */
static struct lifetrace_ctf_reader *open_source_per_input(const char *source_name, const char *const *inputs, size_t count,
    const char *missing, int one_muxer, struct lifetrace_ctf_callbacks callbacks, char *error, size_t size) {
    bt_value **params = calloc(count, sizeof *params);
    if (params == NULL) {
        set_error(error, size, "out of memory");
        return NULL;
    }
    for (size_t index = 0; index < count; index++) {
        params[index] = source_params(&inputs[index], 1, missing);
        if (params[index] == NULL) {
            set_error(error, size, "out of memory");
            for (size_t made = 0; made < index; made++) BT(bt_value_put_ref)(params[made]);
            free(params);
            return NULL;
        }
    }
    struct lifetrace_ctf_reader *reader = open_graph("ctf", source_name, params, count, one_muxer, callbacks, error, size);
    free(params);
    return reader;
}

struct lifetrace_ctf_reader *lifetrace_ctf_reader_open(
    const char *const *inputs, size_t input_count, struct lifetrace_ctf_callbacks callbacks, char *error, size_t size) {
    if (!lifetrace_bt_load(error, size)) return NULL;
    bt_value *params = source_params(inputs, input_count, NULL);
    if (params == NULL) {
        set_error(error, size, "out of memory");
        return NULL;
    }
    struct lifetrace_ctf_reader *reader = open_graph("ctf", "fs", &params, 1, 1, callbacks, error, size);
    if (reader != NULL || input_count < 2) return reader;
    /* src.ctf.fs takes several inputs as one trace, and refuses traces of different UUIDs (several
     * sessions: a relay's output of a fleet, OUTPUT/HOSTNAME/SESSION-…): then a source per trace,
     * all into one muxer. */
    return open_source_per_input("fs", inputs, input_count, NULL, 1, callbacks, error, size);
}

struct lifetrace_ctf_reader *lifetrace_ctf_reader_open_live(
    const char *url, enum lifetrace_ctf_missing_session missing, struct lifetrace_ctf_callbacks callbacks,
    char *error, size_t size) {
    return lifetrace_ctf_reader_open_live_sessions(&url, 1, missing, callbacks, error, size);
}

/* src.ctf.lttng-live follows one session: one source per URL, each with a muxer and sink of its own. */
struct lifetrace_ctf_reader *lifetrace_ctf_reader_open_live_sessions(const char *const *urls, size_t url_count,
    enum lifetrace_ctf_missing_session missing, struct lifetrace_ctf_callbacks callbacks, char *error, size_t size) {
    static const char *const actions[] = {"continue", "fail", "end"};
    if (!lifetrace_bt_load(error, size)) return NULL;
    if (url_count == 0) {
        set_error(error, size, "no live session to follow");
        return NULL;
    }
    return open_source_per_input("lttng-live", urls, url_count, actions[missing % 3], 0, callbacks, error, size);
}

enum lifetrace_ctf_status lifetrace_ctf_reader_step(struct lifetrace_ctf_reader *reader, char *error, size_t size) {
    if (error && size) error[0] = '\0';
    reader->started = 1;
    switch (BT(bt_graph_run_once)(reader->graph)) {
    case BT_GRAPH_RUN_ONCE_STATUS_OK: return LIFETRACE_CTF_OK;
    case BT_GRAPH_RUN_ONCE_STATUS_AGAIN: return LIFETRACE_CTF_AGAIN;
    case BT_GRAPH_RUN_ONCE_STATUS_END: return LIFETRACE_CTF_END;
    default:
        append_library_error(error, size);
        if (reader->failed || error[0] == '\0') set_error(error, size, reader->failed ? "out of memory" : "babeltrace2 failed");
        return LIFETRACE_CTF_ERROR;
    }
}

int lifetrace_ctf_reader_keep_partition(struct lifetrace_ctf_reader *reader, uint64_t index, uint64_t count) {
    return !reader->started && record_partition_set(&reader->partition, index, count);
}

void lifetrace_ctf_reader_interrupt(struct lifetrace_ctf_reader *reader) {
    if (reader && reader->graph) BT(bt_interrupter_set)(BT(bt_graph_borrow_default_interrupter)(reader->graph));
}

void lifetrace_ctf_reader_close(struct lifetrace_ctf_reader *reader) {
    if (reader == NULL) return;
    BT(bt_graph_put_ref)(reader->graph);
    BT(bt_trace_put_ref)(reader->trace);
    lifetrace_class_table_free(&reader->classes);
    record_partition_free(&reader->partition);
    free(reader);
}
