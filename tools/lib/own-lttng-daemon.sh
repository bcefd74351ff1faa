# A session daemon of the caller's own, ended by its process id (sourced by scripts that record).
#
#   source tools/lib/own-lttng-daemon.sh
#   start_own_daemon DIR      # LTTNG_HOME=DIR/home; sets daemon_pid and as_user
#   "${as_user[@]}" tools/lttng-record … -- COMMAND
#   end_own_daemon            # also safe when none was started (call it from an EXIT trap)
#
# LTTng gives root one fixed run directory whatever LTTNG_HOME says, so as root the daemon, the
# lttng client and the traced programs run as nobody (`as_user`), as Tests/LifetraceLTTngTests'
# SessionDaemon does; DIR is made theirs.

daemon_pid=""
as_user=()

start_own_daemon() {
    local dir=$1 root
    root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
    mkdir -p "$dir/home"
    if [[ $(id -u) == 0 ]]; then
        chown 65534:65534 "$dir" "$dir/home"
        as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups --)
    fi
    export LTTNG_HOME=$dir/home
    "${as_user[@]}" "$root/tools/lttng-daemon" || return 1
    daemon_pid=$(cat "$dir/home/.lttng/lttng-sessiond.pid")
}

end_own_daemon() {
    # SIGTERM ends the daemon's consumer daemons too; any left after 10 s are killed by their
    # process ids, never by name.
    [[ -n $daemon_pid ]] || return 0
    local children
    children=$(ps -o pid= --ppid "$daemon_pid" 2>/dev/null || true)
    kill -TERM "$daemon_pid" 2>/dev/null || true
    for _ in $(seq 100); do [[ -e /proc/$daemon_pid ]] || break; sleep 0.1; done
    for child in $children; do
        if [[ -e /proc/$child ]]; then kill -KILL "$child" 2>/dev/null || true; fi
    done
    if [[ -e /proc/$daemon_pid ]]; then kill -KILL "$daemon_pid" 2>/dev/null || true; fi
    daemon_pid=""
}
