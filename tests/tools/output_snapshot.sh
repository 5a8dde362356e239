#!/usr/bin/env bash
# output_snapshot.sh: the output of every command × format on the examples and
# test data, for checking that a change leaves the output byte-identical: run
# it with the old and the new binary, then diff -r the two directories.
#
#   tests/tools/output_snapshot.sh OLD/aoe-result /tmp/out-old
#   tests/tools/output_snapshot.sh NEW/aoe-result /tmp/out-new
#   diff -r /tmp/out-old /tmp/out-new
#
# Each case (one run of aoe-result) is one file OUTDIR/<command>/<input>/<variant>
# holding the command line, the exit status, stdout and stderr (each with its
# byte count, so a missing final newline shows too), and for commands that write
# a file (retune -o, report -o) that file. OUTDIR/INDEX lists every case with its
# exit status. The number of cases is printed at the end; nothing is skipped.
#
# Inputs: docs/examples/, every file under tests/data/ (bad/, check/, diff/,
# report/, three/, fake_home/), and a few files made by aoe-result-gen (a medium
# file of 3000 operators, a second one for diff, a series for trend). The
# generator is the aoe-result-gen beside the binary, or $AOE_RESULT_GEN: to
# compare two builds whose generator changed, point AOE_RESULT_GEN at one of
# them for both runs, or the inputs differ.
#
# Determinism:
#  * Commands run from the repository root (found from this script's place)
#    with relative paths, so two checkouts give the same output; files made
#    here are read from the scratch directory with relative paths too.
#  * The environment is emptied (env -i: no ASCEND_*, TUNE_BANK_PATH, ...) and
#    set: TZ=UTC, LC_ALL=C.UTF-8, NO_COLOR=1, TERM=xterm-256color, HOME=an
#    empty scratch directory (locate: also tests/data/fake_home), COLUMNS=100
#    unless a case sets 60 or 200, SOURCE_DATE_EPOCH fixed (report prints the
#    time it was made, else the time now).
#  * The program is run as "aoe-result" through a link on PATH, so argv[0] does
#    not carry the binary's directory.
#  * sed normalisation, all of it here (see normalise()): the scratch directory
#    -> <TMP> (retune -o / report -o targets, a scratch working directory)
#    and the repository root -> <REPO> (messages naming the working
#    directory: "no aoe_result_opat_*.json found in ..."); in watch cases
#    only, the wall-clock times of events (HH:MM:SS line prefixes, "time"
#    fields of jsonl) -> placeholders, since they are the time of the run, and "pid N is another process, started
#    after the file was written" -> "pid N not running" (a file's pid reused
#    for a moment by a process of this machine; both say: not the writer).
#    Nothing else varies between two runs.
#  * Not controllable: watch asks whether the pid in a result file's
#    name (..._pid18230.json) runs on this machine; the script warns when one
#    of those pids belongs to a running process at the start (then watch says
#    "pid N running" for that file: stable, but only on this machine).
#  * locate shows the working directory and fits paths to the terminal: it
#    runs in / with its variables naming places through /dev/fd/N (see there).

set -euo pipefail
export LC_ALL=C  # the script's own globbing and sorting: byte order

usage() { echo "usage: $0 AOE_RESULT_BINARY OUTDIR" >&2; exit 2; }
die() { echo "output_snapshot.sh: $*" >&2; exit 1; }
(($# == 2)) || usage

BIN=$(realpath -e -- "$1") || die "no binary $1"
[[ -x $BIN ]] || die "$BIN is not executable"
OUTDIR=$(realpath -m -- "$2")
if [[ -e $OUTDIR ]] && [[ -n $(ls -A "$OUTDIR") ]]; then
  die "$OUTDIR exists and is not empty (stale cases would confuse diff -r)"
fi
mkdir -p "$OUTDIR"
GEN=${AOE_RESULT_GEN:-$(dirname "$BIN")/aoe-result-gen}
[[ -x $GEN ]] || die "no generator $GEN (set AOE_RESULT_GEN)"

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
cd "$REPO"
[[ -d docs/examples && -d tests/data ]] || die "$REPO is not the repository root"

# A scratch directory of a fixed name length (its name is normalised to <TMP>,
# and table widths must not change with it).
TMP=$(mktemp -d /tmp/aoe-snap.XXXXXXXX)
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$TMP/bin" "$TMP/home" "$TMP/empty" "$TMP/work" "$TMP/gen" "$TMP/o"
ln -s "$BIN" "$TMP/bin/aoe-result"

TIMEOUT=30         # seconds per case; a hang is recorded as exit 124
TEXT_WIDTHS=(60 100 200)
ALL_FORMATS=(text json jsonl csv markdown junit github)  # top-level --format list
COMMANDS=(show summary ops failed check diff retune locate watch report trend)
# Commands whose text output is no terminal table (an HTML page, AOE's JSON):
# their text runs at one width only.
declare -A ONE_WIDTH=([report]=1 [retune]=1)

BASE_ENV=(
  PATH="$TMP/bin:/usr/bin:/bin"
  HOME="$TMP/home"
  TZ=UTC
  LC_ALL=C.UTF-8
  NO_COLOR=1
  TERM=xterm-256color
  COLUMNS=100
  SOURCE_DATE_EPOCH=1700000000
)

sed_escape() { printf '%s' "$1" | sed 's/[][\.*^$|/]/\\&/g'; }
TMP_RE=$(sed_escape "$TMP")
REPO_RE=$(sed_escape "$REPO")

# normalise WATCH FILE...: rewrite the FILEs in place; WATCH=1 also blanks
# the wall-clock times of watch events (they are the time of the run).
normalise() {
  local -a expr=(-e "s/$TMP_RE/<TMP>/g" -e "s/$REPO_RE/<REPO>/g")
  if [[ $1 == 1 ]]; then
    # A file's pid (..._pid20431.json) can be, for a moment, one of the
    # processes this machine starts (pids wrap at pid_max): watch then says
    # "pid N is another process, started after the file was written" instead
    # of "pid N not running". Both mean "not the writer" (pid_alive false).
    expr+=(-e 's/^[0-9][0-9]:[0-9][0-9]:[0-9][0-9] /HH:MM:SS /'
           -e 's/(pid \([0-9]*\) is another process, started after the file was written)/(pid \1 not running)/'
           -e 's/"time":"[0-9][0-9T:.Z+-]*"/"time":"<TIME>"/g')
  fi
  shift
  sed -i "${expr[@]}" "$@"
}

NCASES=0
declare -A PER_COMMAND=() PER_STATUS=()
ODD=()  # timeouts and signals

# run NAME [--cwd=DIR] [--stdin=FILE] [--file=PATH] [VAR=VALUE...] -- ARG...
#   One case: aoe-result ARG... in DIR (default the repository root) with
#   stdin from FILE (default /dev/null) and the VAR=VALUE on top of BASE_ENV;
#   --file: a file the command may write, appended to the case and removed.
#   (Few processes per case: the case count makes them the run time.)
run() {
  local name=$1; shift
  local cwd=$REPO stdin=/dev/null outfile='' rc=0
  local -a envs=()
  while (($#)); do
    case $1 in
      --cwd=*) cwd=${1#--cwd=} ;;
      --stdin=*) stdin=${1#--stdin=} ;;
      --file=*) outfile=${1#--file=} ;;
      --) shift; break ;;
      *=*) envs+=("$1") ;;
      *) die "case $name: unknown run option $1" ;;
    esac
    shift
  done
  local dest="$OUTDIR/$name"
  [[ ! -e $dest ]] || die "duplicate case name: $name"
  [[ -d ${dest%/*} ]] || mkdir -p "${dest%/*}"
  (cd "$cwd" && exec env -i "${BASE_ENV[@]}" "${envs[@]}" \
      timeout -k 5 "$TIMEOUT" aoe-result "$@") <"$stdin" >"$TMP/stdout" 2>"$TMP/stderr" || rc=$?
  local watch=0 t=$TMP
  [[ $name == watch/* ]] && watch=1
  local -a parts=("$t/stdout" "$t/stderr")
  [[ -n $outfile && -f $outfile ]] && parts+=("$outfile")
  normalise "$watch" "${parts[@]}"
  local -a size
  mapfile -t size < <(stat -c %s "${parts[@]}")
  local header args shown=${outfile//"$TMP"/<TMP>}
  printf -v args ' %q' "$@"
  printf -v header 'case: %s\ncwd: %s\nstdin: %s\nenv: %s\nargs:%s\nexit: %s\n' \
    "$name" "$cwd" "$stdin" "${envs[*]-}" "$args" "$rc"
  header=${header//"$TMP"/<TMP>}
  header=${header//"$REPO"/<REPO>}
  printf '%s--- stdout (%s bytes)\n' "$header" "${size[0]}" >"$t/h1"
  printf '\n--- stderr (%s bytes)\n' "${size[1]}" >"$t/h2"
  if [[ -z $outfile ]]; then
    cat "$t/h1" "$t/stdout" "$t/h2" "$t/stderr" >"$dest"
  elif [[ -f $outfile ]]; then
    printf '\n--- file %s (%s bytes)\n' "$shown" "${size[2]}" >"$t/h3"
    cat "$t/h1" "$t/stdout" "$t/h2" "$t/stderr" "$t/h3" "$outfile" >"$dest"
    rm -f "$outfile"
  else
    printf '\n--- file %s: not written\n' "$shown" >"$t/h3"
    cat "$t/h1" "$t/stdout" "$t/h2" "$t/stderr" "$t/h3" >"$dest"
  fi
  NCASES=$((NCASES + 1))
  local cmd=${name%%/*}
  PER_COMMAND[$cmd]=$((${PER_COMMAND[$cmd]:-0} + 1))
  PER_STATUS[$rc]=$((${PER_STATUS[$rc]:-0} + 1))
  ((rc < 124)) || ODD+=("$name: exit $rc")
  printf '%s %s\n' "$rc" "$name" >>"$TMP/index"
}

# The formats CMD accepts, from the "Formats:" paragraph of its --help.
declare -A FORMATS=()
read_formats() {
  local cmd=$1 list
  list=$(env -i "${BASE_ENV[@]}" aoe-result "$cmd" --help \
    | awk '/^Formats:/ {on = 1} on && !/^Formats:/ && !/^  / {exit} on {print}' \
    | tr '\n' ' ' | sed 's/([^)]*)//g' \
    | grep -oE '\b(text|json|jsonl|csv|markdown|junit|github)\b' | awk '!seen[$0]++' | tr '\n' ' ')
  [[ -n $list ]] || die "no Formats: line in 'aoe-result $cmd --help'"
  FORMATS[$cmd]=${list% }
}

# each_format MODE CMD BASE [RUN-OPTION...] -- ARG...
#   One case per format CMD accepts: CMD/BASE/<format>. MODE full: text at
#   every width of TEXT_WIDTHS, plus --color always (100 columns) and --wide
#   (60 columns); MODE one: text at 100 columns; MODE brief: text at 100
#   columns and json only (for variants: option errors, unreadable inputs,
#   the same data read another way). Other formats at 100 columns.
each_format() {
  local mode=$1 cmd=$2 base=$3; shift 3
  local -a pre=()
  while [[ $1 != -- ]]; do pre+=("$1"); shift; done
  shift
  [[ -z ${ONE_WIDTH[$cmd]:-} ]] || mode=one
  local f w
  for f in ${FORMATS[$cmd]}; do
    if [[ $mode == brief && $f != text && $f != json ]]; then
      continue
    elif [[ $f != text ]]; then
      run "$cmd/$base/$f" "${pre[@]}" -- "$cmd" --format "$f" "$@"
    elif [[ $mode == full ]]; then
      for w in "${TEXT_WIDTHS[@]}"; do
        run "$cmd/$base/text.c$w" "${pre[@]}" COLUMNS="$w" -- "$cmd" "$@"
      done
      run "$cmd/$base/text.c100.color" "${pre[@]}" -- --color always "$cmd" "$@"
      run "$cmd/$base/text.c60.wide" "${pre[@]}" COLUMNS=60 -- --wide "$cmd" "$@"
    else
      run "$cmd/$base/text.c100" "${pre[@]}" -- "$cmd" "$@"
    fi
  done
}

# A short stable label for an input path: tests/data/check/truncated.ok.json
# -> data.check.truncated.ok; docs/examples/aoe_result_opat_X.json -> ex.X.
label() {
  local p=${1%/}
  p=${p#tests/}; p=${p#docs/examples/}; p=${p//aoe_result_opat_/}; p=${p%.json}
  [[ $1 == docs/examples/?* ]] && p=ex.$p
  [[ $1 == docs/examples || $1 == docs/examples/ ]] && p=examples
  printf '%s' "${p//\//.}"
}

# ---------------------------------------------------------------------------
# Preparation

start=$SECONDS

# Every subcommand the binary lists must be one this script runs.
listed=$(env -i "${BASE_ENV[@]}" aoe-result --help \
  | awk '/^Subcommands:/ {on = 1; next} on && /^[^ ]/ {exit} on && NF {print $1}')
for c in $listed; do
  [[ " ${COMMANDS[*]} " == *" $c "* ]] || echo "WARNING: command '$c' (in --help) is not covered by this script" >&2
done
for c in "${COMMANDS[@]}"; do read_formats "$c"; done

# The pid in a file name, when alive here, changes what watch says.
for f in docs/examples/*.json tests/data/*.json tests/data/*/*.json; do
  if [[ $f =~ _pid([0-9]+)\.json$ ]] && [[ -d /proc/${BASH_REMATCH[1]} ]]; then
    echo "WARNING: pid ${BASH_REMATCH[1]} (of $f) runs on this machine: watch output differs" >&2
  fi
done

# Generated inputs, read from $TMP with relative paths (gen/...). The series'
# names carry pids 1000.. (maybe alive): watch does not read them.
"$GEN" --operators 3000 --reports 3 --seed 7 -o "$TMP/gen/medium.json" 2>/dev/null
"$GEN" --operators 3000 --reports 3 --seed 8 -o "$TMP/gen/medium-b.json" 2>/dev/null
"$GEN" --operators 2000 --layout flat-62 --seed 9 -o "$TMP/gen/medium-flat62.json" 2>/dev/null
"$GEN" --series 6 --operators 60 --seed 3 --dir "$TMP/gen/series" 2>/dev/null
SERIES=()
for f in "$TMP"/gen/series/*.json; do SERIES+=("gen/series/${f##*/}"); done
((${#SERIES[@]} == 6)) || die "the generator wrote ${#SERIES[@]} series files, not 6"

EX8=docs/examples/aoe_result_opat_20250428_203017761_pid18230.json
EX601=docs/examples/aoe_result_opat_20221103_101522418_pid7311.json
EX62=docs/examples/aoe_result_opat_20230315_094502113_pid20431.json
EX63=docs/examples/aoe_result_opat_20240607_160233905_pid3312.json
EXCUT=docs/examples/aoe_result_opat_20251120_230001514_pid40211.json
SLOWER=tests/data/diff/aoe_result_opat_20250502_091500000_pid18231.json
ART_OLD=tests/data/diff/artefact_old.json
ART_NEW=tests/data/diff/artefact_new.json
ART=tests/data/artefacts.json

# The commands that read result files (PATH...), run on each input.
READERS=(show summary ops failed check trend retune report watch)
# reader_cases MODE INPUT_LABEL [RUN-OPTION...] -- PATH...: every reader,
# every format, on PATH... (retune and report to stdout; watch --once);
# MODE as each_format's, or twin.
reader_cases() {
  local mode=$1 base=$2; shift 2
  local -a pre=()
  while [[ $1 != -- ]]; do pre+=("$1"); shift; done
  shift
  local cmd m
  for cmd in "${READERS[@]}"; do
    m=$mode
    # One file is a series of one run: trend's every format runs on series.
    [[ $cmd == trend && $m != full ]] && m=brief
    # twin (a check fixture's corrected twin): check in every format, the rest brief.
    [[ $m == twin ]] && { [[ $cmd == check ]] && m=one || m=brief; }
    case $cmd in
      retune|report) each_format "$m" "$cmd" "$base" "${pre[@]}" -- -o - "$@" ;;
      watch) each_format "$m" "$cmd" "$base" "${pre[@]}" -- --once "$@" ;;
      *) each_format "$m" "$cmd" "$base" "${pre[@]}" -- "$@" ;;
    esac
  done
}

# ---------------------------------------------------------------------------
# Help, version, usage errors

run help/top -- --help
run help/version -- --version
run help/no-command --
run help/unknown-command -- shwo "$EX8"
run help/bad-format -- --format yaml show "$EX8"
run help/bad-color -- --color 1 show "$EX8"
for c in "${COMMANDS[@]}"; do
  for w in 60 100; do run "help/$c.c$w" COLUMNS=$w -- "$c" --help; done
  run "help/help-$c" -- help "$c"
  run "help/$c.unknown-option" -- "$c" --bogus
  # Each format the command does not take: refused (exit 2).
  for f in "${ALL_FORMATS[@]}"; do
    [[ " ${FORMATS[$c]} " == *" $f "* ]] || run "help/$c.refuses-$f" -- --format "$f" "$c" "$EX8"
  done
done

# ---------------------------------------------------------------------------
# Every reader × every format on single inputs

# Full: text at three widths, in colour and --wide: the examples, one by one
# and as a directory, and the files made to test terminal output.
for f in docs/examples/*.json tests/data/control_chars.json \
         tests/data/long_task_name.json tests/data/terminal_controls.json; do
  reader_cases full "$(label "$f")" -- "$f"
done
reader_cases full examples -- docs/examples
reader_cases one gen.medium --cwd="$TMP" -- gen/medium.json
reader_cases brief gen.medium-flat62 --cwd="$TMP" -- gen/medium-flat62.json

# One width: every other file of the test data. Byte-identical copies of
# docs/examples files (tests/data/*.json, tests/data/three/*.json) only
# differ in their path: they are run as a directory (three/) below, and
# listed in the summary as not run one by one.
COPIES=()
for f in tests/data/*.json tests/data/bad/* tests/data/check/*.json tests/data/diff/*.json \
         tests/data/report/*.json tests/data/three/*.json \
         tests/data/fake_home/Ascend/latest/data/aoe/custom/op/Ascend910B1/README; do
  case $f in
    tests/data/control_chars.json|tests/data/long_task_name.json|tests/data/terminal_controls.json)
      continue ;;  # done in full above
  esac
  if cmp -s "$f" "docs/examples/${f##*/}"; then COPIES+=("$f"); continue; fi
  if [[ $f == tests/data/check/*.ok.json ]]; then
    # The corrected twin of a check fixture: check in every format, the rest brief.
    reader_cases twin "$(label "$f")" -- "$f"
    continue
  fi
  reader_cases one "$(label "$f")" -- "$f"
done

# ---------------------------------------------------------------------------
# Several inputs, directories, stdin, missing files

reader_cases one all-examples -- "$EX601" "$EX62" "$EX63" "$EX8" "$EXCUT"
reader_cases one data-dir -- tests/data
reader_cases one data.three -- tests/data/three
for cmd in show summary ops failed check trend; do
  each_format one "$cmd" data-dir-r -- -r tests/data
  # check/ holds no aoe_result_opat_* name: as a directory it is "no result
  # file"; its files are named one by one.
  each_format one "$cmd" check-files -- tests/data/check/*.json
  each_format brief "$cmd" check-dir -- tests/data/check
  each_format brief "$cmd" data-dir-r-j1 -- -r -j 1 tests/data
  each_format brief "$cmd" examples-j1 -- -j 1 docs/examples
  each_format brief "$cmd" bad-dir -- tests/data/bad
  each_format brief "$cmd" fake-home-dir -- tests/data/fake_home
  each_format brief "$cmd" empty-dir-beside-file -- tests/data/fake_home "$EX63"
  each_format brief "$cmd" missing-file -- tests/data/nope.json
  each_format brief "$cmd" missing-beside-file -- tests/data/nope.json "$EX8"
  each_format brief "$cmd" stdin-ex8 --stdin="$EX8" -- -
  each_format brief "$cmd" stdin-cut --stdin="$EXCUT" -- -
  each_format brief "$cmd" stdin-bad-bom --stdin=tests/data/bad/bom.json -- -
  each_format brief "$cmd" stdin-empty -- -
  each_format brief "$cmd" q-examples -- -q docs/examples
  each_format brief "$cmd" three-and-diff -- tests/data/three tests/data/diff
  each_format brief "$cmd" same-file-twice -- "$EX8" "$EX8"
done
for cmd in show summary ops failed check; do
  each_format brief "$cmd" no-path-work-three ASCEND_WORK_PATH=tests/data/three --
  each_format brief "$cmd" no-path-work-fake-home ASCEND_WORK_PATH=tests/data/fake_home --
  each_format brief "$cmd" no-path-cwd-empty --cwd="$TMP/empty" --
done

# ---------------------------------------------------------------------------
# show

for s in "top0:--top 0" "top3:--top 3" "top1:--top 1" "all:--all"; do
  read -r -a opt <<<"${s#*:}"
  each_format full show "examples+${s%%:*}" -- "${opt[@]}" docs/examples
done
each_format brief show "gen.medium+all" --cwd="$TMP" -- --all gen/medium.json
run show/ex8+top-bad/text.c100 -- show --top -1 "$EX8"

# ---------------------------------------------------------------------------
# ops

for key in saved improvement before after name type; do
  each_format one ops "examples+sort-$key" -- --sort "$key" docs/examples
  each_format brief ops "examples+sort-$key+top5" -- --sort "$key" --top 5 docs/examples
  run "ops/gen.medium+sort-$key+top20/text.c100" --cwd="$TMP" -- ops --sort "$key" --top 20 gen/medium.json
  run "ops/gen.medium+sort-$key/csv" --cwd="$TMP" -- ops --format csv --sort "$key" gen/medium.json
done
for g in type mode file report type,mode report,type file,mode; do
  case $g in type|type,mode) m=full ;; *) m=one ;; esac
  each_format "$m" ops "examples+group-$g" -- --group-by "$g" docs/examples
  each_format one ops "artefacts+group-$g" -- --group-by "$g" "$ART"
  each_format brief ops "examples+group-$g+per-mode" -- --group-by "$g" --per-mode docs/examples
  run "ops/gen.medium+group-$g/text.c100" --cwd="$TMP" -- ops --group-by "$g" gen/medium.json
  run "ops/gen.medium+group-$g/json" --cwd="$TMP" -- ops --format json --group-by "$g" gen/medium.json
done
each_format one ops "examples+group-type+sort-name+top2" -- --group-by type --sort name --top 2 docs/examples
each_format brief ops "examples+group-type+sort-improvement" -- --group-by type --sort improvement docs/examples
each_format one ops "artefacts+group-type+type-matmul" -- --group-by type --type matmul "$ART"
each_format full ops "examples+per-mode" -- --per-mode docs/examples
each_format brief ops "examples+type-conv2d" -- --type conv2d docs/examples
each_format brief ops "examples+type-Conv2D-Relu" -- --type Conv2D --type Relu docs/examples
each_format brief ops "examples+type-fused" -- --type Conv2D+Relu docs/examples
each_format brief ops "examples+type-underscore-fused" -- --type Conv2D__Relu docs/examples
each_format brief ops "examples+name-Conv_1" -- --name Conv_1 docs/examples
each_format brief ops "examples+name-anchored" -- --name '^res4a.*[0-9a]$' docs/examples
each_format brief ops "examples+name-nomatch" -- --name zzz docs/examples
for m in Format Schedule Impl; do
  each_format brief ops "examples+mode-$m" -- --mode "$m" docs/examples
  each_format brief ops "examples+mode-$m+per-mode" -- --mode "$m" --per-mode docs/examples
done
for p in 0 10 30 100; do
  each_format brief ops "examples+min-improvement-$p" -- --min-improvement "$p" docs/examples
done
each_format one ops "examples+combined" -- --type Conv2D --mode Schedule --sort improvement --top 3 --min-improvement 10 docs/examples
run ops/ex8+name-bad-regex/text.c100 -- ops --name '(' "$EX8"
run ops/ex8+sort-bad/text.c100 -- ops --sort 2 "$EX8"
run ops/ex8+mode-bad/text.c100 -- ops --mode 0 "$EX8"
run ops/art+group-bad/text.c100 -- ops --group-by type,colour "$ART"
run ops/ex8+top-bad/text.c100 -- ops --top -1 "$EX8"
run ops/ex8+min-improvement-bad/text.c100 -- ops --min-improvement nan "$EX8"

# ---------------------------------------------------------------------------
# check: policies and thresholds on the examples, the check/ files, a file

check_opts=(
  "strict:--strict"
  "no-require-complete:--no-require-complete"
  "strict+no-require-complete:--strict --no-require-complete"
  "max-failed-0:--max-failed 0"
  "max-failed-5:--max-failed 5"
  "min-improvement-5:--min-improvement 5"
  "min-improvement-50:--min-improvement 50"
  "min-model-improvement-1:--min-model-improvement 1"
  "min-model-improvement-10:--min-model-improvement 10"
  "all:--strict --max-failed 0 --min-improvement 5 --min-model-improvement 1"
)
for s in "${check_opts[@]}"; do
  read -r -a opt <<<"${s#*:}"
  each_format one check "examples+${s%%:*}" -- "${opt[@]}" docs/examples
  each_format one check "check-files+${s%%:*}" -- "${opt[@]}" tests/data/check/*.json
  each_format brief check "ex62+${s%%:*}" -- "${opt[@]}" "$EX62"
  run "check/gen.medium+${s%%:*}/text.c100" --cwd="$TMP" -- check "${opt[@]}" gen/medium.json
done
each_format full check "examples+all-widths" -- --strict --max-failed 0 docs/examples
for f in tests/data/check/*.json; do
  run "check/$(label "$f")+strict/text.c100" -- check --strict "$f"
done
run check/ex8+max-failed-bad/text.c100 -- check --max-failed -1 "$EX8"
run check/ex8+min-improvement-bad/text.c100 -- check --min-improvement abc "$EX8"

# ---------------------------------------------------------------------------
# diff: pairs of files and directories

diff_pairs=(
  "ex8-vs-slower:$EX8 $SLOWER"
  "slower-vs-ex8:$SLOWER $EX8"
  "artefact-old-vs-new:$ART_OLD $ART_NEW"
  "ex63-vs-ex62:$EX63 $EX62"
  "ex8-vs-ex8:$EX8 $EX8"
  "ex601-vs-ex8:$EX601 $EX8"
  "ex8-vs-cut:$EX8 $EXCUT"
  "ex63-vs-artefacts:$EX63 $ART"
  "three-vs-diff:tests/data/three tests/data/diff"
  "examples-vs-data:docs/examples tests/data"
  "ex8-vs-missing:$EX8 tests/data/nope.json"
  "ex8-vs-bad-empty:$EX8 tests/data/bad/empty.json"
  "ex8-vs-check-truncated:$EX8 tests/data/check/truncated.json"
  "ex8-vs-fake-home:$EX8 tests/data/fake_home"
  "report-natural-vs-injection:tests/data/report/natural.json tests/data/report/injection.json"
  "no-opat-vs-ex8:tests/data/report/no_opat.json $EX8"
  "control-chars-vs-terminal-controls:tests/data/control_chars.json tests/data/terminal_controls.json"
)
for s in "${diff_pairs[@]}"; do
  read -r -a pair <<<"${s#*:}"
  case ${s%%:*} in  # the runs read well: every width; else one
    ex8-vs-slower|slower-vs-ex8|artefact-old-vs-new|ex63-vs-ex62|three-vs-diff) m=full ;;
    *) m=one ;;
  esac
  each_format "$m" diff "${s%%:*}" -- "${pair[@]}"
  each_format brief diff "${s%%:*}+per-mode" -- --per-mode "${pair[@]}"
done
each_format brief diff "three-vs-diff+r" -- -r tests/data/three tests/data/diff
each_format brief diff "data-vs-examples+r+j1" -- -r -j 1 tests/data docs/examples
each_format one diff "stdin-vs-slower" --stdin="$EX8" -- - "$SLOWER"
each_format brief diff "slower-vs-stdin" --stdin="$EX8" -- "$SLOWER" -
each_format one diff "gen.medium-vs-b" --cwd="$TMP" -- gen/medium.json gen/medium-b.json
each_format brief diff "gen.medium-vs-b+per-mode" --cwd="$TMP" -- --per-mode gen/medium.json gen/medium-b.json
each_format one diff "gen.series-first-vs-last" --cwd="$TMP" -- "${SERIES[0]}" "${SERIES[-1]}"
for s in "fail-above-10:--fail-above 10" "fail-above-60:--fail-above 60" "fail-above-0:--fail-above 0" \
         "fail-above-10+total:--fail-above 10 --total" "fail-above-0+ignore-artefacts:--fail-above 0 --ignore-artefacts" \
         "fail-above-5pct:--fail-above 5%"; do
  read -r -a opt <<<"${s#*:}"
  each_format one diff "ex8-vs-slower+${s%%:*}" -- "${opt[@]}" "$EX8" "$SLOWER"
  each_format brief diff "artefact-old-vs-new+${s%%:*}" -- "${opt[@]}" "$ART_OLD" "$ART_NEW"
  run "diff/gen.medium-vs-b+${s%%:*}/text.c100" --cwd="$TMP" -- diff "${opt[@]}" gen/medium.json gen/medium-b.json
done
each_format one diff "artefact-old-vs-new+fail-above-0.5+ignore-artefacts" -- \
  --fail-above 0.5 --ignore-artefacts "$ART_OLD" "$ART_NEW"
run diff/one-side/text.c100 -- diff "$EX8"
run diff/three-sides/text.c100 -- diff "$EX8" "$EX8" "$EX8"
run diff/total-without-fail-above/text.c100 -- diff --total "$EX8" "$SLOWER"
run diff/fail-above-negative/text.c100 -- diff --fail-above -5 "$EX8" "$SLOWER"
run diff/fail-above-nan/text.c100 -- diff --fail-above nan "$EX8" "$SLOWER"
run diff/stdin-both/text.c100 --stdin="$EX8" -- diff - -

# ---------------------------------------------------------------------------
# trend: directories and several files

each_format full trend "gen.series" --cwd="$TMP" -- gen/series
each_format one trend "gen.series+files" --cwd="$TMP" -- "${SERIES[@]}"
each_format brief trend "gen.series+per-mode" --cwd="$TMP" -- --per-mode gen/series
each_format brief trend "gen.series+top5" --cwd="$TMP" -- --top 5 gen/series
each_format brief trend "gen.series+type-conv2d" --cwd="$TMP" -- --type conv2d gen/series
each_format brief trend "gen.series+name" --cwd="$TMP" -- --name '_1[0-9]$' gen/series
each_format brief trend "gen.series+labels" --cwd="$TMP" -- \
  --label a --label b --label c --label d --label e --label f gen/series
each_format brief trend "gen.series+gap" --cwd="$TMP" -- "${SERIES[0]}" gen/nope.json "${SERIES[1]}"
for p in 0 5 1000; do
  each_format one trend "gen.series+fail-above-$p" --cwd="$TMP" -- --fail-above "$p" gen/series
  each_format brief trend "gen.series+fail-above-$p+ignore-artefacts" --cwd="$TMP" -- \
    --fail-above "$p" --ignore-artefacts gen/series
done
each_format brief trend "gen.medium+b" --cwd="$TMP" -- gen/medium.json gen/medium-b.json
each_format full trend "examples-files" -- "$EX601" "$EX62" "$EX63" "$EX8" "$EXCUT"
each_format one trend "ex8-slower" -- "$EX8" "$SLOWER"
each_format brief trend "ex8-slower+per-mode" -- --per-mode "$EX8" "$SLOWER"
each_format brief trend "ex8-slower+labels" -- --label cann8.0 --label cann8.1 "$EX8" "$SLOWER"
each_format one trend "ex8-slower+fail-above-0" -- --fail-above 0 "$EX8" "$SLOWER"
each_format brief trend "artefacts-twice+fail-above-0" -- --fail-above 0 "$ART" "$ART"
each_format brief trend "art-old-new+fail-above-0+ignore-artefacts" -- --fail-above 0 --ignore-artefacts "$ART_OLD" "$ART_NEW"
each_format brief trend "examples+data+three" -- docs/examples tests/data/three
run trend/too-many-labels/text.c100 -- trend --label a --label b "$ART"
run trend/unreadable-run/text.c100 -- trend "$ART" tests/data/nope.json "$ART"
run trend/top-negative/text.c100 -- trend --top -1 "$EX8"
run trend/fail-above-nan/text.c100 -- trend --fail-above nan "$EX8"

# ---------------------------------------------------------------------------
# retune: to stdout, to a file (then shown), refusing to overwrite

retune_opts=("plain:" "below-5:--below 5" "below-30:--below 30" "by-type:--by-type"
             "below-30+by-type:--below 30 --by-type" "below-0:--below 0")
for s in "${retune_opts[@]}"; do
  read -r -a opt <<<"${s#*:}"
  for f in docs/examples tests/data/three "$EX8" "$EX63" tests/data/check/clean.json; do
    run "retune/$(label "$f")+${s%%:*}/stdout" -- retune "${opt[@]}" -o - "$f"
    run "retune/$(label "$f")+${s%%:*}/file" --file="$TMP/o/retune.json" -- \
      retune "${opt[@]}" -o "$TMP/o/retune.json" "$f"
  done
  run "retune/gen.medium+${s%%:*}/file" --cwd="$TMP" --file="$TMP/o/retune.json" -- \
    retune "${opt[@]}" -o o/retune.json gen/medium.json
done
run retune/ex8+no-output/text.c100 -- retune "$EX8"
echo old >"$TMP/o/retune.json"
run retune/ex8+existing/file --file="$TMP/o/retune.json" -- retune -o "$TMP/o/retune.json" "$EX8"
echo old >"$TMP/o/retune.json"
run retune/ex8+existing+force/file --file="$TMP/o/retune.json" -- retune -f -o "$TMP/o/retune.json" "$EX8"
run retune/ex8+output-directory/text.c100 -- retune -o "$TMP/o" "$EX8"
run retune/ex8+below-bad/text.c100 -- retune --below nan -o - "$EX8"

# ---------------------------------------------------------------------------
# report: to stdout, to a file, the default file, options

report_opts=("rows-0:--rows 0" "rows-3:--rows 3" "title:--title <R&D>_run"
             "baseline-ex63:--baseline $EX63" "baseline-two:--baseline $EX63 --baseline $SLOWER"
             "baseline-dir:--baseline tests/data/three" "baseline-missing:--baseline tests/data/nope.json")
for s in "${report_opts[@]}"; do
  read -r -a opt <<<"${s#*:}"
  run "report/ex8+${s%%:*}/text.c100" -- report "${opt[@]}" -o - "$EX8"
  run "report/examples+${s%%:*}/text.c100" -- report "${opt[@]}" -o - docs/examples
done
run report/gen.medium+baseline-b/text.c100 --cwd="$TMP" -- report --baseline gen/medium-b.json -o - gen/medium.json
run report/gen.medium+rows-100/text.c100 --cwd="$TMP" -- report --rows 100 -o - gen/medium.json
run report/ex8+file/file --file="$TMP/o/page.html" -- report -o "$TMP/o/page.html" "$EX8"
run report/default-file/file --cwd="$TMP/work" --file="$TMP/work/aoe-report.html" -- \
  report ../gen/medium-flat62.json
echo old >"$TMP/o/page.html"
run report/ex8+existing/file --file="$TMP/o/page.html" -- report -o "$TMP/o/page.html" "$EX8"
echo old >"$TMP/o/page.html"
run report/ex8+existing+force/file --file="$TMP/o/page.html" -- report --force -o "$TMP/o/page.html" "$EX8"
run report/ex8+output-directory/text.c100 -- report -o tests/data "$EX8"
run report/ex8+rows-too-many/text.c100 -- report --rows 1000001 -o - "$EX8"
run report/ex8+rows-bad/text.c100 -- report --rows many -o - "$EX8"

# ---------------------------------------------------------------------------
# locate: the places from fixed variables, into tests/data/fake_home etc.
#
# locate prints the working directory as a real path and fits its tables to
# the terminal, shortening long paths in the middle: a path of this checkout
# or of the scratch directory would change the table (its width, the kept
# characters) from checkout to checkout and run to run. So locate runs in /,
# and the variables name the repository and scratch directories through
# /dev/fd/N: fd 9 is the repository root, 8 the empty HOME, 7 the generated
# series; the same strings everywhere.

exec 7<"$TMP/gen/series" 8<"$TMP/home" 9<"$REPO"
FH=/dev/fd/9/tests/data/fake_home
REPO_OP=$FH/Ascend/latest/data/aoe/custom/op
locate_envs=(
  "none:"
  "home-fake:HOME=$FH"
  "home-empty:HOME=/dev/fd/8"
  "work-three:HOME=$FH ASCEND_WORK_PATH=/dev/fd/9/tests/data/three"
  "work-data:HOME=$FH ASCEND_WORK_PATH=/dev/fd/9/tests/data"
  "work-series:HOME=$FH ASCEND_WORK_PATH=/dev/fd/7"
  "work-missing:HOME=$FH ASCEND_WORK_PATH=/dev/fd/9/tests/data/nope"
  "work-empty-value:HOME=$FH ASCEND_WORK_PATH="
  "work-relative:HOME=$FH ASCEND_WORK_PATH=tests/data/three"
  "tune-bank:HOME=$FH TUNE_BANK_PATH=$REPO_OP"
  "tune-bank-missing:HOME=$FH TUNE_BANK_PATH=/dev/fd/9/tests/data/nope"
  "cache:HOME=$FH ASCEND_CACHE_PATH=/dev/fd/9/tests/data"
  "cache-missing:HOME=$FH ASCEND_CACHE_PATH=/dev/fd/9/tests/data/nope"
  "all:HOME=$FH ASCEND_WORK_PATH=/dev/fd/9/tests/data/three TUNE_BANK_PATH=$REPO_OP ASCEND_CACHE_PATH=$FH"
)
for s in "${locate_envs[@]}"; do
  read -r -a envs <<<"${s#*:}"
  each_format full locate "${s%%:*}" --cwd=/ "${envs[@]}" --
  each_format one locate "${s%%:*}+soc-Ascend910B1" --cwd=/ "${envs[@]}" -- --soc-version Ascend910B1
  each_format one locate "${s%%:*}+soc-Ascend310" --cwd=/ "${envs[@]}" -- --soc-version Ascend310
done
exec 7<&- 8<&- 9<&-
# A scratch working directory (<TMP>/empty, of a fixed length), with --wide:
# a name shortened to fit would keep a varying part of it.
each_format one locate "cwd-scratch" --cwd="$TMP/empty" HOME="$TMP/home" -- --wide

# ---------------------------------------------------------------------------
# watch: --once is done per input above; here runs that end by themselves
# (the files are complete and old, their pids not running: over at once).

for f in tests/data/three docs/examples "$EX63" "$EX8" "$EXCUT" tests/data/check/clean.json \
         tests/data/check/tuning-failed.json tests/data/diff; do
  each_format full watch "$(label "$f")+follow" -- --settle 1 --interval 0.2 "$f"
done
each_format one watch "ex8+once+stall" -- --once --stall 0.5 "$EX8"
run watch/stdin/text.c100 --stdin="$EX8" -- watch --once -
run watch/missing-directory/text.c100 -- watch tests/data/no-such-dir/x.json
run watch/interval-zero/text.c100 -- watch --interval 0 "$EX8"
run watch/stall-nan/text.c100 -- watch --stall nan "$EX8"
run watch/settle-negative/text.c100 -- watch --settle -1 "$EX8"
run watch/two-paths/text.c100 -- watch --once "$EX8" "$EX63"
each_format one watch "no-path-work-three" ASCEND_WORK_PATH=tests/data/three -- --once

# ---------------------------------------------------------------------------
# Summary

sort -k2 "$TMP/index" >"$OUTDIR/INDEX"
elapsed=$((SECONDS - start))
echo "output_snapshot: $NCASES cases in ${elapsed} s into $OUTDIR"
for c in "${COMMANDS[@]}" help; do printf '  %-8s %5d\n' "$c" "${PER_COMMAND[$c]:-0}"; done
printf '  exit status:'
for rc in $(printf '%s\n' "${!PER_STATUS[@]}" | sort -n); do printf ' %s×%s' "${PER_STATUS[$rc]}" "$rc"; done
printf '\n'
if ((${#COPIES[@]})); then
  echo "  not run one by one (byte-identical copies of docs/examples files, run as tests/data and tests/data/three):"
  printf '    %s\n' "${COPIES[@]}"
fi
if ((${#ODD[@]})); then
  echo "WARNING: cases that timed out or died of a signal:" >&2
  printf '  %s\n' "${ODD[@]}" >&2
fi
