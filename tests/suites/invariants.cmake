# The declared invariants over seeded random games (issue #37): after
# every move, no dependent figure without its owner's follower, no figure
# beside one that blocks it, figure counts as declared, no score falling
# (meeple sim --check-invariants), for every combination of the shipped
# rule sets. make test runs 20 games each; the 10,000 games each of the
# issue carry the label invariants_long, which make test leaves out
# (make invariants-check runs them).
if(TARGET meeple)
  add_test(NAME invariants/combos_20
           COMMAND sh ${CMAKE_SOURCE_DIR}/tests/invariants/combos_test.sh $<TARGET_FILE:meeple> 20
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(invariants/combos_20 PROPERTIES LABELS invariants
    ENVIRONMENT "MEEPLE_ROOT=${CMAKE_SOURCE_DIR}")
  foreach(part 1 2 3 4)
    add_test(NAME invariants/combos_10000_${part}
             COMMAND sh ${CMAKE_SOURCE_DIR}/tests/invariants/combos_test.sh $<TARGET_FILE:meeple>
                     10000 ${part}/4
             WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
    set_tests_properties(invariants/combos_10000_${part} PROPERTIES LABELS invariants_long TIMEOUT 7200
      ENVIRONMENT "MEEPLE_ROOT=${CMAKE_SOURCE_DIR}")
  endforeach()
endif()
# and the check stops a game that breaks one (a hook standing a builder
# alone), naming the seed, the move and what broke
if(TARGET meeple)
  scenario_cli_test(sim_invariants_catch 1 "invariant broken: needs_own: player [0-9]'s builder at"
                    ${SCENARIO_EXE} sim --games 3 --check-invariants --with traders_builders
                    --rules tests/invariants/lone_builder.lua)
endif()
