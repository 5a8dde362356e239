# Command-line tests of `bank` and `bank check` on the example repositories
# (docs/examples/repository: before and after a tuning) and tests/data/bank.
set(REPO ../docs/examples/repository)
set(BANKDATA data/bank)
set(SRC ${CMAKE_CURRENT_SOURCE_DIR})

aoe_cli_test(NAME bank_list_after EXIT 0 ARGS bank --wide ${REPO}/after
  STDOUT "in \\.\\./docs/examples/repository/after/custom/\n"
         "op/Ascend910B3/unified_bank/Ascend910B3_20_AiCore_MatMulV2_runtime_kb\\.json +Ascend910B3 +20 +MatMulV2 +4 +4 +0 +1\\.8 KiB +–"
         "graph/Ascend910B3/Ascend910B3_gradient_fusion\\.json +Ascend910B3 +– +\\(gradient fusion\\) +1 +– +– +433 B"
         "4 files: 3 runtime_kb \\(6 records, 6 distinct shapes\\), 1 gradient fusion \\(1 model entry\\); 3\\.1 KiB")
aoe_cli_test(NAME bank_list_narrow_says_what_it_hides EXIT 0 ARGS bank ${REPO}/after ENV COLUMNS=60
  STDOUT "hidden at 60 columns; --wide shows all")
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
aoe_cli_test(NAME bank_built_in_needs_opp_path EXIT 3 ARGS bank --built-in ENV "ASCEND_OPP_PATH="
  STDERR "ASCEND_OPP_PATH is not set")
aoe_cli_test(NAME bank_missing_file EXIT 3 ARGS bank data/bank/nope_runtime_kb.json
  STDOUT "not read: the file does not exist" "1 file: 1 not read; 0 B"
  STDERR "nope_runtime_kb\\.json: the file does not exist \\(io-error\\)")

aoe_cli_test(NAME bank_check_examples_pass EXIT 0 ARGS bank check ${REPO}
  STDOUT "^checked 8 files, 13 records \\(every rule\\): no findings\n$")
aoe_cli_test(NAME bank_check_findings EXIT 1 ARGS bank check ${BANKDATA}/check
  STDOUT "MatMulV2_runtime_kb\\.json:2:89: error: line 2 is not JSON: [^\n]*\\(the other records are kept\\) \\[invalid-json\\]"
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
aoe_cli_test(NAME bank_check_other_json_is_unusable EXIT 3 ARGS bank check data/bad/other_shape.json
  STDOUT "not a repository file: no line is a record[^\n]*\\[not-aoe-result\\]")
