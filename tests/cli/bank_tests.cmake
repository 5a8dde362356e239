# Command-line tests of `bank` and `bank check` on the example repositories
# (docs/examples/repository: before and after a tuning) and tests/data/bank.
set(REPO ../docs/examples/repository)
set(BANKDATA data/bank)
set(SRC ${CMAKE_CURRENT_SOURCE_DIR})

aoe_cli_test(NAME bank_list_after EXIT 0 ARGS bank --wide ${REPO}/after
  STDOUT "in \\.\\./docs/examples/repository/after/custom/\n"
         "\nop/Ascend910B3/unified_bank/\nfile +soc +cores"
         "\nAscend910B3_20_AiCore_MatMulV2_runtime_kb\\.json +Ascend910B3 +20 +MatMulV2 +4 +4 +0 +1\\.8 KiB +–"
         "\ngraph/Ascend910B3/\nfile +soc +cores"
         "\nAscend910B3_gradient_fusion\\.json +Ascend910B3 +– +\\(gradient fusion\\) +1 +– +– +433 B"
         "4 files: 3 runtime_kb \\(6 records, 6 distinct shapes\\), 1 gradient fusion \\(1 model entry\\); 3\\.1 KiB")
# `bank list` is `bank`: "list" is the subcommand, never a path.
aoe_cli_test(NAME bank_list_word_is_bank EXIT 0 ARGS bank list --wide --op MatMulV2 ${REPO}/after
  STDOUT "unified_bank/Ascend910B3_20_AiCore_MatMulV2_runtime_kb\\.json:1  op MatMulV2  id 433025536"
  NOT_STDERR "list: the file does not exist")
aoe_cli_test(NAME bank_list_narrow_says_what_it_hides EXIT 0 ARGS bank ${REPO}/after ENV COLUMNS=60
  STDOUT "hidden at 60 columns; --wide[ \n]shows all" "\nAscend910B3  Conv2DBackpropInput  "
         # FILE left out, each row is still under its folder
         "\ngraph/Ascend910B3/\nsoc +op type" "\nop/Ascend910B3/unified_bank/\nsoc +op type")
aoe_cli_test(NAME bank_where EXIT 0 ARGS bank --where m=512 --where n=1024 ${REPO}/after
  STDOUT "MatMulV2_runtime_kb\\.json:1  op MatMulV2  id 433025536  version 0\n"
         "  knowledge  usedCoreNum=20  singleCoreM=128"
         "1 of 6 records match --where m=512 --where n=1024")
aoe_cli_test(NAME bank_where_by_value EXIT 0 ARGS bank --where aub_double_num=1 ${REPO}/after
  STDOUT "4 of 6 records match --where aub_double_num=1")
aoe_cli_test(NAME bank_op EXIT 0 ARGS bank --op Conv2D ${REPO}/after
  STDOUT "2 of 6 records match --op Conv2D")
aoe_cli_test(NAME bank_where_needs_pair EXIT 2 ARGS bank --where m ${REPO}/after
  STDERR "--where takes KEY=VALUE")
aoe_cli_test(NAME bank_jsonl EXIT 0 ARGS --format jsonl bank --op MatMulV2 ${REPO}/before
  STDOUT "\"line\":1,\"soc\":\"Ascend910B3\",\"op\":\"MatMulV2\",\"id\":433025536,\"version\":0,\"info_dict\":\\{\"a_dtype\": 1,"
         "\"aub_double_num\": 1\\.0\\}")
aoe_cli_test(NAME bank_csv_union_of_keys EXIT 0 ARGS --format csv bank ${BANKDATA}/repo/Ascend910B1/unified_bank/Ascend910B1_20_AiCore_MatMulV2_runtime_kb.json
  STDOUT "^file,line,soc,op,id,version,info_dict\\.m,info_dict\\.k,info_dict\\.n,info_dict\\.a_dtype,info_dict\\.trans_a_flag,info_dict\\.bias,knowledge\\.baseM,knowledge\\.baseN,knowledge\\.baseK,knowledge\\.stepM,knowledge\\.usedCoreNum,knowledge\\.dbL0A,knowledge\\.usedCoreNum ,knowledge\\.usedCroeNum\n"
         ",3,Ascend910B1,MatMul,18446744073709551615,2,16,32,64,float16,true,-1\\.5,16,64,32,,,2,1,\n")
aoe_cli_test(NAME bank_no_path_tune_bank_path EXIT 0 ARGS bank --soc Ascend910B3
  ENV "TUNE_BANK_PATH=${SRC}/../docs/examples/repository/after/custom/op"
  STDOUT "3 files: 3 runtime_kb \\(6 records"
  STDERR "reading [^\n]*custom/op/Ascend910B3 \\(the custom repository, \\$TUNE_BANK_PATH, SoC Ascend910B3\\)")
# --soc-version, as locate and AOE name it, is --soc.
aoe_cli_test(NAME bank_soc_version_is_soc EXIT 0 ARGS bank --soc-version Ascend910B3
  ENV "TUNE_BANK_PATH=${SRC}/../docs/examples/repository/after/custom/op"
  STDOUT "3 files: 3 runtime_kb \\(6 records"
  STDERR "reading [^\n]*custom/op/Ascend910B3 \\(the custom repository, \\$TUNE_BANK_PATH, SoC Ascend910B3\\)")
aoe_cli_test(NAME bank_no_path_home EXIT 0 ARGS bank
  ENV "TUNE_BANK_PATH=" "ASCEND_CACHE_PATH=" "HOME=${SRC}/data/bank/home"
  STDOUT "1 file: 1 runtime_kb \\(4 records, 4 distinct shapes\\)"
  STDERR "\\(the custom repository, \\$HOME/Ascend/cann/data/aoe/custom/op\\)")
aoe_cli_test(NAME bank_no_path_nothing EXIT 3 ARGS bank
  ENV "TUNE_BANK_PATH=" "ASCEND_CACHE_PATH=" "HOME=${SRC}/data/fake_home"
  STDERR "no \\*_runtime_kb\\.json in directory [^\n]*fake_home/Ascend/latest/data/aoe/custom/op")
aoe_cli_test(NAME bank_no_path_no_place EXIT 3 ARGS bank
  ENV "TUNE_BANK_PATH=" "ASCEND_CACHE_PATH=" "HOME=/nonexistent"
  STDERR "no path given and no custom repository found in /nonexistent/Ascend/latest/data/aoe/custom/op, /nonexistent/Ascend/cann/data/aoe/custom/op \\(set TUNE_BANK_PATH")
aoe_cli_test(NAME bank_tune_bank_path_not_a_folder EXIT 3 ARGS bank
  ENV "TUNE_BANK_PATH=/nonexistent/bank" "ASCEND_CACHE_PATH=/tmp" "HOME=${SRC}/data/bank/home"
  STDERR "no path given, and TUNE_BANK_PATH is set: AOE would use /nonexistent/bank, which is not a folder \\(name a file or folder\\)"
  NOT_STDERR "Ascend/cann" "aoe_data")
aoe_cli_test(NAME bank_cache_path_not_a_folder EXIT 3 ARGS bank --soc Ascend910B1
  ENV "TUNE_BANK_PATH=" "ASCEND_CACHE_PATH=/nonexistent/cache" "HOME=${SRC}/data/bank/home"
  STDERR "ASCEND_CACHE_PATH is set: AOE would use /nonexistent/cache/aoe_data/Ascend910B1, which is not a folder \\(name a file or folder, or drop --soc\\)")
aoe_cli_test(NAME bank_check_says_place EXIT 0 ARGS bank check --soc Ascend910B3
  ENV "TUNE_BANK_PATH=${SRC}/../docs/examples/repository/after/custom/op"
  STDOUT "checked 3 files"
  STDERR "reading [^\n]*custom/op/Ascend910B3 \\(the custom repository, \\$TUNE_BANK_PATH, SoC Ascend910B3\\)")
aoe_cli_test(NAME bank_built_in_needs_opp_path EXIT 3 ARGS bank --built-in ENV "ASCEND_OPP_PATH="
  STDERR "ASCEND_OPP_PATH is not set")
# A file not opened: its size is not known ("–", null), not 0 B; its name
# is not judged (it is no file of the bank).
aoe_cli_test(NAME bank_missing_file EXIT 3 ARGS bank data/bank/nope_runtime_kb.json
  STDOUT "nope_runtime_kb\\.json +– +– +– +– +– +– +not read: the file does not exist"
         "1 file: 1 not read\n"
  NOT_STDOUT "0 B"
  STDERR "nope_runtime_kb\\.json: the file does not exist \\(io-error\\)")
aoe_cli_test(NAME bank_missing_file_json_nulls EXIT 3
  ARGS --format json bank data/bank/nope_runtime_kb.json
  STDOUT "\"size_bytes\": null,\n +\"lines\": null,\n +\"byte_order_mark\": null,\n +\"crlf\": null,\n +\"final_newline\": null"
         "\"unreadable_files\": 1" "\"size_bytes\": null\n")
aoe_cli_test(NAME bank_check_missing_file_name_not_judged EXIT 3
  ARGS bank check data/bank/nope_runtime_kb.json
  STDOUT "the file does not exist \\[io-error\\]" NOT_STDOUT "bank-file-name")

aoe_cli_test(NAME bank_check_examples_pass EXIT 0 ARGS bank check ${REPO}
  STDOUT "^checked 8 files, 13 records \\(every rule\\): no findings\n$")
aoe_cli_test(NAME bank_check_findings EXIT 1 ARGS bank check ${BANKDATA}/check
  STDOUT "MatMulV2_runtime_kb\\.json:2:89: error: line 2 is not JSON: [^\n]*\\(the other lines are read on\\) \\[invalid-json\\]"
         "MatMulV2_runtime_kb\\.json:3: error: the info_dict of line 1 again with other knowledge \\(baseM 64 → 128\\)[^\n]*\\[bank-conflict\\]"
         "MatMulV2_runtime_kb\\.json:5: warning: the record repeats line 4[^\n]*\\[bank-duplicate\\]"
         "MatMulV2_runtime_kb\\.json:6: warning: op 'Conv2D' in the file of MatMulV2 \\[bank-op-mismatch\\]"
         "MatMulV2_runtime_kb\\.json:7: error: the record has no \"knowledge\" object[^\n]*\\[bank-missing-key\\]"
         "MatMulV2_runtime_kb\\.json:8:1: error: the last record ends before its closing '}'[^\n]*\\[truncated\\]"
         "checked 1 file, 6 records \\(every rule\\): 4 errors, 2 warnings, 0 info: FAILED")
aoe_cli_test(NAME bank_check_file_name_warning EXIT 0 ARGS bank check ${BANKDATA}/pretty
  STDOUT "my_bank_runtime_kb\\.json: warning: the name is not [^\n]*\\[bank-file-name\\]"
         "checked 2 files, 2 records \\(every rule\\): 0 errors, 1 warning, 0 info: passed with warnings")
aoe_cli_test(NAME bank_check_strict EXIT 1 ARGS bank check --strict ${BANKDATA}/pretty
  STDOUT "FAILED")
aoe_cli_test(NAME bank_check_github EXIT 1 ARGS --format github bank check ${BANKDATA}/check
  STDOUT "::error file=data/bank/check/Ascend310P3_8_AiCore_MatMulV2_runtime_kb\\.json,line=3,title=bank-conflict::")
aoe_cli_test(NAME bank_check_empty_folder_is_no_pass EXIT 3 ARGS bank check data/fake_home
  STDOUT "no \\*_runtime_kb\\.json in directory data/fake_home \\[no-result-file\\]" "FAILED")
# A check of nothing is no pass: files that hold no record (an empty bank,
# an empty standard input) are bank-empty, exit 1; beside a file with
# records an empty one is no finding (bank_check_examples_pass).
aoe_cli_test(NAME bank_check_only_an_empty_bank_is_no_pass EXIT 1
  ARGS bank check data/bank/repo/Ascend910B1/unified_bank/Ascend910B1_20_AiCore_Conv3D_runtime_kb.json
  STDOUT "holds no record: nothing was checked \\(an empty bank\\) \\[bank-empty\\]" "FAILED")
aoe_cli_test(NAME bank_check_empty_stdin_is_no_pass EXIT 1 ARGS bank check - STDIN /dev/null
  STDOUT "<stdin>: error: the file holds no record[^\n]*\\[bank-empty\\]")
aoe_cli_test(NAME bank_check_other_json_is_unusable EXIT 3 ARGS bank check data/bad/other_shape.json
  STDOUT "not a repository file: no line is a record[^\n]*\\[not-aoe-result\\]")

# bank diff and bank merge, on the example repository (docs/examples/repository:
# MatMulV2 has one record added and one changed, baseM 128 → 256) and on
# tests/data/bank/diff and tests/data/bank/merge.
set(BANK_BEFORE ../docs/examples/repository/before)
set(BANK_AFTER ../docs/examples/repository/after)
set(BANK_MM Ascend910B1_20_AiCore_MatMulV2_runtime_kb.json)
set(BANK_MERGE data/bank/merge)

aoe_cli_test(NAME bank_diff_example EXIT 0 ARGS --wide bank diff ${BANK_BEFORE} ${BANK_AFTER}
  STDOUT "\nin   custom/\n"
         "op/Ascend910B3/unified_bank/Ascend910B3_20_AiCore_MatMulV2_runtime_kb\\.json +MatMulV2 +3 +4 +1 +0 +1 +2 +–\n"
         "Ascend910B3_20_AiCore_Conv2D_runtime_kb\\.json +Conv2D +2 +2 +0 +0 +0 +2 +–\n"
         "graph/Ascend910B3/Ascend910B3_gradient_fusion\\.json +\\(gradient fusion\\) +1 +1 +– +– +– +– +same bytes\n"
         "changed records\ncustom/op/Ascend910B3/unified_bank/Ascend910B3_20_AiCore_MatMulV2_runtime_kb\\.json  line 2 → 2\n  baseM 128 → 256\n  info_dict  a_dtype=1"
         "\n4 files \\(4 compared\\): 1 record added, 0 removed, 1 changed, 4 unchanged\n$")
aoe_cli_test(NAME bank_diff_fixtures EXIT 0 ARGS bank diff data/bank/diff/old data/bank/diff/new
  STDOUT "Conv2D_runtime_kb\\.json +Conv2D +1 +1 +1 +1 +3 notes on stderr"
         "Conv3D_runtime_kb\\.json +Conv3D +2 +0 +0 +0 +only in new"
         "FFN_runtime_kb\\.json +FFN +0 +1 +0 +0 +only in old"
         "line 1 → 2\n  a 1 → 5  dbL0A – → 2\n"
         "3 files \\(1 compared, 1 only in old, 1 only in new\\): 3 records added, 2 removed, 1 changed, 1\nunchanged"
  STDERR "old/Ascend910B1/unified_bank/Ascend910B1_20_AiCore_Conv2D_runtime_kb\\.json:4: the info_dict of line 1 again with other knowledge in the old side.*\\(bank-conflict\\)"
         "new/Ascend910B1/unified_bank/Ascend910B1_20_AiCore_Conv2D_runtime_kb\\.json:4: the record repeats line 3 of the new side"
         "Conv2D_runtime_kb\\.json:5:1: .*\\(truncated\\)")
aoe_cli_test(NAME bank_diff_result EXIT 0
  ARGS bank diff ${BANK_BEFORE} ${BANK_AFTER} --result data/aoe_result_opat_20230315_094502113_pid20431.json
       --result data/aoe_result_opat_20240607_160233905_pid3312.json
  STDOUT "result files: repo_add_num 6, repo_update_num 3 \\(summed over 2 reports with a repo_summary, of 2\nreports in 2 files\\) beside 1 record added and 1 changed here: a loose cross-check")
# --result takes one file each time: before OLD NEW it does not swallow them.
aoe_cli_test(NAME bank_diff_result_first EXIT 0
  ARGS bank diff --result data/aoe_result_opat_20230315_094502113_pid20431.json
       ${BANK_BEFORE} ${BANK_AFTER}
  STDOUT "result files: repo_add_num [0-9]+, repo_update_num [0-9]+ \\(summed over 1 report")
aoe_cli_test(NAME bank_diff_json EXIT 0 ARGS --format json bank diff ${BANK_BEFORE} ${BANK_AFTER}
  STDOUT "\"change\": \"changed\",\n *\"old_line\": 2,\n *\"new_line\": 2,"
         "\"changes\": \\[\n *\"baseM 128 → 256\"\n *\\]"
         "\"totals\": {\n *\"files\": 4,\n *\"compared\": 4,\n *\"only_old\": 0,\n *\"only_new\": 0,\n *\"unreadable\": 0,\n *\"old_records\": 5,\n *\"new_records\": 6,\n *\"added\": 1,\n *\"removed\": 0,\n *\"changed\": 1,\n *\"unchanged\": 4"
         "\"result_check\": null")
aoe_cli_test(NAME bank_diff_csv EXIT 0 ARGS --format csv bank diff data/bank/diff/old data/bank/diff/new
  STDOUT "^change,file,op_type,old_line,new_line,op,info_dict,knowledge,changes\n"
         "\nchanged,Ascend910B1/unified_bank/Ascend910B1_20_AiCore_Conv2D_runtime_kb\\.json,Conv2D,1,2,Conv2D,\"{\"\"m\"\": 1, \"\"n\"\": 8}\",\"{\"\"a\"\": 5, \"\"b\"\": 2, \"\"dbL0A\"\": 2}\",a 1 → 5; dbL0A – → 2\n"
         "\nadded,Ascend910B1/unified_bank/Ascend910B1_20_AiCore_Conv2D_runtime_kb\\.json,Conv2D,,3,"
         "\nremoved,Ascend910B1/unified_bank/Ascend910B1_20_AiCore_Conv2D_runtime_kb\\.json,Conv2D,2,,"
         "\nadded,Ascend910B1/unified_bank/Ascend910B1_20_AiCore_Conv3D_runtime_kb\\.json,Conv3D,,2,"
         "\nremoved,Ascend910B1/unified_bank/Ascend910B1_20_AiCore_FFN_runtime_kb\\.json,FFN,1,,")
aoe_cli_test(NAME bank_diff_markdown EXIT 0 ARGS --format markdown bank diff ${BANK_BEFORE} ${BANK_AFTER}
  STDOUT "\\| MatMulV2 \\| 3 \\| 4 \\| 1 \\| 0 \\| 1 \\| 2 \\| – \\|"
         "\\*\\*Changed records\\*\\*" "\\| line 2 → 2 \\| baseM 128 → 256 \\|")
aoe_cli_test(NAME bank_diff_two_files EXIT 0
  ARGS bank diff ${BANK_MERGE}/a/${BANK_MM} ${BANK_MERGE}/conflict/${BANK_MM}
  STDOUT "\n1 file \\(1 compared\\): 1 record added, 1 removed, 1 changed, 0 unchanged\n$"
         "line 1 → 2\n  baseM 128 → 256\n")
aoe_cli_test(NAME bank_diff_missing_side EXIT 3 ARGS bank diff data/bank/diff/nowhere data/bank/diff/new
  STDOUT "nothing compared: a side could not be read"
  STDERR "data/bank/diff/nowhere: no such file or folder \\(io-error\\)")
aoe_cli_test(NAME bank_diff_unreadable_result EXIT 3
  ARGS bank diff ${BANK_BEFORE} ${BANK_AFTER} --result data/no_such_result.json
  STDOUT "repo_add_num not read, repo_update_num not read" STDERR "no_such_result\\.json")
aoe_cli_test(NAME bank_diff_nothing_on_either_side EXIT 3 ARGS bank diff data/three ../docs/examples/log
  STDOUT "nothing compared: no repository file on either side"
  STDERR "no repository file \\(\\*_runtime_kb\\.json, \\*_gradient_fusion\\.json\\) in data/three or \\.\\./docs/examples/log")
aoe_cli_test(NAME bank_diff_jsonl EXIT 2 ARGS --format jsonl bank diff ${BANK_BEFORE} ${BANK_AFTER}
  STDERR "'bank diff' does not write jsonl; it writes text, json, markdown, csv")
aoe_cli_test(NAME bank_diff_one_path EXIT 2 ARGS bank diff ${BANK_BEFORE} STDERR "NEW is required")
aoe_cli_test(NAME bank_diff_stdin EXIT 2 ARGS bank diff - ${BANK_AFTER} STDERR "not standard input")
aoe_cli_test(NAME bank_diff_help EXIT 0 ARGS bank diff --help
  STDOUT "--result RESULT" "Exit status: 0 compared \\(a diff is not a gate\\)" "Examples:")

# merge: written, then read back by bank check and compared with A.
file(MAKE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/bank_merged)
set(BANK_OUT ${CMAKE_CURRENT_BINARY_DIR}/bank_merged/${BANK_MM})
aoe_cli_test(NAME bank_merge EXIT 0
  ARGS bank merge ${BANK_MERGE}/a/${BANK_MM} ${BANK_MERGE}/b/${BANK_MM} -o ${BANK_OUT} --force
  STDOUT "^wrote .*bank_merged/Ascend910B1_20_AiCore_MatMulV2_runtime_kb\\.json \\(3 records: 2 from A, 1 only in B\\)\n$"
  NOT_STDERR "warning")
set_tests_properties(cli.bank_merge PROPERTIES FIXTURES_SETUP bank_merged)
aoe_cli_test(NAME bank_merge_reads_back EXIT 0 ARGS bank check ${BANK_OUT} FIXTURES bank_merged
  STDOUT "checked 1 file, 3 records")
aoe_cli_test(NAME bank_merge_adds_b EXIT 0 ARGS bank diff ${BANK_MERGE}/a/${BANK_MM} ${BANK_OUT}
  FIXTURES bank_merged
  STDOUT "1 file \\(1 compared\\): 1 record added, 0 removed, 0 changed, 2 unchanged")
aoe_cli_test(NAME bank_merge_exists EXIT 2
  ARGS bank merge ${BANK_MERGE}/a/${BANK_MM} ${BANK_MERGE}/b/${BANK_MM} -o ${BANK_MERGE}/b/${BANK_MM}
  STDERR "exists; use --force to overwrite it")
set(BANK_NOT ${CMAKE_CURRENT_BINARY_DIR}/bank_not_merged.json)
file(REMOVE ${BANK_NOT})
aoe_cli_test(NAME bank_merge_conflict EXIT 1
  ARGS bank merge ${BANK_MERGE}/a/${BANK_MM} ${BANK_MERGE}/conflict/${BANK_MM} -o ${BANK_NOT}
  STDERR "merge/a/Ascend910B1_20_AiCore_MatMulV2_runtime_kb\\.json:1 and .*merge/conflict/Ascend910B1_20_AiCore_MatMulV2_runtime_kb\\.json:2: one info_dict, other knowledge \\(baseM 128 → 256\\)"
         "1 conflict; .*bank_not_merged\\.json not written \\(--prefer a\\|b settles them\\)")
set_tests_properties(cli.bank_merge_conflict PROPERTIES FIXTURES_SETUP bank_not_merged)
aoe_cli_test(NAME bank_merge_conflict_left_nothing EXIT 3 ARGS bank check ${BANK_NOT}
  FIXTURES bank_not_merged STDOUT "bank_not_merged\\.json: error: the file does not exist")
aoe_cli_test(NAME bank_merge_prefer_b EXIT 0
  ARGS bank merge --prefer b ${BANK_MERGE}/a/${BANK_MM} ${BANK_MERGE}/conflict/${BANK_MM}
       -o ${CMAKE_CURRENT_BINARY_DIR}/bank_prefer_b.json --force
  STDOUT "\\(3 records: 2 from A, 1 only in B, 1 of A's with B's knowledge\\)"
  STDERR "took the second"
         "warning: .*bank_prefer_b\\.json: not a runtime_kb file name \\(<soc>_<cores>_AiCore_<OpType>_runtime_kb\\.json\\): the runtime will not load it until it is renamed")
aoe_cli_test(NAME bank_merge_out_other_type EXIT 0
  ARGS bank merge ${BANK_MERGE}/a/${BANK_MM} ${BANK_MERGE}/b/${BANK_MM}
       -o ${CMAKE_CURRENT_BINARY_DIR}/bank_merged/Ascend910B1_20_AiCore_Conv2D_runtime_kb.json --force
  STDERR "warning: .*Conv2D_runtime_kb\\.json: the name says op type Conv2D, the records are MatMulV2's")
aoe_cli_test(NAME bank_merge_two_types EXIT 2
  ARGS bank merge ${BANK_MERGE}/a/${BANK_MM} ${BANK_MERGE}/other/Ascend910B1_20_AiCore_Conv2D_runtime_kb.json
       -o ${CMAKE_CURRENT_BINARY_DIR}/bank_two_types.json
  STDERR "two runtime_kb files of one op type: .*is op type MatMulV2, .*is op type Conv2D")
aoe_cli_test(NAME bank_merge_missing_input EXIT 3
  ARGS bank merge ${BANK_MERGE}/a/${BANK_MM} data/bank/merge/none_${BANK_MM} -o ${CMAKE_CURRENT_BINARY_DIR}/bank_none.json
  STDERR "none_Ascend910B1_20_AiCore_MatMulV2_runtime_kb\\.json: the file does not exist \\(io-error\\)" "not written")
aoe_cli_test(NAME bank_merge_bad_line EXIT 1
  ARGS bank merge ${BANK_MERGE}/a/${BANK_MM} ${BANK_MERGE}/bad/${BANK_MM} -o ${CMAKE_CURRENT_BINARY_DIR}/bank_bad.json
  STDERR "bad/Ascend910B1_20_AiCore_MatMulV2_runtime_kb\\.json:2:[0-9]+: .*\\(invalid-json\\)"
         "a line of A or B is no record and would be lost; .*bank_bad\\.json not written")
aoe_cli_test(NAME bank_merge_prefer_bad EXIT 2
  ARGS bank merge --prefer c ${BANK_MERGE}/a/${BANK_MM} ${BANK_MERGE}/b/${BANK_MM} -o x.json
  STDERR "--prefer: 'c' is not one of a, b")
aoe_cli_test(NAME bank_merge_stdout EXIT 2
  ARGS bank merge ${BANK_MERGE}/a/${BANK_MM} ${BANK_MERGE}/b/${BANK_MM} -o -
  STDERR "-o takes a file, not -")

# Strings from the files (keys, values, op) never reach the terminal raw.
set(BANK_ESC data/bank/diff/escape)
aoe_cli_test(NAME bank_diff_text_escapes EXIT 0 ARGS bank diff ${BANK_ESC}/old ${BANK_ESC}/new
  STDOUT "\n  note.x1b.31m \"a\" → \"b.u009b\"\n  info_dict  m=1  tag=\".u001b.2J.u0007\"\n" TERMINAL_SAFE)
aoe_cli_test(NAME bank_diff_markdown_escapes EXIT 0 ARGS --format markdown bank diff ${BANK_ESC}/old ${BANK_ESC}/new
  STDOUT "Changed records" TERMINAL_SAFE)
aoe_cli_test(NAME bank_diff_json_escapes EXIT 0 ARGS --format json bank diff ${BANK_ESC}/old ${BANK_ESC}/new
  STDOUT "\"op\": \"MatMulV2.u001b.0.x.u0007\"" TERMINAL_SAFE)
aoe_cli_test(NAME bank_check_refuses_bank_options EXIT 2 ARGS bank check --op MatMulV2 ${REPO}/after
  STDERR "^aoe-result: error: 'bank check' does not take --op \\(an option of 'bank' only: aoe-result bank --op \\.\\.\\.\\)\nRun 'aoe-result bank check --help' for usage\\.\n$")
aoe_cli_test(NAME bank_check_stdin_has_no_name_to_judge EXIT 0 ARGS bank check --strict -
  STDIN ${SRC}/data/bank/repo/Ascend910_9382/unified_bank/Ascend910_9382_32_AiCore_QuantBatchMatmulV3_runtime_kb.json
  STDOUT "checked 1 file, 1 record \\(every rule, --strict\\): no findings")
# A garbage file named like a repository file: ten lines named of each kind
# of problem, the rest counted; the problems cell says why in a few words.
aoe_cli_test(NAME bank_garbage_is_short EXIT 3 ARGS bank --wide data/garbage_bank
  STDOUT "garbage_1_AiCore_X_runtime_kb\\.json +garbage +1 +X +– +– +– +220 B +not read: no record in 26 lines\n"
  STDERR "runtime_kb\\.json:10:1: line 10 is not JSON"
         "runtime_kb\\.json:24:1: a record is a JSON object; the line holds a number \\(invalid-value\\)\n"
         "[^\n]*runtime_kb\\.json: 4 more lines are not JSON \\(14 in all; the first 10 are named above\\) \\(invalid-json\\)\n"
         "[^\n]*runtime_kb\\.json: 2 more lines are not a JSON object \\(12 in all; the first 10 are named above\\) \\(invalid-value\\)\n$")

# A subcommand's help ends with the program's global options, not its
# parent's (bank merge refuses bank's --where; bank check has its own --soc).
# (CLI11 2.7 lists the options a command may take from its parents among its
# own, under no heading of ours: nothing then to check but --format.)
aoe_cli_test(NAME bank_merge_help_lists_the_global_options EXIT 0 ARGS bank merge --help
  STDOUT "\n +--format FORMAT "
  NOT_STDOUT "Global options[^\n]*\n(  [^\n]*\n)*  (-r,)?--(where|built-in|recursive)")
aoe_cli_test(NAME bank_check_help_lists_each_option_once EXIT 0 ARGS bank check --help
  STDOUT "\n +--format FORMAT "
  NOT_STDOUT "Global options[^\n]*\n(  [^\n]*\n)*  --(soc|built-in)")
# A path past the two bank merge or bank diff take fell through to bank's
# own PATH... and was never read (exit 0): refused, the subcommand's help named.
aoe_cli_test(NAME bank_merge_refuses_a_third_path EXIT 2
  ARGS bank merge ${BANK_MERGE}/a/${BANK_MM} ${BANK_MERGE}/b/${BANK_MM} zzz -o ${CMAKE_CURRENT_BINARY_DIR}/bank_merge_third.json
  STDERR "^aoe-result: error: 'bank merge' takes two files \\(A B\\); 'zzz' is one too many\nRun 'aoe-result bank merge --help' for usage\\.\n$")
aoe_cli_test(NAME bank_diff_refuses_a_third_path EXIT 2
  ARGS bank diff ${BANK_MERGE}/a/${BANK_MM} ${BANK_MERGE}/b/${BANK_MM} zz
  STDERR "'bank diff' takes two paths \\(OLD NEW\\); 'zz' is one too many")
# An unknown option is told before what the command misses (-o), and named
# with the subcommand's help.
aoe_cli_test(NAME bank_merge_unknown_option_before_missing_output EXIT 2
  ARGS bank merge --prefr a ${BANK_MERGE}/a/${BANK_MM} ${BANK_MERGE}/b/${BANK_MM}
  STDERR "^aoe-result: error: unknown option '--prefr'; did you mean '--prefer'\\? \\(aoe-result bank merge --help lists its options\\)\n")
# -r changes nothing for a bank (folders are read whole): its help says so.
# (CLI11 2.7 lays the names out and wraps the descriptions otherwise.)
aoe_cli_test(NAME bank_help_recursive_says_what_it_does EXIT 0 ARGS bank --help
  STDOUT "--recursive +Taken for the other commands' sake: a bank's folders are always"
  NOT_STDOUT "Look in subdirectories")
aoe_cli_test(NAME bank_merge_help_reads EXIT 0 ARGS help bank merge
  STDOUT "^The union of two runtime_kb files of one op type, keyed by info_dict: written as[ \n]the runtime writes a bank, then read back")
