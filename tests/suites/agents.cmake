# The searching agents (issue 21): legal moves in every game, same seeds
# same game, and a bounded strength check. Strength figures are measured
# by bench/strength.sh, never by a timed test.
if(TARGET meeple)
  # the 1,000 games of the legality check, in four parts run in parallel
  foreach(part 1 2 3 4)
    add_test(NAME agents/agents_legal_${part} COMMAND $<TARGET_FILE:meeple> script
             ${CMAKE_SOURCE_DIR}/tests/agents/agents_legal_test.lua 1000 ${part}/4
             WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
    set_tests_properties(agents/agents_legal_${part} PROPERTIES LABELS agents
      ENVIRONMENT "MEEPLE_ROOT=${CMAKE_SOURCE_DIR}")
  endforeach()
  foreach(name agents_seed agents_strength agents_bot)
    add_test(NAME agents/${name} COMMAND $<TARGET_FILE:meeple> script
             ${CMAKE_SOURCE_DIR}/tests/agents/${name}_test.lua
             WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
    set_tests_properties(agents/${name} PROPERTIES LABELS agents
      ENVIRONMENT "MEEPLE_ROOT=${CMAKE_SOURCE_DIR};MEEPLE_BIN=$<TARGET_FILE:meeple>")
  endforeach()
endif()
