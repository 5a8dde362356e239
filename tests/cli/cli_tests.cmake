# Command-line tests: exit status and output of the built binary.
set(EX8 data/aoe_result_opat_20250428_203017761_pid18230.json)
set(EX601 data/aoe_result_opat_20221103_101522418_pid7311.json)
set(EX62 data/aoe_result_opat_20230315_094502113_pid20431.json)
set(EX63 data/aoe_result_opat_20240607_160233905_pid3312.json)
set(EXCUT data/aoe_result_opat_20251120_230001514_pid40211.json)

aoe_cli_test(NAME help EXIT 0 ARGS --help STDOUT "show" "summary" "failed" "Exit status")
aoe_cli_test(NAME show_help EXIT 0 ARGS show --help STDOUT "--top" "Examples")
aoe_cli_test(NAME version EXIT 0 ARGS --version STDOUT "^aoe-result [0-9]+\\.[0-9]+\\.[0-9]+")
aoe_cli_test(NAME no_command EXIT 2 ARGS STDERR "^usage: aoe-result " "\n  show +Overview" "\n  locate ")
aoe_cli_test(NAME unknown_option EXIT 2 ARGS show --bogus ${EX8} STDERR "bogus")
# An option given twice takes the last value, as git's and ripgrep's (it
# was CLI11's "At Most 1 required but received 2"); a list keeps both.
aoe_cli_test(NAME repeated_option_takes_the_last EXIT 0 ARGS ops --top 3 --top 2 ${EX8}
  STDOUT "\n2 of [0-9]+ operators shown")
aoe_cli_test(NAME repeated_global_option_takes_the_last EXIT 0 ARGS --format csv --format json summary ${EX8}
  STDOUT "^\\{\n  \"schema_version\": 1")
aoe_cli_test(NAME bad_format_value EXIT 2 ARGS --format yaml show ${EX8}
  STDERR "--format: 'yaml' is not a format 'show' writes; it writes text, json, markdown\n")
aoe_cli_test(NAME bad_format_value_no_command EXIT 2 ARGS --format yaml
  STDERR "--format: 'yaml' is not one of text, json, jsonl, csv, markdown, junit, github, html, md\n")
# A choice option takes its names (any case), never an enumerator's number.
aoe_cli_test(NAME format_number_refused EXIT 2 ARGS --format 3 ops ${EX8}
  STDERR "--format: '3' is not a format 'ops' writes; it writes text")
aoe_cli_test(NAME format_any_case EXIT 0 ARGS --format JSON summary ${EX8} STDOUT "\"schema_version\": 1")
aoe_cli_test(NAME color_number_refused EXIT 2 ARGS --color 1 show ${EX8}
  STDERR "--color: '1' is not one of auto, always, never\n")
aoe_cli_test(NAME sort_number_refused EXIT 2 ARGS ops --sort 2 ${EX8}
  STDERR "--sort: '2' is not one of saved, improvement, before, after, name, type\n")
aoe_cli_test(NAME mode_number_refused EXIT 2 ARGS ops --mode 0 ${EX8}
  STDERR "--mode: '0' is not one of Format, Schedule, Impl\n")
aoe_cli_test(NAME format_not_offered EXIT 2 ARGS summary --format junit ${EX8}
  STDERR "does not write junit")
aoe_cli_test(NAME show_8x EXIT 0 ARGS show ${EX8}
  STDOUT "resnet50_train_step" "successful" "failed" "softmax" "35\\.35%" "res4a_branch1")
aoe_cli_test(NAME show_every_example EXIT 0 ARGS show ${EX601} ${EX62} ${EX63} ${EX8} ${EXCUT}
  STDOUT "bert_base_pretrain" "vgg16_offline" "yolov5s_bs8" "llama_block" "Conv2D\\+Relu"
  STDERR "truncated")
aoe_cli_test(NAME show_stdin EXIT 0 ARGS show - STDIN ${CMAKE_CURRENT_SOURCE_DIR}/${EX63}
  STDOUT "yolov5s_bs8")
aoe_cli_test(NAME show_no_color_when_piped EXIT 0 ARGS show ${EX8} NOT_STDOUT "<ESC>\\[")
aoe_cli_test(NAME show_color_always EXIT 0 ARGS --color always show ${EX8} STDOUT "<ESC>\\[32m")
# Colour is decided for stdout and stderr each (a terminal from `script`).
aoe_test_program(aoe-result colour_bin)  # under qemu when cross-compiling
add_test(NAME cli.stderr_colour_per_stream
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/cli/stderr_colour.sh ${colour_bin}
    ${CMAKE_CURRENT_SOURCE_DIR}/${EX8})
# Skipped (77) without `script` or a pseudo-terminal for it.
set_tests_properties(cli.stderr_colour_per_stream PROPERTIES SKIP_RETURN_CODE 77)
# A broken gate's line once on a terminal (`script`), on stderr otherwise.
add_test(NAME cli.gate_line_once_on_a_terminal
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/cli/gate_line_once.sh ${colour_bin}
    ${CMAKE_CURRENT_SOURCE_DIR}/${EX601} ${CMAKE_CURRENT_SOURCE_DIR}/${EX8})
set_tests_properties(cli.gate_line_once_on_a_terminal PROPERTIES SKIP_RETURN_CODE 77)
aoe_cli_test(NAME show_missing_file EXIT 3 ARGS show data/nope.json STDERR "nope.json.*does not exist")
aoe_cli_test(NAME show_not_json EXIT 3 ARGS show CMakeLists.txt STDERR "CMakeLists.txt:[0-9]+:[0-9]+:.*invalid JSON")
aoe_cli_test(NAME summary_json EXIT 0 ARGS summary --format json ${EX8}
  STDOUT "\"schema_version\": 1" "\"report_20250428_203017761_281473\"")
aoe_cli_test(NAME summary_cut_off EXIT 0 ARGS summary --format json ${EXCUT}
  STDOUT "\"complete\": false" "\"time_before_us\": 32\\.25" STDERR "truncated")
aoe_cli_test(NAME failed_8x EXIT 0 ARGS failed ${EX8} STDOUT "^res4a_branch1\n$")
aoe_cli_test(NAME failed_where EXIT 0 ARGS failed --where ${EX8}
  STDOUT "^[^\n]*aoe_result_opat_20250428_203017761_pid18230\\.json  report_20250428_203412090_281474\n  res4a_branch1\n$")
aoe_cli_test(NAME failed_csv EXIT 0 ARGS --format csv failed ${EX8}
  STDOUT "^file,report,op_name\n[^\n]*pid18230\\.json,report_20250428_203412090_281474,res4a_branch1\n$")
aoe_cli_test(NAME failed_stdin EXIT 0 ARGS failed - STDIN ${CMAKE_CURRENT_SOURCE_DIR}/${EX601}
  STDOUT "^res4a_branch1\n$")
aoe_cli_test(NAME quiet_hides_warnings EXIT 0 ARGS -q summary ${EXCUT} NOT_STDOUT "truncated")

# --type takes one value: the path after it stays a path (the --help example).
aoe_cli_test(NAME ops_type_then_path EXIT 0 ARGS ops --top 10 --type Conv2D ${EX63}
  STDOUT "Conv_7_Relu_8" "Conv_125" NOT_STDOUT "MatMul_18" "softmax")
aoe_cli_test(NAME ops_type_repeated EXIT 0 ARGS ops --type Conv2D --type MatMulV2 ${EX63}
  STDOUT "Conv_125" "MatMul_18" NOT_STDOUT "softmax")
# --top 0 means every operator, in show as in ops.
aoe_cli_test(NAME show_top_zero EXIT 0 ARGS show --top 0 ${EX8} STDOUT "res4a_branch1" NOT_STDOUT "--all for every one")
# Every format but CSV keeps control characters from files off the terminal
# whatever stdout is; CSV is data and keeps a name's real characters (quoted,
# RFC 4180) in a file or a pipe, and is escaped only on a terminal
# (TerminalCsvBuffer, tested in csv_test.cpp).
aoe_cli_test(NAME csv_keeps_real_characters EXIT 0 ARGS ops --format csv data/terminal_controls.json
  STDOUT "\"op[^\n,]*title" NOT_STDOUT "\\\\x1b" "\\\\x07")
foreach(fmt json jsonl markdown text)
  aoe_cli_test(NAME terminal_safe_ops_${fmt} EXIT 0 ARGS ops --format ${fmt} data/terminal_controls.json
    TERMINAL_SAFE)
endforeach()
aoe_cli_test(NAME terminal_safe_summary_json EXIT 0 ARGS summary --format json data/terminal_controls.json
  STDOUT "task\\\\u009b2J\\\\u202eevil" TERMINAL_SAFE)
aoe_cli_test(NAME check_threshold_not_applicable EXIT 1 ARGS check --min-model-improvement 1 ${EX8}
  STDOUT "error: [^\n]*threshold-not-applicable")
aoe_cli_test(NAME check_min_improvement_of_no_operator_fails EXIT 1
  ARGS check --min-improvement 200 data/check/no-operator.json
  STDOUT "threshold-not-applicable" NOT_STDOUT "passed")
aoe_cli_test(NAME retune_unreadable_says_so EXIT 3 ARGS retune -o - data/nope.json
  STDERR "no input could be read; nothing written" NOT_STDOUT ".")
aoe_cli_test(NAME unknown_command EXIT 2 ARGS --format json bogus ${EX8}
  STDERR "unknown command 'bogus' \\(commands: show, summary, ops, failed, check, diff, retune, locate(, [a-z][a-z-]*)*\\)"
         "commands: [^)]*watch" "commands: [^)]*report")

# Every reading command x every format on inputs that yield nothing: exit 3,
# and no output claims ok, passed or complete.
aoe_test_program(aoe-result nothing_read_bin)  # under qemu when cross-compiling
add_test(NAME cli.nothing_read_is_no_pass
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/cli/nothing_read_is_no_pass.sh
    ${nothing_read_bin} ${CMAKE_CURRENT_SOURCE_DIR}/data/bad/other_shape.json
    ${PROJECT_SOURCE_DIR}/docs/examples/aoe_result_opat_20240607_160233905_pid3312.json)
# About 600 runs: under qemu on a busy machine this takes minutes.
set_tests_properties(cli.nothing_read_is_no_pass PROPERTIES TIMEOUT 600)

# Every command with a table on the shipped examples at 40, 60, 80, 100,
# 120 and 200 columns: no line wider than the width, no number cut, a note
# for what a table leaves out (watch's screen through script(1)).
find_program(AOE_SWEEP_PYTHON3 python3)
if(AOE_SWEEP_PYTHON3)
  aoe_test_program(aoe-result width_sweep_bin)
  add_test(NAME cli.width_sweep
    COMMAND ${AOE_SWEEP_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/cli/width_sweep.py
      ${width_sweep_bin} ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.width_sweep PROPERTIES TIMEOUT 300)
endif()

# --- Every output tells the truth (issue 10) ----------------------------------
# 2. Thresholds and counts are numbers; a bad one is exit 2 naming the option.
aoe_cli_test(NAME diff_fail_above_nan EXIT 2 ARGS diff --fail-above nan ${EX8} ${EX8}
  STDERR "--fail-above: 'nan' is not a number; it takes a percentage, 0 or more")
aoe_cli_test(NAME retune_below_nan EXIT 2 ARGS retune --below nan -o - ${EX8}
  STDERR "--below: 'nan' is not a number")
aoe_cli_test(NAME diff_fail_above_underflow EXIT 2 ARGS diff --fail-above 5e-400 ${EX8} ${EX8}
  STDERR "--fail-above: '5e-400' is too small to be represented \\(write 0 for zero\\); it takes"
  NOT_STDERR "too large")
aoe_cli_test(NAME diff_fail_above_negative EXIT 2 ARGS diff --fail-above -1 ${EX8} ${EX8}
  STDERR "'-1' is below 0")
aoe_cli_test(NAME ops_top_negative_in_words EXIT 2 ARGS ops --top -1 ${EX8}
  STDERR "--top: '-1' is below 0; it takes a whole number from 0 to 1000000000\n")
aoe_cli_test(NAME ops_top_no_dbl_max EXIT 2 ARGS ops --top -1 ${EX8} STDERR "^[^\n]*\n[^\n]*\n$")
aoe_cli_test(NAME check_min_improvement_percent_sign EXIT 0 ARGS check --min-improvement 5% data/check/clean.json
  STDOUT "--min-improvement 5\\)")
# (An empty value, which CMake cannot pass, is in number_option_test.cpp.)
aoe_cli_test(NAME check_max_failed_not_whole EXIT 2 ARGS check --max-failed 5x ${EX8}
  STDERR "--max-failed: '5x' is not a whole number; it takes a whole number from 0 to 1000000000")
aoe_cli_test(NAME jobs_not_a_number EXIT 2 ARGS summary -j many ${EX8} STDERR "--jobs: 'many' is not a whole number")
# 3. Each finding once: check prints the io-error in its output, not on stderr too.
aoe_cli_test(NAME check_missing_once EXIT 3 ARGS check data/nope.json STDOUT "nope.json[^\n]*\\[io-error\\]")
aoe_cli_test(NAME check_missing_not_on_stderr EXIT 3 ARGS check data/nope.json STDERR "^$")
# A file's findings in the order of the file: the status (line 10) before
# the cut at its end (42:49), though the reader found the cut first.
aoe_cli_test(NAME check_findings_in_line_order EXIT 1 ARGS check ${EXCUT}
  STDOUT "^[^\n]*pid40211\\.json:10: error: [^\n]*\\[status-incomplete\\]\n[^\n]*pid40211\\.json:42:49: error: [^\n]*\\[truncated\\]\n")
aoe_cli_test(NAME cut_off_is_a_warning_when_read EXIT 0 ARGS summary ${EXCUT} STDERR "warning: [^\n]*truncated")
aoe_cli_test(NAME cut_off_warning_in_json EXIT 0 ARGS summary --format json ${EXCUT}
  STDOUT "\"severity\": \"warning\",\n *\"code\": \"truncated\"")
# 9. Help like git's.
aoe_cli_test(NAME did_you_mean EXIT 2 ARGS shwo ${EX8} STDERR "unknown command 'shwo'; did you mean 'show'\\?")
# The command's help lists the global options too (under their own heading,
# or with CLI11 2.7 among the command's).
# Exit status 2 covers an output file that cannot be written, as the
# README and the man page say.
aoe_cli_test(NAME help_exit_2_names_unwritable_output EXIT 0 ARGS --help
  STDOUT "  2    usage error \\(unknown option, bad value, a format the command does not write;\n +an output file that exists without --force, or cannot be written\\)")
aoe_cli_test(NAME help_command EXIT 0 ARGS help show STDOUT "--top N" "\n *--format FORMAT ")
aoe_cli_test(NAME help_no_command EXIT 0 ARGS help STDOUT "show" "Exit status")
aoe_cli_test(NAME help_unknown_command EXIT 2 ARGS help sumary STDERR "did you mean 'summary'")
# `help COMMAND SUBCOMMAND` is that subcommand's --help, not its parent's.
# (CLI11 2.1 writes "Usage: ", 2.7 does not, and wraps the description.)
aoe_cli_test(NAME help_subcommand EXIT 0 ARGS help bank merge
  STDOUT "^The union of two runtime_kb files" "\n(Usage: )?aoe-result bank merge \\[OPTIONS\\] A B"
  NOT_STDOUT "Subcommands:" "SUBCOMMANDS:")
aoe_cli_test(NAME help_unknown_subcommand EXIT 2 ARGS help bank merg
  STDERR "unknown subcommand 'merg' of 'bank'; did you mean 'merge'\\?\nRun 'aoe-result help bank' for usage\\.\n$")
aoe_cli_test(NAME help_command_without_subcommands EXIT 2 ARGS help show bank
  STDERR "^aoe-result: error: 'show' has no subcommands\nRun 'aoe-result help show' for usage\\.\n$")
# "--" before the command: what follows is paths; the command named there
# is told as such, not "a command is required".
aoe_cli_test(NAME dashes_before_command EXIT 2 ARGS -- summary ${EX8}
  STDERR "^aoe-result: error: '--' ends the options, and what follows it is read as paths: 'summary' after it is no command; name the command first \\(aoe-result summary -- FILE\\.\\.\\.\\)\n")
aoe_cli_test(NAME help_help EXIT 0 ARGS help help STDOUT "Run 'aoe-result help COMMAND'")
# An option last on the line: its value named as its help names it, not
# CLI11's "1 required UINT missing".
aoe_cli_test(NAME option_value_missing_named EXIT 2 ARGS ops --top
  STDERR "^aoe-result: error: --top needs a value: --top N\nRun 'aoe-result ops --help' for usage\.\n$")
aoe_cli_test(NAME global_option_value_missing_named EXIT 2 ARGS --format
  STDERR "^aoe-result: error: --format needs a value: --format FORMAT\n")
aoe_cli_test(NAME subcommand_option_value_missing_named EXIT 2 ARGS bank check --soc
  STDERR "error: --soc needs a value: --soc NAME\nRun 'aoe-result bank check --help'")
aoe_cli_test(NAME show_help_reads_as_written EXIT 0 ARGS show --help STDOUT "--top N" "default 10"
  NOT_STDOUT "UINT" "in \\[1 - 1000000000\\]")
aoe_cli_test(NAME check_help_no_noise EXIT 0 ARGS check --help NOT_STDOUT "\\{false\\}" "\\{true\\}")
aoe_cli_test(NAME diff_help_no_needs EXIT 0 ARGS diff --help NOT_STDOUT "Needs:")
aoe_cli_test(NAME diff_names_new EXIT 2 ARGS diff ${EX8} STDERR "NEW is required")
# 10. The same file twice is read once.
aoe_cli_test(NAME same_file_twice_read_once EXIT 0 ARGS summary ${EX63} ${EX63}
  STDERR "given more than once; read once" NOT_STDOUT "total")

# 1. The totals say how many inputs could not be read.
aoe_cli_test(NAME summary_totals_name_the_unread EXIT 3 ARGS summary ${EX8} data/nope.json
  STDOUT "total  1 file \\(1 could not be read\\)  2 reports  21 operators")
# The commands after the first round follow the same rules.
aoe_cli_test(NAME trend_fail_above_nan EXIT 2 ARGS trend --fail-above nan ${EX8}
  STDERR "--fail-above: 'nan' is not a number; it takes a percentage, 0 or more")
aoe_cli_test(NAME trend_top_negative_in_words EXIT 2 ARGS trend --top -1 ${EX8}
  STDERR "--top: '-1' is below 0; it takes a whole number from 0 to 1000000000\n")
aoe_cli_test(NAME report_rows_in_words EXIT 2 ARGS report --rows -1 -o - ${EX8}
  STDERR "--rows: '-1' is below 0; it takes a whole number 0 or more\n")
aoe_cli_test(NAME watch_never_readable_says_why EXIT 3 ARGS watch --once data/nope.json
  STDOUT "end \\(once\\): nothing read; exit 3" NOT_STDOUT "0\\.000 → 0\\.000"
  STDERR "nope\\.json: never became readable: the file does not exist \\(io-error\\)")
# A directory without results beside a real file: check and the report page
# agree that this is no pass (no-result-file), and both exit 3.
aoe_cli_test(NAME check_empty_dir_beside_file EXIT 3 ARGS check data/fake_home ${EX63}
  STDOUT "\\[no-result-file\\]" "FAILED")
# summary breaks a report's line between fields to fit the terminal, and a
# tuning time not written is named, not a unit without a number.
aoe_cli_test(NAME summary_wraps_at_60_columns EXIT 0 ENV "COLUMNS=60" ARGS summary ${EX8}
  STDOUT "\n  successful  1109 s  19 operators  0 failed\n    4020\\.430 → 3335\\.543 µs\n    saved 684\\.887 µs \\(improvement 20\\.53%\\)\n"
  "\ntotal  2 reports  21 operators  1 failed\n  4259\\.630 → 3520\\.503 µs\n  saved 739\\.127 µs \\(improvement 20\\.99%\\)\n")
aoe_cli_test(NAME summary_wide_keeps_one_line EXIT 0 ENV "COLUMNS=60" ARGS --wide summary ${EX8}
  STDOUT "\n  successful  1109 s  19 operators  0 failed  4020\\.430 → 3335\\.543 µs  saved")
aoe_cli_test(NAME summary_no_tuning_time EXIT 0 ARGS summary ${EXCUT}
  STDOUT "\n  incomplete  no tuning time  2 operators  0 failed  " NOT_STDOUT "– s")
# The file's facts after its path move to the next line whole when they do
# not fit ("(list, 1" / "report)" before).
aoe_cli_test(NAME show_file_facts_kept_whole EXIT 0 ENV "COLUMNS=70" ARGS show ${EX62}
  STDOUT "^== data/aoe_result_opat_20230315_094502113_pid20431\\.json\n   \\(list, 1 report\\)\n\nvgg16_offline")
# A report whose status says the tuning finished is not asked whether its
# run was interrupted when its tuning time is missing; a cut one is.
aoe_cli_test(NAME show_no_tuning_time_finished EXIT 0 ARGS show data/no_tuning_time.json
  STDOUT "\n  status       successful[^\n]*\n  tuning time  – \\(not written\\)\n"
  NOT_STDOUT "interrupted")
aoe_cli_test(NAME show_markdown_no_tuning_time_finished EXIT 0
  ARGS show --format markdown data/no_tuning_time.json
  STDOUT "\\*\\*tuning time:\\*\\* – \\(not written\\)" NOT_STDOUT "interrupted")
aoe_cli_test(NAME report_no_tuning_time_finished EXIT 0
  ARGS report -o - data/no_tuning_time.json
  STDOUT "<th scope=\"row\">tuning time</th><td>not written</td>" NOT_STDOUT "interrupted")
aoe_cli_test(NAME show_no_tuning_time_cut EXIT 0 ARGS -q show ${EXCUT}
  STDOUT "tuning time  – \\(not written: the run was interrupted\\?\\)")
# An operator one of whose modes' before-time was not read (1e400) has no
# before-time: the table and the CSV showed the other mode's 480 beside
# "no before-time".
aoe_cli_test(NAME ops_mode_time_unread_no_operator_time EXIT 0 ARGS -q ops data/mode_before_unreadable.json
  STDOUT "\nConv_7_Relu_8  Conv2D\\+Relu  Format\\+Schedule +– +399\\.872 +– +–\n")
aoe_cli_test(NAME ops_csv_mode_time_unread_no_operator_time EXIT 0
  ARGS -q --format csv ops data/mode_before_unreadable.json
  STDOUT ",Conv_7_Relu_8,Conv2D\\+Relu,Format\\+Schedule,add,,399\\.872,,,,,false,no before-time\n")
# Help is plain text: no Markdown backticks around command names.
aoe_cli_test(NAME bank_help_no_markdown EXIT 0 ARGS bank --help
  STDOUT "'bank[ \n]+list'[ \n]+says" NOT_STDOUT "`")
aoe_cli_test(NAME bank_list_help_no_markdown EXIT 0 ARGS bank list --help NOT_STDOUT "`")
# The report's improvement card names its formula once, in one pair of brackets.
aoe_cli_test(NAME report_improvement_card_formula EXIT 0 ARGS report -o - ${EX8}
  STDOUT "improvement: \\(before − after\\) / after" NOT_STDOUT "\\(\\(before")
# One file cut off says so on stdout too (with -q the warning is gone).
aoe_cli_test(NAME summary_one_cut_file_says_so EXIT 0 ARGS -q summary ${EXCUT}
  STDOUT "^== data/aoe_result_opat_20251120_230001514_pid40211\\.json  \\(cut off: incomplete\\)\n")
aoe_cli_test(NAME summary_one_whole_file_no_header EXIT 0 ARGS summary ${EX8}
  NOT_STDOUT "== ")
aoe_cli_test(NAME report_empty_dir_beside_file EXIT 3 ARGS report -o - data/fake_home ${EX63}
  STDOUT "data-verdict=\"FAILED\"><strong>✘ Check: " "<code>no-result-file</code>")
# Its finding names the input as its file, in every format, and JSON's
# files counts the files read, as the text does.
aoe_cli_test(NAME check_empty_dir_json_names_the_input EXIT 3
  ARGS check --format json data/fake_home ${EX63}
  STDOUT "\"files\": 1,\n  \"logs\": 0,\n  \"inputs_without_files\": 1," "\"file\": \"data/fake_home\",\n")
aoe_cli_test(NAME check_empty_dir_text_names_the_input EXIT 3 ARGS check data/fake_home
  STDOUT "^data/fake_home: error: no aoe_result_opat_\\*\\.json in directory data/fake_home "
  "checked 0 files \\(1 input gave none\\)")
aoe_cli_test(NAME check_empty_dir_github_names_the_input EXIT 3
  ARGS check --format github data/fake_home
  STDOUT "^::error file=data/fake_home,title=no-result-file::no aoe_result_opat")
aoe_cli_test(NAME check_empty_dir_junit_names_the_input EXIT 3
  ARGS check --format junit data/fake_home
  STDOUT "<testsuite name=\"data/fake_home\"")
# One source of the verdict: a failed tuning report is a warning (tuning-failed),
# so check passes with warnings and the page says the same words.
# A mode without its after-tune time: its operator is left out of every
# sum, and check fails it (invalid-value) rather than pass what it could
# not judge; show's check line says the same.
aoe_cli_test(NAME check_mode_without_after_time EXIT 1
  ARGS check --min-improvement 50 data/mode_without_after_time.json
  STDOUT "data/mode_without_after_time\\.json:9:[0-9]+: error: .*'a'.*Schedule has no performance_after_tune\\(us\\) .*\\[invalid-value\\]"
         "1 error, 0 warnings, 0 info: FAILED")
aoe_cli_test(NAME show_mode_without_after_time EXIT 0 ARGS show data/mode_without_after_time.json
  STDOUT "left out of every sum: a \\(no after-time\\)"
         "check: FAILED \\(1 error, 0 warnings\\)")
# In a pipe, a finding stays one line (for grep) even with COLUMNS set;
# the verdict line is prose and wraps at COLUMNS.
aoe_cli_test(NAME check_finding_one_line_in_a_pipe EXIT 1 ARGS check data/check/summary-hit-sum.json
  ENV COLUMNS=60
  STDOUT "\n?data/check/summary-hit-sum\\.json:27: error: \\[report_1\\] repo_hit_num is 4, but repo_update_num \\+ repo_reserved_num is 1 \\+ 2 = 3 \\[summary-hit-sum\\]\n"
         "checked 1 file, 1 report, 1 operator \\(every rule\\): 1 error,\n  0 warnings")
aoe_cli_test(NAME check_failed_report_verdict EXIT 0 ARGS check data/check/tuning-failed.json
  STDOUT ": passed with warnings\n$")
aoe_cli_test(NAME report_failed_report_verdict EXIT 0 ARGS report -o - data/check/tuning-failed.json
  STDOUT "class=\"verdict warn\" id=\"verdict\" data-verdict=\"passed with warnings\"><strong>⚠ Check: 0 errors, 1 warning, [^<]*: passed with warnings</strong><span class=\"scope\">checked 1 file, ")
aoe_cli_test(NAME check_markdown_warnings_heading EXIT 0 ARGS check --format markdown data/check/tuning-failed.json
  STDOUT "^## ⚠️ aoe-result check passed with warnings\n" NOT_STDOUT "✅")
# Plurals read right.
aoe_cli_test(NAME plural_one_operator EXIT 0 ARGS summary ${EX601}
  STDOUT "  1 operator  " NOT_STDOUT " ops " "\\(s\\)")
aoe_cli_test(NAME show_no_parenthesised_plurals EXIT 0 ARGS show ${EX8} NOT_STDOUT "\\(s\\)" STDOUT "1 warning\\):")
# show --format markdown carries the geomean speed-up the text shows.
aoe_cli_test(NAME show_markdown_geomean EXIT 0 ARGS show --format markdown ${EX8}
  STDOUT "saved 684\\.887 µs \\(improvement 20\\.53%\\), geomean speed-up 1\\.206×")
# The writer's artefact as a field of ops CSV and JSON.
# show's check line counts the info findings check lists (the same file
# check passes with two writer-artefact findings), and says where to see them.
aoe_cli_test(NAME show_check_line_counts_info_findings EXIT 0 ARGS show data/artefacts.json
  STDOUT "check: passed \\(2 info findings\\): run 'aoe-result check data/artefacts\\.json' for details")
aoe_cli_test(NAME show_check_line_counts_warnings_and_info EXIT 0
  ARGS show data/check/slower-after-tune.json
  STDOUT "check: passed with warnings \\(0 errors, 1 warning, 1 info\\): run 'aoe-result check data/check/slower-after-tune\\.json' for details")
# show's check line says check's verdict, and counts what check counts:
# an input that cannot be read, or that gave no file, is an error there
# ("check: no findings" beside check's FAILED), and the command it names
# is given that input too.
aoe_cli_test(NAME show_check_line_verdict_with_a_missing_file EXIT 3 ARGS show ${EX8} data/nope.json
  STDOUT "\ncheck: FAILED \\(1 error, 1 warning\\): run 'aoe-result check [^']*data/nope\\.json' for details\n")
aoe_cli_test(NAME show_check_line_verdict_with_an_empty_directory EXIT 3 ARGS show ${EX8} data/fake_home
  STDOUT "\ncheck: FAILED \\(1 error, 1 warning\\): run 'aoe-result check [^']*data/fake_home' for details\n")
aoe_cli_test(NAME check_counts_as_show_with_a_missing_file EXIT 3 ARGS check ${EX8} data/nope.json
  STDOUT ": 1 error, 1 warning, 0 info: FAILED\n")
# The command it names runs as printed: the paths, quoted for the shell when
# they must be; past three files, the same files.
aoe_cli_test(NAME show_check_line_quotes_paths EXIT 0 ARGS show data/artefacts.json "data/paths/artefacts copy.json"
  STDOUT "run `aoe-result check data/artefacts\\.json 'data/paths/artefacts copy\\.json'` for details")
aoe_cli_test(NAME show_check_line_many_files EXIT 0
  ARGS show data/artefacts.json data/check/slower-after-tune.json ${EX8} data/numbers.json
  STDOUT ": run 'aoe-result check' on the same files for details")
# Standard input has no path: the command reads `-`, given the same input.
aoe_cli_test(NAME show_check_line_stdin EXIT 0 ARGS show -
  STDIN ${CMAKE_CURRENT_SOURCE_DIR}/${EXCUT}
  STDOUT "\ncheck: FAILED \\(2 errors, 0 warnings\\): run 'aoe-result check -' on the same[ \n]input for details\n"
  NOT_STDOUT "check '<stdin>'")
aoe_cli_test(NAME show_check_line_stdin_and_a_file EXIT 0 ARGS show ${EX8} -
  STDIN ${CMAKE_CURRENT_SOURCE_DIR}/${EXCUT}
  STDOUT ": run 'aoe-result check ${EX8} -'[ \n]with the same[ \n]standard[ \n]input[ \n]for[ \n]details\n"
  NOT_STDOUT "<stdin>'")
aoe_cli_test(NAME show_markdown_check_line_stdin EXIT 0 ARGS --format markdown show -
  STDIN ${CMAKE_CURRENT_SOURCE_DIR}/${EXCUT}
  STDOUT "run `aoe-result check -` on the same input for details" NOT_STDOUT "check '?<stdin>")
aoe_cli_test(NAME option_of_a_subcommand_before_it EXIT 2
  ARGS --strict bank check data/bank/repo
  STDERR "'--strict' is an option of 'bank check': put it after the command \\(aoe-result bank check --strict")
aoe_cli_test(NAME show_markdown_check_line_counts_info_findings EXIT 0
  ARGS --format markdown show data/artefacts.json
  STDOUT "\\*\\*check:\\*\\* passed \\(2 info findings\\): run `aoe-result check data/artefacts\\.json` for details")
aoe_cli_test(NAME ops_csv_artefact_field EXIT 0 ARGS ops --format csv data/artefacts.json
  STDOUT ",writer_artefact,left_out\n" ",conv_b,Conv2D,Schedule,update,50,49,1,[^\n]*,true,\n" ",conv_a,[^\n]*,false,\n")
aoe_cli_test(NAME ops_json_artefact_field EXIT 0 ARGS ops --format json data/artefacts.json
  STDOUT "\"op_name\": \"conv_b\"[^}]*\"writer_artefact\": true")
# diff --ignore-artefacts: the gate line counts what the gate counted.
aoe_cli_test(NAME diff_gate_line_ignores_artefacts EXIT 0
  ARGS diff --fail-above 0.5 --ignore-artefacts data/diff/artefact_old.json data/diff/artefact_new.json
  STDOUT "gate \\(--fail-above 0\\.5 --ignore-artefacts\\): no operator slower by more than 0\\.5% — passed")
# The 1 µs note comes with a marked row only: text and markdown.
aoe_cli_test(NAME diff_artefact_note_with_marked_row EXIT 0
  ARGS diff data/diff/artefact_old.json data/diff/artefact_new.json
  STDOUT "\\+1\\.000\\* +\\+5\\.00%\n" "note: \\* a change of at most 1 µs may be the writer's artefact")
aoe_cli_test(NAME diff_no_artefact_note_without_marked_row EXIT 0 ARGS diff ${EX8} ${EX8}
  NOT_STDOUT "artefact")
aoe_cli_test(NAME diff_same_file_twice_is_said EXIT 0 ARGS diff ${EX8} ${EX8}
  STDERR "^aoe-result: warning: OLD and NEW are the same file \\([^)]*\\): every operator compares with itself\n$")
aoe_cli_test(NAME diff_markdown_no_artefact_note_without_marked_row EXIT 0
  ARGS diff --format markdown ${EX8} ${EX8} NOT_STDOUT "artefact")

# docs/guide.md shows what the program prints today: its `$ aoe-result`
# lines on the examples are run and their output compared.
aoe_test_program(aoe-result guide_bin)  # under qemu when cross-compiling
add_test(NAME cli.guide_matches_the_program
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/cli/guide_matches.py ${guide_bin}
    ${PROJECT_SOURCE_DIR}/docs/guide.md ${PROJECT_SOURCE_DIR}/docs/examples)
# The README's examples on docs/examples too (run from the source root).
add_test(NAME cli.readme_matches_the_program
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/cli/guide_matches.py ${guide_bin}
    ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR} --paths-with-slash)
# The docs link only to what the project holds.
add_test(NAME cli.doc_links_resolve
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/cli/doc_links.py ${PROJECT_SOURCE_DIR})
# 9. The usage line names a positional once; ops --type takes AOE's spelling
# of a fused type (what retune --by-type writes: Conv2D__Relu).
aoe_cli_test(NAME show_usage_path_once EXIT 0 ARGS show --help
  STDOUT "(Usage: )?aoe-result show \\[OPTIONS\\] \\[PATH\\.\\.\\.\\]\n" NOT_STDOUT "PATH\\.\\.\\.\\.")
aoe_cli_test(NAME ops_type_aoe_spelling EXIT 0 ARGS ops --type conv2d__relu ${EX63}
  STDOUT "Conv_7_Relu_8" NOT_STDOUT "Conv_125")
# `help COMMAND` prints what `COMMAND --help` prints, usage line included.
aoe_cli_test(NAME help_command_usage_names_the_program EXIT 0 ARGS help ops
  STDOUT "(Usage: )?aoe-result ops \\[OPTIONS\\]")
# show breaks a long value after its commas, under itself, to fit the
# terminal; a task name of any length is shortened to the line (not with --wide).
aoe_cli_test(NAME show_wraps_at_60_columns EXIT 0 ENV "COLUMNS=60" ARGS show ${EX8}
  STDOUT "\n  operators    19 tuned: 4020\\.430 → 3335\\.543 µs,\n               saved 684\\.887 µs \\(improvement 20\\.53%\\),\n"
         "\ntotal  2 reports, 21 operators, 1 failed;\n       4259\\.630")
aoe_cli_test(NAME show_long_task_name_fits EXIT 0 ENV "COLUMNS=60" ARGS show data/long_task_name.json
  STDOUT "\nTTTTTTTTTTTTTTTTTTTTTTTTT…TTTTTTTTTTTTTTTTTTTTTTTT  report_1\n")
aoe_cli_test(NAME summary_long_task_name_fits EXIT 0 ENV "COLUMNS=60" ARGS summary data/long_task_name.json
  STDOUT "^report_1  TTTTTTTTTTTTTTTTTTTTTTTTT…TTTTTTTTTTTTTTTTTTTTTTTT\n")
# ops over files whose report ids repeat (report_1 in each) keeps the file
# column, shortened, so rows of different files can be told apart.
aoe_cli_test(NAME ops_repeated_ids_keep_the_file EXIT 0 ENV "COLUMNS=120"
  ARGS ops --top 3 ${EX62} ${EX63}
  STDOUT "^file  +operator  +before µs"
         "\naoe_r…20230315_094502113_pid20431\\.json  test/conv1/")
# An option a command does not take: the closest one it takes, in words.
aoe_cli_test(NAME unknown_option_did_you_mean EXIT 2 ARGS ops --tpo 3 ${EX8}
  STDERR "unknown option '--tpo'; did you mean '--top'\\? \\(aoe-result ops --help lists its options\\)\n")
# A usage error a command finds (not the parser) says where the usage is too.
aoe_cli_test(NAME command_usage_error_points_to_help EXIT 2 ARGS ops --name "(" ${EX8}
  STDERR "error: --name: '\\(' is not a valid regular expression[^\n]*\nRun 'aoe-result ops --help' for usage\\.\n$")
# A command's option before the command: said where it goes.
aoe_cli_test(NAME option_before_its_command EXIT 2 ARGS --top 3 show ${EX8}
  STDERR "^aoe-result: error: '--top' is an option of 'show': put it after the command \\(aoe-result show --top \\.\\.\\.\\)\nRun 'aoe-result show --help' for usage\\.\n$")
aoe_cli_test(NAME short_option_before_its_command EXIT 2 ARGS -j2 report -o - ${EX8}
  STDERR "'-j' is an option of 'report': put it after the command")
# A command's option with no command at all: the commands that take it,
# not "unknown command '3'" (the option's value taken for a command).
aoe_cli_test(NAME option_without_any_command EXIT 2 ARGS --top 3
  STDERR "^aoe-result: error: '--top' is an option of show, ops, diff, retune, trend and profile, not of aoe-result itself: name the command first \\(aoe-result show --top \\.\\.\\.\\)\nRun 'aoe-result --help' for the commands\\.\n$")
aoe_cli_test(NAME subcommand_option_without_any_command EXIT 2 ARGS --prefer a
  STDERR "'--prefer' is an option of bank merge, not of aoe-result itself: name the command first \\(aoe-result bank merge --prefer \\.\\.\\.\\)")
# -j: bank's own option, not repeated for each of its subcommands.
aoe_cli_test(NAME option_without_any_command_names_a_parent_once EXIT 2 ARGS -j 2
  STDERR "'-j' is an option of show, summary, [a-z, ]*bank, log and profile, not of aoe-result itself"
  NOT_STDERR "bank list")
# An option before its command is told before what the command misses
# (retune's --output, diff's OLD), not after the user has fixed that.
aoe_cli_test(NAME option_before_command_told_before_a_missing_argument EXIT 2 ARGS --below 3 retune
  STDERR "^aoe-result: error: '--below' is an option of 'retune': put it after the command")
aoe_cli_test(NAME subcommand_option_before_it_told_before_a_missing_argument EXIT 2
  ARGS --format json --prefer a bank merge
  STDERR "^aoe-result: error: '--prefer' is an option of 'bank merge': put it after the command")
# `--name=` with nothing after '=' is told, not given the next word as
# its value (CLI11 read `--top= FILE` as --top FILE: "'FILE' is not a
# whole number"); the help named is the command's that has the option
# (CLI11 2.7 gives each command the global --format too).
aoe_cli_test(NAME empty_value_after_equals EXIT 2 ARGS ops --top= ${EX8}
  STDERR "^aoe-result: error: '--top=' gives --top no value: write --top=N or --top N\nRun 'aoe-result ops --help' for usage\.\n$")
aoe_cli_test(NAME empty_value_after_equals_subcommand EXIT 2 ARGS bank merge --prefer= A B
  STDERR "'--prefer=' gives --prefer no value: write --prefer=a\\|b or --prefer a\\|b\nRun 'aoe-result bank merge --help'")
aoe_cli_test(NAME empty_value_after_equals_global EXIT 2 ARGS --format= show ${EX8}
  STDERR "'--format=' gives --format no value: write --format=FORMAT or --format FORMAT\nRun 'aoe-result (show )?--help'")
# A flag written `--wide=` is CLI11's to read (it takes it as given); a
# path after "--" is a path.
aoe_cli_test(NAME empty_value_after_equals_flag_taken EXIT 0 ARGS show --wide= ${EX8} STDOUT "resnet50")
aoe_cli_test(NAME empty_value_after_equals_after_double_dash EXIT 3 ARGS show -- --top=
  STDERR "--top=: the file does not exist")
# A flag takes no value: the word after it is looked at as an option too.
aoe_cli_test(NAME unknown_option_after_a_flag_told_before_a_missing_argument EXIT 2
  ARGS retune --wide --bogus ${EX8} STDERR "^aoe-result: error: unknown option '--bogus'")
# A word beyond what the command takes is told in the house's words, with
# what the command takes (CLI11's "The following argument was not
# expected"); a path given as the command gets the command that reads it.
aoe_cli_test(NAME diff_a_third_path_told EXIT 2 ARGS diff ${EX8} ${EX8} data
  STDERR "^aoe-result: error: 'diff' takes OLD NEW; 'data' is one too many\nRun 'aoe-result diff --help' for usage\.\n$")
# --all and --top N at once: one would go unheard (--top 0 is --all).
aoe_cli_test(NAME show_all_with_top_told EXIT 2 ARGS show --all --top 3 ${EX8}
  STDERR "^aoe-result: error: --(top and --all|all and --top) cannot be given together\nRun 'aoe-result show --help' for usage\.\n$")
aoe_cli_test(NAME show_top_with_all_told EXIT 2 ARGS show --top 0 --all ${EX8}
  STDERR "^aoe-result: error: --(top and --all|all and --top) cannot be given together\n")
aoe_cli_test(NAME locate_an_argument_told EXIT 2 ARGS locate x y
  STDERR "^aoe-result: error: 'locate' takes no argument; 'x' and 1 more are too many\n")
aoe_cli_test(NAME a_path_as_the_command_gets_show EXIT 2 ARGS ${EX8}
  STDERR "unknown command 'data/aoe_result_opat_20250428_203017761_pid18230\\.json'; it is a path: to read it, name a command first \\(aoe-result show data/aoe_result_opat_20250428_203017761_pid18230\\.json\\)")
aoe_cli_test(NAME unknown_option_without_any_command EXIT 2 ARGS --topp 3
  STDERR "^aoe-result: error: unknown option '--topp'; did you mean '--top'\\?\n")
# "--" ends the options: a path after it may start with a dash (CLI11
# keeps "--" among the words left over, which were told as unexpected).
configure_file(data/aoe_result_opat_20250428_203017761_pid18230.json
               ${CMAKE_CURRENT_BINARY_DIR}/dash/-run.json COPYONLY)
aoe_cli_test(NAME double_dash_then_a_path_with_a_dash EXIT 0 ARGS summary -- -run.json
  WORKDIR ${CMAKE_CURRENT_BINARY_DIR}/dash
  STDOUT "^report_20250428_203017761_281473  resnet50_train_step\n")
configure_file(data/aoe_result_opat_20250428_203017761_pid18230.json
               ${CMAKE_CURRENT_BINARY_DIR}/dash/-new.json COPYONLY)
# A long option with a dotted value is an unknown option, not a path.
aoe_cli_test(NAME unknown_long_option_with_a_dotted_value EXIT 2 ARGS ops --foo=a.b ${EX8}
  STDERR "^aoe-result: error: unknown option '--foo'; did you mean '--top'\\? \\(aoe-result ops --help")
aoe_cli_test(NAME dash_path_told_before_a_missing_argument EXIT 2 ARGS diff run.json -new.json
  WORKDIR ${CMAKE_CURRENT_BINARY_DIR}/dash
  STDERR "^aoe-result: error: unknown option '-new\\.json'; a path that starts with '-' goes after '--'")
aoe_cli_test(NAME double_dash_before_two_paths EXIT 0 ARGS diff -- -run.json -new.json
  WORKDIR ${CMAKE_CURRENT_BINARY_DIR}/dash STDOUT "21 unchanged")
aoe_cli_test(NAME path_with_a_dash_without_double_dash EXIT 2 ARGS summary -run.json
  WORKDIR ${CMAKE_CURRENT_BINARY_DIR}/dash
  STDERR "unknown option '-run\\.json'; a path that starts with '-' goes after '--' \\(aoe-result COMMAND -- -run\\.json\\) or is written \\./-run\\.json\n")
aoe_cli_test(NAME unknown_global_option_did_you_mean EXIT 2 ARGS --fromat json ops ${EX8}
  STDERR "unknown option '--fromat'; did you mean '--format'\\?")
aoe_cli_test(NAME unknown_option_far_from_any EXIT 2 ARGS check --zzzzzz ${EX8}
  STDERR "unknown option '--zzzzzz' \\(aoe-result check --help lists its options\\)\n")
