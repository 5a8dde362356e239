#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Nothing read is never a pass: every reading command, in every format it
# writes, on inputs that yield nothing usable (an empty directory, a missing
# file, JSON of another shape, no path with no result to be found, a named
# pipe with no writer and a device), exits 3 at once (a case that waits
# 10 s fails) and says nothing that reads as ok, passed or complete. A JSON
# document says why in itself, not only on stderr: its "problems" name each
# input that gave nothing ({"path", "code", "problem"}), or, for `check`, a
# finding of an unusable input does.
#
# Usage: nothing_read_is_no_pass.sh AOE_RESULT_BINARY OTHER_SHAPE_JSON RESULT_FILE
# (RESULT_FILE: a readable result file, for `profile --result RESULT_FILE`
# beside a profile that gives nothing.)
# `log`: a file that is not AOE's output (other: no [Aoe] line, no code) and
# an empty standard input (nothing) are not read as logs (not-aoe-result) and
# exit 3 like every other command; "interrupted" (exit 1) is for an AOE log
# that stops before the run's end.
# Cases listed in KNOWN_FAILING are still wrong: the script says XFAIL for
# them, and fails when one of them passes (so that the list only shrinks).
set -u
bin=$(realpath "$1")
other_shape=$2
good_result=$(realpath "$3")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/empty" "$work/nowhere"
cp "$other_shape" "$work/other.json"
missing="$work/missing.json"
mkfifo "$work/fifo.json"

# "command/format/case" of what does not hold yet.
KNOWN_FAILING=(
)

formats=(text json jsonl csv markdown junit github)
# A command and the options it is run with ("ops-group" is ops --group-by,
# "watch" reads once, "bank-check" is bank check, "bank-diff" bank diff,
# "bank-merge" bank merge -o, "profile-result" profile --result with a
# readable result file, "profile-compare" profile BEFORE AFTER,
# "retune-profile" retune --from-profile).
commands=(show summary ops ops-group failed check diff retune trend report watch bank bank-check
  bank-diff bank-merge log profile profile-result profile-compare retune-profile)
# Commands that read no input: every other command of the program's --help
# must be in `commands` (a new reading command is checked from the start).
reads_nothing=(locate help)
listed=" ${commands[*]} ${reads_nothing[*]} "
unlisted=()
while read -r name _; do
  [[ $listed == *" $name "* ]] || unlisted+=("$name")
done < <("$bin" --help | sed -n '/^Subcommands:/,/^$/p' | tail -n +2 | grep -E '^  [a-z]')
if ((${#unlisted[@]})); then
  echo "FAIL  not in this script's commands (or reads_nothing): ${unlisted[*]}"
  exit 1
fi
# What reads as a pass or as data that was read.
claims=(
  '"ok": *true' '"complete": *true' '"readable": *true' '[Pp]assed' 'PASSED' 'no findings'
  '✅' 'failures="0"' 'errors="0" failures="0"' '"layout": *"'
  # Times of a run never read, printed as if measured (a JSON sum over no
  # operator is 0 beside its counts of 0; text says nothing was read).
  '0\.000 → 0\.000'
)

# One grep per case finds whether any claim is there; only then is each
# claim looked for, to name it.
claims_any=$(IFS='|'; echo "${claims[*]}")

is_known() {
  local k
  for k in "${KNOWN_FAILING[@]}"; do [[ $k == "$1" ]] && return 0; done
  return 1
}

pass=0 fail=0 xfail=0 xpass=0
run_case() {  # name, cwd, args...
  local name=$1 cwd=$2
  shift 2
  local out="$work/out" err="$work/err" rc why=""
  (cd "$cwd" && timeout 10 env -u ASCEND_WORK_PATH NO_COLOR=1 COLUMNS=100 "$bin" "$@") \
    >"$out" 2>"$err" </dev/null
  rc=$?
  if grep -q "does not write" "$err" && [[ $rc == 2 ]]; then return 0; fi  # format not offered
  local expect=3
  [[ $rc == "$expect" ]] || why+=" exit $rc (expected $expect);"
  local re
  if grep -Eq -- "$claims_any" "$out" "$err"; then
    for re in "${claims[@]}"; do
      if grep -Eq -- "$re" "$out" "$err"; then why+=" says /$re/;"; fi
    done
  fi
  case "$name" in
    check/junit/*|bank-check/junit/*) grep -q '<failure' "$out" || why+=" no failing test case;" ;;
    check/github/*|bank-check/github/*) grep -q '^::error' "$out" || why+=" no ::error annotation;" ;;
    check/json/*|bank-check/json/*) grep -Eq '"ok": *false' "$out" || why+=" no \"ok\": false;" ;;
    check/markdown/*|bank-check/markdown/*) grep -q '❌' "$out" || why+=" no red heading;" ;;
  esac
  # Every JSON document of nothing names the problem in itself.
  local flat
  flat=$(tr -d ' \n' <"$out")
  case "$name" in
    check/json/* | bank-check/json/*)
      grep -Eq '"code":"(no-result-file|io-error|not-aoe-result|invalid-json)"' <<<"$flat" ||
        why+=" no finding names the unusable input;"
      ;;
    log/json/other | log/json/nothing) ;;  # read: nothing to name as a problem
    */json/*)
      grep -Eq '"problems":\[\{"path":"[^"]+","code":"[a-z-]+","problem":"[^"]+' <<<"$flat" ||
        why+=" the JSON names no problem;"
      ;;
  esac
  if [[ $name == retune* ]] && [[ -e "$work/retune.json" ]]; then
    why+=" wrote retune.json;"
    rm -f "$work/retune.json"
  fi
  if [[ $name == bank-merge/* ]] && [[ -e "$work/merged.json" ]]; then
    why+=" wrote merged.json;"
    rm -f "$work/merged.json"
  fi
  if [[ $name == report/* ]] && [[ -e "$work/report.html" ]]; then
    why+=" wrote report.html;"
    rm -f "$work/report.html"
  fi
  if [[ -z $why ]]; then
    if is_known "$name"; then
      echo "XPASS $name: passes now; remove it from KNOWN_FAILING"
      xpass=$((xpass + 1))
    else
      pass=$((pass + 1))
    fi
  elif is_known "$name"; then
    echo "XFAIL $name:$why"
    xfail=$((xfail + 1))
  else
    echo "FAIL  $name:$why"
    echo "      $bin $*"
    sed 's/^/      stdout: /' "$out" | head -5
    sed 's/^/      stderr: /' "$err" | head -5
    fail=$((fail + 1))
  fi
}

for cmd in "${commands[@]}"; do
  for fmt in "${formats[@]}"; do
    extra=()
    word=$cmd
    case $cmd in
      retune) extra=(-o "$work/retune.json") ;;
      report) extra=(-o "$work/report.html") ;;
      ops-group) word=ops extra=(--group-by type,mode) ;;
      watch) extra=(--once) ;;
      bank-check) word=bank extra=(check) ;;
      bank-diff) word=bank extra=(diff) ;;
      bank-merge) word=bank extra=(merge -o "$work/merged.json") ;;
      profile-result) word=profile extra=(--result "$good_result") ;;
      profile-compare) word=profile ;;
      retune-profile) word=retune extra=(-o "$work/retune.json" --from-profile) ;;
    esac
    for c in empty missing other nothing fifo device; do
      case $c in
        fifo) paths=("$work/fifo.json") ;;
        device) paths=(/dev/zero) ;;
        empty) paths=("$work/empty") ;;
        missing) paths=("$missing") ;;
        other) paths=("$work/other.json") ;;
        nothing) paths=() ;;
      esac
      if [[ $cmd == retune-profile && $c == nothing ]]; then
        continue  # --from-profile takes a value
      fi
      if [[ $cmd == diff || $cmd == bank-diff || $cmd == bank-merge || $cmd == profile-compare ]]; then
        [[ $c == nothing ]] && continue  # diff needs OLD and NEW
        paths=("${paths[0]}" "${paths[0]}")
      fi
      run_case "$cmd/$fmt/$c" "$work/nowhere" --format "$fmt" "$word" "${extra[@]}" "${paths[@]}"
    done
  done
done

echo "nothing read is no pass: $pass passed, $fail failed, $xfail known to fail, $xpass fixed but still listed"
[[ $fail == 0 && $xpass == 0 ]]
