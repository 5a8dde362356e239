# Makes report pages of the examples, the injection fixture, a file without
# OPAT and a comparison, and has tidy check each (errors and warnings fail).
# Each case is "name|arg,arg,...".
# Run with -DBIN=<aoe-result> -DTIDY=<tidy or empty> -DWORK=<dir>.
# Without tidy it says so and ends; the test's SKIP_REGULAR_EXPRESSION
# matches that line (a script cannot choose its exit status before CMake
# 3.29, and Debian 12 has 3.25).
if(NOT TIDY)
  message("tidy is not installed (Debian package tidy): skipped")
  return()
endif()
file(MAKE_DIRECTORY "${WORK}")
set(cases
  "8x|data/aoe_result_opat_20250428_203017761_pid18230.json"
  "all|data/aoe_result_opat_20221103_101522418_pid7311.json,data/aoe_result_opat_20230315_094502113_pid20431.json,data/aoe_result_opat_20240607_160233905_pid3312.json,data/aoe_result_opat_20250428_203017761_pid18230.json,data/aoe_result_opat_20251120_230001514_pid40211.json"
  "injection|data/report/injection.json"
  "no_opat|data/report/no_opat.json"
  "baseline|data/aoe_result_opat_20250428_203017761_pid18230.json,--baseline,data/aoe_result_opat_20240607_160233905_pid3312.json"
  "profile|data/profile_compare/aoe_result_opat_20240607_160233905_pid3312.json,--profile,data/profile_compare/after")
foreach(c IN LISTS cases)
  string(REPLACE "," ";" parts "${c}")
  string(REPLACE "|" ";" parts "${parts}")
  list(GET parts 0 name)
  list(SUBLIST parts 1 -1 args)
  set(page "${WORK}/${name}.html")
  execute_process(COMMAND "${BIN}" -q report --force -o "${page}" ${args}
    RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "report ${name} exited ${rc}: ${err}")
  endif()
  # -q: only problems; -e: errors and warnings, no corrected output.
  execute_process(COMMAND "${TIDY}" -q -e --drop-empty-elements no --warn-proprietary-attributes no "${page}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE tidy_err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "tidy finds ${page} invalid (exit ${rc}):\n${tidy_err}${out}")
  endif()
  file(READ "${page}" text)
  if(text MATCHES "https?://")
    message(FATAL_ERROR "${page} names a URL: ${CMAKE_MATCH_0}")
  endif()
  message(STATUS "${name}: valid")
endforeach()
