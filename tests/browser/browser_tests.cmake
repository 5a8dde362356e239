# The report page in a real browser: Debian's chromium, headless. Each test
# exits 77 (skipped) when chromium is not installed. Label: browser.
find_package(Python3 COMPONENTS Interpreter)
find_program(AOE_CHROMIUM NAMES chromium chromium-browser)
if(NOT AOE_CHROMIUM)
  set(AOE_CHROMIUM "chromium-not-found")
endif()
set(AOE_BROWSER_WORK "${CMAKE_CURRENT_BINARY_DIR}/browser")
aoe_test_program(aoe-result AOE_BROWSER_BIN)  # under qemu when cross-compiling

# aoe_browser_test(<name> <case> <file> [args...])
function(aoe_browser_test name case file)
  if(NOT Python3_Interpreter_FOUND)
    return()
  endif()
  # (the interpreter by its path: an executable target, Python3::Interpreter,
  # would be run under the emulator when cross-compiling)
  add_test(NAME browser.${name}
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/browser/report_browser.py ${case}
      ${file} --aoe ${AOE_BROWSER_BIN} --chromium ${AOE_CHROMIUM} --work ${AOE_BROWSER_WORK}
      ${ARGN}
    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
  # One browser at a time: each stays well under its timeout on 2 cores.
  set_tests_properties(browser.${name} PROPERTIES LABELS browser SKIP_RETURN_CODE 77 TIMEOUT 90
    RESOURCE_LOCK chromium)
endfunction()

file(GLOB aoe_examples "${PROJECT_SOURCE_DIR}/docs/examples/aoe_result_opat_*.json")
foreach(example IN LISTS aoe_examples)
  get_filename_component(stem "${example}" NAME_WE)
  string(REGEX REPLACE "^aoe_result_opat_([0-9]+)_.*" "\\1" date "${stem}")
  aoe_browser_test(example_${date} example ${example})
endforeach()
# The fixture's improvements: 900, 50, 20, 2.5 % and one without (after 0 µs).
aoe_browser_test(sort_improvement sort data/report/natural.json --key improvement
  --expect 2.50%,20.00%,50.00%,900.00%,–)
aoe_browser_test(sort_improvement_descending sort data/report/natural.json --key=-improvement
  --expect 900.00%,50.00%,20.00%,2.50%,–)
aoe_browser_test(sort_name_natural sort data/report/natural.json --key name
  --expect op1,op2,op9,op10,op100)
aoe_browser_test(sort_example_before sort data/aoe_result_opat_20240607_160233905_pid3312.json
  --key before)
aoe_browser_test(injection injection data/report/injection.json)

# The page at 1280 and 390 px wide (report_browser.py, "layout"): widths,
# the smallest text, overlaps in the figures, contrast, with screenshots.
foreach(example IN LISTS aoe_examples)
  get_filename_component(stem "${example}" NAME_WE)
  string(REGEX REPLACE "^aoe_result_opat_([0-9]+)_.*" "\\1" date "${stem}")
  aoe_browser_test(layout_${date} layout ${example})
endforeach()
aoe_browser_test(layout_every_example layout ${PROJECT_SOURCE_DIR}/docs/examples
  --name every_example)
aoe_browser_test(layout_long_names layout data/report/long_names.json)
aoe_browser_test(layout_injection layout data/report/injection.json)
aoe_browser_test(layout_baseline layout data/aoe_result_opat_20250428_203017761_pid18230.json
  --name baseline
  "--report-args=--baseline data/aoe_result_opat_20240607_160233905_pid3312.json")
aoe_browser_test(layout_profile layout ${PROJECT_SOURCE_DIR}/docs/examples/aoe_result_opat_20240607_160233905_pid3312.json
  --name profile
  "--report-args=--profile ${PROJECT_SOURCE_DIR}/docs/examples/profile/after/PROF_000001_20240607183522123_ABCDEFGHIJKLMNOP")
aoe_browser_test(layout_findings_warnings layout ${PROJECT_SOURCE_DIR}/docs/examples
  --name findings_warnings "--report-args=--findings warnings")
# The 300,000-operator file: at most 2,000,000 bytes, drawn within 5 s;
# --rows 1000000 cut to the page's most rows, drawn within 10 s. (aoe-result-gen is built
# with the tests: tests/bench.)
aoe_test_program(aoe-result-gen AOE_BROWSER_GEN)
aoe_browser_test(layout_300000_operators big generated --gen ${AOE_BROWSER_GEN})
if(TEST browser.layout_300000_operators)
  # Alone: it prints the drawing times it measures, which tests beside it
  # on 2 cores would slow by half.
  set_tests_properties(browser.layout_300000_operators PROPERTIES TIMEOUT 300 RUN_SERIAL TRUE)
endif()

# The README's picture: cmake --build build --target report-screenshot
# writes docs/report.png from docs/examples (the same page a user gets).
if(Python3_Interpreter_FOUND)
  add_custom_target(report-screenshot
    COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/browser/report_browser.py screenshot
      docs/examples/aoe_result_opat_20250428_203017761_pid18230.json
      --aoe ${AOE_BROWSER_BIN} --chromium ${AOE_CHROMIUM} --work ${AOE_BROWSER_WORK}
      --png ${PROJECT_SOURCE_DIR}/docs/report.png --size 1280,2100
      --title "AOE tuning report: resnet50_train_step (example)"
    WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
    DEPENDS aoe-result
    COMMENT "Writing docs/report.png (headless chromium)"
    VERBATIM)
endif()
