# Finds the project's dependencies from the system (Debian packages), and
# stops at once naming the package to install when one is missing. Nothing
# is downloaded at configure time.

macro(aoe_require package debian_package)
  find_package(${package} CONFIG QUIET ${ARGN})
  if(NOT ${package}_FOUND)
    message(FATAL_ERROR
      "aoe-result needs ${package}, which was not found.\n"
      "On Debian or Ubuntu: apt-get install ${debian_package}\n"
      "Elsewhere, point CMAKE_PREFIX_PATH at an installation of ${package}.")
  endif()
endmacro()

aoe_require(nlohmann_json nlohmann-json3-dev)
aoe_require(fmt libfmt-dev)
aoe_require(CLI11 libcli11-dev)
if(AOE_RESULT_BUILD_TESTS)
  aoe_require(GTest libgtest-dev)
endif()
if(AOE_RESULT_BENCHMARKS)
  aoe_require(benchmark libbenchmark-dev)
endif()
