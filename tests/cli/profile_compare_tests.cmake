# Command-line tests of profile --result (the cross-check), profile BEFORE
# AFTER (and its gates) and retune --from-profile, on tests/data/profile_compare
# (make_fixtures.py writes it).
set(PC data/profile_compare)
set(PC_RESULT ${PC}/aoe_result_opat_20240607_160233905_pid3312.json)
aoe_cli_test(NAME profile_cross_check EXIT 0 ARGS --wide profile --result ${PC_RESULT} ${PC}/after
  STDOUT "MatMul_18 +MatMulV2 +302\\.000 +240\\.000 +252\\.000 +\\+5\\.00% +23\\.71% +as tuned"
         "Conv_7_Relu_8 .*slower than AOE said" "not in the profile: MatMul \\(.*MatMul_18\\)")
aoe_cli_test(NAME profile_compare_no_steps_fails_p95 EXIT 1
  ARGS profile --min-gain 5 --p95-worse 2 ${PC}/before ${PC}/after
  STDOUT "gate \\(--min-gain 5\\): total device time -[0-9.]+%.* — passed"
  STDERR "gate \\(--p95-worse 2\\): no per-step times in either profile.* — FAILED")
# data/profile_after_na: profile_compare/after with softmax's rows N/A
# (durations not read), kept apart from profile_compare (read whole by
# other tests). Its time is in
# BEFORE's total only, so the totals do not compare: the total-time gates
# are not judged (FAILED), and its change is unknown (–, null), not -396.
aoe_cli_test(NAME profile_compare_timed_in_one_only_not_judged EXIT 1
  ARGS profile --min-gain 5 ${PC}/before data/profile_after_na
  STDOUT "\nsoftmax +SoftmaxV2 +132\\.000 +– +– +–\n"
  STDERR "gate \\(--min-gain 5\\): 1 operator in both profiles has durations in one and none read in the other \\(softmax\\), so the totals do not compare and no gain was judged — FAILED")
aoe_cli_test(NAME profile_compare_timed_in_one_only_json EXIT 1
  ARGS profile --fail-above 5 --format json ${PC}/before data/profile_after_na
  STDOUT "\"timed_calls\": 0,\n *\"total_us\": null," "\"mean_change_pct\": null,\n *\"total_change_us\": null"
         "\"verdict\": \"not-judged\"")
# Without a gate the totals line says they do not compare (the -20.43% is
# softmax's lost durations); JSON lists the operator.
aoe_cli_test(NAME profile_compare_timed_in_one_only_total_line EXIT 0
  ARGS profile ${PC}/before data/profile_after_na
  STDOUT "\ntotal device time: 3510\\.000 µs → 2793\\.000 µs \\(-20\\.43%; but 1 operator in both profiles has durations in one and none read in the other \\(softmax\\), so the totals do not compare\\)\n")
aoe_cli_test(NAME profile_compare_timed_in_one_only_listed_json EXIT 0
  ARGS profile --format json ${PC}/before data/profile_after_na
  STDOUT "\"timed_in_one_only\": \\[\n *\"softmax\"\n *\\]")
aoe_cli_test(NAME profile_compare_steps_gates_pass EXIT 0
  ARGS profile --min-gain 5 --p95-worse 2 ${PC}/steps_before ${PC}/steps_after
  STDOUT "P95 1176\\.000 → 1068\\.000 µs")
aoe_cli_test(NAME profile_compare_stale_cache EXIT 0
  ARGS profile --result ${PC_RESULT} ${PC}/before ${PC}/stale_after
  STDERR "every tuned operator found in both profiles \\(3\\) is unchanged")
aoe_cli_test(NAME profile_gate_needs_two EXIT 2 ARGS profile --fail-above 5 ${PC}/after
  STDERR "judge two profiles")
aoe_cli_test(NAME retune_from_profile EXIT 0
  ARGS retune --from-profile ${PC}/after --top 3 --result ${PC_RESULT} -o -
  STDOUT "\"tune_ops_name\": \\[\n +\"softmax\",\n +\"Transpose_9\"\n +\\]")
# HCCL, AI CPU and DMA tasks have no tiling policy: never chosen, and counted.
aoe_cli_test(NAME retune_from_profile_ai_core_only EXIT 0
  ARGS retune --from-profile ${PC}/after --top 3 -o -
  STDOUT "\"tune_ops_name\": \\[\n +\"Conv_7_Relu_8\",\n +\"MatMul_18\",\n +\"softmax\"\n +\\]"
  STDERR "1 left out as no AI Core work")
# --top 0 is every one, as in every command with --top (it was refused as
# below 1); the note then claims no limit.
aoe_cli_test(NAME retune_from_profile_top_0_every_one EXIT 0
  ARGS retune --from-profile ${PC}/after --top 0 -o -
  STDOUT "\"tune_ops_name\": \\[\n +\"Conv_7_Relu_8\",\n +\"MatMul_18\",\n +\"softmax\",\n +\"Conv_125\",\n +\"Transpose_9\"\n +\\]"
  STDERR "^5 operators chosen \\(by device time in [^,;]*/after; 1 left out"
  NOT_STDERR "at most")
# --sort orders one profile's table; the cross-check and the comparison
# have their own order, so a --sort there is refused, not ignored.
aoe_cli_test(NAME profile_sort_refused_with_result EXIT 2
  ARGS profile --sort mean --result ${PC_RESULT} ${PC}/after
  STDERR "--sort orders one profile's table; not with --result")
aoe_cli_test(NAME profile_sort_refused_comparing EXIT 2
  ARGS profile --sort calls ${PC}/before ${PC}/after
  STDERR "--sort orders one profile's table; not with BEFORE AFTER")

# At 60 columns the operators' names stay whole: the spare columns go
# first, and a line says which.
aoe_cli_test(NAME profile_narrow_keeps_names ENV "COLUMNS=60" EXIT 0 ARGS profile ${PC}/after
  STDOUT "\n  Conv_7_Relu_8 +3 +1356\\.000 +452\\.000 +42\\.52%\n"
         "\n  type, task type, median µs, P95 µs hidden at 60 columns;\n  --wide shows all\n"
  NOT_STDOUT "…")
aoe_cli_test(NAME profile_cross_check_narrow_keeps_names ENV "COLUMNS=60" EXIT 0
  ARGS profile --result ${PC_RESULT} ${PC}/after
  STDOUT "\nConv_7_Relu_8 +\\+18\\.95% +slower than AOE said\n"
         "^cross-check of 4 tuned operators \\(1 result file\\) with\n"
  NOT_STDOUT "…")
# The table says its order, signs every change, and has a presence column
# only when an operator was added or removed.
aoe_cli_test(NAME profile_compare_says_order_and_signs EXIT 0 ARGS --wide profile ${PC}/before ${PC}/after
  STDOUT "\n7 operators by total change µs, the largest either way first:\noperator "
         "\nTranspose_9 +TransposeD +– +5\\.000 +– +– +15\\.000 +\\+15\\.000 +added\n"
         "\nCast_3 +Cast .* -36\\.000 +removed\n")
aoe_cli_test(NAME profile_compare_no_presence_when_all_in_both EXIT 0
  ARGS --wide profile ../docs/examples/profile/before ../docs/examples/profile/after
  STDOUT "total change µs\n" "\\+13\\.691\n"
  NOT_STDOUT "presence")
aoe_cli_test(NAME profile_compare_says_the_signs_of_both_tables EXIT 0
  ARGS profile --result ${PC_RESULT} ${PC}/before ${PC}/after
  STDOUT "Change is of the mean, \\(after − before\\) / before × 100: \\+ is slower")
aoe_cli_test(NAME profile_compare_narrow_keeps_names ENV "COLUMNS=60" EXIT 0
  ARGS profile ${PC}/before ${PC}/after
  STDOUT "\nallreduce_grad_0 +150\\.000 +150\\.000 +\\+0\\.00%\n"
  NOT_STDOUT "…")
# The same profile as BEFORE and AFTER: compared (all 0), with a warning.
aoe_cli_test(NAME profile_compare_same_profile_warned EXIT 0
  ARGS profile data/profile_compare/before data/profile_compare/before/
  STDERR "warning: BEFORE and AFTER are the same profile \\(data/profile_compare/before\\): every change is 0")
# retune --from-profile reads the profile as `profile` does: its rows not
# read are said alike ("(invalid-csv)"), and a folder that pools two
# collections is warned about.
aoe_cli_test(NAME retune_from_profile_says_rows_as_profile_does EXIT 0
  ARGS retune --from-profile data/profile/bad_rows.csv -o -
  STDERR "warning: data/profile/bad_rows\\.csv:3: row not read: 3 fields where the header \\(line 1\\) has 4 \\(invalid-csv\\)"
  NOT_STDERR "\\[invalid-csv\\]")
aoe_cli_test(NAME retune_from_profile_pooled_runs_warned EXIT 0
  ARGS retune --from-profile data/profile_compare -o -
  STDERR "device 0 is in 3 profiling runs read as one profile")
# A name that is not UTF-8 goes to the file with U+FFFD: said, as AOE will
# not find that node.
aoe_cli_test(NAME retune_from_profile_not_utf8_name_warned EXIT 0
  ARGS retune --from-profile data/profile/not_utf8_name.csv -o -
  STDOUT "\"Mat�Mul\"" "\"Conv\""
  STDERR "warning: data/profile/not_utf8_name\\.csv: 1 operator name is not valid UTF-8 \\(the first: Mat\\\\xffMul\\); written with U\\+FFFD")
# Without --from-profile retune chooses every failed (and weak) operator;
# --top there is refused for what it is, not for its value.
aoe_cli_test(NAME retune_top_0_needs_from_profile EXIT 2
  ARGS retune --top 0 -o - ${PC_RESULT}
  STDERR "^aoe-result: error: --top requires --from-profile\n")
