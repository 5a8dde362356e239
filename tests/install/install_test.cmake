# Installs the build into a fresh prefix, checks what is there, then builds
# the consumer project (tests/consumer) against it twice, with
# find_package(aoe_result) and with pkg-config, and once against the build
# tree (its export()), and runs each on an example. The consumer finds the
# dependencies where the build found them (DEPS_PREFIX_PATH: the build's
# CMAKE_PREFIX_PATH, @@-separated).
#
# cmake -DBUILD_DIR=... -DWORK_DIR=... -DSOURCE_DIR=... -DLIBDIR=... -DINCLUDEDIR=...
#       -DBINDIR=... -DDATAROOTDIR=... -DMANDIR=... -DDOCDIR=... -DCXX=... -DCXX_FLAGS=...
#       -DLINKER_FLAGS=... -DGENERATOR=... -DDEPS_PREFIX_PATH=<dir@@dir...>
#       -DEXAMPLE=... -DEXPECT=<regex@@regex...> -P install_test.cmake
cmake_minimum_required(VERSION 3.25)

include("${CMAKE_CURRENT_LIST_DIR}/run.cmake")

function(expect_output what text)
  string(REPLACE "@@" ";" patterns "${EXPECT}")
  foreach(re IN LISTS patterns)
    if(NOT text MATCHES "${re}")
      message(FATAL_ERROR "${what}: output does not match '${re}':\n${text}")
    endif()
  endforeach()
endfunction()

set(prefix "${WORK_DIR}/prefix")
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

run("${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${prefix}")

foreach(f
    "${BINDIR}/aoe-result"
    "${INCLUDEDIR}/aoe_result/reader.hpp"
    "${INCLUDEDIR}/aoe_result/analysis.hpp"
    "${INCLUDEDIR}/aoe_result/version.hpp"
    "${LIBDIR}/libaoe_result.a"
    "${LIBDIR}/cmake/aoe_result/aoe_resultConfig.cmake"
    "${LIBDIR}/cmake/aoe_result/aoe_resultConfigVersion.cmake"
    "${LIBDIR}/cmake/aoe_result/aoe_resultTargets.cmake"
    "${LIBDIR}/pkgconfig/aoe_result.pc"
    "${MANDIR}/man1/aoe-result.1"
    "${DATAROOTDIR}/bash-completion/completions/aoe-result"
    "${DATAROOTDIR}/zsh/site-functions/_aoe-result"
    "${DOCDIR}/guide.md"
    "${DOCDIR}/summary.schema.json"
    "${DOCDIR}/examples/aoe_result_opat_20250428_203017761_pid18230.json")
  if(NOT EXISTS "${prefix}/${f}")
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
# zsh's completion where Debian's zsh looks under a prefix other than /usr
# (its fpath has /usr/local/share/zsh/site-functions, not vendor-completions).
if(EXISTS "${prefix}/${DATAROOTDIR}/zsh/vendor-completions")
  message(FATAL_ERROR "cmake --install put zsh's completion in vendor-completions, "
                      "where Debian's zsh looks only under /usr")
endif()
# Nothing of the build tree or the private headers leaks into the package.
file(GLOB_RECURSE private_headers "${prefix}/${INCLUDEDIR}/*/json.hpp" "${prefix}/${INCLUDEDIR}/aoe_result/*cli*")
if(private_headers)
  message(FATAL_ERROR "private headers installed: ${private_headers}")
endif()
file(READ "${prefix}/${LIBDIR}/cmake/aoe_result/aoe_resultTargets.cmake" targets)
if(targets MATCHES "nlohmann|aoe_result_warnings|${BUILD_DIR}")
  message(FATAL_ERROR "the exported target refers to build-only things:\n${targets}")
endif()

run("${prefix}/${BINDIR}/aoe-result" --version)
if(NOT out MATCHES "^aoe-result [0-9]+\\.[0-9]+\\.[0-9]+\n$")
  message(FATAL_ERROR "installed aoe-result --version: '${out}'")
endif()

string(REPLACE "@@" ";" deps "${DEPS_PREFIX_PATH}")

# consumer(<build dir> <CMAKE_PREFIX_PATH>): builds tests/consumer, runs it.
function(consumer what dir prefix_path)
  string(REPLACE ";" "\\;" prefix_path "${prefix_path}")
  run("${CMAKE_COMMAND}" -S "${SOURCE_DIR}/tests/consumer" -B "${dir}"
      -G "${GENERATOR}" "-DCMAKE_PREFIX_PATH=${prefix_path}" "-DCMAKE_CXX_COMPILER=${CXX}"
      "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${LINKER_FLAGS}"
      -DCMAKE_BUILD_TYPE=Release)
  run("${CMAKE_COMMAND}" --build "${dir}")
  run("${dir}/aoe_totals" "${EXAMPLE}")
  expect_output("${what}" "${out}")
endfunction()

# 1. CMake: find_package(aoe_result) and aoe::result, installed.
consumer("consumer (CMake, installed)" "${WORK_DIR}/consumer" "${prefix};${deps}")
# 1b. The same from the build tree (export()), nothing installed.
consumer("consumer (CMake, build tree)" "${WORK_DIR}/consumer-build-tree" "${BUILD_DIR};${deps}")

# 2. pkg-config: c++ $(pkg-config --cflags --libs aoe_result).
find_program(PKG_CONFIG pkg-config)
if(PKG_CONFIG)
  set(pc_path "${prefix}/${LIBDIR}/pkgconfig")
  foreach(d IN LISTS deps)  # fmt.pc of the build's fmt
    foreach(sub lib/pkgconfig lib64/pkgconfig "${LIBDIR}/pkgconfig" share/pkgconfig)
      if(IS_DIRECTORY "${d}/${sub}")
        string(APPEND pc_path ":${d}/${sub}")
      endif()
    endforeach()
  endforeach()
  set(ENV{PKG_CONFIG_PATH} "${pc_path}")
  run("${PKG_CONFIG}" --modversion aoe_result)
  string(STRIP "${out}" version)
  if(NOT version STREQUAL VERSION)
    message(FATAL_ERROR "pkg-config --modversion aoe_result: '${version}', expected '${VERSION}'")
  endif()
  run("${PKG_CONFIG}" --cflags --libs aoe_result)
  string(STRIP "${out}" flags)
  separate_arguments(flags UNIX_COMMAND "${flags}")
  separate_arguments(cxx_flags UNIX_COMMAND "${CXX_FLAGS} ${LINKER_FLAGS}")
  run("${CXX}" -std=c++20 ${cxx_flags} -o "${WORK_DIR}/aoe_totals_pc"
      "${SOURCE_DIR}/tests/consumer/aoe_totals.cpp" ${flags})
  run("${WORK_DIR}/aoe_totals_pc" "${EXAMPLE}")
  expect_output("consumer (pkg-config)" "${out}")
else()
  message(STATUS "pkg-config not found: the pkg-config file was installed but not tried")
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
