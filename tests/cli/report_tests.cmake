# `report`: the HTML page, its options and exit statuses.
set(REPORT_EX8 data/aoe_result_opat_20250428_203017761_pid18230.json)

aoe_cli_test(NAME report_help EXIT 0 ARGS report --help
  STDOUT "--baseline" "--rows" "--title" "#sort=" "Formats: html \\(one self-contained HTML page; the default\\)"
  "Examples")
aoe_cli_test(NAME report_stdout EXIT 0 ARGS report -o - ${REPORT_EX8}
  STDOUT "^<!DOCTYPE html>" "Content-Security-Policy" "resnet50_train_step" "id=\"ops\""
  NOT_STDOUT "https?://" "<link" " src=" "@import" "url\\(")
aoe_cli_test(NAME report_every_example EXIT 0
  ARGS report -o - data/aoe_result_opat_20221103_101522418_pid7311.json
    data/aoe_result_opat_20230315_094502113_pid20431.json
    data/aoe_result_opat_20240607_160233905_pid3312.json ${REPORT_EX8}
    data/aoe_result_opat_20251120_230001514_pid40211.json
  STDOUT "bert_(<wbr>)?base_(<wbr>)?pretrain" "vgg16_(<wbr>)?offline" "yolov5s_(<wbr>)?bs8"
    "llama_(<wbr>)?block" "Conv2D\\+Relu"
    "cut off \\(incomplete\\)" "Reports \\(" STDERR "truncated" NOT_STDOUT "https?://")
# Every number of the page grouped by thousands: a speed-up, the hours of
# a tuning time, the repository bar's tooltips; the histogram's note says
# what its green bins hold (100 %, 2.000×, is green).
aoe_cli_test(NAME report_every_number_grouped EXIT 0 ARGS report -o - data/report/long_names.json
  STDOUT "66,666,666\\.666×" "\\(34,293..h 33..min" "<title>added: 123,456,789</title>"
    "Green: twice as fast or more")
aoe_cli_test(NAME report_injection_is_text EXIT 0 ARGS report -o - data/report/injection.json
  STDOUT "&lt;img src=x onerror=alert\\(1\\)&gt;" "esc\\\\x1b.31mred"
  NOT_STDOUT "<img" "<iframe" "<svg onload" "<b>Relu" TERMINAL_SAFE)
# More rows than a page holds (10,000) is no error: all 21 fit, nothing is said.
aoe_cli_test(NAME report_rows_above_the_pages_most EXIT 0 ARGS report --rows 1000001 -o - ${REPORT_EX8}
  STDOUT "21 operators, largest time saved first" NOT_STDOUT "rows-note")
aoe_cli_test(NAME report_rows_not_a_number EXIT 2 ARGS report --rows many -o - ${REPORT_EX8}
  STDERR "--rows")
aoe_cli_test(NAME report_rows_cut EXIT 0 ARGS report --rows 3 -o - ${REPORT_EX8}
  STDOUT "The first 3 of [0-9]+ operators" "aoe-result ops --format csv")
aoe_cli_test(NAME report_findings_warnings EXIT 0
  ARGS report --findings warnings -o - data/report/long_names.json
  STDOUT "Errors and warnings are listed \\(--findings warnings\\), info only counted"
    "<code>writer-artefact</code> · 1 finding<span class=\"muted\"> \\(not listed"
    "<code>tuning-failed</code> · 1 finding")
aoe_cli_test(NAME report_findings_none EXIT 0 ARGS report --findings NONE -o - ${REPORT_EX8}
  STDOUT "None is listed \\(--findings none\\)" NOT_STDOUT "class=\"findings\"")
aoe_cli_test(NAME report_findings_bad EXIT 2 ARGS report --findings some -o - ${REPORT_EX8}
  STDERR "--findings" "'some' is not one of all, warnings, none")
aoe_cli_test(NAME report_existing_file EXIT 2 ARGS report -o data/report/no_opat.json ${REPORT_EX8}
  STDERR "exists; use --force")
aoe_cli_test(NAME report_output_is_directory EXIT 2 ARGS report -o data ${REPORT_EX8}
  STDERR "is a directory")
aoe_cli_test(NAME report_format_json EXIT 2 ARGS --format json report -o - ${REPORT_EX8}
  STDERR "'report' does not write json; it writes html")
# The page is html: asked for by that name, or by the default text.
aoe_cli_test(NAME report_format_html EXIT 0 ARGS report --format html -o - ${REPORT_EX8}
  STDOUT "^<!DOCTYPE html>")
aoe_cli_test(NAME report_format_text_is_the_page EXIT 0 ARGS report --format text -o - ${REPORT_EX8}
  STDOUT "^<!DOCTYPE html>")
aoe_cli_test(NAME show_format_html_refused EXIT 2 ARGS show --format html ${REPORT_EX8}
  STDERR "'show' does not write html; it writes text, json, markdown")
aoe_cli_test(NAME report_unreadable EXIT 3 ARGS report -o - data/nope.json
  STDERR "no input could be read; nothing written" NOT_STDOUT ".")
aoe_cli_test(NAME report_without_opat EXIT 0 ARGS report -o - data/report/no_opat.json
  STDOUT "no OPAT section" "bert_base_offline")
aoe_cli_test(NAME report_baseline EXIT 0
  ARGS report -o - ${REPORT_EX8} --baseline data/aoe_result_opat_20240607_160233905_pid3312.json
  STDOUT "Compared with the baseline" "Largest slowdowns" "Largest speed-ups")
aoe_cli_test(NAME report_title EXIT 0 ARGS report -o - --title "<R&D> run" ${REPORT_EX8}
  STDOUT "<title>&lt;R&amp;D&gt; run</title>")
# --profile: AOE's claim against a model run's profile, the verdicts of
# profile --result (tests/data/profile_compare).
set(REPORT_PC data/profile_compare)
aoe_cli_test(NAME report_profile EXIT 0
  ARGS report -o - --profile ${REPORT_PC}/after ${REPORT_PC}/aoe_result_opat_20240607_160233905_pid3312.json
  STDOUT "id=\"profile-check\"" "AOE&#39;s claim against the profile|AOE's claim against the profile"
    "<td>MatMul_<wbr>18</td>.*<td class=\"n\">240\\.000..µs</td><td class=\"n\">252\\.000..µs</td>"
    "\\+5\\.00%</td>.*<td>as tuned</td>" "data-verdict=\"slower-than-aoe\"[^\n]*Conv_<wbr>7_<wbr>Relu_<wbr>8"
    "not found in the profile by name" "href=\"#profile-check\"" "<svg")
aoe_cli_test(NAME report_profile_unreadable EXIT 3
  ARGS report -o - --profile data/nope_profile ${REPORT_PC}/aoe_result_opat_20240607_160233905_pid3312.json
  STDERR "data/nope_profile" "the page is not written" NOT_STDOUT ".")
aoe_cli_test(NAME report_profile_help EXIT 0 ARGS report --help STDOUT "--profile PROFILE")

# The page is valid HTML: tidy (Debian package tidy) reports no error or warning.
find_program(AOE_TIDY tidy)
aoe_test_program(aoe-result report_bin)  # under qemu when cross-compiling
add_test(NAME report.html_valid
  COMMAND ${CMAKE_COMMAND} "-DBIN=${report_bin}" "-DTIDY=${AOE_TIDY}"
    "-DWORK=${CMAKE_CURRENT_BINARY_DIR}/report-valid" -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/report_valid.cmake
  WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
# Skipped without tidy: report_valid.cmake prints the line matched here.
set_tests_properties(report.html_valid PROPERTIES
  SKIP_REGULAR_EXPRESSION "tidy is not installed \\(Debian package tidy\\): skipped" TIMEOUT 60)
# The page's title names one task only when every report is of it.
aoe_cli_test(NAME report_title_several_tasks EXIT 0 ARGS -q report -o - ${REPORT_EX8} data/aoe_result_opat_20221103_101522418_pid7311.json
  data/aoe_result_opat_20230315_094502113_pid20431.json
  STDOUT "<title>AOE tuning report: resnet50_train_step and 2 more tasks</title>")
aoe_cli_test(NAME report_title_one_task EXIT 0 ARGS report -o - ${REPORT_EX8}
  STDOUT "<title>AOE tuning report: resnet50_train_step</title>")

# More operators than a page holds (10,000): --rows above that is cut to
# it, with a warning and the page's note.
aoe_test_program(aoe-result-gen report_gen)
set(REPORT_12000 ${CMAKE_CURRENT_BINARY_DIR}/report-12000.json)
add_test(NAME cli.report_12000_operators
  COMMAND ${report_gen} --operators 12000 -o ${REPORT_12000})
set_tests_properties(cli.report_12000_operators PROPERTIES FIXTURES_SETUP report_12000)
aoe_cli_test(NAME report_rows_cut_said EXIT 0
  ARGS report --force --rows 3 -o ${CMAKE_CURRENT_BINARY_DIR}/report-rows-3.html ${REPORT_EX8}
  STDOUT "21 operators \\(3 in the table; --rows to change\\)\n" NOT_STDOUT "the most a page")
aoe_cli_test(NAME report_rows_cut_to_the_pages_most_said EXIT 0
  ARGS report --force --rows 20000 -o ${CMAKE_CURRENT_BINARY_DIR}/report-12000.html ${REPORT_12000}
  FIXTURES report_12000
  STDOUT "12000 operators \\(10000 in the table, the most a page holds\\)\n"
  NOT_STDOUT "--rows to change")
aoe_cli_test(NAME report_rows_cut_to_the_pages_most EXIT 0
  ARGS report --rows 20000 -o - ${REPORT_12000} FIXTURES report_12000
  STDOUT "The first 10,000 of 12,000 operators by time saved; 2,000 left out \\(--rows 20000 asked for more than a page holds: at most 10,000 rows"
  STDERR "warning: --rows 20000: a page holds at most 10000 operators")
