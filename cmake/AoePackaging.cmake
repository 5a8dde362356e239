# Packages, made by `cpack` in the build directory.
# - A normal build: a Debian package, aoe-result_<version>_<arch>.deb, with
#   the program, man page, completions, docs, and the library with its
#   headers and CMake/pkg-config files; it depends on Debian 12's libraries.
# - A static build (AOE_RESULT_STATIC, the release-* presets): the program
#   alone with its man page, completions, docs and schemas (the runtime
#   component), as aoe-result-<version>-linux-<arch>.tar.gz,
#   aoe-result_<version>_<amd64|arm64>.deb and
#   aoe-result-<version>-1.<x86_64|aarch64>.rpm, none with a dependency.
#   `cmake --workflow --preset release-<arch>` builds, tests and packages.
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
  "tune again.")
if(NOT AOE_RESULT_STATIC)
  string(APPEND CPACK_PACKAGE_DESCRIPTION "\n\n"
    "The package also holds the C++ library the program is built on (static,\n"
    "with headers, CMake and pkg-config files).")
endif()
set(CPACK_PACKAGE_HOMEPAGE_URL "${PROJECT_HOMEPAGE_URL}")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
# DEB and RPM install under /usr; a tarball holds bin/, share/ under one
# top directory named as the file (cmake/AoeCPackOptions.cmake).
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_PROJECT_CONFIG_FILE "${PROJECT_SOURCE_DIR}/cmake/AoeCPackOptions.cmake")
# Strips the program; static libraries are never stripped by install().
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CPACK_PACKAGE_CONTACT}")
if(AOE_RESULT_STATIC)
  # The program alone, static: no library dependency. Architectures are
  # named for the target, not for the machine that builds.
  if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$")
    set(AOE_PACKAGE_ARCH aarch64)
    set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE arm64)
  elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|amd64|AMD64)$")
    set(AOE_PACKAGE_ARCH x86_64)
    set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE amd64)
  else()
    message(FATAL_ERROR "static packages: unknown architecture ${CMAKE_SYSTEM_PROCESSOR}")
  endif()
  # The program, its docs and completions; zsh's completion where the
  # package's systems look (cmake/AoeInstall.cmake): vendor-completions for
  # the .deb, site-functions for the .rpm and the tarball
  # (cmake/AoeCPackOptions.cmake picks one per generator).
  set(CPACK_INSTALL_CMAKE_PROJECTS
      "${PROJECT_BINARY_DIR};aoe-result;runtime;/"
      "${PROJECT_BINARY_DIR};aoe-result;zsh-vendor;/")
  set(CPACK_AOE_INSTALL_PROJECTS_ZSH_SITE
      "${PROJECT_BINARY_DIR};aoe-result;runtime;/"
      "${PROJECT_BINARY_DIR};aoe-result;zsh-site;/")
  set(CPACK_ARCHIVE_FILE_NAME "aoe-result-${PROJECT_VERSION}-linux-${AOE_PACKAGE_ARCH}")
  set(CPACK_DEBIAN_PACKAGE_SECTION "utils")
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS OFF)
  set(CPACK_RPM_FILE_NAME RPM-DEFAULT)
  set(CPACK_RPM_PACKAGE_ARCHITECTURE ${AOE_PACKAGE_ARCH})
  set(CPACK_RPM_PACKAGE_LICENSE "Apache-2.0")
  set(CPACK_RPM_PACKAGE_GROUP "Development/Tools")
  set(CPACK_RPM_PACKAGE_URL "${PROJECT_HOMEPAGE_URL}")
  set(CPACK_RPM_PACKAGE_AUTOREQ OFF)  # a static program needs nothing
  set(CPACK_RPM_PACKAGE_AUTOPROV OFF)
  # CPackRPM would otherwise describe the package with CPack's placeholder text.
  set(CPACK_RPM_PACKAGE_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION}")
  # rpmbuild's own stripping with the target's strip, not the build machine's;
  # no /usr/lib/.build-id links (the program is stripped, there is no
  # debuginfo package for them to point to).
  set(CPACK_RPM_SPEC_MORE_DEFINE "%define __strip ${CMAKE_STRIP}\n%define _build_id_links none")
  # Directories the systems own already are not claimed by the package.
  set(CPACK_RPM_EXCLUDE_FROM_AUTO_FILELIST_ADDITION
      /usr/share/man /usr/share/man/man1 /usr/share/bash-completion
      /usr/share/bash-completion/completions /usr/share/zsh
      /usr/share/zsh/site-functions /usr/share/doc)
  set(CPACK_GENERATOR "TGZ;DEB;RPM")
else()
  set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
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
  # The program, the library and zsh's completion where Debian's zsh looks
  # for a package's (cmake/AoeInstall.cmake).
  set(CPACK_INSTALL_CMAKE_PROJECTS
      "${PROJECT_BINARY_DIR};aoe-result;runtime;/"
      "${PROJECT_BINARY_DIR};aoe-result;development;/"
      "${PROJECT_BINARY_DIR};aoe-result;zsh-vendor;/")
  set(CPACK_GENERATOR "DEB")
endif()

set(CPACK_SOURCE_GENERATOR "TGZ")
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build[^/]*/")
include(CPack)
