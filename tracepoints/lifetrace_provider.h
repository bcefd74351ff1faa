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
 * One instance per hook and phase, in hooks.def order (a test checks that they agree):
 * STEM_entry and STEM (instant) in the hook's shape class, STEM_exit in exit_event (count_exit_event for COUNT).
 */
/* 0: loadView */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, load_view_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, load_view_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, load_view,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
/* 1: viewDidLoad */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, view_did_load_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, view_did_load_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, view_did_load,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
/* 2: viewWillAppear */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, view_will_appear_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, view_will_appear_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, view_will_appear,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
/* 3: viewIsAppearing */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, view_is_appearing_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, view_is_appearing_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, view_is_appearing,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
/* 4: viewDidAppear */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, view_did_appear_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, view_did_appear_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, view_did_appear,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
/* 5: viewWillDisappear */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, view_will_disappear_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, view_will_disappear_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, view_will_disappear,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
/* 6: viewDidDisappear */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, view_did_disappear_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, view_did_disappear_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, view_did_disappear,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
/* 7: viewWillLayoutSubviews */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, view_will_layout_subviews_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, view_will_layout_subviews_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, view_will_layout_subviews,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
/* 8: viewDidLayoutSubviews */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, view_did_layout_subviews_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, view_did_layout_subviews_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, view_did_layout_subviews,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
/* 9: updateViewConstraints */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, update_view_constraints_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, update_view_constraints_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, update_view_constraints,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
/* 10: viewSafeAreaInsetsDidChange */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, view_safe_area_insets_did_change_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, view_safe_area_insets_did_change_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, view_safe_area_insets_did_change,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
/* 11: viewLayoutMarginsDidChange */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, view_layout_margins_did_change_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, view_layout_margins_did_change_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, view_layout_margins_did_change,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
/* 12: viewWillTransition */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, text_event, lifetrace, view_will_transition_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated, const char *, text))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, view_will_transition_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, text_event, lifetrace, view_will_transition,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated, const char *, text))
/* 13: didReceiveMemoryWarning */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, did_receive_memory_warning_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, did_receive_memory_warning_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, did_receive_memory_warning,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
/* 14: willMove */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, target_event, lifetrace, will_move_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id,
        const char *, target, uint64_t, target_id, int8_t, animated, const char *, text))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, will_move_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, target_event, lifetrace, will_move,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id,
        const char *, target, uint64_t, target_id, int8_t, animated, const char *, text))
/* 15: didMove */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, target_event, lifetrace, did_move_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id,
        const char *, target, uint64_t, target_id, int8_t, animated, const char *, text))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, did_move_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, target_event, lifetrace, did_move,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id,
        const char *, target, uint64_t, target_id, int8_t, animated, const char *, text))
/* 16: prepareForSegue */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, target_event, lifetrace, prepare_for_segue_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id,
        const char *, target, uint64_t, target_id, int8_t, animated, const char *, text))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, prepare_for_segue_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, target_event, lifetrace, prepare_for_segue,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id,
        const char *, target, uint64_t, target_id, int8_t, animated, const char *, text))
/* 17: deinit */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, deinit_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, deinit_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, deinit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
/* 18: willShowViewController */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, target_event, lifetrace, will_show_view_controller_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id,
        const char *, target, uint64_t, target_id, int8_t, animated, const char *, text))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, will_show_view_controller_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, target_event, lifetrace, will_show_view_controller,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id,
        const char *, target, uint64_t, target_id, int8_t, animated, const char *, text))
/* 19: didShowViewController */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, target_event, lifetrace, did_show_view_controller_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id,
        const char *, target, uint64_t, target_id, int8_t, animated, const char *, text))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, did_show_view_controller_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, target_event, lifetrace, did_show_view_controller,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id,
        const char *, target, uint64_t, target_id, int8_t, animated, const char *, text))
/* 20: shouldSelectViewController */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, target_event, lifetrace, should_select_view_controller_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id,
        const char *, target, uint64_t, target_id, int8_t, animated, const char *, text))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, should_select_view_controller_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, target_event, lifetrace, should_select_view_controller,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id,
        const char *, target, uint64_t, target_id, int8_t, animated, const char *, text))
/* 21: didSelectViewController */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, target_event, lifetrace, did_select_view_controller_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id,
        const char *, target, uint64_t, target_id, int8_t, animated, const char *, text))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, did_select_view_controller_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, target_event, lifetrace, did_select_view_controller,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id,
        const char *, target, uint64_t, target_id, int8_t, animated, const char *, text))
/* 22: textFieldShouldBeginEditing */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, text_field_should_begin_editing_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, text_field_should_begin_editing_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, text_field_should_begin_editing,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
/* 23: textFieldDidBeginEditing */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, text_field_did_begin_editing_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, text_field_did_begin_editing_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, text_field_did_begin_editing,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
/* 24: textFieldShouldEndEditing */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, text_field_should_end_editing_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, text_field_should_end_editing_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, text_field_should_end_editing,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
/* 25: textFieldDidEndEditing */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, text_field_did_end_editing_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, text_field_did_end_editing_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, controller_event, lifetrace, text_field_did_end_editing,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int8_t, animated))
/* 26: layoutPass */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, count_event, lifetrace, layout_pass_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, count_exit_event, lifetrace, layout_pass_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int64_t, count))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, count_event, lifetrace, layout_pass,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
/* 27: transition */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, target_event, lifetrace, transition_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id,
        const char *, target, uint64_t, target_id, int8_t, animated, const char *, text))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, transition_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, target_event, lifetrace, transition,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id,
        const char *, target, uint64_t, target_id, int8_t, animated, const char *, text))
/* 28: scenario.step */
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, step_event, lifetrace, scenario_step_entry,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int64_t, index, const char *, text))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, exit_event, lifetrace, scenario_step_exit,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lifetrace, step_event, lifetrace, scenario_step,
    LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, controller, uint64_t, id, int64_t, index, const char *, text))
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
