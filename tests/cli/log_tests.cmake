# log: how a run ended, from AOE's console output (tests/data/log/).
set(LOGS data/log)

aoe_cli_test(NAME log_help EXIT 0 ARGS log --help
  STDOUT "Formats: " "Exit status: 0" "Examples" "aoe-result log aoe\\.log")
aoe_cli_test(NAME log_finished_7x EXIT 0 ARGS log ${LOGS}/finished_7x.log
  STDOUT "^data/log/finished_7x\\.log: finished in 1494 s \\(24 min 54 s\\), line 8\n"
         "  4 operators finished:\n    MatMul_18  softmax  Conv_125  Conv_7_Relu_8\n"
         "  lines: 8 \\(5 read as events, 1 other \\[Aoe\\], 1 \\[INFO\\]/\\[DEBUG\\]/\\[EVENT\\], 1 \\[WARNING\\]\\)\n$")
aoe_cli_test(NAME log_finished_601 EXIT 0 ARGS log ${LOGS}/finished_601.log
  STDOUT "finished in 1109 s \\(18 min 29 s\\), line 5\n" "    MatMul  res4a_branch1\n"
         "  resnet50 improved by 12\\.5% \\(line 4\\)\n")
# A cost time printed but no duration is said as printed, not "no cost time
# printed"; JSON has no number for it (null).
aoe_cli_test(NAME log_cost_time_not_a_duration EXIT 0 ARGS log ${LOGS}/finished_cost_time_negative.log
  STDOUT "^data/log/finished_cost_time_negative\\.log: finished at line 3 \\(cost time '-5s' not a duration\\)\n"
  NOT_STDOUT "no cost time printed")
aoe_cli_test(NAME log_cost_time_not_a_duration_json EXIT 0
  ARGS --format json log ${LOGS}/finished_cost_time_negative.log
  STDOUT "\"outcome\": \"finished\"" "\"cost_time_s\": null" "\"finished_line\": 3")
aoe_cli_test(NAME log_failed EXIT 1 ARGS log ${LOGS}/failed_eg0013.log
  STDOUT "failed_eg0013\\.log: failed: EG0013 at line 4\n"
         "  error EG0013 \\(device operation failed\\) at line 4\n    Device operation failed\\.\n    Reason: device 0 is busy\\.\n"
         "  1 operator finished:\n    MatMul_18\n")
aoe_cli_test(NAME log_failed_no_final_newline EXIT 1 ARGS log ${LOGS}/failed_no_final_newline.log
  STDOUT "Reason: device 0 is busy\\.\n" "  lines: 4 ")
aoe_cli_test(NAME log_interrupted EXIT 1 ARGS log ${LOGS}/interrupted_601.log
  STDOUT "interrupted: no \"Aoe process finished\" line and no error code\n"
         "  2 operators finished:\n    MatMul_18  softmax\n"
  NOT_STDOUT "finished in")
aoe_cli_test(NAME log_not_a_log EXIT 3 ARGS log data/check/clean.json
  STDOUT "clean\\.json: not read \\(not AOE's console output: no \\[Aoe\\] line and no error code in [0-9]+ lines\\)\n"
  STDERR "clean\\.json: not AOE's console output: [^\n]*\\(not-aoe-result\\)"
  NOT_STDOUT "interrupted")
aoe_cli_test(NAME check_log_not_a_log EXIT 3 ARGS check --log data/check/clean.json data/check/clean.json
  STDOUT "clean\\.json: error: not AOE's console output: no \\[Aoe\\] line and no error code in [0-9]+ lines \\[not-aoe-result\\]"
         "1 log \\(not readable\\)")
aoe_cli_test(NAME log_crlf EXIT 1 ARGS log ${LOGS}/crlf_ec0011.log
  STDOUT "error EC0011 \\(no permission on the custom repository\\) at line 4\n"
         "    MatMul_18  EC_1\n" NOT_STDOUT "\r")
aoe_cli_test(NAME log_warning_is_not_failure EXIT 0 ARGS log ${LOGS}/warning_then_finished.log
  STDOUT "finished in 61 s" "  warning WG0000 \\(insufficient memory\\) at line 2\n")
aoe_cli_test(NAME log_empty EXIT 3 ARGS log ${LOGS}/empty.log
  STDOUT "empty\\.log: not read \\(the log is empty: not AOE's console output\\)\n"
  STDERR "empty\\.log: the log is empty: not AOE's console output \\(not-aoe-result\\)")
aoe_cli_test(NAME log_escapes EXIT 0 ARGS log ${LOGS}/binary_bytes.log
  STDOUT "Add.x00_1  Mul_.xff.xfe.x1b.2J\n" TERMINAL_SAFE)
aoe_cli_test(NAME log_stdin EXIT 1 ARGS log - STDIN ${CMAKE_CURRENT_SOURCE_DIR}/${LOGS}/failed_eg0013.log
  STDOUT "^<stdin>: failed: EG0013 at line 4\n")
aoe_cli_test(NAME log_no_path_reads_stdin EXIT 0 ARGS log
  STDIN ${CMAKE_CURRENT_SOURCE_DIR}/${LOGS}/finished_7x.log
  STDOUT "^<stdin>: finished in 1494 s" STDERR "reading - \\(standard input: no file named\\)")
aoe_cli_test(NAME log_missing EXIT 3 ARGS log ${LOGS}/finished_7x.log ${LOGS}/nope.log
  STDOUT "finished_7x\\.log: finished" "nope\\.log: not read \\(the file does not exist\\)"
  STDERR "nope\\.log: the file does not exist \\(io-error\\)")
aoe_cli_test(NAME log_directory EXIT 3 ARGS log ${LOGS}
  STDOUT "binary_bytes\\.log: finished" "crlf_ec0011\\.log: failed" "warning_then_finished\\.log: finished")
aoe_cli_test(NAME log_directory_without_logs EXIT 3 ARGS log data/check
  STDERR "no \\*\\.log in directory data/check")
aoe_cli_test(NAME log_csv_refused EXIT 2 ARGS --format csv log ${LOGS}/finished_7x.log
  STDERR "does not write")
aoe_cli_test(NAME log_json EXIT 1 ARGS --format json log ${LOGS}/failed_eg0013.log
  STDOUT "\"schema_version\": 1" "\"outcome\": \"failed\"" "\"exit_status\": 1"
         "\"code\": \"EG0013\",\n *\"severity\": \"error\",\n *\"meaning\": \"device operation failed\",\n *\"message\": \"Device operation failed\\.\",\n *\"reason\": \"device 0 is busy\\.\",\n *\"line\": 4"
         "\"finished_operator_count\": 1")
aoe_cli_test(NAME log_jsonl EXIT 0 ARGS --format jsonl log ${LOGS}/finished_601.log
  STDOUT "^\\{\"schema_version\":1,\"event\":\"operator\",\"file\":\"data/log/finished_601\\.log\",\"name\":\"MatMul\",\"line\":2,\"spelling\":\"single-operator\"\\}\n"
         "\\{\"schema_version\":1,\"event\":\"improvement\",[^\n]*\"improvement_pct\":12\\.5,\"line\":4\\}\n"
         "\\{\"schema_version\":1,\"event\":\"run_finished\",[^\n]*\"line\":5,\"cost_time_s\":1109\\}\n"
         "\\{\"schema_version\":1,\"event\":\"end\",[^\n]*\"outcome\":\"finished\",\"exit_status\":0,[^\n]*\\}\n$"
  TERMINAL_SAFE)

# check --log: the result files against the run's log.
set(EX63 data/aoe_result_opat_20240607_160233905_pid3312.json)
set(EXCUT data/aoe_result_opat_20251120_230001514_pid40211.json)
aoe_cli_test(NAME check_log_agrees EXIT 0 ARGS check --log ${LOGS}/finished_7x.log ${EX63}
  STDOUT "checked 1 file and 1 log, 1 report, 4 operators \\(every rule\\): no findings")
aoe_cli_test(NAME check_log_interrupted_result_complete EXIT 1
  ARGS check --log ${LOGS}/interrupted_601.log ${EX63}
  STDOUT "^data/log/interrupted_601\\.log: error: the result file data/aoe_result_opat_20240607_160233905_pid3312\\.json says the run is complete, but the log has neither \"Aoe process finished\" nor an error code[^\n]*\\[log-not-finished\\]\n"
         "FAILED")
aoe_cli_test(NAME check_log_failed_result_complete EXIT 1
  ARGS check --log ${LOGS}/failed_eg0013.log ${EX63}
  STDOUT "data/log/failed_eg0013\\.log:4: error: the log says the run failed \\(EG0013\\), but the result file [^\n]* says it is complete and no report failed \\[log-not-finished\\]")
aoe_cli_test(NAME check_log_finished_result_cut_off EXIT 1
  ARGS check --log ${LOGS}/finished_7x.log ${EXCUT}
  STDOUT "data/log/finished_7x\\.log:8: error: the log says the run finished, but the result file [^\n]* is cut off \\(it ends early\\) \\[log-finished-result-cut-off\\]"
         "data/log/finished_7x\\.log:3: warning: operator 'MatMul_18': finished tuning in the log, but no result file lists it as tuned or failed")
aoe_cli_test(NAME check_log_operator_missing EXIT 0
  ARGS check --log ${LOGS}/finished_601.log ${EX63}
  STDOUT "finished_601\\.log:2: warning: operator 'MatMul': finished tuning in the log[^\n]*\\[log-operator-missing\\]\n"
         "finished_601\\.log:3: warning: operator 'res4a_branch1': " "0 errors, 2 warnings, 0 info: passed with warnings")
aoe_cli_test(NAME check_log_operator_missing_strict EXIT 1
  ARGS check --strict --log ${LOGS}/finished_601.log ${EX63}
  STDOUT "0 errors, 2 warnings, 0 info: FAILED")
aoe_cli_test(NAME check_log_missing EXIT 3 ARGS check --log ${LOGS}/nope.log ${EX63}
  STDOUT "nope\\.log: error: the file does not exist \\[io-error\\]" "FAILED")
aoe_cli_test(NAME check_log_json EXIT 1 ARGS --format json check --log ${LOGS}/interrupted_601.log ${EX63}
  STDOUT "\"ok\": false" "\"code\": \"log-not-finished\"")
aoe_cli_test(NAME check_log_stdin_twice EXIT 2 ARGS check --log - -
  STDERR "standard input \\('-'\\) can be read only once")

# watch --log: the end says the log's verdict; a failed log fails an end that passed.
aoe_cli_test(NAME watch_log_failed EXIT 1 ARGS watch --once --log ${LOGS}/failed_eg0013.log ${EX63}
  STDOUT "exit 1: check passed: every report successful; log data/log/failed_eg0013\\.log: failed \\(EG0013 at line 4\\)\n$")
aoe_cli_test(NAME watch_log_finished EXIT 0 ARGS watch --once --log ${LOGS}/finished_7x.log ${EX63}
  STDOUT "exit 0: check passed: every report successful; log data/log/finished_7x\\.log: finished in 1494 s \\(24 min 54 s\\)\n$")
aoe_cli_test(NAME watch_log_interrupted EXIT 0 ARGS watch --once --log ${LOGS}/interrupted_601.log ${EX63}
  STDOUT "; log data/log/interrupted_601\\.log: no verdict yet \\(neither \"Aoe process finished\" nor an error code\\)\n$")
aoe_cli_test(NAME watch_log_missing EXIT 0 ARGS watch --once --log ${LOGS}/nope.log ${EX63}
  STDOUT "; log data/log/nope\\.log: not read \\(the file does not exist\\)\n$")
aoe_cli_test(NAME watch_log_jsonl EXIT 1 ARGS --format jsonl watch --once --log ${LOGS}/failed_eg0013.log ${EX63}
  STDOUT "\"event\":\"end\",[^\n]*\"exit_status\":1,[^\n]*\"log\":\\{\"path\":\"data/log/failed_eg0013\\.log\",\"readable\":true,\"outcome\":\"failed\",\"code\":\"EG0013\",\"line\":4,\"cost_time_s\":null,\"problem\":null\\}\\}\n$")
# Without --once: a log that says the run failed ends watching at once
# (the file is not final and would otherwise be waited on for --settle s).
aoe_cli_test(NAME watch_log_ends_watching EXIT 1 TIMEOUT 30
  ARGS --format jsonl watch --settle 600 --interval 0.2 --log ${LOGS}/failed_eg0013.log data/check/status-incomplete.json
  STDOUT "\"event\":\"end\",[^\n]*\"reason\":\"log-ended\"")
# A run that failed before writing a result file: watching a folder
# without one ends with the log's verdict, not a wait.
aoe_cli_test(NAME watch_log_ends_without_file EXIT 1 TIMEOUT 30
  ARGS watch --interval 0.2 --log ${LOGS}/failed_eg0013.log data/fake_home
  STDOUT "failed \\(EG0013 at line 4\\)")
aoe_cli_test(NAME watch_log_stdin EXIT 2 ARGS watch --once --log - ${EX63}
  STDERR "not standard input")
# A log that could not be read is counted as one, not as checked.
aoe_cli_test(NAME check_log_missing_is_not_checked EXIT 3 ARGS check --log ${LOGS}/no_such.log ${EX63}
  STDOUT "\nchecked 1 file and 1 log \\(not readable\\), "
  STDERR "no_such\\.log: the file does not exist \\(io-error\\)")
