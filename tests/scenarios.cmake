# Scenario tests (docs/scenarios.md). Included by tests/CMakeLists.txt.
#   scenarios/DIR                  `meeple test tests/scenarios/DIR`, one
#                                  test per directory under tests/scenarios
#   cli/test_*                     the runner itself: help, usage errors,
#                                  and a deliberately failing scenario
#                                  (tests/scenarios-failing, not run by
#                                  default) that must exit 1 and show
#                                  file:line, expected and actual values
# The CLI tests reuse tests/cli.cmake as their driver (-P mode).
set(SCENARIO_EXE ${CMAKE_BINARY_DIR}/meeple)
set(SCENARIO_ENV "MEEPLE_ROOT=${CMAKE_SOURCE_DIR}")

file(GLOB SCENARIO_DIRS LIST_DIRECTORIES true CONFIGURE_DEPENDS
     ${CMAKE_CURRENT_SOURCE_DIR}/scenarios/*)
foreach(dir ${SCENARIO_DIRS})
  if(IS_DIRECTORY ${dir})
    get_filename_component(name ${dir} NAME)
    add_test(NAME scenarios/${name}
             COMMAND ${SCENARIO_EXE} test tests/scenarios/${name}
             WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
    set_tests_properties(scenarios/${name} PROPERTIES ENVIRONMENT "${SCENARIO_ENV}")
  endif()
endforeach()

function(scenario_cli_test name rc match)
  string(REPLACE ";" "|" cmd "${ARGN}")
  add_test(NAME cli/${name}
           COMMAND ${CMAKE_COMMAND} "-DCMD=${cmd}" -DRC=${rc} "-DMATCH=${match}"
                   -DWD=${CMAKE_SOURCE_DIR} -P ${CMAKE_CURRENT_SOURCE_DIR}/cli.cmake)
  set_tests_properties(cli/${name} PROPERTIES ENVIRONMENT "${SCENARIO_ENV}")
endfunction()

scenario_cli_test(test_help 0 "usage: meeple test" ${SCENARIO_EXE} test --help)
scenario_cli_test(test_bad_option 2 "unknown option '--bogus'|try 'meeple test --help'"
                  ${SCENARIO_EXE} test --bogus)
scenario_cli_test(test_missing 1 "no such file or directory 'nowhere'"
                  ${SCENARIO_EXE} test nowhere)
scenario_cli_test(test_failing_scenario 1
  "FAIL tests/scenarios-failing/wrong_score\\.lua|wrong_score\\.lua:12: expect\\.score: expected {5, 0}, got {4, 0}|ledger of turn 1: P1 \\+4 city|wrong_score\\.lua:13: expect\\.illegal: expected \"illegal: place E 0,-2 r0\", got \"legal\"|wrong_player\\.lua:10: 'place E 1,0 r1' is meant for player 1, but player 2 is to move|wrong_penalty\\.lua:12: expect\\.score: expected {1, 0}, got {-1, 0}|ledger of turn 1: P1 -1 toll|0 passed, 3 failed"
  ${SCENARIO_EXE} test tests/scenarios-failing)
scenario_cli_test(test_skips_rule_scripts 0 "ok   examples/fan-expansion/scenarios/01_pond\\.lua|, 2 files without a scenario line skipped"
                  ${SCENARIO_EXE} test examples/fan-expansion)
scenario_cli_test(test_one_file 0 "ok   tests/scenarios/base/ex01_small_city\\.lua  BASE-EX-01|1 passed, 0 failed"
                  ${SCENARIO_EXE} test tests/scenarios/base/ex01_small_city.lua)

# first_player outside 1..players: the header's line and the range
set(BAD_FIRST_PLAYER ${CMAKE_CURRENT_BINARY_DIR}/bad_first_player.lua)
file(WRITE ${BAD_FIRST_PLAYER} "scenario \"three of two\" {\n  game = \"base\", players = 2, first_player = 3,\n}\nexpect.player(1)\n")
scenario_cli_test(test_bad_first_player 1 "bad_first_player\\.lua:1: scenario \"three of two\": first_player must be 1\\.\\.2, got 3"
                  ${SCENARIO_EXE} test ${BAD_FIRST_PLAYER})
