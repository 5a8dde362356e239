# Command-line tests of what JSON and CSV carry (numbers without binary
# noise; nothing read said in the document) and of the help and docs
# points of issue 23.
set(NUM data/numbers.json)
set(EX63N data/aoe_result_opat_20240607_160233905_pid3312.json)

# --- Numbers without binary noise -------------------------------------------
# Computed numbers are rounded (0.001 µs, 4 decimals of a percent or a ratio);
# 113.588725, read from the file, stays as read.
aoe_cli_test(NAME numbers_summary_json EXIT 0 ARGS summary --format json ${NUM}
  STDOUT "\"time_before_us\": 247\\.989,\n" "\"saved_us\": 76\\.643,\n"
         "\"improvement_pct\": 44\\.7298,\n"
  NOT_STDOUT "76\\.6427" "[0-9]\\.[0-9]*(0000000|9999999)")
aoe_cli_test(NAME numbers_ops_csv EXIT 0 ARGS ops --format csv ${NUM}
  STDOUT ",op_b,MatMul,Schedule,add,113\\.588725,72\\.046,41\\.543,57\\.6614,57\\.66,1\\.5766,false,\n"
         ",op_a,Conv2D,Schedule,add,134\\.1,99\\.2,34\\.9,35\\.1815,35\\.18,1\\.3518,false,\n"
         ",op_c,Relu,Schedule,add,0\\.3,0\\.1,0\\.2,200,200,3,false,\n")
aoe_cli_test(NAME numbers_ops_csv_example EXIT 0 ARGS ops --format csv ${EX63N}
  STDOUT ",512,399\\.872,112\\.128," NOT_STDOUT "112\\.12799")
aoe_cli_test(NAME numbers_ops_json_read_as_read EXIT 0 ARGS ops --format json ${NUM}
  STDOUT "\"before_us\": 113\\.588725,\n" "\"saved_us\": 34\\.9,\n")
aoe_test_program(aoe-result no_noise_bin)  # under qemu when cross-compiling
add_test(NAME cli.no_binary_noise
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/cli/no_binary_noise.sh
    ${no_noise_bin} ${CMAKE_CURRENT_SOURCE_DIR}/data)
set_tests_properties(cli.no_binary_noise PROPERTIES TIMEOUT 400)

# --- Nothing read is said in the document ------------------------------------
# (every command x format: cli.nothing_read_is_no_pass)
aoe_cli_test(NAME nothing_read_summary_json EXIT 3 ARGS summary --format json data/nope.json
  STDOUT "\"problems\": .\n *\\{\n *\"path\": \"data/nope\\.json\",\n *\"code\": \"io-error\","
  STDERR "nope\\.json")
aoe_cli_test(NAME nothing_read_diff_json EXIT 3 ARGS diff --format json data/nope.json ${NUM}
  STDOUT "\"problems\": .\n *\\{\n *\"path\": \"data/nope\\.json\"" "\"gate\": null")
aoe_cli_test(NAME nothing_read_all_read EXIT 0 ARGS summary --format json ${NUM}
  STDOUT "\"problems\": ..,")

# --- Help and docs -----------------------------------------------------------
aoe_cli_test(NAME format_md_alias EXIT 0 ARGS --format md summary ${NUM}
  STDOUT "^## AOE tuning summary")
aoe_cli_test(NAME format_md_in_help EXIT 0 ARGS --help STDOUT "markdown \\(or md\\)")
aoe_cli_test(NAME ops_group_by_repeated EXIT 2 ARGS ops --group-by type,type ${NUM}
  STDERR "--group-by: 'type' is repeated" NOT_STDOUT "not a key")
aoe_cli_test(NAME ops_group_by_not_a_key EXIT 2 ARGS ops --group-by type,colour ${NUM}
  STDERR "--group-by: 'colour' is not a key")
aoe_cli_test(NAME help_exit_statuses EXIT 0 ARGS --help
  STDOUT "\n  0 +done" "\n  1 +check: " "\n  2 +usage error" "\n  3 +an input could not be read"
         "\n  129 +watch was hung up on" "\n  130 +watch was interrupted"
         "\n  143 +watch was terminated" "had nothing to compare"
         "\n       profile: BEFORE AFTER broke a gate" NOT_STDOUT "profile: never")
# The README's Quick start gives the time docs/testing.md measured for its
# first command on a bare Debian 12.
add_test(NAME docs.readme_quick_start_time
  COMMAND ${AOE_TEST_PYTHON3} -c "import re,sys
t = open(sys.argv[1], encoding='utf-8').read()
r = open(sys.argv[2], encoding='utf-8').read().split('## Install')[0]
m = re.search(r'first command (\\d+) s', t)
sys.exit(0 if m and (m.group(1) + ' s') in r else 'README Quick start does not give the first command time docs/testing.md measured: ' + (m.group(1) if m else '?') + ' s')"
    ${PROJECT_SOURCE_DIR}/docs/testing.md ${PROJECT_SOURCE_DIR}/README.md)
