#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# A broken gate's line is said once to a person: on a terminal the text
# output carries it and standard error does not repeat it; with standard
# output a file, standard error says it (for the log that keeps stderr).
# The same for a log `aoe-result log` could not read ("PATH: not read").
#
# Usage: gate_line_once.sh AOE_RESULT_BINARY OLD NEW
# OLD and NEW share no timed operator, so `diff --fail-above 5` fails.
# Exits 77 (the test's SKIP_RETURN_CODE) when there is no `script` or it
# cannot get a pseudo-terminal (no /dev/pts, as in a bare chroot).
set -euo pipefail
bin=$(realpath "$1")
old=$(realpath "$2")
new=$(realpath "$3")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$(dirname "${BASH_SOURCE[0]}")/pty_or_skip.sh"
gate='gate (--fail-above 5)'
# Both streams on the terminal: the line once.
script -qefc "'$bin' --color never diff --fail-above 5 '$old' '$new'" /dev/null >"$work/screen" </dev/null || true
n=$(grep -c -F "$gate" "$work/screen" || true)
[[ $n == 1 ]] || { echo "the gate's line $n times on the terminal:"; cat -v "$work/screen"; exit 1; }
# Standard output a file: the terminal (stderr) still says it.
script -qefc "'$bin' --color never diff --fail-above 5 '$old' '$new' >'$work/out'" /dev/null >"$work/screen" \
  </dev/null || true
grep -q -F "error: $gate" "$work/screen" || { echo "no error on stderr:"; cat -v "$work/screen"; exit 1; }
grep -q -F "$gate" "$work/out" || { echo "no gate line in the output:"; cat "$work/out"; exit 1; }
# JSON on the terminal: the line is not in the output, so stderr says it.
script -qefc "'$bin' --color never --format json diff --fail-above 5 '$old' '$new'" /dev/null >"$work/screen" \
  </dev/null || true
grep -q -F "error: $gate" "$work/screen" || { echo "no error with JSON:"; cat -v "$work/screen"; exit 1; }
# A log not read: its line once on the terminal, on stderr with the output a file.
script -qefc "'$bin' --color never log '$work/missing.log'" /dev/null >"$work/screen" </dev/null || true
n=$(grep -c -F "missing.log" "$work/screen" || true)
[[ $n == 1 ]] || { echo "the unread log named $n times on the terminal:"; cat -v "$work/screen"; exit 1; }
script -qefc "'$bin' --color never log '$work/missing.log' >'$work/out'" /dev/null >"$work/screen" </dev/null || true
grep -q -F "error: $work/missing.log: the file does not exist" "$work/screen" ||
  { echo "no error on stderr for the unread log:"; cat -v "$work/screen"; exit 1; }
echo "ok: the gate's line and an unread log once on a terminal, on stderr when the output is a file or JSON"
