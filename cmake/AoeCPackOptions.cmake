# Read by cpack for each generator (CPACK_PROJECT_CONFIG_FILE): a tarball is
# unpacked where the user wants it (~/.local, /usr/local), so it holds
# aoe-result-<version>-linux-<arch>/{bin,share}, not usr/.
if(CPACK_GENERATOR MATCHES "^(TGZ|TXZ|ZIP)$")
  set(CPACK_PACKAGING_INSTALL_PREFIX "")
  set(CPACK_SET_DESTDIR OFF)
endif()
