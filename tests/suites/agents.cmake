# The searching agents (issue 21): legal moves in every game, same seeds
# same game, and a bounded strength check. Strength figures are measured
# by bench/strength.sh, never by a timed test.
if(TARGET meeple)
  # make test: 110 games (10 per rule set) in two parts run in parallel;
  # the full 1,000 games of the issue carry the label agents_long, which
  # make test leaves out (make agents-check runs them: about 10 minutes
  # of CPU under the sanitizers)
  foreach(run "110;1;2;agents" "110;2;2;agents" "1000;1;4;agents_long" "1000;2;4;agents_long"
              "1000;3;4;agents_long" "1000;4;4;agents_long")
    list(GET run 0 games)
    list(GET run 1 part)
    list(GET run 2 parts)
    list(GET run 3 label)
    set(name agents/agents_legal_${games}_${part})
    add_test(NAME ${name} COMMAND $<TARGET_FILE:meeple> script
             ${CMAKE_SOURCE_DIR}/tests/agents/agents_legal_test.lua ${games} ${part}/${parts}
             WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
    set_tests_properties(${name} PROPERTIES LABELS "agents;${label}"
      ENVIRONMENT "MEEPLE_ROOT=${CMAKE_SOURCE_DIR}")
  endforeach()
  foreach(name agents_seed agents_strength agents_bot agents_memo agents_eval agents_release agents_decider)
    add_test(NAME agents/${name} COMMAND $<TARGET_FILE:meeple> script
             ${CMAKE_SOURCE_DIR}/tests/agents/${name}_test.lua
             WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
    set_tests_properties(agents/${name} PROPERTIES LABELS agents
      ENVIRONMENT "MEEPLE_ROOT=${CMAKE_SOURCE_DIR};MEEPLE_BIN=$<TARGET_FILE:meeple>")
  endforeach()
  # sim --agents through the streaming study: --jobs, shards, rows
  add_test(NAME agents/agents_sim
           COMMAND sh ${CMAKE_SOURCE_DIR}/tests/agents/agents_sim_test.sh $<TARGET_FILE:meeple>
                   ${CMAKE_CURRENT_BINARY_DIR}/agents-sim
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(agents/agents_sim PROPERTIES LABELS agents
    ENVIRONMENT "MEEPLE_ROOT=${CMAKE_SOURCE_DIR};ASAN_OPTIONS=detect_leaks=0")
endif()
