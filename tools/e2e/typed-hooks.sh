#!/usr/bin/env bash
# End to end: the hook methods of an Instrumented object are typed by the hook's shape
# (tracepoints/hooks.def): code outside the package that passes each shape's details compiles, and
# code that passes a detail the hook's records cannot carry, or calls the untyped methods, does not.
# Type-checks small files against the debug build's Lifetrace module (tools/test builds it first).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

modules=.build/debug/Modules
map=.build/debug/CLifetrace.build/module.modulemap
[[ -f $modules/Lifetrace.swiftmodule && -f $map ]] || swift build --product lifetrace >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

typecheck() { # typecheck FILE: swiftc's diagnostics of FILE as a client of Lifetrace
    swiftc -typecheck -I "$modules" -Xcc "-fmodule-map-file=$map" "$1" 2>&1
}
header='import Lifetrace
final class Screen: Instrumented {}
let screen = Screen(), parent = Screen()
'

printf '%s' "$header" >"$work/valid.swift"
cat >>"$work/valid.swift" <<'SWIFT'
screen.withInterval(.viewWillAppear, animated: true) {}
screen.emitEvent(.didReceiveMemoryWarning)
screen.withInterval(.willMove, animated: false, target: parent, text: "parent") {}
screen.withInterval(.viewWillTransition, animated: true, text: "375x812") {}
screen.withInterval(.scenarioStep, index: 1, text: "push") {}
screen.endInterval(screen.beginInterval(.layoutPass), count: 3)
screen.endInterval(screen.beginInterval(.layoutEngineSolve, text: "rows"), count: 7)
screen.endInterval(screen.beginInterval(.layoutSubviews), frame: nil)
screen.emitEvent(.frameChange, frame: nil)
screen.probe.emitEvent("decode", Details(index: 2))
SWIFT
if ! output=$(typecheck "$work/valid.swift"); then
    echo "$output" >&2
    echo "typed-hooks: each shape's details should compile" >&2
    exit 1
fi

invalid=(
    'screen.withInterval(.viewWillAppear, text: "a size") {}'
    'screen.withInterval(.willMove, index: 2) {}'
    'screen.emitEvent(.frameChange)'
    'screen.withInterval(untyped: .viewWillAppear) {}'
)
for line in "${invalid[@]}"; do
    printf '%s%s\n' "$header" "$line" >"$work/invalid.swift"
    if output=$(typecheck "$work/invalid.swift"); then
        echo "typed-hooks: compiled, but should not: $line" >&2
        exit 1
    fi
    grep -q "invalid.swift:4:.*error:" <<<"$output" || {
        echo "$output" >&2
        echo "typed-hooks: no error at the call for: $line" >&2
        exit 1
    }
done
echo "typed-hooks: every shape's details compile; ${#invalid[@]} calls with a detail the hook cannot carry, or untyped, do not"
