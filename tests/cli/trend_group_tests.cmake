# Command-line tests of `trend` and `ops --group-by`, with exact numbers.
set(ART data/artefacts.json)
set(EX63G data/aoe_result_opat_20240607_160233905_pid3312.json)
set(GROUP_COLS "operators,timed_operators,before_us,after_us,saved_us,improvement_pct,geomean_speedup,share_of_saved_pct,artefacts")

# --- ops --group-by -------------------------------------------------------------
# artefacts.json: Conv2D 150 -> 109 µs (one +1 µs update artefact), MatMul
# 43.5 -> 22.5 (one), Conv2D+Relu 40 -> 20; 82 µs saved in all.
aoe_cli_test(NAME ops_group_type_csv EXIT 0 ARGS ops --group-by type --format csv ${ART}
  STDOUT "^type,${GROUP_COLS}\n"
         "Conv2D,2,2,150,109,41,37\\.6147,1\\.3041,50,1\n"
         "MatMul,2,2,43\\.5,22\\.5,21,93\\.3333,1\\.8,25\\.6098,1\n"
         "Conv2D\\+Relu,1,1,40,20,20,100,2,24\\.3902,0\n$")
aoe_cli_test(NAME ops_group_mode_csv EXIT 0 ARGS ops --group-by mode --format csv ${EX63G}
  STDOUT "^mode,${GROUP_COLS}\n"
         "Impl,1,1,310\\.5,207,103\\.5,50,1\\.5,[0-9.]+,0\n"
         "Schedule,2,2,552\\.055[0-9]*,471\\.918,80\\.13[0-9]*,"
         "Format,2,2,646,579,67,")
aoe_cli_test(NAME ops_group_text EXIT 0 ARGS ops --group-by type ${ART} ENV COLUMNS=100
  STDOUT "type +operators +before µs +after µs +saved µs +improv\\. +geomean +share +artef\\."
         "Conv2D +2 +150\\.000 +109\\.000 +41\\.000 +37\\.61% +1\\.304× +50\\.00% +1"
         "all 3 groups +5 +233\\.500 +151\\.500 +82\\.000")
aoe_cli_test(NAME ops_group_text_60 EXIT 0 ARGS ops --group-by type,mode ${ART} ENV COLUMNS=60
  STDOUT "Conv2D +Schedule" NOT_STDOUT "[ -~]{61}")  # CMake regexes count bytes: ASCII runs only
aoe_cli_test(NAME ops_group_json EXIT 0 ARGS ops --group-by report --format json ${ART}
  STDOUT "\"grain\": \"group\"" "\"group_by\": .\n *\"file\",\n *\"report\""
         "\"report\": \"report_20250601_120000000_7001\"" "\"artefacts\": 2")
aoe_cli_test(NAME ops_group_top_sort EXIT 0 ARGS ops --group-by type --sort name --top 1 --format csv ${ART}
  STDOUT "^type,${GROUP_COLS}\nConv2D,[^\n]*\n$")
aoe_cli_test(NAME ops_group_filter_first EXIT 0 ARGS ops --group-by type --type matmul --format csv ${ART}
  STDOUT "\nMatMul,2,2,43\\.5,22\\.5,21,[^\n]*,100,1\n$")
aoe_cli_test(NAME ops_group_bad_key EXIT 2 ARGS ops --group-by type,colour ${ART}
  STDERR "--group-by: 'colour' is not a key")
aoe_cli_test(NAME ops_group_markdown EXIT 0 ARGS ops --group-by type --format markdown ${ART}
  STDOUT "## AOE tuned operators by type" "\\| Conv2D\\+Relu \\|")

# --- trend ----------------------------------------------------------------------
# Five runs of 40 operators from the generator (series rules in
# tests/bench/generator.hpp); trend_agrees.py recomputes every number from
# the files.
set(SERIES ${CMAKE_CURRENT_BINARY_DIR}/series)
add_test(NAME cli.trend_series_files
  COMMAND aoe-result-gen --series 5 --operators 40 --seed 3 --dir ${SERIES})
set_tests_properties(cli.trend_series_files PROPERTIES FIXTURES_SETUP trend_series)
find_program(AOE_TREND_PYTHON3 python3)
if(AOE_TREND_PYTHON3)
  aoe_test_program(aoe-result trend_bin)  # under qemu when cross-compiling
  add_test(NAME cli.trend_agrees
    COMMAND ${AOE_TREND_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/cli/trend_agrees.py
      ${trend_bin} ${SERIES})
  add_test(NAME cli.trend_agrees_per_mode
    COMMAND ${AOE_TREND_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/cli/trend_agrees.py
      ${trend_bin} ${SERIES} --per-mode)
  set_tests_properties(cli.trend_agrees cli.trend_agrees_per_mode PROPERTIES
    FIXTURES_REQUIRED trend_series TIMEOUT 60)
endif()
# Runs given newest first (by the timestamps in their file names) are
# warned of; in order, or renamed, nothing is said.
set(EX8T data/aoe_result_opat_20250428_203017761_pid18230.json)
aoe_cli_test(NAME trend_out_of_order_warned EXIT 0 ARGS trend ${EX8T} ${EX63G}
  STDERR "^aoe-result: warning: run #2 \\(20240607_160233905\\) is older than run #1 \\(20250428_203017761\\) by the timestamps in their file names: trend takes the runs in the order given")
aoe_cli_test(NAME trend_in_order_not_warned EXIT 0 ARGS trend ${EX63G} ${EX8T} ${ART}
  NOT_STDERR "older than")
aoe_cli_test(NAME trend_out_of_order_quiet EXIT 0 ARGS -q trend ${EX8T} ${EX63G} NOT_STDERR "older than")
aoe_cli_test(NAME diff_out_of_order_warned EXIT 0 ARGS diff ${EX8T} ${EX63G}
  STDERR "^aoe-result: warning: OLD \\(20250428_203017761\\) is newer than NEW \\(20240607_160233905\\) by the timestamps in their file names")
aoe_cli_test(NAME diff_in_order_not_warned EXIT 0 ARGS diff ${EX63G} ${EX8T} NOT_STDERR "newer than")

# A file read in parts gives the same bytes on any number of threads.
aoe_test_program(aoe-result same_cores_bin)
aoe_test_program(aoe-result-gen same_cores_gen)
add_test(NAME cli.same_on_every_core
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/same_on_every_core.sh ${same_cores_bin}
    ${same_cores_gen} ${CMAKE_CURRENT_BINARY_DIR}/same_on_every_core)
set_tests_properties(cli.same_on_every_core PROPERTIES TIMEOUT 300)
aoe_cli_test(NAME trend_text EXIT 0 ARGS trend ${SERIES} FIXTURES trend_series ENV COLUMNS=100
  STDOUT "Runs \\(5\\)" "Operators \\(40 of 40" "#5" NOT_STDOUT "[^\n]{101}")
aoe_cli_test(NAME trend_text_60 EXIT 0 ARGS trend ${SERIES} FIXTURES trend_series ENV COLUMNS=60
  STDOUT "Runs \\(5\\)" NOT_STDOUT "[^\n]{61}")
# The shipped runs at a narrow width: a run's time stamp keeps its date and
# time to the second; an operator's flags stay whole at 60 columns (the
# sparkline and the names give way first) and lose whole flags at 40.
set(TREND_RUNS ${EX601} ${EX62} ${EX63} ${EX8} ${EXCUT})
aoe_cli_test(NAME trend_run_stamps_keep_their_start EXIT 0 ARGS trend ${TREND_RUNS} ENV COLUMNS=40
  STDOUT "\n#1  20221103_101522…  " "\n#5  20251120_230001…  "
         "\nres4a_branch1 +– +failed 2, …\n")
aoe_cli_test(NAME trend_flags_whole_at_60 EXIT 0 ARGS trend ${TREND_RUNS} ENV COLUMNS=60
  STDOUT "\n#1  20221103_101522418 " "\nres4a_branch1 [^\n]* failed 2, missing 3\n")
aoe_cli_test(NAME trend_csv EXIT 0 ARGS trend --format csv --top 1 ${SERIES} FIXTURES trend_series
  STDOUT "^run,label,file,op_name,op_type,mode,before_us,after_us,improvement_pct,failed,newly_failed,fixed,present\n1,20250428_100000000,")
aoe_cli_test(NAME trend_labels EXIT 0 ARGS trend --label a --label b --format json ${EX63G} ${ART}
  STDOUT "\"label\": \"a\"" "\"label\": \"b\"" "\"missing_runs\": 1")
aoe_cli_test(NAME trend_too_many_labels EXIT 2 ARGS trend --label a --label b ${ART}
  STDERR "2 --label given for 1 run")
aoe_cli_test(NAME trend_unreadable_run EXIT 3 ARGS trend ${ART} data/nope.json ${ART}
  STDOUT "#2 nope\\.json could not be read")
aoe_cli_test(NAME trend_gate EXIT 1 ARGS trend --fail-above 0 ${SERIES} FIXTURES trend_series
  STDOUT "\ngate \\(--fail-above 0\\): [^\n]*[0-9]+ operators slower in the last run than in their previous run by more than 0% — FAILED\n"
  STDERR "gate \\(--fail-above 0\\): [^\n]*[0-9]+ operators slower in the last run than in their previous run by more than 0%: [^\n]* — FAILED\n")
# Conv_101 is 50 % slower in the second run: within 60 %. (The same file
# twice is one run: nothing to compare, see trend_gate_one_run.)
aoe_cli_test(NAME trend_gate_not_broken EXIT 0
  ARGS trend --fail-above 60 data/aoe_result_opat_20250428_203017761_pid18230.json
       data/diff/aoe_result_opat_20250502_091500000_pid18231.json
  STDOUT "\ngate \\(--fail-above 60\\): no operator slower in the last run than in its previous run by more than 60% — passed\n")
# An operator tuned in one run and failed in the last breaks any limit; it
# is flagged in every format; failed, then tuned again, it is fixed.
set(EX8 data/aoe_result_opat_20250428_203017761_pid18230.json)
set(FAILEDNEW data/diff/failed_new.json)
aoe_cli_test(NAME trend_failed_in_last_run_breaks_gate EXIT 1 ARGS trend --fail-above 1000 ${EX8} ${FAILEDNEW}
  STDOUT "Conv_101 [^\n]*failed[^\n]*over limit, failed 1, newly failed 1"
         "gate \\(--fail-above 1000\\): 1 operator failed in the last run after being tuned in an earlier one — FAILED"
  STDERR "gate \\(--fail-above 1000\\): 1 operator failed in the last run after being tuned in an earlier one \\(Conv_101\\) — FAILED")
aoe_cli_test(NAME trend_failed_in_last_run_csv EXIT 1 ARGS trend --fail-above 1000 --format csv --name Conv_101 ${EX8} ${FAILEDNEW}
  STDOUT "^run,label,file,op_name,op_type,mode,before_us,after_us,improvement_pct,failed,newly_failed,fixed,present\n"
         "\n2,[^\n]*,Conv_101,Conv2D,,,,,true,true,false,false\n$")
# The long rows tell a gap (present false, above) from an operator in the
# run whose times do not count (present true, times empty).
aoe_cli_test(NAME trend_csv_present_without_times EXIT 0
  ARGS -q trend --format csv --name ^a$ data/mode_without_after_time.json
  STDOUT "\n1,[^\n]*,a,Add,,,,,false,false,false,true\n$")
aoe_cli_test(NAME trend_jsonl_present_without_times EXIT 0
  ARGS -q trend --format jsonl --name ^a$ data/mode_without_after_time.json
  STDOUT "\"after_us\":null,[^\n]*\"present\":true}\n$")
aoe_cli_test(NAME trend_failed_in_last_run_jsonl EXIT 1 ARGS trend --fail-above 1000 --format jsonl --name Conv_101 ${EX8} ${FAILEDNEW}
  STDOUT "\"run\":2,[^\n]*\"failed\":true,\"newly_failed\":true,\"fixed\":false,\"present\":false}")
aoe_cli_test(NAME trend_failed_in_last_run_json EXIT 1 ARGS trend --fail-above 1000 --format json ${EX8} ${FAILEDNEW}
  STDOUT "\"failed_last_after_tuned\": true" "\"failed_last\": 1" "\"verdict\": \"broken\"")
aoe_cli_test(NAME trend_failed_in_last_run_markdown EXIT 1 ARGS trend --fail-above 1000 --format markdown ${EX8} ${FAILEDNEW}
  STDOUT "\\| over limit, failed 1, newly failed 1 \\|"
         "\\*\\*gate \\(--fail-above 1000\\): 1 operator failed in the last run after being tuned in an earlier one — FAILED\\*\\*")
aoe_cli_test(NAME trend_fixed_in_later_run EXIT 0 ARGS trend --fail-above 0 ${FAILEDNEW} ${EX8}
  STDOUT "Conv_101 [^\n]*failed 1, fixed 1" "— passed\n")
# A gate that asked and got no answer fails: fewer than two runs hold an operator.
aoe_cli_test(NAME trend_gate_one_run EXIT 1 ARGS trend --fail-above 10 ${EX8}
  STDOUT "gate \\(--fail-above 10\\): only 1 of 1 run held an operator, so nothing was compared — FAILED"
  STDERR "gate \\(--fail-above 10\\): only 1 of 1 run held an operator, so nothing was compared — FAILED")
aoe_cli_test(NAME trend_one_run_without_gate EXIT 0 ARGS trend ${EX8} NOT_STDOUT "gate")
aoe_cli_test(NAME trend_gate_same_file_twice_is_one_run EXIT 1 ARGS trend --fail-above 0 ${ART} ${ART}
  STDERR "only 1 of 1 run held an operator, so nothing was compared — FAILED")
aoe_cli_test(NAME trend_bad_format EXIT 2 ARGS trend --format junit ${ART}
  STDERR "'trend' does not write junit")
# Grouped by report, the file beside the report id is spare when the ids
# tell the reports apart (CANN 6.3+ ids hold the time and the pid): a
# narrow terminal keeps the id and the numbers. Ids that repeat across
# files (report_1) keep the file.
aoe_cli_test(NAME group_by_report_narrow_keeps_distinct_ids EXIT 0 ENV "COLUMNS=60"
  ARGS ops --group-by report ${EX8} ${EX601}
  STDOUT "^report                            saved µs  improv\\.    share\n"
         "\nreport_20250428_203017761_281473   684\\.887   20\\.53%   92\\.54%\n")
aoe_cli_test(NAME group_by_report_repeated_ids_keep_the_file EXIT 0 ENV "COLUMNS=100"
  ARGS ops --group-by report ${EX62} ${EX63}
  STDOUT "^file  +report  +saved µs"
         "\naoe_result_opat_20230315_094502113_pid20431\\.json  report_1  ")
# When the ids repeat, a narrow terminal shortens the file's name, keeping
# what tells the files apart, rather than lose the numbers.
aoe_cli_test(NAME group_by_report_narrow_shortens_the_file EXIT 0 ENV "COLUMNS=60"
  ARGS ops --group-by report ${EX62} ${EX63}
  STDOUT "^file  +report  +saved µs  improv\\.    share\n"
         "\n…113_pid20431\\.json  report_1       594\\.071    3\\.28%   70\\.33%\n"
         "\n  +all 2 groups   844\\.708")
# A type name wider than the terminal is shortened, keeping what tells the
# types apart; the figures of the time saved stay beside it.
aoe_cli_test(NAME group_by_type_long_names_keep_the_figures EXIT 0 ENV "COLUMNS=100"
  ARGS ops --group-by type data/report/long_names.json
  STDOUT "^type  +saved µs  +improv\\.  +share\n"
         "\nConv2D\\+BNTrainingUpdateWithAV…ReluGradV2WithAnotherLongName  +1230567890\\.500  "
         "\nall 24 groups  +1330672739\\.999  ")

# A run with no timed operator (a file cut off before its first operator
# completes) has no after-time and saved nothing: –/null, not 0.000, as
# show says "no timed operator". With no --type/--name given, an empty
# operator list claims no filter.
aoe_cli_test(NAME trend_run_without_timed_operator_has_no_times EXIT 0
  ARGS trend data/cut_before_first_operator.json
  STDOUT "\n#1 +cut_before_first_operator\\.json +1 +0 +0 +– +– +– "
         "\nno operators in any run\n"
  NOT_STDOUT "0\\.000" "match")
# Markdown says it as text does.
aoe_cli_test(NAME trend_run_without_timed_operator_markdown EXIT 0
  ARGS trend --format markdown data/cut_before_first_operator.json
  STDOUT "\\| #1 \\| cut\\\\_before\\\\_first\\\\_operator\\.json \\| 0 \\| 0 \\| – \\| – \\| – \\|"
         "No operator in any run\\.")
aoe_cli_test(NAME trend_filter_matching_nothing_says_match EXIT 0
  ARGS trend --name zz data/aoe_result_opat_20221103_101522418_pid7311.json
  STDOUT "\nno operators match\n")
