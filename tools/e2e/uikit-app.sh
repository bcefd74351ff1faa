#!/usr/bin/env bash
# End to end: an app's own UIKit code (Examples/UIKitApp, a package of its own that depends on this
# one by path, as a user's would) builds unchanged against the `UIKit` module, its tests drive it
# headless with a JSON-lines sink chosen from the environment, and the trace reads back: the push
# from the sign-in form to the welcome screen comes in the order a device produced for a push
# (Tests/LifetraceScenarioTests/Fixtures/golden/seed004-push-animated.golden), and
# `lifetrace stats --by-controller` names the app's controllers and shows the inbox's scroll
# frame by frame against its budget.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
root=$PWD
fail() { echo "uikit-app: $*" >&2; exit 1; }
command -v jq >/dev/null || fail "jq is not installed (run tools/setup)"

work=$(mktemp -d /tmp/lifetrace-uikit-app-XXXXXX)
trap 'rm -rf "$work"' EXIT
trace="$work/signin.jsonl"

echo "uikit-app: building and testing Examples/UIKitApp"
(cd Examples/UIKitApp && LIFETRACE_SINKS="jsonl=$trace" swift test >"$work/test.log" 2>&1) \
    || { tail -n 40 "$work/test.log" >&2; fail "the example's tests failed"; }
[[ -s $trace ]] || fail "no trace was written to $trace"

# The push, as the device golden orders it (First = the form, Second = the welcome screen).
golden="$root/Tests/LifetraceScenarioTests/Fixtures/golden/seed004-push-animated.golden"
hooks=$(sed -n 's/^# compare: //p' "$golden")
expected=$(sed -n '/^---$/,$p' "$golden" | tail -n +2 \
    | sed 's/^First /SignInViewController /; s/^Second /WelcomeViewController /')
actual=$(jq -r --arg hooks "$hooks" '
    select(.phase != "end")
    | select(.controller == "SignInViewController" or .controller == "WelcomeViewController")
    | select(.event as $e | $hooks | split(" ") | index($e))
    | "\(.controller) \(.event)"' "$trace" \
    | awk '/^WelcomeViewController loadView$/ { on = 1 } on')
if [[ "$actual" != "$expected" ]]; then
    diff <(echo "$expected") <(echo "$actual") >&2 || true
    fail "the push's callbacks are not in the device's order"
fi

# tools/test has built the package; build the command alone when run by hand before that.
[[ -x "$root/.build/debug/lifetrace" ]] || swift build --product lifetrace >/dev/null
stats=$("$root/.build/debug/lifetrace" stats "$trace" --by-controller)
grep -q "WelcomeViewController *viewDidLoad" <<<"$stats" || { echo "$stats" >&2; fail "stats do not name the app's controllers"; }
# The inbox's scroll: one second at 120 Hz, every frame in the stats against its 8.33 ms budget.
frames=$(grep '^Frames: ' <<<"$stats") || { echo "$stats" >&2; fail "stats show no frames of the inbox's scroll"; }
[[ $frames == "Frames: 120, budget 8.33 ms,"* ]] || fail "expected 120 frames at 8.33 ms: $frames"
echo "uikit-app: $frames"
echo "uikit-app: the app's push came in the device's order; $(wc -l <"$trace") events traced"
