# profile: a model run's profile per operator (tests/data/profile/,
# docs/examples/profile/).
set(PROFILES data/profile)
set(PROF_BEFORE ../docs/examples/profile/before)

aoe_cli_test(NAME profile_help EXIT 0 ARGS profile --help
  STDOUT "Formats: " "CSV header: name,type,task_type,"
         "Exit status \\(one profile\\): 0 the profile was read; 2 usage error; 3 "
         "Exit status \\(--result, BEFORE AFTER\\): 0 done \\(gates held\\), 1 a gate" "invalid-csv"
         "not-a-profile" "Examples"
         "aoe-result profile PROF_")
aoe_cli_test(NAME profile_example EXIT 0 ARGS profile ${PROF_BEFORE}
  STDOUT "^\\.\\./docs/examples/profile/before: 1 file \\(op_summary\\), device 0; [0-9]+ rows read\n"
         "total device time: [0-9.]+ µs\n" "by task type:\n" "MatMul_18")
aoe_cli_test(NAME profile_prof_folder_8x EXIT 0 ARGS profile --top 2
  ${PROFILES}/cann8/PROF_000001_20240607153010123_ABCDEFGHIJKLMNOP
  STDOUT "8 rows read\n" "2 of 4 operators, by total:\n"
         "2 more operators not shown \\(--top 2; --top 0 shows every one\\)\n")
aoe_cli_test(NAME profile_devices_7x EXIT 0 ARGS profile ${PROFILES}/cann7
  STDOUT "2 files \\(op_summary\\), devices 0 1; 6 rows read\n")
# Three collections of device 0 in one folder: pooled, and said so; the
# two devices of one CANN 7 collection are one run, not noted.
aoe_cli_test(NAME profile_pooled_runs_warned EXIT 0 ARGS profile data/profile_compare
  STDERR "warning: device 0 is in 3 profiling runs read as one profile \\(data/profile_compare/after/PROF_000001_20240607183522123_ABCDEFGHIJKLMNOP, data/profile_compare/before/PROF_[0-9A-Z_]+, data/profile_compare/stale_after/PROF_[0-9A-Z_]+\\): their tasks are pooled")
aoe_cli_test(NAME profile_devices_of_one_run_not_warned EXIT 0 ARGS profile ${PROFILES}/cann7
  NOT_STDERR "profiling runs")
aoe_cli_test(NAME profile_kernel_details_steps EXIT 0 ARGS profile ${PROFILES}/torch
  STDOUT "\\(kernel_details\\)" "per step:\n")
aoe_cli_test(NAME profile_file EXIT 0 ARGS --format csv profile --sort calls ${PROFILES}/oddities.csv
  STDOUT "^name,type,task_type,calls,timed_calls,total_us,mean_us,median_us,p95_us,share_pct,devices\n\"Mat,Mul\",MatMul,AI_CORE,3,2,30,15,15,19\\.5,88\\.2353,0 1\n")
aoe_cli_test(NAME profile_bad_rows EXIT 0 ARGS profile ${PROFILES}/bad_rows.csv
  STDOUT "3 rows read, 3 not read"
  STDERR "bad_rows\\.csv:3: row not read: 3 fields where the header \\(line 1\\) has 4 \\(invalid-csv\\)"
         "bad_rows\\.csv:5:19: row not read: `Task Duration\\(us\\)` is 'abc'"
         "bad_rows\\.csv:8:6: row not read: this quote is not closed")
aoe_cli_test(NAME profile_not_a_profile EXIT 3 ARGS profile ${PROFILES}/not_a_profile.csv
  STDERR "not_a_profile\\.csv:1: the first line is no profile header" "\\(not-a-profile\\)")
aoe_cli_test(NAME profile_binary EXIT 3 ARGS profile ${PROFILES}/binary.csv
  STDERR "binary\\.csv" TERMINAL_SAFE)
aoe_cli_test(NAME profile_header_only EXIT 3 ARGS --format json profile ${PROFILES}/header_only.csv
  STDOUT "\"total_us\": null" "\"code\": \"not-a-profile\""
  STDERR "no task row in it \\(a header only\\) \\(not-a-profile\\)")
aoe_cli_test(NAME profile_stdin EXIT 0 ARGS profile -
  STDIN ${CMAKE_CURRENT_SOURCE_DIR}/${PROFILES}/oddities.csv
  STDOUT "^<stdin>: 1 file \\(op_summary\\), devices 0 1; 4 rows read\n")
aoe_cli_test(NAME profile_three_is_usage EXIT 2 ARGS profile a b c
  STDERR "profile takes one PROFILE, or two \\(BEFORE AFTER\\); 3 were given")
aoe_cli_test(NAME profile_no_profile_here EXIT 3 ARGS profile data/log
  STDERR "no op_summary_\\*\\.csv or kernel_details\\.csv in directory data/log")
# One row, not read: "1 row", a profile of nothing (exit 3).
aoe_cli_test(NAME profile_one_bad_row_singular EXIT 3 ARGS profile ${PROFILES}/one_bad_row.csv
  STDERR "one_bad_row\\.csv: no row could be read \\(1 row not read\\)")
# JSON carries only UTF-8: a name that is not is written with U+FFFD, and
# said; text escapes the bytes and CSV keeps them, so they say nothing.
aoe_cli_test(NAME profile_json_not_utf8_name_warned EXIT 0
  ARGS --format json profile ${PROFILES}/not_utf8_name.csv
  STDOUT "\"Mat�Mul\""
  STDERR "warning: data/profile/not_utf8_name\\.csv: 1 operator name is not valid UTF-8 \\(the first: Mat\\\\xffMul\\); written with U\\+FFFD in place of each bad byte")
aoe_cli_test(NAME profile_text_not_utf8_name_not_warned EXIT 0
  ARGS profile ${PROFILES}/not_utf8_name.csv
  STDOUT "Mat\\\\xffMul"
  NOT_STDERR "UTF-8")
# An operator none of whose durations was read (N/A) has its total and share
# unknown, as its mean is: not "0.000" and "0.00%"; one with some read has
# the figures of those.
aoe_cli_test(NAME profile_no_duration_read_no_total EXIT 0 ARGS --wide profile ${PROFILES}/no_duration.csv
  STDOUT "\n  half +H +AI_CORE +2 \\(1 timed\\) +1\\.000 +1\\.000 +1\\.000 +1\\.000 +25\\.00%\n"
         "\n  unread +U +AI_CORE +1 \\(0 timed\\) +– +– +– +– +–\n"
  NOT_STDOUT "unread[^\n]*0\\.000" "unread[^\n]*0\\.00%")
aoe_cli_test(NAME profile_no_duration_read_null_json EXIT 0
  ARGS profile --format json ${PROFILES}/no_duration.csv
  STDOUT "\"name\": \"unread\",[^}]*\"timed_calls\": 0,\n +\"total_us\": null,[^}]*\"share_pct\": null,")
aoe_cli_test(NAME profile_no_duration_read_empty_csv EXIT 0
  ARGS profile --format csv ${PROFILES}/no_duration.csv
  STDOUT "\nhalf,H,AI_CORE,2,1,1,1,1,1,25,\nunread,U,AI_CORE,1,0,,,,,,\n")
