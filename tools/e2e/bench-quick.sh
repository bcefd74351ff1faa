#!/usr/bin/env bash
# End to end: `tools/bench --quick` builds the benchmarks package, runs every suite (the LTTng ones
# under a real session), prints the ratio table, and holds every benchmark's allocations to the
# checked-in thresholds (Benchmarks/Thresholds): an extra allocation per event fails here, as do
# hook paths' instruction counts (callgrind) over Benchmarks/Thresholds/instructions.json by 2 %.
# Timing ratios are printed, not judged (on a shared machine they are not a test), but for one: a
# scenario's cost per step at 10 000 steps against 100 (ScenarioCost, in the same run), at most
# 2.5× — the growth per step the unit test it replaces allowed (10× the time for 4× the steps) —
# where linear reads 1× and a quadratic step 100× (N pushes once cost about N³). The
# table's own target is 2×; quick runs on this shared machine read up to 2.07×.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

solver_rows=()
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! tools/bench --quick >"$log" 2>&1; then
    cat "$log" >&2
    echo "bench-quick: tools/bench --quick failed (see the allocation thresholds above)" >&2
    exit 1
fi
cat "$log"

# The table has every row, each with a value (not n/a), the LTTng ones measured under a session.
for row in "no sink / inline state check" "literal hook, no sink / inline state check" "swift-log no-op handler / no sink, added cost" \
    "tracing NoOpTracer span / no sink, added cost" "JSON lines / C fprintf" "LTTng enabled / C tracepoint" \
    "flat: per view 100000 / 1000" "navigation push/pop cycle (jsonl)" \
    "JSON lines to /dev/null" "LTTng enabled / the C tracepoint floor" \
    "log, no session / swift-log no-op handler" "log, session / C log tracepoint" "withSpan, LTTng / InMemoryTracer" \
    "C tracepoint floor, LTTng flight recorder: 2 threads / 1" "C tracepoint floor, LTTng streaming: 2 threads / 1" \
    "hooks, LTTng flight recorder: 2 threads / 1" "spans, LTTng flight recorder: 2 threads / 1" "logs, LTTng flight recorder: 2 threads / 1" \
    "hooks, LTTng streaming: 2 threads / 1" "spans, LTTng streaming: 2 threads / 1" "logs, LTTng streaming: 2 threads / 1" \
    "hooks, JSON lines: 2 threads / 1" "spans, JSON lines: 2 threads / 1" "logs, JSON lines: 2 threads / 1" \
    "hooks, JSON lines: time per event, 8 threads / 2" "cells made beyond the most on screen (any list)"; do
    line=$(grep -F -- "$row" "$log" || true)
    [[ -n "$line" ]] || { echo "bench-quick: no row '$row' in the table" >&2; exit 1; }
    if grep -q " n/a" <<<"$line"; then
        echo "bench-quick: row '$row' has no value: $line" >&2
        exit 1
    fi
done
# The Auto Layout solver beside kiwi's C++ core: every shape at 100 and 1 000 views, the per-view
# growth, allocations, kiwi's enaml-like system (kiwi is downloaded from PyPI on first use).
for shape in independent dependent nested; do
    for n in "  100" " 1000"; do
        for measure in "first pass / kiwi" "resize / kiwi" "constant change / first pass"; do
            solver_rows+=("$shape $n: $measure")
        done
    done
    solver_rows+=("$shape: first pass per view" "$shape: resize allocations per update")
done
for row in "${solver_rows[@]}" "enaml-like update / kiwi" "enaml-like update: allocations"; do
    line=$(grep -F -- "  $row" "$log" || true)  # indented: "  dependent" is not in "  independent"
    [[ -n "$line" ]] || { echo "bench-quick: no row '$row' in the table" >&2; exit 1; }
    if grep -q " n/a" <<<"$line"; then
        echo "bench-quick: row '$row' has no value: $line" >&2
        exit 1
    fi
done
for kind in push present children tabs chain nested hide bounds; do
    line=$(grep -F -- "  $kind: per step 10 000 / 100" "$log" || true)
    [[ -n "$line" ]] || { echo "bench-quick: no row '$kind: per step 10 000 / 100' in the table" >&2; exit 1; }
    ratio=$(sed -n 's/.*10 000 \/ 100 *\([0-9.]*\)x.*/\1/p' <<<"$line")
    [[ -n $ratio ]] || { echo "bench-quick: row '$kind: per step 10 000 / 100' has no value: $line" >&2; exit 1; }
    awk -v r="$ratio" 'BEGIN { exit !(r <= 2.5) }' \
        || { echo "bench-quick: a $kind step grows with the scenario (over 2.5x): $line" >&2; exit 1; }
done
grep -q "first pass per view 10000 / 100" "$log" || { echo "bench-quick: no per-view growth at 10 000 views" >&2; exit 1; }
grep -q "session lifetrace:\*" "$log" || { echo "bench-quick: the LTTng rows were not measured under a session" >&2; exit 1; }
grep -q "^Allocation thresholds: .* all within$" "$log" || { echo "bench-quick: allocation thresholds not all within" >&2; exit 1; }
echo "bench-quick: ratio table complete, allocations within thresholds"
