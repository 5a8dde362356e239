# watch: a run followed end to end against the simulator, a stall and Ctrl-C,
# a run that settles, the live screen under tmux (skipped without tmux), and
# the command-line cases that need no run.
set(EX8 data/aoe_result_opat_20250428_203017761_pid18230.json)
set(EX63 data/aoe_result_opat_20240607_160233905_pid3312.json)

aoe_cli_test(NAME watch_help EXIT 0 ARGS watch --help
  STDOUT "--interval" "--stall" "--settle" "--once" "Examples" "Exit status")
aoe_cli_test(NAME watch_once_jsonl EXIT 0 ARGS watch --once --format jsonl ${EX63}
  STDOUT "^\\{\"schema_version\":1,\"event\":\"file\"" "\"event\":\"operator\",.*\"operator\":\"Conv_125\""
         "\"event\":\"end\",.*\"reason\":\"once\",\"signal\":null,\"exit_status\":0" TERMINAL_SAFE)
# The 8.x example holds a failed report: check's verdict, passed with a
# warning (tuning-failed), exit 0 as check's (it was exit 1, so that watch
# and check disagreed on the same file).
aoe_cli_test(NAME watch_once_failed EXIT 0 ARGS watch --once ${EX8}
  STDOUT "following data/aoe_result_opat_20250428_203017761_pid18230\\.json"
         "resnet50_train_step: \\+softmax SoftmaxV2 Format 134\\.000 → 99\\.000 µs \\(improvement 35\\.35%\\)  \\[1 tuned, saved 35\\.000 µs\\]"
         "failed: res4a_branch1" "end \\(once\\): .*exit 0: check passed with warnings \\(0 errors, 1 warning\\): [^\n]*failed"
  NOT_STDOUT "<ESC>")
# Standard input is no file to follow: a usage error, not "does not exist".
aoe_cli_test(NAME watch_stdin_is_usage EXIT 2 ARGS watch --once -
  STDERR "cannot read standard input")
aoe_cli_test(NAME watch_once_missing EXIT 3 ARGS watch --once data/nope.json
  STDERR "nope\\.json: never became readable")
# A file in a directory that does not exist is a wrong path: no waiting.
aoe_cli_test(NAME watch_missing_directory EXIT 3 ARGS watch data/no-such-dir/x.json
  STDERR "^aoe-result: error: cannot watch data/no-such-dir/x\\.json: the directory data/no-such-dir does not exist\n$")
aoe_cli_test(NAME watch_once_empty_dir EXIT 3 ARGS watch --once data/bad
  STDERR "no aoe_result_opat_\\*\\.json found in data/bad")
aoe_cli_test(NAME watch_interval_zero EXIT 2 ARGS watch --interval 0 ${EX8}
  STDERR "--interval: '0' is not above 0; it takes a number of seconds above 0 and at most 86400, such as 1 or 0\\.5\n")
aoe_cli_test(NAME watch_stall_nan EXIT 2 ARGS watch --stall nan ${EX8}
  STDERR "--stall: 'nan' is not a number; it takes a number of minutes above 0 and at most 525600")
aoe_cli_test(NAME watch_settle_negative EXIT 2 ARGS watch --settle -1 ${EX8}
  STDERR "--settle: '-1' is below 0; it takes a number of seconds above 0")
aoe_cli_test(NAME watch_interval_percent EXIT 2 ARGS watch --interval 5% ${EX8}
  STDERR "--interval: '5%' is not a number; it takes a number of seconds")
aoe_cli_test(NAME watch_interval_word EXIT 2 ARGS watch --interval soon ${EX8}
  STDERR "--interval: 'soon' is not a number; it takes a number of seconds")
aoe_cli_test(NAME watch_format_csv EXIT 2 ARGS watch --format csv ${EX8}
  STDERR "'watch' does not write csv; it writes text, jsonl")

find_program(AOE_WATCH_PYTHON3 python3)
if(AOE_WATCH_PYTHON3)
  aoe_test_program(aoe-result watch_bin)  # under qemu when cross-compiling
  aoe_test_program(aoe-result-gen watch_gen)
  set(watch_args --bin ${watch_bin} --gen ${watch_gen}
    --schema ${PROJECT_SOURCE_DIR}/docs/watch-events.schema.json --data ${AOE_TEST_DATA_DIR})
  foreach(scenario simulate stall settle tmux)
    add_test(NAME watch.${scenario}
      COMMAND ${AOE_WATCH_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/cli/watch_test.py ${scenario} ${watch_args})
    # Timing matters (a live run): not beside the rest of the suite.
    set_tests_properties(watch.${scenario} PROPERTIES TIMEOUT 120 SKIP_RETURN_CODE 77 RUN_SERIAL TRUE)
  endforeach()
  # How watch ends: SIGTERM and SIGHUP, a writer gone, a file that never
  # parses, a FIFO at the path (each bounded by deadlines, no timing asserts).
  foreach(scenario signals writer_gone never_parses fifo)
    add_test(NAME watch.${scenario}
      COMMAND ${AOE_WATCH_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/cli/watch_ends_test.py ${scenario}
        --bin ${watch_bin} --schema ${PROJECT_SOURCE_DIR}/docs/watch-events.schema.json
        --data ${AOE_TEST_DATA_DIR})
    set_tests_properties(watch.${scenario} PROPERTIES TIMEOUT 120)
  endforeach()
  # The screen on a terminal wider than the rest of the suite uses.
  add_test(NAME watch.tmux_wide
    COMMAND ${AOE_WATCH_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/cli/watch_test.py tmux ${watch_args}
      --width 200)
  set_tests_properties(watch.tmux_wide PROPERTIES TIMEOUT 120 SKIP_RETURN_CODE 77 RUN_SERIAL TRUE)
  # Every event of a whole file against the schema; the first (a file
  # event) made wrong in each way of the mutations must be rejected. The
  # 6.0.1 example's check passes with warnings: exit 0 (watch's exit is
  # check's; it was 1 while watch wanted every status successful).
  add_test(NAME schema.watch_once
    COMMAND ${AOE_WATCH_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/schema/validate.py
      --schema ${PROJECT_SOURCE_DIR}/docs/watch-events.schema.json --jsonl --def event --exit 0
      --mutations ${CMAKE_CURRENT_SOURCE_DIR}/schema/mutations/watch.json
      -- ${watch_bin} -q watch --once --format jsonl
      data/aoe_result_opat_20221103_101522418_pid7311.json
    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
  # Skipped without python3-jsonschema (validate.py says the module is missing).
  set_tests_properties(schema.watch_once PROPERTIES TIMEOUT 60
    SKIP_REGULAR_EXPRESSION "the jsonschema module is missing")
endif()
# watch --once on a cut-off file says so at the end, in text and in JSON.
aoe_cli_test(NAME watch_once_cut_off_says_so EXIT 1
  ARGS watch --once data/aoe_result_opat_20251120_230001514_pid40211.json
  STDOUT "end \\(once\\): the file ends early \\(cut off; what it cut is not counted\\): 1 report, 2 operators")
aoe_cli_test(NAME watch_once_cut_off_json EXIT 1
  ARGS watch --once --format jsonl data/aoe_result_opat_20251120_230001514_pid40211.json
  STDOUT "\"event\":\"end\".*\"readable\":true,\"complete\":false,")
# A failed tuning in a complete file: check passes it with a warning, exit 0.
aoe_cli_test(NAME watch_once_complete_file EXIT 0
  ARGS watch --once --format jsonl data/aoe_result_opat_20250428_203017761_pid18230.json
  STDOUT "\"readable\":true,\"complete\":true," NOT_STDOUT "ends early")

# watch ends truthfully: its verdict agrees with check's, an end event is
# always the last JSON line, a file that does not parse says why, and a
# report's id is whole in a log line.
# check exits 1 on a cut-off file (truncated is an error): so does watch,
# though the report inside says successful.
aoe_cli_test(NAME watch_once_truncated_agrees_with_check EXIT 1
  ARGS watch --once data/check/truncated.json
  STDOUT "end \\(once\\): the file ends early .*; exit 1: check FAILED \\(1 error: truncated; 0 warnings\\)\n$")
aoe_cli_test(NAME watch_once_truncated_ok_passes EXIT 0
  ARGS watch --once data/check/truncated.ok.json STDOUT "exit 0: check passed: every report successful")
aoe_cli_test(NAME watch_once_nothing_found_ends_jsonl EXIT 3
  ARGS watch --once --format jsonl data/bad
  STDOUT "^\\{\"schema_version\":1,\"event\":\"end\",.*\"reason\":\"once\",\"signal\":null,\"exit_status\":3,\"problem\":\"no aoe_result_opat_\\*\\.json found in data/bad\",\"readable\":false,"
  NOT_STDOUT "\"event\":\"end\".*schema_version"
  STDERR "no aoe_result_opat_\\*\\.json found in data/bad")
aoe_cli_test(NAME watch_missing_directory_ends_jsonl EXIT 3
  ARGS watch --format jsonl data/no-such-dir/x.json
  STDOUT "^\\{\"schema_version\":1,\"event\":\"end\",.*\"file\":\"data/no-such-dir/x\\.json\",\"reason\":\"error\",\"signal\":null,\"exit_status\":3,\"problem\":\"cannot watch data/no-such-dir/x\\.json: the directory data/no-such-dir does not exist\""
  NOT_STDOUT "\"event\":\"end\".*schema_version")
aoe_cli_test(NAME watch_char_device_ends_jsonl EXIT 3
  ARGS watch --format jsonl /dev/null
  STDOUT "\"reason\":\"error\",.*\"problem\":\"cannot watch: /dev/null is a character device, not a result file; not read\""
  STDERR "cannot watch: /dev/null is a character device")
aoe_cli_test(NAME watch_once_never_parses_jsonl EXIT 3
  ARGS watch --once --format jsonl data/check/invalid-json.json
  STDOUT "\"event\":\"unreadable\",.*\"code\":\"invalid-json\",\"message\":\"invalid JSON: syntax error while parsing object key - unexpected ','; expected string literal\",\"line\":5,\"column\":34\\}"
         "\"event\":\"end\",.*\"problem\":\"data/check/invalid-json\\.json:5:34: invalid JSON: .*expected string literal \\(invalid-json\\)\""
  NOT_STDOUT "\"event\":\"end\".*schema_version"
  STDERR "data/check/invalid-json\\.json:5:34: never became readable: invalid JSON: .*\\(invalid-json\\)")
aoe_cli_test(NAME watch_once_never_parses_text EXIT 3
  ARGS watch --once data/check/invalid-json.json
  STDOUT "not readable: data/check/invalid-json\\.json:5:34: invalid JSON: syntax error while parsing object key - unexpected ','; expected string literal \\(invalid-json\\)\n"
         "end \\(once\\): nothing read; exit 3: the file never became readable: data/check/invalid-json\\.json:5:34: ")
# Two files' reports can share a thread id: a log line names the whole id.
aoe_cli_test(NAME watch_once_ids_whole EXIT 0 ARGS watch --once ${EX8}
  STDOUT "report_20250428_203017761_281473 resnet50_train_step: report began"
         "exit 0: check passed with warnings \\(0 errors, 1 warning\\): report_20250428_[0-9]+_[0-9]+ [a-z_0-9]+ failed"
  NOT_STDOUT "report_…")
