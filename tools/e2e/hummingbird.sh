#!/usr/bin/env bash
# End to end: a real client of Lifetrace's swift-log and swift-distributed-tracing backends. Builds
# the Hummingbird example (Examples/HummingbirdServer, a package of its own, in its own .build),
# records it with tools/lttng-record on a session daemon of this script's own (its own LTTNG_HOME;
# as root, everything that talks to it runs as `nobody`, as Tests/LifetraceLTTngTests'
# SessionDaemon does), while the server, on 127.0.0.1, serves a bounded number of requests from its
# own client: some with an outside caller's `traceparent`, some inside a client span whose context
# is injected. The trace, converted by `lifetrace convert`, must hold for every request of the
# server's manifest: its server span (begin and end, paired), its log lines in that span, the
# caller's trace id and parent span adopted, and the handler's nested spans under the request's.
#
#   tools/e2e/hummingbird.sh [REQUESTS]     (default 24)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
root=$PWD
requests=${1:-24}
example="$root/Examples/HummingbirdServer"

fail() { echo "hummingbird: $*" >&2; exit 1; }
command -v lttng >/dev/null || fail "lttng is not installed (run tools/setup)"
command -v jq >/dev/null || fail "jq is not installed (run tools/setup)"

work=$(mktemp -d /tmp/lifetrace-hummingbird-XXXXXX)
source "$root/tools/lib/own-lttng-daemon.sh"
cleanup() { end_own_daemon; rm -rf "$work"; }
trap cleanup EXIT

# The example, in its own package and build directory; the converter, `lifetrace`, from the root's.
started=$SECONDS
# SwiftPM plans a path dependency's build once and misses files added to or removed from it later
# (the root package here): drop the plan so this build makes a fresh one (cheap).
rm -f "$example/.build/debug.yaml"
swift build --package-path "$example" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; fail "the example did not build"; }
echo "hummingbird: example built in $((SECONDS - started)) s"
server="$example/.build/debug/HummingbirdServer"
if [[ ! -x .build/debug/lifetrace ]]; then
    swift build --product lifetrace >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; fail "lifetrace did not build"; }
fi

# A session daemon of our own (as root, it and everything that talks to it run as nobody).
start_own_daemon "$work" || fail "could not start a session daemon in $work"

# One recording: lifetrace's log and span tracepoints, the server alone tracked. The server waits
# for its registration with the daemon when its sink loads liblttng-ust, before it listens
# (LTTNG_UST_REGISTER_TIMEOUT=-1), prints its port once it listens, sends its requests and shuts
# down gracefully: no sleep, no port guessed.
trace="$work/trace"
status=0
LIFETRACE_SINKS=lttng LTTNG_UST_REGISTER_TIMEOUT=-1 timeout 300 "${as_user[@]}" tools/lttng-record \
    --events 'lifetrace:log_*' --events 'lifetrace:span*' --output "$trace" -- \
    "$server" --requests "$requests" --manifest "$work/manifest.jsonl" >"$work/server.out" 2>"$work/record.err" || status=$?
end_own_daemon
if [[ $status -ne 0 ]]; then
    cat "$work/server.out" "$work/record.err" >&2
    fail "the recorded server exited with status $status"
fi
grep -q "^listening on 127.0.0.1:[0-9][0-9]*$" "$work/server.out" || { cat "$work/server.out" >&2; fail "the server never said it was listening"; }
if grep -q -i -E "discarded|lost" "$work/record.err"; then cat "$work/record.err" >&2; fail "the session lost events"; fi
[[ $(wc -l <"$work/manifest.jsonl") -eq $requests ]] || { cat "$work/manifest.jsonl" >&2; fail "the manifest has not $requests requests"; }

.build/debug/lifetrace convert "$trace" -o "$work/trace.jsonl" 2>"$work/convert.err" \
    || { cat "$work/convert.err" >&2; fail "lifetrace convert failed on $trace"; }

# Every request of the manifest against the trace; each finding a line, none expected.
problems=$(jq -r -s --slurpfile requests "$work/manifest.jsonl" -f "$root/tools/e2e/hummingbird-check.jq" "$work/trace.jsonl") \
    || fail "the check itself failed (jq)"
if [[ -n $problems ]]; then
    echo "$problems" | sed 's/^/hummingbird: /' >&2
    echo "hummingbird: manifest and trace kept in $work.kept" >&2
    cp -r "$work" "$work.kept"
    fail "$(wc -l <<<"$problems") problem(s) in the trace of $requests requests"
fi
spans=$(jq -s '[.[] | select(.event == "span" and .phase == "end")] | length' "$work/trace.jsonl")
logs=$(jq -s '[.[] | select(.event == "log")] | length' "$work/trace.jsonl")
echo "hummingbird: ok ($requests requests: $spans spans and $logs log records in the LTTng trace, ids and parentage as sent)"
