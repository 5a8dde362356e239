# Runs aoe-result and validates its stdout against a JSON Schema with
# python3's jsonschema. Arguments: BIN, ARGS (@@-separated), SCHEMA, PYTHON, OUT.
string(REPLACE "@@" ";" args "${ARGS}")
execute_process(COMMAND "${BIN}" ${args} RESULT_VARIABLE rc OUTPUT_FILE "${OUT}" ERROR_VARIABLE err
                TIMEOUT 50)
if(NOT rc MATCHES "^[01]$")
  message(FATAL_ERROR "aoe-result exited ${rc}: ${err}")
endif()
execute_process(
  COMMAND "${PYTHON}" -c
    "import json, sys, jsonschema; jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))); print('valid')"
    "${OUT}" "${SCHEMA}"
  RESULT_VARIABLE vrc OUTPUT_VARIABLE vout ERROR_VARIABLE verr)
if(NOT vrc EQUAL 0)
  message(FATAL_ERROR "output of ${BIN} ${args} does not match ${SCHEMA}:\n${vout}${verr}")
endif()
