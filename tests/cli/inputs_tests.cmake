# Command-line tests of inputs (directories, discovery), diff, retune and locate.
set(EX8 data/aoe_result_opat_20250428_203017761_pid18230.json)
set(EX601 data/aoe_result_opat_20221103_101522418_pid7311.json)
# EX8 with Conv_101's after-tune time 50 % higher (243.579 → 365.3685 µs).
set(EXSLOWER data/diff/aoe_result_opat_20250502_091500000_pid18231.json)
set(SRC ${CMAKE_CURRENT_SOURCE_DIR})

# --- inputs -----------------------------------------------------------------
aoe_cli_test(NAME summary_directory_of_three EXIT 0 ARGS summary data/three
  STDOUT "total  3 files  4 reports  9 operators  1 failed  19745\\.688 → 18899\\.980 µs")
aoe_cli_test(NAME summary_directory_json EXIT 0 ARGS summary --format json data/three
  STDOUT "aoe_result_opat_20221103_101522418_pid7311\\.json.*aoe_result_opat_20230315_094502113_pid20431\\.json.*aoe_result_opat_20240607_160233905_pid3312\\.json"
         "\"totals\": {\n *\"reports\": 4,\n *\"operators\": 9")
aoe_cli_test(NAME summary_no_path_work_path EXIT 0 ARGS summary
  ENV "ASCEND_WORK_PATH=${SRC}/data/three"
  STDOUT "yolov5s_bs8" NOT_STDOUT "vgg16_offline"
  STDERR "reading [^\n]*data/three/aoe_result_opat_20240607_160233905_pid3312\\.json \\(the newest result found\\)")
aoe_cli_test(NAME check_no_path_says_which EXIT 0 ARGS check
  ENV "ASCEND_WORK_PATH=${SRC}/data/three"
  STDOUT "checked 1 file"
  STDERR "reading [^\n]*data/three/aoe_result_opat_20240607_160233905_pid3312\\.json \\(the newest result found\\)")
aoe_cli_test(NAME summary_no_path_nothing_found EXIT 3 ARGS summary
  ENV "ASCEND_WORK_PATH=${SRC}/data/fake_home"
  STDERR "no path given and no aoe_result_opat_\\*\\.json found in [^\n]*data/fake_home, [^\n]*data/fake_home/aoe_data, ")
aoe_cli_test(NAME summary_no_path_env_unset EXIT 3 ARGS summary ENV "ASCEND_WORK_PATH="
  STDERR "no path given and no aoe_result_opat_\\*\\.json found in [^,\n]*tests \\(set ASCEND_WORK_PATH")
aoe_cli_test(NAME summary_no_path_env_nonexistent EXIT 3 ARGS summary ENV "ASCEND_WORK_PATH=/nonexistent"
  STDERR "ASCEND_WORK_PATH=/nonexistent is not an existing directory")
aoe_cli_test(NAME directory_without_results EXIT 3 ARGS summary data/fake_home ${EX8}
  STDOUT "successful  1109 s  19 operators" STDERR "no aoe_result_opat_\\*\\.json in directory data/fake_home \\(use -r")
aoe_cli_test(NAME recursive_finds_nested EXIT 0 ARGS failed -r data/diff data/three
  STDOUT "^res4a_branch1\n$")
aoe_cli_test(NAME stdin_twice EXIT 2 ARGS failed - - STDIN ${SRC}/${EX601}
  STDERR "only once")
# Standard input that is the same file as a named input is read once.
aoe_cli_test(NAME stdin_same_as_named_file EXIT 0 ARGS summary ${EX601} - STDIN ${SRC}/${EX601}
  STDERR "standard input \\(the same file as another input\\) was given more"
  NOT_STDOUT "2 files")
aoe_cli_test(NAME named_file_same_as_stdin EXIT 0 ARGS summary - ${EX601} STDIN ${SRC}/${EX601}
  STDERR "pid7311.json was given more[ \n]+than once" NOT_STDOUT "2 files")
aoe_cli_test(NAME jobs_option EXIT 0 ARGS summary -j 1 data/three STDOUT "total  3 files")

# --- diff -------------------------------------------------------------------
aoe_cli_test(NAME diff_names_slower_operator_first EXIT 0 ARGS diff ${EX8} ${EXSLOWER}
  STDOUT "\nslower in NEW \\(1\\):\n[^\n]*\n  Conv_101 +Conv2D +243\\.579 +365\\.368 +\\+121\\.789 +\\+50\\.00%\n"
         "1 slower, 0 faster, 20 unchanged, 0 only in OLD, 0 only in NEW"
  NOT_STDOUT "writer's artefact")  # no row is within 1 µs: no note
aoe_cli_test(NAME diff_fail_above EXIT 1 ARGS diff --fail-above 10 ${EX8} ${EXSLOWER}
  STDOUT "FAILED" STDERR "gate \\(--fail-above 10\\): 1 operator slower by more than 10%: Conv_101 \\+50\\.00% — FAILED")
aoe_cli_test(NAME diff_fail_above_not_reached EXIT 0 ARGS diff --fail-above 60 ${EX8} ${EXSLOWER}
  STDOUT "passed")
aoe_cli_test(NAME diff_fail_above_total EXIT 0 ARGS diff --fail-above 10 --total ${EX8} ${EXSLOWER}
  STDOUT "total after-tune time \\+3\\.46% over the 21 operators in both, not more than 10% slower — passed")
aoe_cli_test(NAME diff_total_needs_fail_above EXIT 2 ARGS diff --total ${EX8} ${EXSLOWER}
  STDERR "fail-above")
aoe_cli_test(NAME diff_negative_limit EXIT 2 ARGS diff --fail-above -5 ${EX8} ${EXSLOWER})
aoe_cli_test(NAME diff_needs_two EXIT 2 ARGS diff ${EX8} STDERR "NEW is required")
aoe_cli_test(NAME diff_json EXIT 0 ARGS --format json diff ${EX8} ${EXSLOWER}
  STDOUT "\"schema_version\": 1" "\"regressions\": 1" "\"class\": \"regression\",\n *\"op_name\": \"Conv_101\"")
aoe_cli_test(NAME diff_csv EXIT 0 ARGS --format csv diff ${EX8} ${EXSLOWER}
  STDOUT "^class,op_name,mode,op_type,old_after_us,new_after_us,change_us,change_pct,"
         "\nregression,Conv_101,,Conv2D,243\\.579,365\\.3685,")
aoe_cli_test(NAME diff_markdown EXIT 0 ARGS --format markdown diff --per-mode ${EX8} ${EXSLOWER}
  STDOUT "\n\\| regression \\| Conv\\\\_101 \\| Schedule \\| Conv2D \\| 243\\.579 \\| 365\\.368 \\| \\+121\\.789 \\| \\+50\\.00% \\|")
aoe_cli_test(NAME diff_directories EXIT 0 ARGS diff data/three data/diff
  STDOUT "OLD  data/three  \\(3 files\\)" "unchanged \\(2\\)" "only in OLD \\(7\\)" "only in NEW \\(19\\)")
aoe_cli_test(NAME diff_old_from_stdin EXIT 0 ARGS diff - ${EXSLOWER} STDIN ${SRC}/${EX8}
  STDOUT "^OLD  <stdin>  \\(1 file\\)\n" "\nslower in NEW \\(1\\):\n[^\n]*\n  Conv_101 ")
aoe_cli_test(NAME diff_missing_side EXIT 3 ARGS diff ${EX8} data/nope.json
  STDERR "nothing to compare")
# NEW moved Conv_101 from the modified operators to the failed ones: failed
# in NEW, in every format, and it breaks any --fail-above; back again, it is
# fixed in NEW.
# A section of one run's operators leaves out the times it cannot have
# (no new time, no change for an operator only in OLD), at any width.
aoe_cli_test(NAME diff_one_run_sections_leave_out_empty_columns EXIT 0 ENV "COLUMNS=100"
  ARGS diff ${EX601} data/aoe_result_opat_20230315_094502113_pid20431.json
  STDOUT "\nonly in OLD \\(1\\):\n  operator  type    old after µs\n  MatMul    matmul         3\\.060\n"
         "\nonly in NEW \\(4\\):\n  operator +type +new after µs\n"
  NOT_STDOUT "–")
set(FAILEDNEW data/diff/failed_new.json)
aoe_cli_test(NAME diff_failed_in_new_breaks_gate EXIT 1 ARGS diff --fail-above 0 ${EX8} ${FAILEDNEW}
  STDOUT "\nfailed in NEW \\(tuned in OLD\\) \\(1\\):\n  operator  type    old after µs\n  Conv_101  Conv2D       243\\.579\n"
         "\n1 failed in NEW, 0 slower, 0 faster, 20 unchanged, 0 only in OLD, 0 only in NEW, 1 failed and tuned in neither run[;] total"
         "gate \\(--fail-above 0\\): 1 operator failed in NEW after being tuned in OLD — FAILED\n"
  NOT_STDOUT "only in OLD \\("
  STDERR "gate \\(--fail-above 0\\): 1 operator failed in NEW after being tuned in OLD \\(Conv_101\\) — FAILED")
aoe_cli_test(NAME diff_failed_in_new_breaks_total_gate EXIT 1
  ARGS diff --fail-above 50 --total ${EX8} ${FAILEDNEW}
  STDOUT "gate \\(--fail-above 50 --total\\): 1 operator failed in NEW after being tuned in OLD, total after-tune time 0\\.00% over the 20 operators in both, not more than 50% slower — FAILED")
aoe_cli_test(NAME diff_failed_in_new_json EXIT 0 ARGS --format json diff ${EX8} ${FAILEDNEW}
  STDOUT "\"failed_new\": 1," "\"fixed_new\": 0," "\"class\": \"failed-new\",\n *\"op_name\": \"Conv_101\"")
aoe_cli_test(NAME diff_failed_in_new_csv EXIT 0 ARGS --format csv diff ${EX8} ${FAILEDNEW}
  STDOUT "\nfailed-new,Conv_101,,Conv2D,243\\.579,,")
aoe_cli_test(NAME diff_failed_in_new_markdown EXIT 0 ARGS --format markdown diff ${EX8} ${FAILEDNEW}
  STDOUT "\n\\| failed-new \\| Conv\\\\_101 \\| Conv2D \\| 243\\.579 \\| – \\|" "\n1 failed in NEW, ")
# Names listed as failed that neither run tuned: listed last with the runs
# that list them, counted, and no part of the gate (res4a_branch1 is failed
# in both files; Transpose_140 only in NEW; Conv_101 failed in NEW after
# being tuned in OLD stays failed in NEW).
set(FAILEDUNTUNED data/diff/failed_untuned.json)
aoe_cli_test(NAME diff_failed_untuned_listed EXIT 0 ENV "COLUMNS=200"
  ARGS diff ${EX8} ${FAILEDUNTUNED}
  STDOUT "\nfailed, tuned in neither run \\(2\\):\n  operator       failed in\n  res4a_branch1  both\n  Transpose_140  NEW\n"
         "0 only in OLD, 0 only in NEW, 2 failed and tuned in neither run[;] total after-tune time"
         "\nfailed in NEW \\(tuned in OLD\\) \\(1\\):")
aoe_cli_test(NAME diff_failed_untuned_breaks_no_gate EXIT 0
  ARGS diff --fail-above 0 --per-mode ${FAILEDNEW} ${FAILEDUNTUNED}
  STDOUT "\nfailed, tuned in neither run \\(3\\):\n  operator       failed in\n  Conv_101       both\n  res4a_branch1  both\n  Transpose_140  NEW\n"
         "over the 21 operator modes in both"
         "gate \\(--fail-above 0\\): no operator mode slower by more than 0% — passed")
aoe_cli_test(NAME diff_failed_untuned_json EXIT 0 ARGS --format json diff ${EX8} ${FAILEDUNTUNED}
  STDOUT "\"failed_untuned\": 2,"
         "\"class\": \"failed-untuned\",\n *\"op_name\": \"Transpose_140\",\n *\"mode\": null,\n *\"op_type\": \\[\\],[^}]*\"old\": null,\n *\"new\": null,\n *\"old_failed\": false,\n *\"new_failed\": true\n")
aoe_cli_test(NAME diff_failed_untuned_csv EXIT 0 ARGS --format csv diff ${EX8} ${FAILEDUNTUNED}
  STDOUT "new_report,old_failed,new_failed\n"
         "\nfailed-new,Conv_101,,Conv2D,243\\.579,,,,false,1,0,[^,]*,[^,]*,,,false,true\n"
         "\nfailed-untuned,res4a_branch1,,,,,,,false,0,0,,,,,true,true\nfailed-untuned,Transpose_140,,,,,,,false,0,0,,,,,false,true\n$")
aoe_cli_test(NAME diff_failed_untuned_markdown EXIT 0 ARGS --format markdown diff ${EX8} ${FAILEDUNTUNED}
  STDOUT "\n\\| failed-untuned \\| Transpose\\\\_140 \\|  \\| – \\| failed \\| – \\| – \\|\n"
         ", 2 failed and tuned in neither run[;] total")
aoe_cli_test(NAME diff_fixed_in_new EXIT 0 ARGS diff --fail-above 0 ${FAILEDNEW} ${EX8}
  STDOUT "\nfixed in NEW \\(failed in OLD\\) \\(1\\):\n[^\n]*\n  Conv_101 "
         "0 slower, 0 faster, 1 fixed in NEW, 20 unchanged"
         "gate \\(--fail-above 0\\): no operator slower by more than 0% — passed")
# A gate that asked and got no answer fails: no operator in both runs.
set(DISJOINT_OLD data/aoe_result_opat_20240607_160233905_pid3312.json)
set(DISJOINT_NEW data/aoe_result_opat_20230315_094502113_pid20431.json)
aoe_cli_test(NAME diff_gate_nothing_to_judge EXIT 1 ARGS diff --fail-above 10 ${DISJOINT_OLD} ${DISJOINT_NEW}
  STDOUT "gate \\(--fail-above 10\\): no operator timed in both runs, so nothing was judged — FAILED"
  STDERR "gate \\(--fail-above 10\\): no operator timed in both runs, so nothing was judged — FAILED")
aoe_cli_test(NAME diff_no_gate_nothing_in_both EXIT 0 ARGS diff ${DISJOINT_OLD} ${DISJOINT_NEW}
  STDOUT "0 slower, 0 faster, 0 unchanged, 4 only in OLD, 4 only in NEW")
aoe_cli_test(NAME diff_help EXIT 0 ARGS diff --help STDOUT "--fail-above" "--per-mode" "Examples")

# --- retune -----------------------------------------------------------------
aoe_cli_test(NAME retune_8x_stdout EXIT 0 ARGS retune -o - ${EX8}
  STDOUT "^{\n  \"tune_ops_name\": \\[\n    \"res4a_branch1\"\n  \\]\n}\n$"
  STDERR "1 operator chosen \\(1 failed\\)" "aoe --tune_ops_file=")
aoe_cli_test(NAME retune_8x_file EXIT 0
  ARGS retune --force -o ${CMAKE_CURRENT_BINARY_DIR}/retune_cli_out.json ${EX8}
  STDOUT "written to [^\n]*retune_cli_out\\.json\nre-tune (it|them) with \\(plus your usual aoe options\\):\n  aoe --tune_ops_file=[^\n]*retune_cli_out\\.json\n")
# At 40 columns the prose wraps; the command stays one line to copy.
aoe_cli_test(NAME retune_command_never_wrapped EXIT 0 ENV COLUMNS=40
  ARGS retune --force -o ${CMAKE_CURRENT_BINARY_DIR}/retune_cli_out_narrow.json ${EX8}
  STDOUT "\nre-tune it with \\(plus your usual aoe\n  options\\):\n  aoe --tune_ops_file=[^\n ]*/retune_cli_out_narrow\\.json\n$")
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/retune_existing.json "keep\n")
aoe_cli_test(NAME retune_refuses_overwrite EXIT 2
  ARGS retune -o ${CMAKE_CURRENT_BINARY_DIR}/retune_existing.json ${EX8}
  STDERR "retune_existing\\.json exists; use --force")
aoe_cli_test(NAME retune_needs_output EXIT 2 ARGS retune ${EX8} STDERR "output")
aoe_cli_test(NAME retune_below_by_type EXIT 0 ARGS retune --below 2.5 --by-type -o - ${EX8}
  STDOUT "\"Conv_125\",\n    \"res4a_branch1\"\n  \\],\n  \"tune_ops_type\": \\[\n    \"Conv2D\"\n  \\]")

# --- locate -----------------------------------------------------------------
aoe_cli_test(NAME locate_tune_bank_path EXIT 0 ARGS locate
  ENV "TUNE_BANK_PATH=/opt/bank"
  STDOUT "\n  \\*  \\$TUNE_BANK_PATH +/opt/bank +(missing|exists)")
aoe_cli_test(NAME locate_fake_home EXIT 0 ARGS --wide locate
  ENV "HOME=${SRC}/data/fake_home" "TUNE_BANK_PATH=" "ASCEND_CACHE_PATH=" "ASCEND_WORK_PATH=${SRC}/data/three"
  STDOUT "\\*  \\$ASCEND_WORK_PATH +[^\n]*data/three +3 result files, newest aoe_result_opat_20240607_160233905_pid3312\\.json"
         "\\*  \\$HOME/Ascend/latest/data/aoe/custom/op +[^\n]*fake_home/Ascend/latest/data/aoe/custom/op +exists; soc versions: Ascend910B1")
# --soc, as bank names it, is --soc-version.
aoe_cli_test(NAME locate_soc_is_soc_version EXIT 0 ARGS --wide locate --soc Ascend910B1
  ENV "HOME=${SRC}/data/fake_home" "TUNE_BANK_PATH=" "ASCEND_CACHE_PATH="
  STDOUT "\\*  \\$HOME/Ascend/latest/data/aoe/custom/op +[^\n]*fake_home/Ascend/latest/data/aoe/custom/op/Ascend910B1 +exists")
aoe_cli_test(NAME locate_json EXIT 0 ARGS --format json locate ENV "TUNE_BANK_PATH=/opt/bank"
  STDOUT "\"source\": \"\\$TUNE_BANK_PATH\",\n *\"path\": \"/opt/bank\",\n *\"set\": true,\n *\"exists\": false,\n *\"in_use\": true")
aoe_cli_test(NAME locate_csv_refused EXIT 2 ARGS --format csv locate STDERR "does not write csv")
# diff on a narrow terminal keeps the operator and its change: the type
# goes first, then the times; an operator of one run keeps its one time.
aoe_cli_test(NAME diff_narrow_keeps_the_operator EXIT 0 ENV "COLUMNS=50"
  ARGS diff ${EX8} ${EXSLOWER}
  STDOUT "\n  operator  new after µs  change µs   change\n  Conv_101       365\\.368   \\+121\\.789  \\+50\\.00%\n"
  "\n  type, old after µs hidden at 50 columns; --wide\n  shows all\n"
  NOT_STDOUT "operator  type")
aoe_cli_test(NAME diff_narrow_one_side_keeps_its_time EXIT 0 ENV "COLUMNS=40"
  ARGS diff data/aoe_result_opat_20240607_160233905_pid3312.json data/aoe_result_opat_20230315_094502113_pid20431.json
  STDOUT "only in OLD \\(4\\):\n  operator       old after µs\n  softmax              99\\.000\n")
# An operator whose after-tune time in NEW is unusable (1e400): the gate
# says it was not judged, not "no operator slower" of every operator.
aoe_cli_test(NAME diff_gate_names_operators_not_judged EXIT 0
  ARGS diff --fail-above 10 data/aoe_result_opat_20240607_160233905_pid3312.json
       data/diff/after_time_unreadable.json
  STDOUT "\ngate \\(--fail-above 10\\): no operator slower by more than 10%, 1 operator not comparable \\(an after-tune time missing\\), not judged — passed\n"
  STDERR "after_time_unreadable.json:20:59: [^\n]*is the number 1e400, beyond the range of a double")
# A folder of other .json files names them (one may be the file meant), and
# hints at -r only when it has subdirectories.
aoe_cli_test(NAME dir_of_other_json_names_them EXIT 3 ARGS show data/other_json
  STDERR "no aoe_result_opat_\\*\\.json in directory data/other_json; it holds 1 other \\.json file \\(result\\.json\\): give one by its path to read it\n"
  NOT_STDERR "use -r")
aoe_cli_test(NAME dir_of_other_json_file_by_path EXIT 0 ARGS show data/other_json/result.json
  STDOUT "conv_b")
