# Tests of what ships around the program: the installed tree and a consumer
# of the library, the JSON Schemas against real output, the man page and the
# shell completions against the program's own --help.

# Debian's python3 with python3-jsonschema (what CI installs); any python3
# otherwise.
find_program(AOE_TEST_PYTHON3 NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT AOE_TEST_PYTHON3)
  find_program(AOE_TEST_PYTHON3 NAMES python3 REQUIRED)
endif()
find_program(AOE_TEST_ZSH zsh)
set(AOE_DOCS_DIR "${PROJECT_SOURCE_DIR}/docs")
aoe_test_program(aoe-result AOE_TEST_BIN)  # under qemu when cross-compiling

# --- install + consumer -----------------------------------------------------
# (not when cross-compiling: the consumer is built and run on this machine)
if(AOE_RESULT_INSTALL AND NOT CMAKE_CROSSCOMPILING)
  # The consumer finds the dependencies where this build found them.
  string(REPLACE ";" "@@" deps_prefix_path "${CMAKE_PREFIX_PATH}")
  add_test(NAME install.consumer
    COMMAND ${CMAKE_COMMAND}
      "-DBUILD_DIR=${PROJECT_BINARY_DIR}"
      "-DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/install-test"
      "-DSOURCE_DIR=${PROJECT_SOURCE_DIR}"
      "-DVERSION=${PROJECT_VERSION}"
      "-DBINDIR=${CMAKE_INSTALL_BINDIR}" "-DLIBDIR=${CMAKE_INSTALL_LIBDIR}"
      "-DINCLUDEDIR=${CMAKE_INSTALL_INCLUDEDIR}" "-DDATAROOTDIR=${CMAKE_INSTALL_DATAROOTDIR}"
      "-DMANDIR=${CMAKE_INSTALL_MANDIR}" "-DDOCDIR=${CMAKE_INSTALL_DOCDIR}"
      "-DGENERATOR=${CMAKE_GENERATOR}" "-DCXX=${CMAKE_CXX_COMPILER}"
      "-DCXX_FLAGS=${CMAKE_CXX_FLAGS}" "-DLINKER_FLAGS=${CMAKE_EXE_LINKER_FLAGS}"
      "-DDEPS_PREFIX_PATH=${deps_prefix_path}"
      "-DEXAMPLE=${AOE_TEST_DATA_DIR}/aoe_result_opat_20250428_203017761_pid18230.json"
      "-DEXPECT=report_20250428_203017761_281473  resnet50_train_step  successful@@  operators: 19 operators, 0 failed, 4020\\.430 -> 3335\\.543 us, saved 684\\.887 us \\(improvement 20\\.53%\\)@@report_20250428_203412090_281474  [^ ]+  failed@@  operators: 2 operators, 1 failed, 239\\.200 -> 184\\.960 us, saved 54\\.240 us \\(improvement 29\\.33%\\)@@total: 21 operators, 1 failed, 4259\\.630 -> 3520\\.503 us@@check: 0 error\\(s\\)"
      -P "${CMAKE_CURRENT_SOURCE_DIR}/install/install_test.cmake")
  set_tests_properties(install.consumer PROPERTIES TIMEOUT 300 LABELS install)
endif()

find_program(AOE_DPKG_DEB dpkg-deb)
if(AOE_RESULT_INSTALL AND NOT AOE_RESULT_STATIC AND AOE_DPKG_DEB)
  # The Debian package's control fields and contents (dpkg -i is left to
  # people: it needs root).
  add_test(NAME install.debian_package
    COMMAND ${CMAKE_COMMAND} "-DBUILD_DIR=${PROJECT_BINARY_DIR}"
      "-DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/deb-test" "-DVERSION=${PROJECT_VERSION}"
      "-DDPKG_DEB=${AOE_DPKG_DEB}" "-DFMT_DIR=${fmt_DIR}"
      -P "${CMAKE_CURRENT_SOURCE_DIR}/install/deb_test.cmake")
  set_tests_properties(install.debian_package PROPERTIES TIMEOUT 300 LABELS install)
endif()

if(AOE_RESULT_STATIC)
  add_subdirectory(platform)
endif()
if(AOE_RESULT_INSTALL AND AOE_RESULT_STATIC)
  # The static release packages: tarball, .deb and .rpm (each tested when
  # its tool is here: dpkg-deb; rpmbuild and rpm from Debian's rpm package).
  find_program(AOE_TAR tar REQUIRED)
  find_program(AOE_RPMBUILD rpmbuild)
  find_program(AOE_RPM rpm)
  set(rpm "")
  if(AOE_RPMBUILD AND AOE_RPM)
    set(rpm "${AOE_RPM}")
  else()
    message(STATUS "rpmbuild or rpm not found (apt-get install rpm): the .rpm is not tested")
  endif()
  if(NOT AOE_DPKG_DEB)
    message(STATUS "dpkg-deb not found: the .deb is not tested")
    set(AOE_DPKG_DEB "")
  endif()
  cmake_host_system_information(RESULT host_arch QUERY OS_PLATFORM)
  list(JOIN CMAKE_CROSSCOMPILING_EMULATOR "@@" emulator)
  add_test(NAME install.packages
    COMMAND ${CMAKE_COMMAND} "-DBUILD_DIR=${PROJECT_BINARY_DIR}"
      "-DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/packages-test" "-DVERSION=${PROJECT_VERSION}"
      "-DARCH=${AOE_PACKAGE_ARCH}" "-DHOST_ARCH=${host_arch}" "-DEMULATOR=${emulator}"
      "-DDPKG_DEB=${AOE_DPKG_DEB}" "-DRPM=${rpm}" "-DTAR=${AOE_TAR}"
      -P "${CMAKE_CURRENT_SOURCE_DIR}/install/packages_test.cmake")
  set_tests_properties(install.packages PROPERTIES TIMEOUT 300 LABELS install)
endif()

# --- JSON Schemas -------------------------------------------------------------
set(AOE_SCHEMA_TOOL "${CMAKE_CURRENT_SOURCE_DIR}/schema/validate.py")
file(GLOB AOE_SCHEMA_FILES "${AOE_DOCS_DIR}/*.schema.json")
# Every schema test is skipped without python3-jsonschema: validate.py then
# says "the jsonschema module is missing" and nothing else.
set(AOE_SCHEMA_SKIP "the jsonschema module is missing")
add_test(NAME schema.files_are_schemas
  COMMAND ${AOE_TEST_PYTHON3} ${AOE_SCHEMA_TOOL} --check-schemas ${AOE_SCHEMA_FILES})
set_tests_properties(schema.files_are_schemas PROPERTIES SKIP_REGULAR_EXPRESSION "${AOE_SCHEMA_SKIP}")

# The contract's example documents (cli.md), valid and broken.
foreach(sample check ops-rows diff watch-events)
  set(schema "${AOE_DOCS_DIR}/${sample}.schema.json")
  add_test(NAME schema.${sample}_sample
    COMMAND ${AOE_TEST_PYTHON3} ${AOE_SCHEMA_TOOL} --schema ${schema}
      --document "${CMAKE_CURRENT_SOURCE_DIR}/schema/samples/${sample}.json")
  add_test(NAME schema.${sample}_sample_invalid
    COMMAND ${AOE_TEST_PYTHON3} ${AOE_SCHEMA_TOOL} --schema ${schema} --invalid
      --document "${CMAKE_CURRENT_SOURCE_DIR}/schema/samples/${sample}.invalid.json")
  set_tests_properties(schema.${sample}_sample schema.${sample}_sample_invalid PROPERTIES
    SKIP_REGULAR_EXPRESSION "${AOE_SCHEMA_SKIP}")
endforeach()

# aoe_schema_test(NAME <name> SCHEMA <docs/...schema.json> [JSONL [DEF <$defs name, default row>]] [EXIT <code>]
#                 [MUTATIONS <file in schema/mutations>] ARGS <aoe-result args...>)
# Runs aoe-result and validates its output against the schema. Skipped only
# without python3-jsonschema: a command the binary lacks, or output that is
# not the schema's, fails.
function(aoe_schema_test)
  cmake_parse_arguments(T "JSONL" "NAME;SCHEMA;EXIT;MUTATIONS;DEF" "ARGS" ${ARGN})
  set(extra "")
  if(T_JSONL)
    list(APPEND extra --jsonl)
  endif()
  if(T_DEF)
    list(APPEND extra --def ${T_DEF})
  endif()
  if(DEFINED T_EXIT)
    list(APPEND extra --exit ${T_EXIT})
  endif()
  if(T_MUTATIONS)
    list(APPEND extra --mutations "${CMAKE_CURRENT_SOURCE_DIR}/schema/mutations/${T_MUTATIONS}")
  endif()
  add_test(NAME schema.${T_NAME}
    COMMAND ${AOE_TEST_PYTHON3} ${AOE_SCHEMA_TOOL} --schema "${AOE_DOCS_DIR}/${T_SCHEMA}"
      ${extra} -- ${AOE_TEST_BIN} -q ${T_ARGS}
    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
  set_tests_properties(schema.${T_NAME} PROPERTIES TIMEOUT 60
    SKIP_REGULAR_EXPRESSION "${AOE_SCHEMA_SKIP}")
endfunction()

# Every example, cut-off one included (files 0..4 in this order).
set(AOE_ALL_EXAMPLES
  data/aoe_result_opat_20221103_101522418_pid7311.json
  data/aoe_result_opat_20230315_094502113_pid20431.json
  data/aoe_result_opat_20240607_160233905_pid3312.json
  data/aoe_result_opat_20250428_203017761_pid18230.json
  data/aoe_result_opat_20251120_230001514_pid40211.json)
aoe_schema_test(NAME summary SCHEMA summary.schema.json MUTATIONS summary.json
  ARGS summary --format json ${AOE_ALL_EXAMPLES})
aoe_schema_test(NAME summary_unreadable SCHEMA summary.schema.json EXIT 3
  ARGS summary --format json data/aoe_result_opat_20250428_203017761_pid18230.json CMakeLists.txt)
aoe_schema_test(NAME show SCHEMA summary.schema.json ARGS show --format json ${AOE_ALL_EXAMPLES})
aoe_schema_test(NAME failed SCHEMA failed.schema.json MUTATIONS failed.json
  ARGS failed --format json ${AOE_ALL_EXAMPLES})
aoe_schema_test(NAME ops_json SCHEMA ops-rows.schema.json
  ARGS ops --format json ${AOE_ALL_EXAMPLES})
aoe_schema_test(NAME ops_per_mode_json SCHEMA ops-rows.schema.json
  ARGS ops --per-mode --format json ${AOE_ALL_EXAMPLES})
aoe_schema_test(NAME ops_jsonl SCHEMA ops-rows.schema.json JSONL
  ARGS ops --format jsonl ${AOE_ALL_EXAMPLES})
# The cut-off example is an error for check: exit 1.
aoe_schema_test(NAME check SCHEMA check.schema.json EXIT 1
  ARGS check --format json ${AOE_ALL_EXAMPLES})
aoe_schema_test(NAME check_ok SCHEMA check.schema.json
  ARGS check --format json data/aoe_result_opat_20240607_160233905_pid3312.json)
aoe_schema_test(NAME diff SCHEMA diff.schema.json
  ARGS diff --format json data/aoe_result_opat_20250428_203017761_pid18230.json
       data/aoe_result_opat_20240607_160233905_pid3312.json)
aoe_schema_test(NAME diff_per_mode SCHEMA diff.schema.json
  ARGS diff --per-mode --format json data/aoe_result_opat_20250428_203017761_pid18230.json
       data/aoe_result_opat_20240607_160233905_pid3312.json)
# Failed in NEW and fixed in NEW, with a gate that breaks on the first.
aoe_schema_test(NAME diff_failed_new SCHEMA diff.schema.json EXIT 1
  ARGS diff --fail-above 0 --format json data/aoe_result_opat_20250428_203017761_pid18230.json
       data/diff/failed_new.json)
aoe_schema_test(NAME diff_fixed_new SCHEMA diff.schema.json
  ARGS diff --per-mode --fail-above 0 --format json data/diff/failed_new.json
       data/aoe_result_opat_20250428_203017761_pid18230.json)
# Failed names tuned in neither run (failed-untuned), with a gate.
aoe_schema_test(NAME diff_failed_untuned SCHEMA diff.schema.json
  ARGS diff --per-mode --fail-above 0 --format json data/diff/failed_new.json
       data/diff/failed_untuned.json)
# Two repository snapshots: one record added, one changed; with the result
# files' cross-check; one side missing (exit 3).
aoe_schema_test(NAME bank_diff SCHEMA bank-diff.schema.json
  ARGS bank diff --format json ../docs/examples/repository/before ../docs/examples/repository/after
       --result data/aoe_result_opat_20240607_160233905_pid3312.json)
aoe_schema_test(NAME bank_diff_fixtures SCHEMA bank-diff.schema.json
  ARGS bank diff --format json data/bank/diff/old data/bank/diff/new)
aoe_schema_test(NAME bank_diff_unreadable SCHEMA bank-diff.schema.json EXIT 3
  ARGS bank diff --format json data/bank/diff/nowhere data/bank/diff/new)
aoe_schema_test(NAME ops_groups_json SCHEMA ops-groups.schema.json
  ARGS ops --group-by type,mode --format json ${AOE_ALL_EXAMPLES})
aoe_schema_test(NAME ops_groups_report_json SCHEMA ops-groups.schema.json
  ARGS ops --group-by report --format json ${AOE_ALL_EXAMPLES})
aoe_schema_test(NAME ops_groups_jsonl SCHEMA ops-groups.schema.json JSONL DEF group
  ARGS ops --group-by type,mode --format jsonl ${AOE_ALL_EXAMPLES})
aoe_schema_test(NAME trend_json SCHEMA trend.schema.json
  ARGS trend --format json ${AOE_ALL_EXAMPLES})
# The last example shares no operator with an earlier one: the gate has
# nothing to judge and fails (exit 1), and the document still says so.
aoe_schema_test(NAME trend_per_mode_json SCHEMA trend.schema.json EXIT 1
  ARGS trend --per-mode --fail-above 5 --format json ${AOE_ALL_EXAMPLES})
aoe_schema_test(NAME trend_failed_last_json SCHEMA trend.schema.json EXIT 1
  ARGS trend --fail-above 0 --format json data/aoe_result_opat_20250428_203017761_pid18230.json
       data/diff/failed_new.json)
aoe_schema_test(NAME trend_failed_last_jsonl SCHEMA trend.schema.json JSONL DEF long_row EXIT 1
  ARGS trend --fail-above 0 --format jsonl data/aoe_result_opat_20250428_203017761_pid18230.json
       data/diff/failed_new.json)
aoe_schema_test(NAME trend_unreadable_json SCHEMA trend.schema.json EXIT 3
  ARGS trend --format json data/artefacts.json CMakeLists.txt)
aoe_schema_test(NAME locate SCHEMA locate.schema.json ARGS locate --format json)
aoe_schema_test(NAME bank SCHEMA bank.schema.json
  ARGS bank --format json ../docs/examples/repository data/bank)
aoe_schema_test(NAME bank_where SCHEMA bank.schema.json
  ARGS bank --format json --where m=512 ../docs/examples/repository)

# --- man page and completions against --help -----------------------------------
set(AOE_HELP_TOOL "${CMAKE_CURRENT_SOURCE_DIR}/docs/help_coverage.py")
add_test(NAME docs.man_page_covers_help
  COMMAND ${AOE_TEST_PYTHON3} ${AOE_HELP_TOOL} man --bin ${AOE_TEST_BIN}
    --man "${AOE_DOCS_DIR}/aoe-result.1" --version ${PROJECT_VERSION}
    --codes-from "${AOE_DOCS_DIR}/check-codes.md")
add_test(NAME docs.bash_completion
  COMMAND ${AOE_TEST_PYTHON3} ${AOE_HELP_TOOL} bash --bin ${AOE_TEST_BIN}
    --bash "${PROJECT_SOURCE_DIR}/completions/aoe-result.bash" --data-dir "${AOE_TEST_DATA_DIR}")
set(zsh_bin "")
if(AOE_TEST_ZSH)
  set(zsh_bin --zsh-bin "${AOE_TEST_ZSH}")
endif()
add_test(NAME docs.zsh_completion
  COMMAND ${AOE_TEST_PYTHON3} ${AOE_HELP_TOOL} zsh --bin ${AOE_TEST_BIN}
    --zsh "${PROJECT_SOURCE_DIR}/completions/_aoe-result" ${zsh_bin})
add_test(NAME docs.help_has_examples
  COMMAND ${AOE_TEST_PYTHON3} ${AOE_HELP_TOOL} help --bin ${AOE_TEST_BIN}
    --version ${PROJECT_VERSION} --readme "${PROJECT_SOURCE_DIR}/README.md"
    --man "${AOE_DOCS_DIR}/aoe-result.1")
set_tests_properties(docs.man_page_covers_help docs.bash_completion docs.zsh_completion
  docs.help_has_examples PROPERTIES TIMEOUT 60)
add_test(NAME docs.guide_example_is_consumer
  COMMAND ${CMAKE_COMMAND} "-DSOURCE_DIR=${PROJECT_SOURCE_DIR}"
    -P "${CMAKE_CURRENT_SOURCE_DIR}/docs/guide_example.cmake")

# --- the layers of docs/architecture.md: every include points down ------------
add_test(NAME docs.layers
  COMMAND ${AOE_TEST_PYTHON3} "${CMAKE_CURRENT_SOURCE_DIR}/tools/check_layers.py" "${PROJECT_SOURCE_DIR}")
set_tests_properties(docs.layers PROPERTIES TIMEOUT 60)

# --- the names docs/architecture.md quotes exist in the tree -------------------
add_test(NAME docs.architecture_names
  COMMAND ${AOE_TEST_PYTHON3} "${CMAKE_CURRENT_SOURCE_DIR}/tools/check_doc_names.py" "${PROJECT_SOURCE_DIR}")
set_tests_properties(docs.architecture_names PROPERTIES TIMEOUT 60)

# log: every fixture log, a missing one among them (exit 3).
aoe_schema_test(NAME log_json SCHEMA log.schema.json EXIT 3
  ARGS --format json log data/log data/log/nope.log)
aoe_schema_test(NAME profile_json SCHEMA profile.schema.json EXIT 0
  ARGS --format json profile data/profile/cann8)
aoe_schema_test(NAME profile_json_nothing SCHEMA profile.schema.json EXIT 3
  ARGS --format json profile data/profile/header_only.csv)
aoe_schema_test(NAME profile_jsonl SCHEMA profile.schema.json JSONL DEF operator EXIT 0
  ARGS --format jsonl profile data/profile/cann7)
aoe_schema_test(NAME log_jsonl SCHEMA log-events.schema.json JSONL EXIT 3
  ARGS --format jsonl log data/log data/log/nope.log)
aoe_schema_test(NAME watch_log_jsonl SCHEMA watch-events.schema.json JSONL DEF event EXIT 1
  ARGS --format jsonl watch --once --log data/log/failed_eg0013.log
       data/aoe_result_opat_20240607_160233905_pid3312.json)
