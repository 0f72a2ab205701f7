# Tests of the meeple executable and of meeple.so under the stock lua5.4.
# Included by tests/CMakeLists.txt. This file is also its own test driver:
# run with -P it executes one command and checks its exit status and
# output (CMD: arguments separated by '|', RC: expected status, MATCH:
# regular expressions separated by '|' that stdout+stderr must match).
if(CMAKE_SCRIPT_MODE_FILE)
  string(REPLACE "|" ";" cmd "${CMD}")
  execute_process(COMMAND ${cmd} WORKING_DIRECTORY ${WD}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${out}${err}")
  if(NOT "${rc}" STREQUAL "${RC}")
    message(FATAL_ERROR "exit status ${rc}, expected ${RC}")
  endif()
  string(REPLACE "|" ";" patterns "${MATCH}")
  foreach(re ${patterns})
    if(NOT "${out}${err}" MATCHES "${re}")
      message(FATAL_ERROR "output does not match '${re}'")
    endif()
  endforeach()
  return()
endif()

set(MEEPLE_EXE ${CMAKE_BINARY_DIR}/meeple)
# this file, as the driver of tests declared anywhere (tests/suites/ too)
set(MEEPLE_CLI_DRIVER ${CMAKE_CURRENT_LIST_FILE})

function(meeple_cli_test name rc match)
  string(REPLACE ";" "|" cmd "${ARGN}")
  add_test(NAME cli/${name}
           COMMAND ${CMAKE_COMMAND} "-DCMD=${cmd}" -DRC=${rc} "-DMATCH=${match}"
                   -DWD=${CMAKE_SOURCE_DIR} -P ${MEEPLE_CLI_DRIVER})
endfunction()

# A tile file that parses but leaves port ENE uncovered.
set(BAD_TILES ${CMAKE_CURRENT_BINARY_DIR}/bad.tiles)
file(WRITE ${BAD_TILES} "# one bad tile\ntile A\n  city N* E\n")

meeple_cli_test(help 0 "usage: meeple COMMAND" ${MEEPLE_EXE} --help)
meeple_cli_test(version 0 "meeple 0\\.1\\.0" ${MEEPLE_EXE} --version)
meeple_cli_test(tiles_help 0 "meeple tiles check FILE" ${MEEPLE_EXE} tiles --help)
meeple_cli_test(tiles_check_base 0 "72 tiles|24 types|pennant 10"
                ${MEEPLE_EXE} tiles check tiles/base.tiles)
# inns_cathedrals.md §1: 18 tiles, 6 inns, 2 cathedrals
meeple_cli_test(tiles_check_inns_cathedrals 0 "18 tiles, 17 types|cathedral 2, inn 6, pennant 3"
                ${MEEPLE_EXE} tiles check tiles/inns_cathedrals.tiles)
# tower.md §1: 18 tiles, each with a foundation
meeple_cli_test(tiles_check_tower 0 "18 tiles, 17 types|tower 18"
                ${MEEPLE_EXE} tiles check tiles/tower.tiles)
# hills_sheep.md §1: 18 tiles, 8 hills, 8 vineyards; 18 tokens in the bag
meeple_cli_test(tiles_check_hills_sheep 0 "18 tiles, 16 types|cloister 2|hill 8, vineyard 8"
                ${MEEPLE_EXE} tiles check tiles/hills_sheep.tiles)
meeple_cli_test(tiles_check_hills_sheep_bag 0 "18 tiles, 5 types|sheep 16, wolf 2"
                ${MEEPLE_EXE} tiles check tiles/hills_sheep_bag.tiles)
# bridges_castles_bazaars.md §1: 12 tiles, 8 bazaars, 2 inns
meeple_cli_test(tiles_check_bridges_castles_bazaars 0 "12 tiles, 11 types|inn 2, no_castle 1|bazaar 8"
                ${MEEPLE_EXE} tiles check tiles/bridges_castles_bazaars.tiles)
# king_robber.md §1: 5 land tiles, one of each, a cloister on one
meeple_cli_test(tiles_check_king_robber 0 "5 tiles, 5 types|cloister 1|garden 1"
                ${MEEPLE_EXE} tiles check tiles/king_robber.tiles)
# wind_rose.md §1: 6 tiles: 2 whole roses, 4 quarters
meeple_cli_test(tiles_check_wind_rose 0 "6 tiles, 6 types|rose_ne 1, rose_nw 1, rose_se 1, rose_sw 1, wind_rose 2"
                ${MEEPLE_EXE} tiles check tiles/wind_rose.tiles)
# abbot.md §1: the base game's 72 tiles, 8 of them with a garden
meeple_cli_test(tiles_check_base_gardens 0 "72 tiles, 32 types|cloister 6, field 126, garden 8|pennant 10"
                ${MEEPLE_EXE} tiles check tiles/base_gardens.tiles)
# cult.md §1: 6 shrine tiles (JCZ cult/6), 5 in the first printing
meeple_cli_test(tiles_check_cult 0 "6 tiles, 6 types|cloister 6|shrine 6"
                ${MEEPLE_EXE} tiles check tiles/cult.tiles)
meeple_cli_test(tiles_check_cult_c1 0 "5 tiles, 5 types|shrine 5"
                ${MEEPLE_EXE} tiles check tiles/cult_c1.tiles)
# monasteries.md §1: 6 special monasteries, 2 with a road
meeple_cli_test(tiles_check_monasteries 0 "6 tiles, 6 types|cloister 6, field 6, road 2|monastery 6"
                ${MEEPLE_EXE} tiles check tiles/monasteries.tiles)
# gq11.md §1: 10 land tiles, one of each, the pig herd on one
meeple_cli_test(tiles_check_gq11 0 "10 tiles, 10 types|cloister 1|pig_herd 1"
                ${MEEPLE_EXE} tiles check tiles/gq11.tiles)
# labyrinth.md §1: one labyrinth tile, its road marked
meeple_cli_test(tiles_check_labyrinth 0 "1 tiles, 1 types|field 4, road 1|labyrinth 1"
                ${MEEPLE_EXE} tiles check tiles/labyrinth.tiles)
# gold_mines.md §1: 8 gold tiles, one of each, 4 with a cloister
meeple_cli_test(tiles_check_gold_mines 0 "8 tiles, 8 types|cloister 4|goldmine 8"
                ${MEEPLE_EXE} tiles check tiles/gold_mines.tiles)
# darmstadt.md §1: 3 tiles, the Darmstadtium and 2 churches
meeple_cli_test(tiles_check_darmstadt 0 "3 tiles, 3 types|cloister 2|church 2, darmstadtium 1"
                ${MEEPLE_EXE} tiles check tiles/darmstadt.tiles)
# watchtowers.md §1: 12 land tiles, one of each, a tower on every one:
# 2 meeple, 2 coat-of-arms, 3 road, 2 monastery, 3 city towers
meeple_cli_test(tiles_check_watchtowers 0 "12 tiles, 12 types|watch_city 3, watch_cloister 2, watch_meeple 2, watch_pennant 2, watch_road 3, watchtower 12"
                ${MEEPLE_EXE} tiles check tiles/watchtowers.tiles)
# flying_machines.md §1: 8 land tiles, one of each: 5 arrows along a side, 3 diagonal
meeple_cli_test(tiles_check_flying_machines 0 "8 tiles, 8 types|fly_diag 3, fly_orth 5, flying_machine 8"
                ${MEEPLE_EXE} tiles check tiles/flying_machines.tiles)
# russian_promos.md §1: 4 land tiles, one of each, the hut a cloister
meeple_cli_test(tiles_check_russian_promos 0 "4 tiles, 4 types|cloister 1, field 8, road 3|yaga_hut 1"
                ${MEEPLE_EXE} tiles check tiles/russian_promos.tiles)
# siege.md §1: The Besiegers' 6 tiles, The Cathars' 4, every one besieged
meeple_cli_test(tiles_check_siege 0 "6 tiles, 6 types|city 6, field 11, road 5|besieged 6"
                ${MEEPLE_EXE} tiles check tiles/siege.tiles)
meeple_cli_test(tiles_check_siege_cathars 0 "4 tiles, 4 types|besieged 4"
                ${MEEPLE_EXE} tiles check tiles/siege_cathars.tiles)
# mage_witch.md §1: 8 land tiles with the magic symbol, one of each
meeple_cli_test(tiles_check_mage_witch 0 "8 tiles, 8 types|city 12, field 19, road 11|magic 8"
                ${MEEPLE_EXE} tiles check tiles/mage_witch.tiles)
# count.md §1: the 12 City of Carcassonne tiles, one of each
meeple_cli_test(tiles_check_count 0 "12 tiles, 12 types|city 14, field 13, road 3|carcassonne 12"
                ${MEEPLE_EXE} tiles check tiles/count.tiles)
meeple_cli_test(tiles_check_bad 1 "bad\\.tiles:2:1: tile A: port ENE covered by no segment"
                ${MEEPLE_EXE} tiles check ${BAD_TILES})
meeple_cli_test(tiles_check_missing 1 "nowhere\\.tiles"
                ${MEEPLE_EXE} tiles check nowhere.tiles)
meeple_cli_test(bad_command 2 "unknown command 'bogus'|try 'meeple --help'"
                ${MEEPLE_EXE} bogus)
meeple_cli_test(bad_subcommand 2 "unknown subcommand 'bogus'|try 'meeple tiles --help'"
                ${MEEPLE_EXE} tiles bogus)
meeple_cli_test(tiles_check_no_file 2 "try 'meeple tiles --help'"
                ${MEEPLE_EXE} tiles check)
meeple_cli_test(tiles_render 0 "wrote .*base\\.svg \\(24 tile types\\)"
                ${MEEPLE_EXE} tiles render tiles/base.tiles --svg ${CMAKE_CURRENT_BINARY_DIR}/base.svg)
# "-" is stdout: the SVG alone, and no file named "-"
meeple_cli_test(tiles_render_stdout 0 "^<.xml version=[^\n]*\n<svg xmlns=|</svg>[\r\n]*$"
                ${MEEPLE_EXE} tiles render tiles/base.tiles --svg -)

# meeple.so in the stock interpreter. An instrumented module needs the
# sanitizer runtime loaded before the (uninstrumented) interpreter.
set(MODULE_ENV "MEEPLE_CPATH=${CMAKE_BINARY_DIR}/?.so")
if(MEEPLE_SANITIZE)
  execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=libasan.so
                  OUTPUT_VARIABLE ASAN_RUNTIME OUTPUT_STRIP_TRAILING_WHITESPACE)
  list(APPEND MODULE_ENV "LD_PRELOAD=${ASAN_RUNTIME}" "ASAN_OPTIONS=detect_leaks=0")
endif()
foreach(module_test lua/binding_test lua/docs_binding_test lua/stubs_test lua/limits_test)
  if(TEST ${module_test})
    set_property(TEST ${module_test} APPEND PROPERTY ENVIRONMENT ${MODULE_ENV})
  endif()
endforeach()

# A collector whose move does not read: sim names the collector's line and
# the reason, never a C argument slot ("bad argument #6 to '?'").
set(BAD_COLLECT ${CMAKE_CURRENT_BINARY_DIR}/bad_collect.lua)
file(WRITE ${BAD_COLLECT} "-- offers a figure kind the rules lack\ncollect(\"place_figure\", function(ctx)\n  return { { type = \"deploy\", figure = \"nope\", at = 7 } }\nend)\n")
meeple_cli_test(sim_collect_bad_move 1 "seed 1: [^\n]*bad_collect\\.lua:2: collect: unknown figure kind 'nope'"
                ${MEEPLE_EXE} sim --games 2 --rules ${BAD_COLLECT})
# A collector that calls a play method (ctx.play:phase()) and offers a
# move: the moves are read from the play's own stack slot, not the slot the
# method saw (a stale slot crashed sim; #41).
set(PLAY_COLLECT ${CMAKE_CURRENT_BINARY_DIR}/collect_play_method.lua)
file(WRITE ${PLAY_COLLECT} "api \"2\"\naction \"noop\" { args = {} }\ncollect(\"place_figure\", function(ctx)\n  if ctx.play:phase() ~= \"place_figure\" then error(\"phase\") end\n  return { { type = \"action\", action = \"noop\", args = {} } }\nend)\non(\"action\", function(ctx, move) end)\n")
meeple_cli_test(collect_play_method_sim 0 "3 games of base"
                ${MEEPLE_EXE} sim --games 3 --seed 1 --rules ${PLAY_COLLECT})
# A scenario move that reads as a legal one but is not the engine's text
# names that text, not "is illegal: legal" (#41).
set(SHORT_ACTION ${CMAKE_CURRENT_BINARY_DIR}/short_action.lua)
file(WRITE ${SHORT_ACTION} "scenario \"short action\" { game = \"base\", with = { \"hills_sheep\" }, players = 2 }\ndraws { \"hs.sheep1\", stack = \"sheep\" }\nplay(\"place U 1,0 r1\", \"deploy shepherd S\")\nplay(\"place U -1,0 r1\", \"pass\")\nplay(\"place U 2,0 r1\", \"pass\")\nplay \"action flock_grow\"\n")
meeple_cli_test(scenario_short_action 1 "short_action\\.lua:6: 'action flock_grow' is illegal: written otherwise: the engine writes it 'action flock_grow 0 0 0 0'"
                ${MEEPLE_EXE} test ${SHORT_ACTION})
# The editor stubs of the sandbox's own globals (memo) are checked against
# the globals `meeple script` lists (#36).
if(TEST lua/stubs_test AND TARGET meeple)
  set_property(TEST lua/stubs_test APPEND PROPERTY ENVIRONMENT "MEEPLE_BIN=$<TARGET_FILE:meeple>")
endif()
