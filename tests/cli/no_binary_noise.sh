#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# No binary noise in JSON, JSON Lines or CSV: every reading command, in
# every format of those it writes, on every result file of tests/data (and
# the diffs of its pairs), writes no number with a run of seven 0s or 9s
# after the point (250.63700000000006, 112.12799999999999): computed
# numbers are rounded to their stated precision (docs/format.md, "Numbers
# in JSON and CSV").
#
# Usage: no_binary_noise.sh AOE_RESULT_BINARY DATA_DIR
set -u
bin=$(realpath "$1")
data=$(realpath "$2")
noise='[0-9]\.[0-9]*(0{7,}[1-9]|9{7,})'
files=("$data"/*.json)
pass=0 fail=0
run_case() {  # args...
  local out rc
  out=$(env NO_COLOR=1 COLUMNS=100 "$bin" "$@" 2>/dev/null </dev/null)
  rc=$?
  if [[ $rc == 2 ]]; then return 0; fi  # a format the command does not write
  if grep -Eq -- "$noise" <<<"$out"; then
    echo "FAIL  aoe-result $*"
    grep -Eo -- ".{0,40}$noise" <<<"$out" | head -3 | sed 's/^/      /'
    fail=$((fail + 1))
  else
    pass=$((pass + 1))
  fi
}
for fmt in json jsonl csv; do
  for cmd in show summary ops ops-group ops-mode failed check trend; do
    args=()
    word=$cmd
    case $cmd in
      ops-group) word=ops args=(--group-by type,mode) ;;
      ops-mode) word=ops args=(--per-mode) ;;
    esac
    if [[ $cmd == trend ]]; then
      run_case --format "$fmt" trend "${files[@]}"
      continue
    fi
    for f in "${files[@]}"; do run_case --format "$fmt" "$word" "${args[@]}" "$f"; done
    run_case --format "$fmt" "$word" "${args[@]}" "${files[@]}"
  done
  run_case --format "$fmt" diff "$data/diff/artefact_old.json" "$data/diff/artefact_new.json"
  for ((i = 1; i < ${#files[@]}; ++i)); do
    run_case --format "$fmt" diff "${files[i - 1]}" "${files[i]}"
    run_case --format "$fmt" diff --per-mode "${files[i - 1]}" "${files[i]}"
  done
done
echo "no binary noise: $pass passed, $fail failed"
[[ $fail == 0 ]]
