# Issue 16: records and files. Outputs are atomic and never replace an
# input; the kill test checks the file after kill -9 mid-write.
if(NOT TARGET meeple)
  return()
endif()

add_test(NAME records/kill_during_write
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/records/kill_during_write.sh
                 $<TARGET_FILE:meeple> 16)

set(OUT_DIR ${CMAKE_CURRENT_BINARY_DIR}/records-out)
file(MAKE_DIRECTORY ${OUT_DIR})
meeple_cli_test(records_refuse_own_script 2 "--record scripts/base\\.lua: refusing to overwrite scripts/base\\.lua"
                ${MEEPLE_EXE} play --quiet --record scripts/base.lua)
meeple_cli_test(records_refuse_same_output 2 "--svg .*/same: the same file as --record"
                ${MEEPLE_EXE} play --quiet --record ${OUT_DIR}/same --svg ${OUT_DIR}/same)
meeple_cli_test(records_svg_dir_before_play 2 "--svg .*records-out: is a directory"
                ${MEEPLE_EXE} play --svg ${OUT_DIR})
meeple_cli_test(records_tiles_render_own_input 1 "refusing to overwrite tiles/base\\.tiles"
                ${MEEPLE_EXE} tiles render tiles/base.tiles --svg tiles/base.tiles)
meeple_cli_test(records_sim_output 0 "^$"
                ${MEEPLE_EXE} sim --games 3 --json --output ${OUT_DIR}/sim.json)
meeple_cli_test(records_sim_output_own_script 2 "refusing to overwrite scripts/base\\.lua"
                ${MEEPLE_EXE} sim --games 3 --csv --output scripts/base.lua)

# Usage errors are consistent: exit 2, the flag named, nothing reinterpreted.
foreach(case "players_1;--players: base is for 2 to 6 players, not 1;--players;1"
             "players_7;--players: base is for 2 to 6 players, not 7;--players;7"
             "players_0;--players must be an integer;--players;0"
             "seed_exp;--seed must be an integer >= 0, got '1e3';--seed;1e3"
             "seed_hex;--seed must be an integer >= 0, got '0x10';--seed;0x10"
             "seed_float;--seed must be an integer >= 0, got '1\\.0';--seed;1.0"
             "seed_twice;option --seed given twice;--seed;1;--seed;2"
             "quiet_twice;option --quiet given twice;--quiet;--quiet"
             "agents_empty;--agents has an empty item in '';--agents="
             "agents_gap;--agents has an empty item in 'random,,greedy';--agents;random,,greedy"
             "with_comma;--with has an empty item in ',';--with;,"
             "memory_cap_huge;--memory-cap must be an integer from 1 to;--memory-cap;99999999999999")
  list(GET case 0 name)
  list(GET case 1 match)
  list(SUBLIST case 2 -1 flags)
  meeple_cli_test(usage_${name} 2 "${match}" ${MEEPLE_EXE} play --quiet ${flags})
endforeach()

# Files: an empty tile set is an error; devices are not files; a missing
# file fails (1) alike in 'test' and 'tiles check'.
file(WRITE ${OUT_DIR}/empty.tiles "")
file(WRITE ${OUT_DIR}/comments.tiles "# only a comment\n")
meeple_cli_test(records_tiles_empty 1 "empty\\.tiles: no tiles \\(an empty file\\)" ${MEEPLE_EXE} tiles check ${OUT_DIR}/empty.tiles)
meeple_cli_test(records_tiles_comments 1 "comments\\.tiles: no tiles\n" ${MEEPLE_EXE} tiles check ${OUT_DIR}/comments.tiles)
meeple_cli_test(records_tiles_device 1 "/dev/null: not a regular file \\(a character device\\)"
                ${MEEPLE_EXE} tiles check /dev/null)
meeple_cli_test(records_tiles_dir 1 "records-out: not a regular file \\(a directory\\)"
                ${MEEPLE_EXE} tiles check ${OUT_DIR})
meeple_cli_test(records_test_device 1 "/dev/null: not a regular file \\(a character device\\)"
                ${MEEPLE_EXE} test /dev/null)
meeple_cli_test(records_game_device 1 "/dev/zero: not a regular file \\(a character device\\)"
                ${MEEPLE_EXE} play --game /dev/zero)
meeple_cli_test(records_missing_test 1 "nosuch\\.lua" ${MEEPLE_EXE} test nosuch.lua)
meeple_cli_test(records_missing_tiles 1 "nosuch\\.tiles" ${MEEPLE_EXE} tiles check nosuch.tiles)

# The issue's own examples: the user's file and line, no host location.
file(WRITE ${OUT_DIR}/bad_phase.lua "phase \"x\" { after = \"place_figur\" }\n")
file(WRITE ${OUT_DIR}/bad_score.lua "score \"city\" { closed = \"bogus\" }\n")
meeple_cli_test(records_error_phase 1 "bad_phase\\.lua:1: phase 'x': unknown phase 'place_figur'"
                ${MEEPLE_EXE} play --quiet --rules ${OUT_DIR}/bad_phase.lua)
meeple_cli_test(records_error_score 1 "bad_score\\.lua:1: score 'city': closed must be a formula table, got 'bogus'"
                ${MEEPLE_EXE} play --quiet --rules ${OUT_DIR}/bad_score.lua)
meeple_cli_test(records_replay_dir 1 "meeple replay: .*records-out: not a regular file \\(a directory\\)"
                ${MEEPLE_EXE} replay ${OUT_DIR})
foreach(t records_error_phase records_error_score records_replay_dir usage_agents_empty usage_memory_cap_huge)
  set_tests_properties(cli/${t} PROPERTIES FAIL_REGULAR_EXPRESSION "meeple/[a-z_/]+\\.lua:[0-9]")
endforeach()

# Mutants of the project's own scenarios, scripts, tile sets and records:
# no message may show a host location or fail to name the user's file.
# 2000 in make test; `make fuzz` runs 20000 more (label fuzz).
add_test(NAME records/mutate_inputs
         COMMAND $<TARGET_FILE:meeple> script ${CMAKE_CURRENT_SOURCE_DIR}/records/mutate_inputs.lua 2000 16
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME records/mutate_inputs_long
         COMMAND $<TARGET_FILE:meeple> script ${CMAKE_CURRENT_SOURCE_DIR}/records/mutate_inputs.lua 20000 1601
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(records/mutate_inputs records/mutate_inputs_long PROPERTIES
                     ENVIRONMENT "MEEPLE_ROOT=${CMAKE_SOURCE_DIR}")
set_tests_properties(records/mutate_inputs_long PROPERTIES LABELS fuzz)
