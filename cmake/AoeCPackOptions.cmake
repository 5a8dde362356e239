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
