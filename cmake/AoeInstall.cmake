# Installation: the program, the library with its public headers and a CMake
# package (find_package(aoe_result) gives aoe::result), a pkg-config file,
# the man page, shell completions, the JSON Schemas and the examples.
# Included from the top-level CMakeLists.txt once the targets exist.
include(CMakePackageConfigHelpers)

set(AOE_RESULT_CMAKE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/aoe_result" CACHE STRING
    "Where aoe_resultConfig.cmake is installed, relative to the prefix")
mark_as_advanced(AOE_RESULT_CMAKE_DIR)

# Exported as aoe::result, the name consumers also use inside this build.
set_target_properties(aoe_result PROPERTIES EXPORT_NAME result)

install(TARGETS aoe-result
  RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}" COMPONENT runtime)
install(TARGETS aoe_result EXPORT aoe_resultTargets
  ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT development
  INCLUDES DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/aoe_result"
                  "${PROJECT_BINARY_DIR}/include/aoe_result"
  DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}" COMPONENT development
  FILES_MATCHING PATTERN "*.hpp")

install(EXPORT aoe_resultTargets
  NAMESPACE aoe::
  DESTINATION "${AOE_RESULT_CMAKE_DIR}" COMPONENT development)
configure_package_config_file(
  "${PROJECT_SOURCE_DIR}/cmake/aoe_resultConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/for-install/aoe_resultConfig.cmake"
  INSTALL_DESTINATION "${AOE_RESULT_CMAKE_DIR}")
# 0.x: a minor release may change the API, so only the same minor matches.
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/aoe_resultConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/for-install/aoe_resultConfig.cmake"
              "${PROJECT_BINARY_DIR}/aoe_resultConfigVersion.cmake"
  DESTINATION "${AOE_RESULT_CMAKE_DIR}" COMPONENT development)
# The build tree is a package too: a consumer configured with
# -Daoe_result_DIR=<this build directory> (or it in CMAKE_PREFIX_PATH) uses
# aoe::result from here, without installing. The build tree's targets also
# name the build-only link dependencies (the warnings target, nlohmann_json),
# hence a config file of its own.
if(NOT fmt_DIR)
  set(fmt_DIR "")  # header-only fmt of a static build: found anew by the consumer
endif()
export(TARGETS aoe_result aoe_result_warnings NAMESPACE aoe::
  FILE "${PROJECT_BINARY_DIR}/aoe_resultTargets.cmake")
configure_file("${PROJECT_SOURCE_DIR}/cmake/aoe_resultBuildTreeConfig.cmake.in"
               "${PROJECT_BINARY_DIR}/aoe_resultConfig.cmake" @ONLY)

# pkg-config: paths relative to the .pc file, so the tree can be moved.
file(RELATIVE_PATH AOE_PC_PREFIX_FROM_PCDIR
  "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(AOE_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
else()
  set(AOE_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(AOE_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
else()
  set(AOE_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
endif()
configure_file("${PROJECT_SOURCE_DIR}/cmake/aoe_result.pc.in"
               "${PROJECT_BINARY_DIR}/aoe_result.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/aoe_result.pc"
  DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig" COMPONENT development)

install(FILES "${PROJECT_SOURCE_DIR}/docs/aoe-result.1"
  DESTINATION "${CMAKE_INSTALL_MANDIR}/man1" COMPONENT runtime)
install(FILES "${PROJECT_SOURCE_DIR}/completions/aoe-result.bash"
  DESTINATION "${CMAKE_INSTALL_DATAROOTDIR}/bash-completion/completions"
  RENAME aoe-result COMPONENT runtime)
# zsh looks in /usr/share/zsh/vendor-completions for Debian's and Ubuntu's
# packages (the .deb), in share/zsh/site-functions on openEuler, EulerOS,
# CentOS and Fedora (the .rpm), and in /usr/local/share/zsh/site-functions
# on all of them, Debian included (the tarball, and `cmake --install` with
# its default prefix /usr/local): two components. A plain `cmake --install`
# takes site-functions; the .deb takes vendor-completions
# (cmake/AoePackaging.cmake, cmake/AoeCPackOptions.cmake).
install(FILES "${PROJECT_SOURCE_DIR}/completions/_aoe-result"
  DESTINATION "${CMAKE_INSTALL_DATAROOTDIR}/zsh/vendor-completions" COMPONENT zsh-vendor
  EXCLUDE_FROM_ALL)
install(FILES "${PROJECT_SOURCE_DIR}/completions/_aoe-result"
  DESTINATION "${CMAKE_INSTALL_DATAROOTDIR}/zsh/site-functions" COMPONENT zsh-site)

file(GLOB AOE_SCHEMAS "${PROJECT_SOURCE_DIR}/docs/*.schema.json")
file(GLOB AOE_DOC_PAGES "${PROJECT_SOURCE_DIR}/docs/*.md")  # every page the README links to
install(FILES ${AOE_SCHEMAS} ${AOE_DOC_PAGES}
              "${PROJECT_SOURCE_DIR}/README.md"
  DESTINATION "${CMAKE_INSTALL_DOCDIR}" COMPONENT runtime)
# Debian's place for the licence: /usr/share/doc/<package>/copyright.
install(FILES "${PROJECT_SOURCE_DIR}/LICENSE" DESTINATION "${CMAKE_INSTALL_DOCDIR}"
  RENAME copyright COMPONENT runtime)
install(FILES "${PROJECT_SOURCE_DIR}/LICENSE" DESTINATION "${CMAKE_INSTALL_DOCDIR}"
  COMPONENT runtime)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/examples"
  DESTINATION "${CMAKE_INSTALL_DOCDIR}" COMPONENT runtime)
