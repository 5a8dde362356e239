# A Debian package: `cpack -G DEB` in the build directory gives
# aoe-result_<version>_<arch>.deb with the program, man page, completions,
# docs, and the library with its headers and CMake/pkg-config files.
set(CPACK_PACKAGE_NAME "aoe-result")
set(CPACK_PACKAGE_VENDOR "aoe-result")
set(CPACK_PACKAGE_CONTACT "aoe-result maintainers <aoe-result@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "reads the result files of Huawei Ascend's AOE auto-tuner")
# Lines of the control file's long description (CPack indents them).
string(JOIN "\n" CPACK_PACKAGE_DESCRIPTION
  "aoe-result reads aoe_result_opat_*.json, the result files of AOE, the"
  "operator auto-tuner of Huawei's Ascend CANN toolkit, and tells what"
  "happened: which operators got faster and by how much, which failed, what"
  "the knowledge repository gained. It checks the files' invariants and"
  "policies for CI, compares two runs and writes the list of operators to"
  "tune again."
  ""
  "The package also holds the C++ library the program is built on (static,"
  "with headers, CMake and pkg-config files).")
set(CPACK_PACKAGE_HOMEPAGE_URL "${PROJECT_HOMEPAGE_URL}")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
# Strips the program; static libraries are never stripped by install().
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CPACK_PACKAGE_CONTACT}")
# Only for building programs against the library, not for running the tool.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "libfmt-dev, pkg-config, cmake (>= 3.25)")
find_program(AOE_DPKG_SHLIBDEPS dpkg-shlibdeps)
mark_as_advanced(AOE_DPKG_SHLIBDEPS)
if(AOE_DPKG_SHLIBDEPS)
  # Depends computed from the binary's shared libraries (libc6, libfmt9,
  # libgcc-s1, libstdc++6 with their minimum versions).
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
else()
  # What dpkg-shlibdeps gives on Debian 12.
  set(CPACK_DEBIAN_PACKAGE_DEPENDS
      "libc6 (>= 2.34), libfmt9 (>= 9.1.0+ds1), libgcc-s1 (>= 3.0), libstdc++6 (>= 12)")
endif()

set(CPACK_GENERATOR "DEB")
set(CPACK_SOURCE_GENERATOR "TGZ")
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build[^/]*/")
include(CPack)
