# The guide's library example must be the consumer project the install test
# builds: each file shown after a "<!-- tests/consumer/NAME -->" marker in
# docs/guide.md must equal tests/consumer/NAME.
# cmake -DSOURCE_DIR=... -P guide_example.cmake
file(READ "${SOURCE_DIR}/docs/guide.md" guide)
foreach(name CMakeLists.txt aoe_totals.cpp)
  set(marker "<!-- tests/consumer/${name} -->\n```")
  string(FIND "${guide}" "${marker}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "docs/guide.md does not show tests/consumer/${name}")
  endif()
  string(SUBSTRING "${guide}" ${at} -1 rest)
  string(FIND "${rest}" "\n" first_newline)
  # Skip the marker line and the opening fence line.
  string(SUBSTRING "${rest}" ${first_newline} -1 rest)
  string(SUBSTRING "${rest}" 1 -1 rest)
  string(FIND "${rest}" "\n" fence_end)
  math(EXPR start "${fence_end} + 1")
  string(SUBSTRING "${rest}" ${start} -1 rest)
  string(FIND "${rest}" "```\n" end)
  string(SUBSTRING "${rest}" 0 ${end} shown)
  file(READ "${SOURCE_DIR}/tests/consumer/${name}" actual)
  if(NOT shown STREQUAL actual)
    message(FATAL_ERROR "docs/guide.md shows a different tests/consumer/${name}: "
                        "copy the file into the guide")
  endif()
endforeach()
