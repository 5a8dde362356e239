# Cross-compiling for aarch64 Linux (Kunpeng and other Arm servers) with
# Debian's cross compiler, and running what is built under qemu:
#   apt-get install g++-aarch64-linux-gnu qemu-user-static
#   cmake --preset release-aarch64     (or -DCMAKE_TOOLCHAIN_FILE=<this file>)
# The target's C library and libstdc++ come from the cross compiler's
# packages (/usr/aarch64-linux-gnu); header-only dependencies (nlohmann_json,
# CLI11, fmt) are the build machine's, seen without the rest of /usr/include
# (cmake/AoeDependencies.cmake); GoogleTest is built from source
# (AOE_RESULT_GTEST_SOURCE_DIR).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(AOE_CROSS_TRIPLE aarch64-linux-gnu)
set(CMAKE_C_COMPILER ${AOE_CROSS_TRIPLE}-gcc)     # GoogleTest's project enables C
set(CMAKE_CXX_COMPILER ${AOE_CROSS_TRIPLE}-g++)
set(CMAKE_STRIP ${AOE_CROSS_TRIPLE}-strip CACHE FILEPATH "strip for the target")

# Libraries only from the target's tree; headers and CMake packages also from
# the build machine (header-only libraries); programs from the build machine.
set(CMAKE_FIND_ROOT_PATH /usr/${AOE_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)

# ctest and gtest_discover_tests run the target's programs through this.
find_program(AOE_QEMU_AARCH64 NAMES qemu-aarch64-static qemu-aarch64)
if(AOE_QEMU_AARCH64)
  set(CMAKE_CROSSCOMPILING_EMULATOR "${AOE_QEMU_AARCH64}" CACHE FILEPATH
      "Runs aarch64 programs on the build machine (tests)")
else()
  message(WARNING "qemu-aarch64-static not found (apt-get install qemu-user-static): "
                  "the tests cannot run on this machine")
endif()
