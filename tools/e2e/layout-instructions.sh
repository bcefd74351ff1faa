#!/usr/bin/env bash
# What instrumentation costs a layout pass when off, in instructions: the same passes built with the
# hooks compiled in (no sink) and compiled out must differ by at most 1 % (the time rows
# of tools/bench compare two code paths in seconds, which this machine's neighbours move).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
tools/bench-layout-instructions --check
