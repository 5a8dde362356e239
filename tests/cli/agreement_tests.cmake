# One verdict, everywhere: every fixture of tests/data and a file of every
# generator layout through check, watch --once, report, summary, show, ops
# (and --group-by) and trend; they must agree on exit status, verdict words,
# totals, left-out operators and artefact counts (agreement.py).
find_program(AOE_AGREEMENT_PYTHON3 python3)
if(AOE_AGREEMENT_PYTHON3)
  aoe_test_program(aoe-result agreement_bin)  # under qemu when cross-compiling
  aoe_test_program(aoe-result-gen agreement_gen)
  add_test(NAME cli.verdicts_agree
    COMMAND ${AOE_AGREEMENT_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/cli/agreement.py
      --bin ${agreement_bin} --gen ${agreement_gen} --data ${AOE_TEST_DATA_DIR})
  set_tests_properties(cli.verdicts_agree PROPERTIES TIMEOUT 600)
endif()
