#!/usr/bin/python3
"""Converts a CTF trace of the `lifetrace` LTTng provider into Lifetrace JSON lines, with Python's bt2.

    Benchmarks/readers/ctf2jsonl-bt2.py TRACE_DIR [-o FILE]

The reference the native reader (`lifetrace convert`) is measured against in tools/bench-readers:
this was tools/ctf2jsonl until the conversion moved into `lifetrace` itself. Kept as it was, but for
where it finds hooks.def.

The output has the keys, order and meaning of the JSON-lines sink (docs/json-lines.md), so every
analysis runs on both: record for record it equals the sink's output of the same run but for `ts`,
which is LTTng's own timestamp (CLOCK_MONOTONIC nanoseconds), and `dur_ns`, which is the end's
timestamp minus its begin's (the tracepoints carry no duration: LTTng keeps time). `thread` is the
`vtid` context when the session recorded one; an end record repeats its begin's details (the
`_exit` tracepoints carry only seq, controller, id and count). An end whose begin the trace does
not hold (a session started mid-interval) has no `dur_ns`. Discarded events and lost packets are reported
on standard error, never hidden. Runs with Debian's /usr/bin/python3 and python3-bt2.
"""

import argparse
import json
import os
import re
import sys

HOOKS_DEF = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tracepoints", "hooks.def")


def load_hooks(path):
    """Maps tracepoint stems to hook names, from the provider's hooks.def."""
    stems = {}
    with open(path, encoding="utf-8") as handle:
        for match in re.finditer(r"^LIFETRACE_HOOK\((\d+), ([\w.]+), (\w+), (\w+), (\w+),", handle.read(), re.M):
            stems[match.group(4)] = match.group(2)
    return stems


def split_name(name, stems):
    """`lifetrace:view_will_appear_entry` -> ("viewWillAppear", "begin"); None for other providers."""
    provider, _, event = name.partition(":")
    if provider != "lifetrace":
        return None
    for suffix, phase in (("_entry", "begin"), ("_exit", "end")):
        if event.endswith(suffix) and event[: -len(suffix)] in stems | {"event": None}.keys():
            return event[: -len(suffix)], phase
    return event, "instant"


def field(payload, key, default=None):
    try:
        return payload[key]
    except KeyError:
        return default


def present(string_field):
    """Whether a string field holds a value: the sink records absent strings as NULL, which LTTng
    writes as "(null)" (empty strings are avoided: babeltrace2 2.0 misreads them)."""
    return string_field is not None and str(string_field) not in ("", "(null)")


DETAIL_KEYS = ("target", "target_id", "animated", "index", "text")
KEY_ORDER = ("seq", "ts", "event", "phase", "controller", "id", "target", "target_id", "animated", "index",
             "text", "count", "dur_ns", "thread")


def with_begin_details(end, begin):
    """The end record with the begin record's details and its duration, keys in the JSON-lines order."""
    merged = dict(end)
    merged["dur_ns"] = end["ts"] - begin["ts"]
    for key in DETAIL_KEYS:
        if key in begin and key not in merged:
            merged[key] = begin[key]
    return {key: merged[key] for key in KEY_ORDER if key in merged}


def convert(trace, out, stems):
    import bt2

    written = 0
    discarded = 0
    lost_packets = 0
    # Open begin records by (thread, id, hook), innermost last: an end record repeats its begin's
    # details and gets its duration from the begin's timestamp, as the JSON-lines sink's end
    # records do (the exit tracepoints carry neither).
    open_begins = {}
    warned_no_thread = False
    iterator = bt2.TraceCollectionMessageIterator(trace)
    for message in iterator:
        if type(message) is bt2._DiscardedEventsMessageConst:
            count = message.count or 0
            discarded += count
            # A lost begin or end would pair the records around it wrongly: start pairing afresh.
            open_begins.clear()
            continue
        if type(message) is bt2._DiscardedPacketsMessageConst:
            lost_packets += message.count or 0
            continue
        if type(message) is not bt2._EventMessageConst:
            continue
        event = message.event
        split = split_name(event.name, stems)
        if split is None:
            continue
        stem, phase = split
        payload = event.payload_field
        hook = str(field(payload, "hook")) if stem == "event" else stems.get(stem)
        if hook is None:
            continue
        record = {
            "seq": int(payload["seq"]),
            "ts": int(message.default_clock_snapshot.value),
            "event": hook,
            "phase": phase,
            "controller": str(payload["controller"]),
            "id": hex(int(payload["id"])),
        }
        target = field(payload, "target")
        if present(target) and int(payload["target_id"]) != 0:
            record["target"] = str(target)
            record["target_id"] = hex(int(payload["target_id"]))
        animated = field(payload, "animated")
        if animated is not None and int(animated) >= 0:
            record["animated"] = bool(int(animated))
        index = field(payload, "index")
        if index is not None and int(index) >= 0:
            record["index"] = int(index)
        text = field(payload, "text")
        if present(text):
            record["text"] = str(text)
        count = field(payload, "count")
        if count is not None and int(count) >= 0:
            record["count"] = int(count)
        context = event.common_context_field
        thread = field(context, "vtid") if context is not None else None
        process = field(context, "vpid") if context is not None else None
        record["thread"] = int(thread) if thread is not None else 0
        if thread is None and not warned_no_thread:
            warned_no_thread = True
            print("ctf2jsonl: the trace has no vtid context (lttng add-context -u -t vtid): ends are paired with "
                  "begins by controller id and hook only, so durations of intervals overlapping on several "
                  "threads may be wrong", file=sys.stderr)
        key = (process, record["thread"], record["id"], hook)
        if phase == "begin":
            open_begins.setdefault(key, []).append(record)
        elif phase == "end" and open_begins.get(key):
            record = with_begin_details(record, open_begins[key].pop())
        out.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")))
        out.write("\n")
        written += 1
    return written, discarded, lost_packets


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trace", help="a CTF trace directory (as written by lttng)")
    parser.add_argument("-o", "--output", help="the JSON-lines file (default: standard output)")
    arguments = parser.parse_args()

    if not os.path.exists(arguments.trace):
        print(f"ctf2jsonl: {arguments.trace}: no such file or directory (expected a CTF trace directory)", file=sys.stderr)
        return 1
    if not os.path.isdir(arguments.trace):
        print(f"ctf2jsonl: {arguments.trace}: not a directory (expected a CTF trace directory)", file=sys.stderr)
        return 1
    try:
        import bt2  # noqa: F401
    except ImportError:
        print("ctf2jsonl: the bt2 module is missing (install python3-bt2, or run tools/setup)", file=sys.stderr)
        return 1
    stems = load_hooks(HOOKS_DEF)
    # Write to a temporary file beside the output and rename it on success, so a failed
    # conversion leaves no half-written file behind.
    partial = arguments.output + ".partial" if arguments.output else None
    out = open(partial, "w", encoding="utf-8") if partial else sys.stdout
    try:
        written, discarded, lost = convert(arguments.trace, out, stems)
    except Exception as error:  # bt2 raises its own error types for unreadable traces
        print(f"ctf2jsonl: {arguments.trace}: cannot read the trace: {error}", file=sys.stderr)
        if partial:
            out.close()
            os.unlink(partial)
        return 1
    if partial:
        out.close()
        os.replace(partial, arguments.output)
    summary = f"ctf2jsonl: {written} events"
    if discarded:
        summary += f"; {discarded} events discarded by the tracer (buffers too small or too slow a consumer)"
    if lost:
        summary += f"; {lost} packets lost"
    print(summary, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
