#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Colour is decided for each stream: messages on a standard error that is a
# file carry no escapes while the data goes to a terminal, and messages on a
# terminal are coloured while the data goes to a file.
#
# Usage: stderr_colour.sh AOE_RESULT_BINARY EXAMPLE
# `script` (util-linux) gives the program a terminal; `show` of the example
# and of a missing file writes a table and an error. Exits 77 (the test's
# SKIP_RETURN_CODE) when there is no `script` or it cannot get a
# pseudo-terminal (no /dev/pts, as in a bare chroot).
set -euo pipefail
bin=$(realpath "$1")
example=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$(dirname "${BASH_SOURCE[0]}")/pty_or_skip.sh"
esc=$'\x1b'
run_on_terminal() {  # a shell command line run with a terminal, its screen to $work/screen
  env -u NO_COLOR TERM=xterm script -qefc "$1" /dev/null >"$work/screen" </dev/null || true
}
# stdout a terminal, stderr a file: the table coloured, the message plain.
run_on_terminal "'$bin' show '$example' '$work/missing.json' 2>'$work/err'"
grep -q "error" "$work/err" || { echo "no error message on stderr:"; cat "$work/err"; exit 1; }
if grep -q "$esc" "$work/err"; then
  echo "colour escapes in a standard error that is a file:"; cat -v "$work/err"; exit 1
fi
grep -q "$esc\[" "$work/screen" || { echo "no colour on the terminal:"; cat -v "$work/screen"; exit 1; }
# stdout a file, stderr a terminal: the data plain, the message coloured.
run_on_terminal "'$bin' show '$example' '$work/missing.json' >'$work/out'"
if grep -q "$esc" "$work/out"; then
  echo "colour escapes in data written to a file:"; cat -v "$work/out"; exit 1
fi
grep -q "$esc\[31merror" "$work/screen" || {
  echo "the error on the terminal is not coloured:"; cat -v "$work/screen"; exit 1
}
echo "stderr colour: ok"
