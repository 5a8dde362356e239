# Command-line tests of `ops`, `check` and the output formats.
set(EX63 data/aoe_result_opat_20240607_160233905_pid3312.json)
set(EX8 data/aoe_result_opat_20250428_203017761_pid18230.json)
set(CSV_HEADER "file,report,op_name,op_type,modes,update_mode,before_us,after_us,saved_us,improvement_pct,reported_improvement_pct,speedup,writer_artefact,left_out")

# A "[" in a regex is written "." here: an unmatched "[" would stop CMake from
# splitting the arguments that follow it.

# --- ops ----------------------------------------------------------------------
aoe_cli_test(NAME ops_help EXIT 0 ARGS ops --help
  STDOUT "--sort" "--per-mode" "--min-improvement" "Examples")
aoe_cli_test(NAME ops_csv_63 EXIT 0 ARGS ops --format csv ${EX63}
  STDOUT "^${CSV_HEADER}\n" ",Conv_7_Relu_8,Conv2D\\+Relu,Format\\+Schedule,add,512,399\\.872,")
aoe_cli_test(NAME ops_text_table EXIT 0 ARGS ops ${EX63} ENV COLUMNS=120
  STDOUT "^operator +type +modes +before µs +after µs +saved µs +improv\\.\n"
         "Conv_7_Relu_8 +Conv2D\\+Relu +Format\\+Schedule +512\\.000 +399\\.872 +112\\.128 +28\\.04% +████████████████\n")
aoe_cli_test(NAME ops_filters EXIT 0
  ARGS ops --format csv --type conv2d --mode schedule --name "^Conv_[0-9]+$" --min-improvement 0 ${EX63}
  STDOUT "^${CSV_HEADER}\n[^\n]*,Conv_125,Conv2D,Schedule,add,72\\.055,72\\.046,[^\n]*\n$")
aoe_cli_test(NAME ops_color_always EXIT 0 ARGS --color always ops ${EX63} STDOUT "<ESC>\\[32m *50\\.00%")
aoe_cli_test(NAME ops_bad_regex EXIT 2 ARGS ops --name "Conv[" ${EX63}
  STDERR "--name: 'Conv\\[' is not a valid regular expression")
aoe_cli_test(NAME ops_bad_sort EXIT 2 ARGS ops --sort speed ${EX63} STDERR "speed")
aoe_cli_test(NAME ops_bad_mode EXIT 2 ARGS ops --mode Tiling ${EX63} STDERR "Tiling")
aoe_cli_test(NAME ops_format_not_offered EXIT 2 ARGS ops --format junit ${EX63}
  STDERR "'ops' does not write junit; it writes text, json, jsonl, csv, markdown")
# A format no command writes: the formats this command writes, and its help.
aoe_cli_test(NAME ops_unknown_format_lists_its_own EXIT 2 ARGS ops --format xml ${EX63}
  STDERR "--format: 'xml' is not a format 'ops' writes; it writes text, json, jsonl, csv, markdown\nRun 'aoe-result ops --help' for usage\\."
  NOT_STDERR "junit")
aoe_cli_test(NAME bank_merge_unknown_format EXIT 2 ARGS --format xml bank merge a_runtime_kb.json b_runtime_kb.json -o out_runtime_kb.json
  STDERR "'xml' is not a format 'bank merge' writes; it writes text\nRun 'aoe-result bank merge --help'")
aoe_cli_test(NAME bank_check_format_not_offered EXIT 2 ARGS --format csv bank check data
  STDERR "'bank check' does not write csv; it writes text, json, markdown, junit, github")
# A missing option: the help of the command that needs it.
aoe_cli_test(NAME retune_without_output_names_retune EXIT 2 ARGS retune ${EX63}
  STDERR "--output is required\nRun 'aoe-result retune --help' for usage\\.")
aoe_cli_test(NAME ops_missing_file EXIT 3 ARGS ops ${EX63} data/nope.json
  STDOUT "Conv_7_Relu_8" STDERR "nope\\.json")
aoe_cli_test(NAME ops_escapes_control_chars EXIT 0 ARGS --color always ops data/control_chars.json
  STDOUT "op\\\\x1b.2J\\|name" NOT_STDOUT "<ESC>.2J")
aoe_cli_test(NAME ops_markdown EXIT 0 ARGS ops --format markdown data/control_chars.json
  STDOUT "\\| op\\\\\\\\x1b\\\\\\[2J\\\\\\|name \\|")

# --- colour and escaping of show ------------------------------------------------
aoe_cli_test(NAME show_escapes_esc_2j EXIT 0 ARGS --color always show data/control_chars.json
  STDOUT "evil\\\\x1b.2Jtask" "op\\\\x1b.2J\\|name" NOT_STDOUT "<ESC>.2J")
aoe_cli_test(NAME show_color_always_despite_no_color EXIT 0 ARGS --color always show ${EX8}
  ENV NO_COLOR=1 STDOUT "<ESC>\\[")
aoe_cli_test(NAME show_color_auto_not_on_pipe EXIT 0 ARGS --color auto show ${EX8}
  ENV TERM=xterm-256color NOT_STDOUT "<ESC>")
aoe_cli_test(NAME show_markdown EXIT 0 ARGS show --format markdown ${EX63}
  STDOUT "^## data/aoe\\\\_result\\\\_opat" "- \\*\\*status:\\*\\* ✅ successful")
aoe_cli_test(NAME summary_markdown EXIT 0 ARGS summary --format markdown ${EX63}
  STDOUT "^## AOE tuning summary\n" "\\| report\\\\_1 \\| yolov5s\\\\_bs8 \\|")

# --- check: a fixture per finding code that triggers it, and one that does not --
# code, exit status of the triggering fixture (3: unreadable), severity.
set(check_codes
  "invalid-json 3 error" "truncated 1 error" "not-aoe-result 3 error"
  "duplicate-report-id 0 warning" "status-incomplete 1 error" "tuning-failed 0 warning"
  "failed-list-mismatch 0 warning" "summary-hit-sum 1 error" "summary-total-sum 1 error"
  "summary-count-mismatch 0 warning" "missing-summary 0 warning" "status-missing 0 warning"
  "opat-missing 0 warning"
  "improvement-mismatch 0 warning" "negative-time 1 error" "zero-time 0 warning"
  "number-as-string 0 warning" "invalid-value 1 error" "unknown-section 0 info"
  "duplicate-key 0 warning" "unknown-key 0 info" "writer-artefact 0 info"
  "slower-after-tune 0 warning")
foreach(entry IN LISTS check_codes)
  string(REPLACE " " ";" entry "${entry}")
  list(GET entry 0 code)
  list(GET entry 1 status)
  list(GET entry 2 severity)
  aoe_cli_test(NAME check_${code} EXIT ${status} ARGS check data/check/${code}.json
    STDOUT "${severity}: [^\n]*\\[${code}\\]\n")
  aoe_cli_test(NAME check_${code}_not EXIT 0 ARGS check data/check/${code}.ok.json
    NOT_STDOUT "\\[${code}\\]")
  if(severity STREQUAL "warning")
    aoe_cli_test(NAME check_${code}_strict EXIT 1 ARGS check --strict data/check/${code}.json
      STDOUT "\\[${code}\\]" "FAILED")
  endif()
endforeach()
aoe_cli_test(NAME check_unknown_section_strict EXIT 0 ARGS check --strict data/check/unknown-section.json
  STDOUT "info: [^\n]*SGAT[^\n]*\\[unknown-section\\]")
aoe_cli_test(NAME check_truncated_not_required EXIT 0 ARGS check --no-require-complete data/check/truncated.json
  STDOUT "warning: [^\n]*\\[truncated\\]")
aoe_cli_test(NAME check_status_incomplete_not_required EXIT 0
  ARGS check --no-require-complete data/check/status-incomplete.json
  STDOUT "warning: [^\n]*\\[status-incomplete\\]")
aoe_cli_test(NAME check_max_failed EXIT 1 ARGS check --max-failed 0 data/check/tuning-failed.json
  STDOUT "error: [^\n]*1 failed operator, more than --max-failed 0 \\[threshold-max-failed\\]")
aoe_cli_test(NAME check_max_failed_not EXIT 0 ARGS check --max-failed 1 data/check/tuning-failed.json
  NOT_STDOUT "threshold-max-failed")
aoe_cli_test(NAME check_min_improvement EXIT 1 ARGS check --min-improvement 30 data/check/clean.json
  STDOUT "total improvement is 25\\.00%[^\n]*\\[threshold-min-improvement\\]")
aoe_cli_test(NAME check_min_improvement_not EXIT 0 ARGS check --min-improvement 20 data/check/clean.json
  STDOUT "^gate \\(--min-improvement 20\\): no report with a total improvement below 20% — passed\n"
         "checked 1 file, 1 report, 1 operator \\(every rule, --min-improvement 20\\): no findings\n$")
aoe_cli_test(NAME check_min_model_improvement EXIT 1
  ARGS check --min-model-improvement 10 data/check/model.json
  STDOUT "model improvement is 5\\.26%, below --min-model-improvement 10% \\[threshold-min-model-improvement\\]")
aoe_cli_test(NAME check_min_model_improvement_not EXIT 0
  ARGS check --min-model-improvement 5 data/check/model.json NOT_STDOUT "threshold")

# --- check: exit codes, formats, colour ------------------------------------------
aoe_cli_test(NAME check_help EXIT 0 ARGS check --help
  STDOUT "--max-failed" "--no-require-complete" "--strict" "junit" "Examples")
aoe_cli_test(NAME check_clean_one_line EXIT 0 ARGS check data/check/clean.json
  STDOUT "^checked 1 file, 1 report, 1 operator \\(every rule\\): no findings\n$")
aoe_cli_test(NAME check_shared_8x EXIT 0 ARGS check ${EX8}
  STDOUT "warning: [^\n]*\\[tuning-failed\\]" ": passed with warnings\n$")
aoe_cli_test(NAME check_bad_value EXIT 2 ARGS check --max-failed many data/check/clean.json
  STDERR "many")
aoe_cli_test(NAME check_format_not_offered EXIT 2 ARGS check --format csv data/check/clean.json
  STDERR "'check' does not write csv; it writes text, json, markdown, junit, github")
aoe_cli_test(NAME check_missing_file EXIT 3 ARGS check data/check/clean.json data/nope.json
  STDOUT "nope\\.json[^\n]*\\[io-error\\]" STDERR "^$")
# A file that could not be read is counted, and said to be unreadable.
aoe_cli_test(NAME check_missing_file_counted EXIT 3 ARGS check data/check/clean.json data/nope.json
  STDOUT "checked 2 files \\(1 not readable\\), 1 report, 1 operator")
aoe_cli_test(NAME check_only_missing_file EXIT 3 ARGS check data/nope.json
  STDOUT "checked 1 file \\(not readable\\), 0 reports, 0 operators \\(every rule\\): 1 error")
aoe_cli_test(NAME check_github EXIT 1 ARGS check --format github data/check/summary-hit-sum.json
  STDOUT "^::error file=data/check/summary-hit-sum\\.json,line=27,title=summary-hit-sum::\\[report_1\\] repo_hit_num is 4, but repo_update_num \\+ repo_reserved_num is 1 \\+ 2 = 3\n")
aoe_cli_test(NAME check_github_warning EXIT 0 ARGS check --format github data/check/zero-time.json
  STDOUT "^::warning file=[^\n]*,line=[0-9]+,title=zero-time::")
aoe_cli_test(NAME check_json EXIT 1 ARGS check --format json data/check/summary-total-sum.json
  STDOUT "\"schema_version\": 1" "\"ok\": false" "\"code\": \"summary-total-sum\"")
aoe_cli_test(NAME check_markdown EXIT 1 ARGS check --format markdown data/check/summary-hit-sum.json
  STDOUT "^## ❌ aoe-result check failed\n" "\\| ❌ error \\| `summary-hit-sum` \\|")
aoe_cli_test(NAME check_color_always EXIT 1 ARGS --color always check data/check/summary-hit-sum.json
  STDOUT "<ESC>\\[1m<ESC>\\[31merror")
aoe_cli_test(NAME check_no_color_piped EXIT 1 ARGS check data/check/summary-hit-sum.json
  NOT_STDOUT "<ESC>")

# JUnit output must be well-formed XML with a failure: parsed by Python's XML
# parser when Python is there.
find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  aoe_test_program(aoe-result junit_bin)  # under qemu when cross-compiling
  add_test(NAME cli.check_junit_is_xml
    COMMAND ${CMAKE_COMMAND}
      "-DBIN=${junit_bin}" "-DPYTHON=${Python3_EXECUTABLE}"
      "-DOUT=${CMAKE_CURRENT_BINARY_DIR}/check_junit.xml"
      -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/junit_is_xml.cmake
    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
endif()

# Bad values are usage errors, never wrapped or NaN.
aoe_cli_test(NAME check_negative_max_failed EXIT 2 ARGS check --max-failed -1 data/check/clean.json
  STDERR "--max-failed")
aoe_cli_test(NAME check_nan_min_improvement EXIT 2 ARGS check --min-improvement nan data/check/clean.json
  STDERR "--min-improvement: 'nan' is not a number")
aoe_cli_test(NAME ops_negative_top EXIT 2 ARGS ops --top -3 data/check/clean.json STDERR "--top")
aoe_cli_test(NAME ops_inf_min_improvement EXIT 2 ARGS ops --min-improvement inf data/check/clean.json
  STDERR "--min-improvement: 'inf' is not a number")
# A report with nothing of the tuning in it is no clean pass: a warning.
# (It was a missing-summary finding; it is its own code, opat-missing.)
aoe_cli_test(NAME check_empty_report_warns EXIT 0 ARGS check data/check/empty-report.json
  STDOUT "\\[report_1\\] the report has no OPAT section: no status, operators or repository summary[^\n]*\\[opat-missing\\]"
         "passed with warnings"
  NOT_STDOUT "missing-summary")
aoe_cli_test(NAME check_empty_report_strict_fails EXIT 1 ARGS check --strict data/check/empty-report.json
  STDOUT "FAILED")

# --- one judgement (judgement.hpp): what counts, the artefact, the status ----------
set(LEFT_OUT data/judgement/left-out.json)
set(TWO_MODES data/judgement/two-mode-artefact.json)
# An after-time of -1 µs is left out of every sum and named (the totals were
# 300.000 → 190.000 µs with it).
aoe_cli_test(NAME show_left_out EXIT 0 ARGS show ${LEFT_OUT} ENV COLUMNS=200
  STDOUT "3 tuned: 200\\.000 → 191\\.000 µs" "left out +1 operator left out: G3 \\(negative time\\)"
  NOT_STDOUT "190\\.000")
aoe_cli_test(NAME summary_left_out EXIT 0 ARGS summary ${LEFT_OUT} ENV COLUMNS=200
  STDOUT "200\\.000 → 191\\.000 µs" "1 operator left out: G3 \\(negative time\\)"
  NOT_STDOUT "190\\.000")
aoe_cli_test(NAME summary_left_out_json EXIT 0 ARGS summary --format json ${LEFT_OUT}
  STDOUT "\"left_out\": .\n +\\{\n +\"name\": \"G3\",\n +\"reason\": \"negative time\""
         "\"time_after_us\": 191," "\"left_out_operators\": 1")
aoe_cli_test(NAME summary_left_out_markdown EXIT 0 ARGS summary --format markdown ${LEFT_OUT}
  STDOUT "1 operator left out: G3 \\(negative time\\)")
aoe_cli_test(NAME show_left_out_markdown EXIT 0 ARGS show --format markdown ${LEFT_OUT}
  STDOUT "- \\*\\*left out:\\*\\* 1 operator left out: G3 \\(negative time\\)")
aoe_cli_test(NAME ops_left_out EXIT 0 ARGS ops ${LEFT_OUT} ENV COLUMNS=200
  STDOUT "1 row left out of every sum: G3 \\(negative time\\)")
# Format 10 → 9.5 and Schedule 12 → 11.2: every mode within 1 µs, one
# artefact in every count (ops called it none, --group-by one, check two).
aoe_cli_test(NAME ops_csv_artefact_every_mode EXIT 0 ARGS ops --format csv ${TWO_MODES}
  STDOUT ",Conv_1,Conv2D,Format\\+Schedule,update,12,9\\.5,2\\.5,[^\n]*,true,\n"
         ",Conv_2,Conv2D,Format\\+Schedule,update,100,60,40,[^\n]*,false,\n")
aoe_cli_test(NAME ops_group_artefact_every_mode EXIT 0 ARGS ops --group-by type --format csv ${TWO_MODES}
  STDOUT "\nConv2D,2,2,[^\n]*,1\n")
aoe_cli_test(NAME check_artefact_one_finding EXIT 0 ARGS check ${TWO_MODES}
  STDOUT "operator 'Conv_1': every update went within 1 µs \\(Format from 10 to 9\\.5 µs, Schedule from 12 to 11\\.2 µs\\)"
         "0 errors, 0 warnings, 1 info"
  NOT_STDOUT "Conv_2'")
# A report with operators and a repo_summary but no status: no clean pass
# anywhere (check --strict passed it with no findings; the page said
# "Check passed"; watch --once ended "exit 1: … unknown").
aoe_cli_test(NAME check_status_missing_words EXIT 0 ARGS check data/check/status-missing.json
  STDOUT "warning: [^\n]*the OPAT section has no status[^\n]*\\[status-missing\\]" "passed with warnings")
aoe_cli_test(NAME watch_once_status_missing EXIT 0 ARGS watch --once data/check/status-missing.json
  STDOUT "end \\(once\\): [^\n]*exit 0: check passed with warnings \\(0 errors, 1 warning\\)")
aoe_cli_test(NAME watch_once_empty_report EXIT 0 ARGS watch --once data/check/empty-report.json
  STDOUT "exit 0: check passed with warnings")
aoe_cli_test(NAME watch_once_truncated EXIT 1 ARGS watch --once data/check/truncated.json
  STDOUT "exit 1: check FAILED")
aoe_cli_test(NAME report_status_missing_no_clean_pass EXIT 0 ARGS report -o - data/check/status-missing.json
  STDOUT "data-verdict=\"passed with warnings\"><strong>⚠ Check: " NOT_STDOUT "✔")
aoe_cli_test(NAME report_empty_report_no_clean_pass EXIT 0 ARGS report -o - data/check/empty-report.json
  STDOUT "data-verdict=\"passed with warnings\"><strong>⚠ Check: " NOT_STDOUT "✔")
aoe_cli_test(NAME report_left_out EXIT 0 ARGS report -o - ${LEFT_OUT}
  STDOUT "1 operator left out: G3 \\(negative time\\) \\(not in any sum\\)")

# A threshold's gate in every format: JSON's "gates", Markdown's list, a
# GitHub annotation; a gate with nothing to judge fails in each.
aoe_cli_test(NAME check_gates_json EXIT 1
  ARGS --format json check --min-improvement 200 data/check/no-operator.json
  STDOUT "\"gates\": \\[\n    {\n      \"option\": \"--min-improvement\",\n      \"limit\": 200,\n      \"judged\": 0,\n      \"broken\": 0,\n      \"unjudged\": 1,\n      \"verdict\": \"not-judged\",\n      \"line\": \"gate \\(--min-improvement 200\\): [^\"]*could not be judged[^\"]* — FAILED\"")
aoe_cli_test(NAME check_gates_json_none EXIT 0 ARGS --format json check data/check/clean.json
  STDOUT "\"gates\": \\[\\]")
aoe_cli_test(NAME check_gates_markdown EXIT 0 ARGS --format md check --min-improvement 20 data/check/clean.json
  STDOUT "\n- ✅ gate \\(--min-improvement 20\\): no report with a total improvement below 20% — passed\n")
aoe_cli_test(NAME check_gates_github EXIT 1 ARGS --format github check --max-failed 0 ${EX8}
  STDOUT "::error title=--max-failed::gate \\(--max-failed 0\\): 1 file lists more than 0 failed operators — FAILED\n")
# Why a row is left out, in CSV and JSON (empty / null when it counts).
aoe_cli_test(NAME ops_csv_left_out EXIT 0 ARGS ops --format csv data/judgement/left-out.json
  STDOUT ",G1,Conv2D,Schedule,add,100,80,20,25,25,1\\.25,false,\n"
         ",G3,Add,Schedule,add,100,-1,,,,,false,negative time\n")
aoe_cli_test(NAME ops_json_left_out EXIT 0 ARGS ops --format json data/judgement/left-out.json
  STDOUT "\"op_name\": \"G1\"[^}]*\"left_out\": null" "\"op_name\": \"G3\"[^}]*\"left_out\": \"negative time\"")
# trend says, per run, what the sums leave out and how much of the saving is
# the writer's artefact, as summary does.
aoe_cli_test(NAME trend_says_left_out_and_artefacts EXIT 0 ARGS --wide trend
  data/judgement/left-out.json data/judgement/two-mode-artefact.json
  STDOUT "\n#1 left-out\\.json: 1 operator left out of every sum \\(a time missing, negative or not finite; ops names them\\)\n"
         "\n#2 two-mode-artefact\\.json: 1 operator the writer's \\+1 µs artefact, 2\\.500 µs of the time saved\n")
