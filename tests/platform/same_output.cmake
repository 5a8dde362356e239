# Runs the program under test (BIN: the target's, under qemu when
# cross-compiling) and a reference program (REF: e.g. the x86_64 build) with
# the same arguments and fails unless exit status, stdout and stderr are the
# same bytes.
#   cmake -DBIN=... -DREF=... -DARGS=<arg@@arg...> -DWORK_DIR=... -P same_output.cmake
cmake_minimum_required(VERSION 3.25)
if(NOT EXISTS "${REF}")
  message(FATAL_ERROR "the reference program ${REF} does not exist: build it first "
                      "(cmake --workflow --preset release-x86_64) or set AOE_RESULT_REFERENCE_PROGRAM")
endif()
string(REPLACE "@@" ";" args "${ARGS}")
file(MAKE_DIRECTORY "${WORK_DIR}")
foreach(who BIN REF)
  execute_process(COMMAND "${${who}}" ${args}
    RESULT_VARIABLE rc_${who}
    OUTPUT_FILE "${WORK_DIR}/${who}.out" ERROR_FILE "${WORK_DIR}/${who}.err" TIMEOUT 120)
endforeach()
if(NOT rc_BIN STREQUAL rc_REF)
  message(FATAL_ERROR "exit status ${rc_BIN}, the reference's ${rc_REF}")
endif()
file(SIZE "${WORK_DIR}/REF.out" size)
if(size EQUAL 0)
  message(FATAL_ERROR "the reference printed nothing: nothing was compared")
endif()
foreach(stream out err)
  execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files
    "${WORK_DIR}/BIN.${stream}" "${WORK_DIR}/REF.${stream}" RESULT_VARIABLE differ)
  if(differ)
    file(READ "${WORK_DIR}/BIN.${stream}" a)
    file(READ "${WORK_DIR}/REF.${stream}" b)
    message(FATAL_ERROR "std${stream} differs from the reference's:\n--- ${BIN}\n${a}\n--- ${REF}\n${b}")
  endif()
endforeach()
file(SIZE "${WORK_DIR}/BIN.out" size)
message(STATUS "${size} bytes of stdout, identical to ${REF}'s")
file(REMOVE_RECURSE "${WORK_DIR}")
