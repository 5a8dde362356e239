# A short fuzzing burst in a scratch corpus seeded from tests/data, so the
# smoke test never writes into the source tree.
file(REMOVE_RECURSE "${SCRATCH}")
file(MAKE_DIRECTORY "${SCRATCH}")
execute_process(
  COMMAND "${FUZZER}" -runs=20000 -seed=1 -dict=${DICT} "${SCRATCH}" "${SEEDS}"
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the fuzz target failed (exit ${rc})")
endif()
