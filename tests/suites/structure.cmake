# Issue 18: one mechanic, one module. No function over 120 lines and no
# C file over 900 lines in engine/ or bindings/ (tools/long-functions.sh,
# with its own fixture showing that it catches them).
add_test(NAME structure/long_functions
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/structure/long_functions_test.sh ${PROJECT_SOURCE_DIR})

# Named limits, not literals: sim --jobs is capped by GK_MAX_JOBS
# (meeple.MAX_JOBS), with a usage error past it.
if(TARGET meeple)
  meeple_cli_test(sim_jobs_over_limit 2 "--jobs must be at most 64, got 65"
                  ${MEEPLE_EXE} sim --games 1 --jobs 65)
endif()

# One version number (#43): project(VERSION) drives the soname, the
# rockspec, the Python package, meeple.version and `meeple --version`.
if(TARGET meeple)
  add_test(NAME structure/version
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/structure/version_test.sh ${PROJECT_SOURCE_DIR}
                   ${CMAKE_BINARY_DIR} ${MEEPLE_EXE})
  set_tests_properties(structure/version PROPERTIES PASS_REGULAR_EXPRESSION "version: [0-9.]+ everywhere")
endif()

# Set-up fits the command (#43): make run installs only what playing needs.
find_program(MAKE_PROGRAM_FOR_TEST NAMES make gmake)
if(MAKE_PROGRAM_FOR_TEST)
  add_test(NAME structure/setup COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/structure/setup_test.sh ${PROJECT_SOURCE_DIR})
  set_tests_properties(structure/setup PROPERTIES PASS_REGULAR_EXPRESSION "setup: make run installs [0-9]+ packages")
endif()

# The layers of bindings/ look down only (#38, docs/architecture.md): no
# include and no call from a lower layer into a higher one, no C file
# outside a layer folder, at most 15 C files in one.
add_test(NAME structure/layers
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/structure/layers_test.sh ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR})
set_tests_properties(structure/layers PROPERTIES PASS_REGULAR_EXPRESSION "ok: bindings/ has [0-9]+ layers")

# No source folder holds more than 15 C files directly (#38): engine/,
# bindings/, tests/, bench/, examples/ alike.
add_test(NAME structure/folders
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/structure/folders_test.sh ${PROJECT_SOURCE_DIR})
set_tests_properties(structure/folders PROPERTIES PASS_REGULAR_EXPRESSION "ok: [0-9]+ source folders")

# No loop of mutual calls spans more than 3 files (#38), read from the
# build's objects; the larger loops of today are pinned at their size.
if(TARGET meeple)
  add_test(NAME structure/loops
           COMMAND ${LUA_INTERPRETER} ${CMAKE_CURRENT_SOURCE_DIR}/structure/loops_test.lua ${CMAKE_BINARY_DIR})
  set_tests_properties(structure/loops PROPERTIES PASS_REGULAR_EXPRESSION "ok: [0-9]+ objects")
endif()

# One hook's path (#38): the table of docs/architecture.md "Hook path"
# names real files and functions, each chain within its count of files,
# and (gdb, a debug build) the stacks of a probe game's hook calls cross
# only the files the table lists.
if(TARGET meeple)
  add_test(NAME structure/hook_path
           COMMAND ${LUA_INTERPRETER} ${CMAKE_CURRENT_SOURCE_DIR}/structure/hook_path_test.lua
                   ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR})
  set_tests_properties(structure/hook_path PROPERTIES PASS_REGULAR_EXPRESSION "ok: the hook path table holds")
endif()

# Every game and expansion script is in bench/rulesets/list (#41: each
# measured against the base game in one `make bench-rulesets` run).
add_test(NAME structure/rulesets_listed
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/structure/rulesets_listed_test.sh ${PROJECT_SOURCE_DIR})
set_tests_properties(structure/rulesets_listed PROPERTIES PASS_REGULAR_EXPRESSION "ok: every script")

# An upward call fails to link (#38): each layer of bindings/ and of the
# kernel is linked alone with the layers below it (meeple_link_<layer>,
# meeple_link_gk_<layer>, part of the build);
# the test links a hand-declared call from sandbox/ up to embed/ and
# expects the link to fail (and the same file to link into embed/).
if(TARGET meeple_link_sandbox)
  meeple_layer_link(meeple_link_fixture_upward sandbox ${CMAKE_CURRENT_SOURCE_DIR}/structure/fixtures/upward_call.c)
  meeple_layer_link(meeple_link_fixture_top embed ${CMAKE_CURRENT_SOURCE_DIR}/structure/fixtures/upward_call.c)
  set_target_properties(meeple_link_fixture_upward meeple_link_fixture_top PROPERTIES EXCLUDE_FROM_ALL ON)
  # the kernel's layers the same way (gk_layer_link, the top CMakeLists.txt):
  # core -> flow and flow -> agent fail, each file links into its callee's layer
  set(F ${CMAKE_CURRENT_SOURCE_DIR}/structure/fixtures)
  gk_layer_link(meeple_link_fixture_gk_core_up core ${F}/engine_up_flow.c)
  gk_layer_link(meeple_link_fixture_gk_flow_down flow ${F}/engine_up_flow.c)
  gk_layer_link(meeple_link_fixture_gk_flow_up flow ${F}/engine_up_agent.c)
  gk_layer_link(meeple_link_fixture_gk_agent_down agent ${F}/engine_up_agent.c)
  set_target_properties(meeple_link_fixture_gk_core_up meeple_link_fixture_gk_flow_down
                        meeple_link_fixture_gk_flow_up meeple_link_fixture_gk_agent_down
                        PROPERTIES EXCLUDE_FROM_ALL ON)
  # and their headers: a file including a higher layer's header compiles
  # with that layer's include folder (GK_INCLUDE_<layer>), not with a lower one's
  function(gk_include_fixture name layer file)
    add_library(meeple_include_fixture_gk_${name} OBJECT EXCLUDE_FROM_ALL ${F}/${file})
    target_include_directories(meeple_include_fixture_gk_${name} PRIVATE ${GK_INCLUDE_${layer}} ${MEEPLE_GENERATED_INCLUDE})
  endfunction()
  gk_include_fixture(core_up core engine_include_flow.c)
  gk_include_fixture(flow_down flow engine_include_flow.c)
  gk_include_fixture(flow_up flow engine_include_agent.c)
  gk_include_fixture(agent_down agent engine_include_agent.c)
  add_test(NAME structure/layers_link
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/structure/layers_link_test.sh ${PROJECT_SOURCE_DIR}
                   ${CMAKE_BINARY_DIR} ${CMAKE_COMMAND})
  set_tests_properties(structure/layers_link PROPERTIES PASS_REGULAR_EXPRESSION "ok: an upward call fails to link")
endif()
