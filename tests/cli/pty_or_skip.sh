# SPDX-License-Identifier: Apache-2.0
# Sourced by the tests that give the program a terminal with `script`
# (util-linux): exits 77 (the test's SKIP_RETURN_CODE) when there is no
# `script` or it cannot get a pseudo-terminal (no /dev/pts, as in a bare
# chroot). Needs $work, a scratch directory.
if ! command -v script >/dev/null; then
  echo "script is not installed (Debian package bsdutils): skipped"
  exit 77
fi
if ! script -qefc true /dev/null </dev/null >"$work/probe" 2>&1; then
  why=$(tr -d '\r' <"$work/probe" | head -n 1)
  echo "script cannot get a pseudo-terminal (${why:-no message}): skipped"
  exit 77
fi
