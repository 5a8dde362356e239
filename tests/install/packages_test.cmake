# The static release packages (AOE_RESULT_STATIC): builds the tarball, the
# .deb and the .rpm with cpack into a scratch directory and checks each
# one's name, metadata and contents (tar -t, dpkg-deb -I/-c,
# rpm -qip/-qlp/-qpR; none may depend on a library), then, as root, installs
# and removes the .deb and the .rpm in scratch trees (dpkg --root,
# rpm --root).
#   cmake -DBUILD_DIR=... -DWORK_DIR=... -DVERSION=... -DARCH=<x86_64|aarch64>
#         -DDPKG_DEB=... -DRPM=... -DTAR=... -P packages_test.cmake
cmake_minimum_required(VERSION 3.25)

include("${CMAKE_CURRENT_LIST_DIR}/run.cmake")

string(REPLACE "@@" ";" EMULATOR "${EMULATOR}")
if(ARCH STREQUAL "aarch64")
  set(deb_arch arm64)
else()
  set(deb_arch amd64)
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(generators TGZ)
if(DPKG_DEB)
  list(APPEND generators DEB)
endif()
if(RPM)
  list(APPEND generators RPM)
endif()
string(REPLACE ";" "\\;" generators_arg "${generators}")
run("${CMAKE_CPACK_COMMAND}" -G "${generators_arg}" --config "${BUILD_DIR}/CPackConfig.cmake"
    -B "${WORK_DIR}")

function(expect_one var pattern)
  file(GLOB found "${WORK_DIR}/${pattern}")
  list(LENGTH found count)
  if(NOT count EQUAL 1)
    file(GLOB all "${WORK_DIR}/*")
    message(FATAL_ERROR "expected one ${pattern} in ${WORK_DIR}, found: ${found} (all: ${all})")
  endif()
  set(${var} "${found}" PARENT_SCOPE)
endfunction()

# What each package holds, under its root (usr/ or the tarball's top dir).
set(runtime_files
  bin/aoe-result
  share/man/man1/aoe-result.1
  share/bash-completion/completions/aoe-result
  share/doc/aoe-result/LICENSE
  share/doc/aoe-result/README.md
  share/doc/aoe-result/guide.md
  share/doc/aoe-result/summary.schema.json
  share/doc/aoe-result/check.schema.json
  share/doc/aoe-result/examples/aoe_result_opat_20250428_203017761_pid18230.json)
# A static package is the program: no library, headers or CMake files.
set(not_runtime_re "(include/|\\.a$|\\.so|/cmake/|pkgconfig)")

# zsh_dir: where the package's systems' zsh looks (vendor-completions on
# Debian, site-functions on the rpm systems and under /usr/local everywhere).
function(expect_listing what listing root zsh_dir)
  foreach(f IN LISTS runtime_files "share/zsh/${zsh_dir}/_aoe-result")
    string(REPLACE "+" "\\+" re "${root}${f}")
    if(NOT listing MATCHES "(^|\n| )(\\./)?${re}\n")
      message(FATAL_ERROR "${what}: ${root}${f} is not in the package:\n${listing}")
    endif()
  endforeach()
  string(REPLACE "\n" ";" lines "${listing}")
  foreach(line IN LISTS lines)
    if(line MATCHES "${not_runtime_re}")
      message(FATAL_ERROR "${what}: holds more than the program: ${line}")
    endif()
    if(line MATCHES "share/zsh/" AND NOT line MATCHES "share/zsh/(${zsh_dir}/?)?$|share/zsh/${zsh_dir}/_aoe-result$")
      message(FATAL_ERROR "${what}: zsh's completion only in share/zsh/${zsh_dir}: ${line}")
    endif()
  endforeach()
endfunction()

# 1. The tarball: aoe-result-<version>-linux-<arch>/{bin,share}/...
set(top "aoe-result-${VERSION}-linux-${ARCH}")
expect_one(tgz "${top}.tar.gz")
run("${TAR}" -tzf "${tgz}")
expect_listing("${top}.tar.gz" "${out}" "${top}/" site-functions)
if(out MATCHES "(^|\n)${top}/usr/")
  message(FATAL_ERROR "the tarball holds usr/: it is unpacked into a prefix such as ~/.local")
endif()
# The program in it runs from wherever it is unpacked (on this machine when
# it is built for it).
run("${TAR}" -xzf "${tgz}" -C "${WORK_DIR}")
if(EMULATOR OR ARCH STREQUAL HOST_ARCH)
  run(${EMULATOR} "${WORK_DIR}/${top}/bin/aoe-result" --version)
  if(NOT out STREQUAL "aoe-result ${VERSION}\n")
    message(FATAL_ERROR "the tarball's aoe-result --version: '${out}'")
  endif()
endif()

# 2. The Debian package.
if(DPKG_DEB)
  expect_one(deb "aoe-result_${VERSION}_${deb_arch}.deb")
  foreach(field_and_re
      "Package=^aoe-result$"
      "Version=^${VERSION}$"
      "Architecture=^${deb_arch}$"
      "Section=^utils$"
      "Maintainer=^.+ <.+@.+>$"
      "Description=^reads the result files of Huawei Ascend's AOE auto-tuner"
      "Depends=^$"
      "Pre-Depends=^$"
      "Recommends=^$")
    string(FIND "${field_and_re}" "=" eq)
    string(SUBSTRING "${field_and_re}" 0 ${eq} field)
    math(EXPR start "${eq} + 1")
    string(SUBSTRING "${field_and_re}" ${start} -1 re)
    run("${DPKG_DEB}" --field "${deb}" ${field})
    string(STRIP "${out}" value)
    if(NOT value MATCHES "${re}")
      message(FATAL_ERROR "${deb}: ${field}: '${value}' does not match '${re}'")
    endif()
  endforeach()
  run("${DPKG_DEB}" -I "${deb}")
  if(out MATCHES "Depends:")
    message(FATAL_ERROR "${deb} declares dependencies:\n${out}")
  endif()
  run("${DPKG_DEB}" -c "${deb}")
  expect_listing("${deb}" "${out}" "./usr/" vendor-completions)
endif()

# 3. The RPM package (openEuler, EulerOS, CentOS, Kylin).
if(RPM)
  expect_one(rpm "aoe-result-${VERSION}-1.${ARCH}.rpm")
  run("${RPM}" -qip "${rpm}")
  foreach(re "Name *: aoe-result\n" "Version *: ${VERSION}\n" "Architecture *: ${ARCH}\n"
             "License *: Apache-2.0\n" "Summary *: reads the result files of Huawei Ascend's AOE"
             "Description *:\naoe-result reads aoe_result_opat_")
    if(NOT out MATCHES "${re}")
      message(FATAL_ERROR "${rpm}: rpm -qip does not match '${re}':\n${out}")
    endif()
  endforeach()
  run("${RPM}" -qp --queryformat "%{ARCH} %{OS}\n" "${rpm}")
  if(NOT out STREQUAL "${ARCH} linux\n")
    message(FATAL_ERROR "${rpm}: architecture and system '${out}', not '${ARCH} linux'")
  endif()
  run("${RPM}" -qlp "${rpm}")
  expect_listing("${rpm}" "${out}" "/usr/" site-functions)
  if(out MATCHES "(^|\n)/usr/lib/")
    message(FATAL_ERROR "${rpm}: files under /usr/lib (build-id links?):\n${out}")
  endif()
  # Requires: only what rpm itself adds (rpmlib() features), no library.
  run("${RPM}" -qpR "${rpm}")
  string(REGEX REPLACE "rpmlib\\([^)]*\\)[^\n]*\n" "" requires "${out}")
  string(STRIP "${requires}" requires)
  if(NOT requires STREQUAL "")
    message(FATAL_ERROR "${rpm} requires: ${requires}")
  endif()
endif()

# 4. Each package installs and uninstalls: dpkg --root and rpm --root into
# scratch trees (as root only: both write root-owned files; another
# architecture's package needs dpkg's --force-architecture, rpm's
# --ignorearch). The installed program runs when this machine can run it.
find_program(DPKG dpkg)
execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)
function(expect_installed_program what root)
  if(NOT EXISTS "${root}/usr/bin/aoe-result")
    message(FATAL_ERROR "${what}: no ${root}/usr/bin/aoe-result after installing")
  endif()
  if(EMULATOR OR ARCH STREQUAL HOST_ARCH)
    run(${EMULATOR} "${root}/usr/bin/aoe-result" --version)
    if(NOT out STREQUAL "aoe-result ${VERSION}\n")
      message(FATAL_ERROR "${what}: the installed aoe-result --version: '${out}'")
    endif()
  endif()
endfunction()
if(NOT uid STREQUAL "0")
  message(STATUS "not root: the packages are not installed into scratch trees")
else()
  if(DPKG_DEB AND DPKG)
    set(root "${WORK_DIR}/deb-root")
    foreach(d info updates triggers)
      file(MAKE_DIRECTORY "${root}/var/lib/dpkg/${d}")
    endforeach()
    file(TOUCH "${root}/var/lib/dpkg/status" "${root}/var/lib/dpkg/available")
    set(force --force-script-chrootless)
    if(NOT ARCH STREQUAL HOST_ARCH)
      list(APPEND force --force-architecture)
    endif()
    run("${DPKG}" "--root=${root}" ${force} -i "${deb}")
    expect_installed_program("${deb}" "${root}")
    run("${DPKG}" "--root=${root}" ${force} -r aoe-result)
    message(STATUS "${deb}: installed, ran and removed in ${root}")
    if(EXISTS "${root}/usr/bin/aoe-result")
      message(FATAL_ERROR "${deb}: dpkg -r left /usr/bin/aoe-result")
    endif()
  endif()
  if(RPM)
    set(root "${WORK_DIR}/rpm-root")
    file(MAKE_DIRECTORY "${root}")
    run("${RPM}" --root "${root}" --initdb)
    set(force "")
    if(NOT ARCH STREQUAL HOST_ARCH)
      set(force --ignorearch)
    endif()
    run("${RPM}" --root "${root}" ${force} -i "${rpm}")
    expect_installed_program("${rpm}" "${root}")
    run("${RPM}" --root "${root}" -q aoe-result)
    if(NOT out STREQUAL "aoe-result-${VERSION}-1.${ARCH}\n")
      message(FATAL_ERROR "${rpm}: rpm -q after installing: '${out}'")
    endif()
    run("${RPM}" --root "${root}" -e aoe-result)
    message(STATUS "${rpm}: installed, ran and removed in ${root}")
    if(EXISTS "${root}/usr/bin/aoe-result")
      message(FATAL_ERROR "${rpm}: rpm -e left /usr/bin/aoe-result")
    endif()
  endif()
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
