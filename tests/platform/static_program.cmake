# The release program is fully static and stripped, for the expected
# architecture, as `file` reports it.
#   cmake -DFILE_CMD=... -DBIN=... -DARCH_RE=<regex of file's machine> -P static_program.cmake
cmake_minimum_required(VERSION 3.25)
execute_process(COMMAND "${FILE_CMD}" -b "${BIN}" OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "file ${BIN} failed (${rc})")
endif()
foreach(re "ELF 64-bit LSB" "${ARCH_RE}" "statically linked" ", stripped")
  if(NOT out MATCHES "${re}")
    message(FATAL_ERROR "file says '${out}', which does not match '${re}'")
  endif()
endforeach()
if(out MATCHES "dynamically linked|interpreter")
  message(FATAL_ERROR "not static: ${out}")
endif()
message(STATUS "${out}")
