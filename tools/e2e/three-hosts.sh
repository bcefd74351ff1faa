#!/usr/bin/env bash
# End to end: a fleet of three hosts recorded the LTTng way, read the Lifetrace way.
#
# Three network namespaces (veth pairs on a bridge of 10.x addresses), each a "host" with a host
# name of its own (a UTS namespace), its own session daemon and a traced program
# (`LIFETRACE_SINKS=lttng lifetrace emit`, in a PID namespace of its own, so every host's program
# has the same vpid and vtid: ids collide across hosts as on real machines). Each daemon
# streams a live session (`lttng create --live --set-url net://RELAY`) to one `lttng-relayd` in the
# root namespace, listening on the bridge's address. While the programs run:
#   lifetrace convert URL_A URL_B URL_C      (the three live sessions, merged)
#   lifetrace stats --live URL_A --live …     (the same, as statistics)
#   lifetrace watch URL_A URL_B URL_C         (the table, refreshed)
# and once the sessions are destroyed, the relay's output directory read as one recorded trace:
#   lifetrace convert RELAY_OUTPUT; lifetrace stats RELAY_OUTPUT
# Every read must hold each host's events, labelled with its host name (`host`), in the right
# number, and every end paired with its own host's begin (its `dur_ns` that begin's distance).
#
# Needs root (network namespaces); the daemons, the clients and the programs run as nobody with an
# LTTNG_HOME each, as tools/lib/own-lttng-daemon.sh does. Daemons are started here and ended by
# process id; the namespaces, links and files are removed on exit.
#
#   tools/e2e/three-hosts.sh [ITERATIONS]     (default 200: 1000 events per host)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
root=$PWD
iterations=${1:-200}
name=three-hosts

fail() { echo "$name: $*" >&2; exit 1; }
say() { echo "$name: $*"; }
if [[ $(id -u) != 0 ]]; then say "skipped (network namespaces need root)"; exit 0; fi
for tool in ip lttng lttng-sessiond lttng-relayd babeltrace2 jq setpriv unshare ss; do
    command -v "$tool" >/dev/null || fail "$tool is not installed (run tools/setup)"
done

work=$(mktemp -d /tmp/lifetrace-three-hosts-XXXXXX)
chmod 755 "$work"
tag=lt$$
bridge=${tag}br
subnet=10.$((100 + RANDOM % 100)).$((RANDOM % 250))
relay_address=$subnet.1
hosts=(a b c)
declare -A namespace hostname home daemon
relay_pid=""
viewer_pids=()
as_nobody=(setpriv --reuid=65534 --regid=65534 --clear-groups --)

end_process() { # PID: SIGTERM, then SIGKILL after 10 s, with its children
    local pid=$1 children
    [[ -n $pid && -e /proc/$pid ]] || return 0
    children=$(ps -o pid= --ppid "$pid" 2>/dev/null || true)
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 100); do [[ -e /proc/$pid ]] || break; sleep 0.1; done
    for child in $children; do [[ -e /proc/$child ]] && kill -KILL "$child" 2>/dev/null || true; done
    [[ -e /proc/$pid ]] && kill -KILL "$pid" 2>/dev/null || true
    return 0
}
cleanup() {
    for pid in "${viewer_pids[@]}"; do [[ -e /proc/$pid ]] && kill -KILL "$pid" 2>/dev/null || true; done
    for host in "${hosts[@]}"; do end_process "${daemon[$host]:-}"; done
    end_process "$relay_pid"
    for host in "${hosts[@]}"; do
        ip link del "$tag$host" 2>/dev/null || true
        [[ -n ${namespace[$host]:-} ]] && ip netns del "${namespace[$host]}" 2>/dev/null || true
    done
    ip link del "$bridge" 2>/dev/null || true
    if [[ -n ${KEEP:-} ]]; then echo "$name: kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

# Waits up to SECONDS for COMMAND… to succeed, polling every 0.1 s.
wait_for() {
    local seconds=$1
    shift
    for _ in $(seq $((seconds * 10))); do
        "$@" >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    return 1
}
free_port() {
    local port
    for _ in $(seq 100); do
        port=$((20000 + RANDOM % 30000))
        [[ -z $(ss -Htan "sport = :$port") ]] && { echo "$port"; return 0; }
    done
    return 1
}
listening() { [[ -n $(ss -Hltn "src $relay_address:$1") ]]; }
# Whether a viewer is attached to SESSION on every host (babeltrace2 lists the relay's sessions).
attached() {
    [[ $(babeltrace2 -i lttng-live "net://$relay_address:$live" 2>/dev/null | grep -c "/$1 (.* 1 client(s) connected)") -eq ${#hosts[@]} ]]
}
# `lttng ARG…` against HOST's daemon, as nobody, inside HOST's network namespace.
host_lttng() {
    local host=$1
    shift
    ip netns exec "${namespace[$host]}" "${as_nobody[@]}" env LTTNG_HOME="${home[$host]}" lttng "$@"
}

lifetrace=.build/debug/lifetrace
swift build --product lifetrace >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; fail "lifetrace did not build"; }

# The network: a bridge in the root namespace holding the relay's address, and one veth pair per
# host, its far end in the host's namespace.
ip link add "$bridge" type bridge
ip addr add "$relay_address/24" dev "$bridge"
ip link set "$bridge" up
index=2
for host in "${hosts[@]}"; do
    namespace[$host]=$tag$host
    hostname[$host]=lifetrace-$host-$$
    home[$host]=$work/$host/home
    ip netns add "${namespace[$host]}"
    ip link add "$tag$host" type veth peer name "${tag}${host}p" netns "${namespace[$host]}"
    ip link set "$tag$host" master "$bridge" up
    ip -n "${namespace[$host]}" addr add "$subnet.$index/24" dev "${tag}${host}p"
    ip -n "${namespace[$host]}" link set "${tag}${host}p" up
    ip -n "${namespace[$host]}" link set lo up
    index=$((index + 1))
    mkdir -p "${home[$host]}"
done
say "network: bridge $bridge at $relay_address; hosts ${hosts[*]} at $subnet.2-4, in namespaces $tag{${hosts[*]}}"

# The relay, as nobody, on the bridge's address; ready when its three ports listen.
control=$(free_port) && data=$(free_port) && live=$(free_port) || fail "no free port"
[[ $control != "$data" && $data != "$live" && $control != "$live" ]] || fail "the same port drawn twice; run again"
mkdir -p "$work/relay/home" "$work/relay/output"
chown -R 65534:65534 "$work"
"${as_nobody[@]}" env LTTNG_HOME="$work/relay/home" lttng-relayd -C "tcp://$relay_address:$control" \
    -D "tcp://$relay_address:$data" -L "tcp://$relay_address:$live" -o "$work/relay/output" \
    >"$work/relay/relayd.log" 2>&1 &
relay_pid=$!
wait_for 30 listening "$live" && listening "$control" && listening "$data" \
    || { cat "$work/relay/relayd.log" >&2; fail "lttng-relayd did not listen on $relay_address"; }
say "relay: lttng-relayd (pid $relay_pid) on $relay_address, control $control, data $data, live $live"

# A session daemon per host, in the host's network namespace and a UTS namespace with its host
# name (the daemon names its traces' host from it); ready when it answers `lttng list`.
for host in "${hosts[@]}"; do
    ip netns exec "${namespace[$host]}" unshare --uts sh -c 'hostname "$0" && exec "$@"' "${hostname[$host]}" \
        "${as_nobody[@]}" env LTTNG_HOME="${home[$host]}" lttng-sessiond >"$work/$host/sessiond.log" 2>&1 &
    daemon[$host]=$!
done
for host in "${hosts[@]}"; do
    wait_for 30 host_lttng "$host" list || { cat "$work/$host/sessiond.log" >&2; fail "host $host's session daemon did not start"; }
done
for host in "${hosts[@]}"; do say "host $host: ${hostname[$host]}, lttng-sessiond pid ${daemon[$host]}"; done

# A live session per host, streaming to the relay: `open_sessions SESSION` sets `urls`.
open_sessions() {
    local session=$1 host
    urls=()
    for host in "${hosts[@]}"; do
        host_lttng "$host" create "$session" --live=200000 --set-url "net://$relay_address:$control:$data" >"$work/$host/create.log" 2>&1 \
            || { cat "$work/$host/create.log" >&2; fail "host $host: lttng create --live failed"; }
        host_lttng "$host" enable-event -u 'lifetrace:*' -s "$session" >/dev/null
        host_lttng "$host" add-context -u -t vpid -t vtid -s "$session" >/dev/null
        host_lttng "$host" start "$session" >/dev/null
        urls+=("net://$relay_address:$live/host/${hostname[$host]}/$session")
    done
}

# The programs, at once: each waits for its registration with its host's daemon
# (LTTNG_UST_REGISTER_TIMEOUT=-1) and runs in a PID namespace of its own (the same ids on every host);
# each layout pass lasts 0.5 ms (`--hold`), so the hosts' passes (probe id 0 on all) overlap in time. Then every
# session is stopped (no event lost) and destroyed, which ends the live readers.
emit_and_close() {
    local session=$1 host index emitters=()
    for host in "${hosts[@]}"; do
        ip netns exec "${namespace[$host]}" unshare --pid --fork "${as_nobody[@]}" env LTTNG_HOME="${home[$host]}" \
            LIFETRACE_SINKS=lttng LTTNG_UST_REGISTER_TIMEOUT=-1 timeout 120 "$lifetrace" emit --count "$iterations" \
            --hold 500 --name "Emitter-$host" >"$work/$host/emit.log" 2>&1 &
        emitters+=($!)
    done
    for index in "${!emitters[@]}"; do
        wait "${emitters[$index]}" || { cat "$work/${hosts[$index]}/emit.log" >&2; fail "host ${hosts[$index]}: emit failed"; }
    done
    for host in "${hosts[@]}"; do
        host_lttng "$host" stop "$session" >"$work/$host/stop.log" 2>&1 || { cat "$work/$host/stop.log" >&2; fail "host $host: lttng stop failed"; }
        if grep -q -i -E "discarded|lost" "$work/$host/stop.log"; then cat "$work/$host/stop.log" >&2; fail "host $host lost events"; fi
        host_lttng "$host" destroy "$session" >/dev/null
    done
}

# A relay lets one viewer attach to a session: each live reader has a round of its own, with
# sessions of its own (one per host), the three read at once.
live_round() { # SESSION OUTPUT COMMAND… (standard error to OUTPUT.err)
    local session=$1 output=$2
    shift 2
    timeout 120 "$@" >"$output" 2>"$output.err" &
    viewer_pids=($!)
    # The relay keeps a session's data for a viewer that attached before it was destroyed: the
    # programs start once the reader is attached to all three (the relay's list says so).
    wait_for 30 attached "$session" || { cat "$output.err" >&2; fail "$2 did not attach to the three sessions"; }
    emit_and_close "$session"
    local status=0
    wait "${viewer_pids[0]}" || status=$?
    viewer_pids=()
    [[ $status -eq 0 ]] || { cat "$output.err" >&2; fail "$2 of the three live sessions failed (status $status)"; }
}

open_sessions fleet-convert
say "round 1: a session per host, read live at once: lifetrace convert ${urls[*]}"
live_round fleet-convert "$work/live.jsonl" "$lifetrace" convert "${urls[@]}"
open_sessions fleet-stats
live_args=()
for url in "${urls[@]}"; do live_args+=(--live "$url"); done
say "round 2: lifetrace stats ${live_args[*]} --json"
live_round fleet-stats "$work/live-stats.json" "$lifetrace" stats "${live_args[@]}" --json
open_sessions fleet-watch
say "round 3: lifetrace watch ${urls[*]} --interval 0.5"
live_round fleet-watch "$work/watch.out" "$lifetrace" watch "${urls[@]}" --interval 0.5
say "programs: $iterations iterations on each host per round ($((5 * iterations)) events), sessions destroyed"

# The relay wrote each host's trace under OUTPUT/HOSTNAME/SESSION-…: one recorded trace.
for host in "${hosts[@]}"; do
    for session in fleet-convert fleet-stats fleet-watch; do
        compgen -G "$work/relay/output/${hostname[$host]}/$session-*" >/dev/null || fail "the relay wrote no $session trace for ${hostname[$host]}"
    done
done
"$lifetrace" convert "$work/relay/output" -o "$work/recorded.jsonl" 2>"$work/recorded-convert.err" \
    || { cat "$work/recorded-convert.err" >&2; fail "convert of the relay's output failed"; }
"$lifetrace" stats "$work/relay/output" --json >"$work/recorded-stats.json" 2>"$work/recorded-stats.err" \
    || { cat "$work/recorded-stats.err" >&2; fail "stats of the relay's output failed"; }

# Per host: its events, all labelled, every end paired with its own host's latest open begin.
names=()
for host in "${hosts[@]}"; do names+=("${hostname[$host]}"); done
expected_hosts=$(printf '%s\n' "${names[@]}" | jq -R . | jq -s -c 'sort')
check_jsonl() { # FILE WHAT ROUNDS
    local problems each=$((5 * iterations * $3))
    problems=$(jq -r -s --argjson hosts "$expected_hosts" --argjson each "$each" --argjson rounds "$3" '
        (map(.host) | unique) as $seen
        | (if $seen != $hosts then "hosts \($seen), expected \($hosts)" else empty end),
          (if (map(.pid) | unique | length) != 1 then "pids \(map(.pid) | unique): expected the same on every host" else empty end),
          (group_by(.host)[] | .[0].host as $host
            | (if length != $each then "\($host): \(length) events, expected \($each)" else empty end),
              (if (group_by(.seq) | map(length) | unique) != [$rounds] or (map(.seq) | unique) != [range(1; $each / $rounds + 1)]
               then "\($host): not each of its programs'"'"' records 1 to \($each / $rounds) once per round (records of another host?)"
               else empty end),
              (if (map(.pid) | unique | length) != 1 then "\($host): pids \(map(.pid) | unique), expected one" else empty end),
              (if any(.[]; .event == "viewWillAppear" and .controller != "Emitter-" + ($host | split("-")[1]))
               then "\($host): events of another host'"'"'s program" else empty end),
              (reduce .[] as $e ({open: {}, bad: 0};
                  ([$e.event, $e.id, $e.thread] | tostring) as $k
                  | if $e.phase == "begin" then .open[$k] += [$e]
                    elif $e.phase == "end" then
                      (.open[$k] // []) as $stack
                      | if ($stack | length) == 0 or $e.dur_ns != $e.ts - $stack[-1].ts or $e.index != $stack[-1].index
                        then .bad += 1 else . end
                      | .open[$k] = $stack[:-1]
                    else . end)
               | if .bad > 0 then "\($host): \(.bad) ends not paired with their own begin" else empty end))
    ' "$1") || fail "$2: the check itself failed (jq)"
    [[ -z $problems ]] || { echo "$problems" | sed "s/^/$name: $2: /" >&2; KEEP=1; fail "$2: wrong"; }
    say "$2: $(wc -l <"$1") events, $each from each of ${names[*]}, every end paired within its host"
}
check_jsonl "$work/live.jsonl" "convert of the three live URLs" 1
check_jsonl "$work/recorded.jsonl" "convert of the relay's output directory (three rounds)" 3

check_stats() { # FILE WHAT ROUNDS
    local total=$((15 * iterations * $3)) each=$((3 * iterations * $3))
    jq -e --argjson total "$total" --argjson each "$each" \
        '.events == $total and ([.hooks[] | select(.hook == "viewWillAppear") | .durations.count] | add) == $each' "$1" >/dev/null \
        || { cat "$1" >&2; fail "$2: expected $total events and $each viewWillAppear durations"; }
    say "$2: $total events, $each viewWillAppear intervals"
}
check_stats "$work/live-stats.json" "stats --live of the three URLs" 1
check_stats "$work/recorded-stats.json" "stats of the relay's output directory (three rounds)" 3

last=$(grep -E "events$" "$work/watch.out" | tail -1)
[[ $last == *": $((15 * iterations)) events" ]] || { cat "$work/watch.out" >&2; fail "watch's last table does not count $((15 * iterations)) events: $last"; }
say "watch of the three URLs: last table counts $((15 * iterations)) events"
say "ok"
