# Read by cpack for each generator (CPACK_PROJECT_CONFIG_FILE): a tarball is
# unpacked where the user wants it (~/.local, /usr/local), so it holds
# aoe-result-<version>-linux-<arch>/{bin,share}, not usr/; its top
# directory is named as the file.
if(CPACK_GENERATOR MATCHES "^(TGZ|TXZ|ZIP)$")
  set(CPACK_PACKAGING_INSTALL_PREFIX "")
  set(CPACK_SET_DESTDIR OFF)
  if(CPACK_ARCHIVE_FILE_NAME)
    set(CPACK_PACKAGE_FILE_NAME "${CPACK_ARCHIVE_FILE_NAME}")
  endif()
endif()

# zsh's completion where the package's systems look: share/zsh/site-functions
# for the .rpm (openEuler, EulerOS, CentOS, Fedora) and the tarball
# (/usr/local/share/zsh/site-functions is in zsh's default path on all of
# them), share/zsh/vendor-completions for the .deb (cmake/AoeInstall.cmake).
if(CPACK_AOE_INSTALL_PROJECTS_ZSH_SITE AND CPACK_GENERATOR MATCHES "^(TGZ|TXZ|ZIP|RPM)$")
  set(CPACK_INSTALL_CMAKE_PROJECTS "${CPACK_AOE_INSTALL_PROJECTS_ZSH_SITE}")
endif()
