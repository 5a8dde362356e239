#!/bin/sh
# A file large enough to be read in parts (8 MiB or more) gives the same
# bytes on one thread as on two and three, for the commands that read it in
# parts: those that keep the model (summary, ops) and trend, whose series
# are built from each part's operators and added in file order.
# Usage: same_on_every_core.sh AOE_RESULT AOE_RESULT_GEN WORK_DIR
set -eu
bin=$1
gen=$2
work=$3
rm -rf "$work"
mkdir -p "$work"
file="$work/aoe_result_opat_20251120_230001000_pid1.json"
"$gen" --operators 24000 --reports 12 --seed 5 -o "$file" 2>/dev/null
size=$(wc -c < "$file")
if [ "$size" -lt 8388608 ]; then
  echo "the generated file has $size bytes: too small to be read in parts" >&2
  exit 1
fi
status=0
for args in "trend" "trend --per-mode --format json" "trend --format csv" \
  "summary --format json" "ops --format csv"; do
  # shellcheck disable=SC2086 # the arguments are split on purpose
  "$bin" -q $args -j 1 "$file" > "$work/one.out"
  for jobs in 2 3; do
    # shellcheck disable=SC2086
    "$bin" -q $args -j "$jobs" "$file" > "$work/many.out"
    if ! cmp -s "$work/one.out" "$work/many.out"; then
      echo "'$args' on $jobs threads differs from one thread" >&2
      status=1
    fi
  done
  lines=$(wc -l < "$work/one.out")
  echo "$args: $lines lines, the same on 1, 2 and 3 threads"
done
exit $status
