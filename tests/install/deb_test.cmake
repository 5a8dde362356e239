# Builds the Debian package with cpack into a scratch directory and checks
# its control fields and contents (without installing it: that needs root).
# cmake -DBUILD_DIR=... -DWORK_DIR=... -DVERSION=... -DDPKG_DEB=... [-DFMT_DIR=...]
#       -P deb_test.cmake
# FMT_DIR: where fmt's CMake package was found; the package depends on
# Debian's libfmt9 only when the program links the system's libfmt.
cmake_minimum_required(VERSION 3.25)

include("${CMAKE_CURRENT_LIST_DIR}/run.cmake")

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
run("${CMAKE_CPACK_COMMAND}" -G DEB --config "${BUILD_DIR}/CPackConfig.cmake" -B "${WORK_DIR}")
file(GLOB debs "${WORK_DIR}/aoe-result_${VERSION}_*.deb")
list(LENGTH debs count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "expected one aoe-result_${VERSION}_<arch>.deb in ${WORK_DIR}, found: ${debs}")
endif()

set(fmt_dependency "")
if(NOT DEFINED FMT_DIR OR FMT_DIR MATCHES "^/usr/(lib|share)/")
  set(fmt_dependency "Depends=(^|, )libfmt9( |,|$)")
endif()
foreach(field_and_re
    "Package=^aoe-result$"
    "Version=^${VERSION}$"
    "Section=^devel$"
    "Maintainer=^.+ <.+@.+>$"
    "Description=^reads the result files of Huawei Ascend's AOE auto-tuner"
    "Depends=(^|, )libc6 \\(>= [0-9.]+\\)"
    ${fmt_dependency}
    "Depends=(^|, )libstdc\\+\\+6( |,|$)")
  string(FIND "${field_and_re}" "=" eq)
  string(SUBSTRING "${field_and_re}" 0 ${eq} field)
  math(EXPR start "${eq} + 1")
  string(SUBSTRING "${field_and_re}" ${start} -1 re)
  run("${DPKG_DEB}" --field "${debs}" ${field})
  string(STRIP "${out}" value)
  if(NOT value MATCHES "${re}")
    message(FATAL_ERROR "${field}: '${value}' does not match '${re}'")
  endif()
endforeach()

run("${DPKG_DEB}" --contents "${debs}")
set(listing "${out}")
foreach(path
    ./usr/bin/aoe-result
    ./usr/share/man/man1/aoe-result.1
    ./usr/share/bash-completion/completions/aoe-result
    ./usr/share/zsh/vendor-completions/_aoe-result
    ./usr/share/doc/aoe-result/copyright
    ./usr/share/doc/aoe-result/guide.md
    ./usr/share/doc/aoe-result/summary.schema.json
    ./usr/include/aoe_result/reader.hpp
    ./usr/include/aoe_result/version.hpp
    ./usr/lib/libaoe_result.a
    ./usr/lib/cmake/aoe_result/aoe_resultConfig.cmake
    ./usr/lib/pkgconfig/aoe_result.pc)
  string(REPLACE "+" "\\+" re "${path}")
  if(NOT listing MATCHES " ${re}\n")
    message(FATAL_ERROR "not in the package: ${path}\n${listing}")
  endif()
endforeach()
file(REMOVE_RECURSE "${WORK_DIR}")
