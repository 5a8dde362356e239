# Finds the project's dependencies from the system (Debian packages) or from
# CMAKE_PREFIX_PATH, checks that each is a version the code is tested with,
# and stops at once naming the package to install when one is missing.
# Nothing is downloaded at configure time.
#
# Supported (tested) ranges, lower bound included, upper bound excluded:
#   nlohmann_json 3.11 ... < 4      (Debian 12: 3.11.2; newest tested 3.11.3)
#   fmt           9    ... < 13     (Debian 12: 9.1.0;  newest tested 12.2.0)
#   CLI11         2.1  ... < 3      (Debian 12: 2.1.2;  newest tested 2.7.2)
#   GoogleTest    1.12 ... < 2      (tests only; Debian 12: 1.12.1)
# Only fmt's and GoogleTest's version files honour a version range
# (find_package(fmt 9...<13)); nlohmann_json's (same major) and CLI11's (any
# newer) take the lower end only, and nlohmann_json's config warns when
# given a range, so those two are asked for the lower end. aoe_require()
# checks both ends itself once the package is found, whichever it is.
#
# Static builds (AOE_RESULT_STATIC, the release-* presets) use fmt header-only
# (FMT_HEADER_ONLY: no libfmt to link), and GoogleTest can be built from
# source for the target (AOE_RESULT_GTEST_SOURCE_DIR, e.g. Debian's
# /usr/src/googletest when cross-compiling).

# aoe_require(<package> <debian package> <min> <max, excluded> [RANGE])
# RANGE: the package's version file understands a range.
macro(aoe_require package debian_package min max)
  if("${ARGN}" STREQUAL "RANGE")
    find_package(${package} ${min}...<${max} CONFIG QUIET)
  else()
    find_package(${package} ${min} CONFIG QUIET)
  endif()
  if(NOT ${package}_FOUND)
    message(FATAL_ERROR
      "aoe-result needs ${package} ${min} or newer, before ${max}, which was not found.\n"
      "On Debian or Ubuntu: apt-get install ${debian_package}\n"
      "Elsewhere, point CMAKE_PREFIX_PATH at an installation of ${package}.")
  endif()
  aoe_check_version(${package} "${${package}_VERSION}" ${min} ${max} "${${package}_DIR}")
endmacro()

function(aoe_check_version package version min max where)
  if(version VERSION_LESS min OR NOT version VERSION_LESS max)
    message(FATAL_ERROR
      "${package} ${version} (${where}) is outside the versions aoe-result is tested "
      "with: ${min} or newer, before ${max}. Point CMAKE_PREFIX_PATH at another "
      "installation of ${package}.")
  endif()
  message(STATUS "${package} ${version}: ${where}")
endfunction()

# When cross-compiling, the header-only libraries of the build machine are
# used as they are (they hold no machine code), but their include directory
# (/usr/include on Debian) also holds the build machine's C library headers,
# which must not shadow the target's. So each is seen through a directory of
# its own in the build tree that holds only its headers.
function(aoe_headers_only_from target subdir)
  if(NOT CMAKE_CROSSCOMPILING)
    return()
  endif()
  get_target_property(dirs ${target} INTERFACE_INCLUDE_DIRECTORIES)
  set(isolated "${PROJECT_BINARY_DIR}/_deps/${subdir}-include")
  foreach(dir IN LISTS dirs)
    if(EXISTS "${dir}/${subdir}")
      file(MAKE_DIRECTORY "${isolated}")
      file(CREATE_LINK "${dir}/${subdir}" "${isolated}/${subdir}" SYMBOLIC)
      set_target_properties(${target} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${isolated}")
      return()
    endif()
  endforeach()
  message(FATAL_ERROR "${target}: no ${subdir}/ in its include directories (${dirs})")
endfunction()

aoe_require(nlohmann_json nlohmann-json3-dev 3.11 4)
aoe_headers_only_from(nlohmann_json::nlohmann_json nlohmann)
aoe_require(CLI11 libcli11-dev 2.1 3)
aoe_headers_only_from(CLI11::CLI11 CLI)

if(AOE_RESULT_STATIC)
  # fmt header-only: the headers of libfmt-dev (or of CMAKE_PREFIX_PATH),
  # found without fmt's CMake package, whose targets name the build
  # machine's libfmt.so. fmt::fmt is then an interface target of ours.
  find_path(AOE_FMT_INCLUDE_DIR fmt/format.h)
  if(NOT AOE_FMT_INCLUDE_DIR)
    message(FATAL_ERROR "aoe-result needs fmt's headers (fmt/format.h), which were not found.\n"
                        "On Debian or Ubuntu: apt-get install libfmt-dev")
  endif()
  set(fmt_version_header "${AOE_FMT_INCLUDE_DIR}/fmt/base.h")  # fmt 11+
  if(NOT EXISTS "${fmt_version_header}")
    set(fmt_version_header "${AOE_FMT_INCLUDE_DIR}/fmt/core.h")
  endif()
  file(STRINGS "${fmt_version_header}" fmt_version_line REGEX "^#define FMT_VERSION [0-9]+")
  string(REGEX REPLACE ".* ([0-9]+)$" "\\1" fmt_v "${fmt_version_line}")
  math(EXPR fmt_major "${fmt_v} / 10000")
  math(EXPR fmt_minor "${fmt_v} % 10000 / 100")
  math(EXPR fmt_patch "${fmt_v} % 100")
  aoe_check_version(fmt "${fmt_major}.${fmt_minor}.${fmt_patch}" 9 13
                    "${AOE_FMT_INCLUDE_DIR}, header-only")
  add_library(fmt::fmt INTERFACE IMPORTED)
  set_target_properties(fmt::fmt PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${AOE_FMT_INCLUDE_DIR}"
    INTERFACE_COMPILE_DEFINITIONS "FMT_HEADER_ONLY=1")
  aoe_headers_only_from(fmt::fmt fmt)
else()
  aoe_require(fmt libfmt-dev 9 13 RANGE)
endif()

if(AOE_RESULT_BUILD_TESTS)
  if(AOE_RESULT_GTEST_SOURCE_DIR)
    # GoogleTest from source, built with the project's compiler (for the
    # target when cross-compiling); only gtest and gtest_main, not installed.
    set(BUILD_GMOCK OFF CACHE BOOL "" FORCE)
    set(INSTALL_GTEST OFF CACHE BOOL "" FORCE)
    add_subdirectory("${AOE_RESULT_GTEST_SOURCE_DIR}" "${PROJECT_BINARY_DIR}/_deps/googletest"
                     EXCLUDE_FROM_ALL SYSTEM)
    # (GoogleTest 1.12 names them GTest::gtest and GTest::gtest_main itself)
    foreach(lib gtest gtest_main)
      if(NOT TARGET GTest::${lib})
        add_library(GTest::${lib} ALIAS ${lib})
      endif()
    endforeach()
    message(STATUS "GoogleTest: built from ${AOE_RESULT_GTEST_SOURCE_DIR}")
  else()
    aoe_require(GTest libgtest-dev 1.12 2 RANGE)
  endif()
endif()
if(AOE_RESULT_BENCHMARKS)
  find_package(benchmark CONFIG QUIET)
  if(NOT benchmark_FOUND)
    message(FATAL_ERROR "aoe-result's benchmarks need Google Benchmark, which was not found.\n"
                        "On Debian or Ubuntu: apt-get install libbenchmark-dev")
  endif()
endif()
