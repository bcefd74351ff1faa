#!/usr/bin/env bash
# End to end: `swift package trace` builds `lifetrace`, records a scenario under a real LTTng
# session and writes the trace and its JSON lines under traces/. Run by tools/test after
# `swift test` (a plugin inside `swift test` would wait on the build lock).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

before=$(ls traces 2>/dev/null || true)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift package --allow-writing-to-package-directory trace lifetrace run Scenarios/seed004-back.scenario >"$log" 2>&1 \
    || { cat "$log" >&2; echo "trace-plugin: swift package trace failed" >&2; exit 1; }

trace=$(sed -n 's/^trace: //p' "$log")
jsonl=$(sed -n 's/^json lines: //p' "$log")
[[ -d "$trace" ]] || { cat "$log" >&2; echo "trace-plugin: no trace directory reported" >&2; exit 1; }
[[ -s "$jsonl" ]] || { cat "$log" >&2; echo "trace-plugin: no JSON lines at '$jsonl'" >&2; exit 1; }
case "$trace" in "$PWD"/traces/*) ;; *) echo "trace-plugin: trace outside traces/: $trace" >&2; exit 1 ;; esac

# The JSON lines are valid, in seq order, and hold the back scenario's pop.
jq -e -s 'length > 0 and ([.[].seq] == ([.[].seq] | sort))' "$jsonl" >/dev/null \
    || { echo "trace-plugin: $jsonl is not valid JSON lines in seq order" >&2; exit 1; }
jq -e -s 'any(.[]; .event == "viewWillDisappear" and .controller == "Second")' "$jsonl" >/dev/null \
    || { echo "trace-plugin: $jsonl lacks Second's viewWillDisappear" >&2; exit 1; }
# babeltrace2 reads the same number of events.
events=$(babeltrace2 "$trace" | wc -l)
lines=$(wc -l <"$jsonl")
[[ "$events" -eq "$lines" ]] || { echo "trace-plugin: babeltrace2 read $events events, the JSON lines have $lines" >&2; exit 1; }

rm -rf "$trace" "$jsonl"
[[ -n "$before" ]] || rmdir traces 2>/dev/null || true
echo "trace-plugin: ok ($lines events)"
