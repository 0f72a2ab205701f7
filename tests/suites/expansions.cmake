# Expansions written in Lua against docs/lua-api.md (issue 19): their tile
# data and random games that must stay legal (under ASan in make test).
if(TARGET meeple)
  # 200 random games, in two halves run in parallel
  foreach(part 1 2)
    add_test(NAME expansions/princess_dragon_${part} COMMAND $<TARGET_FILE:meeple> script
             ${CMAKE_SOURCE_DIR}/tests/expansions/princess_dragon_test.lua 200 ${part}/2
             WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
    set_tests_properties(expansions/princess_dragon_${part} PROPERTIES LABELS expansions
      ENVIRONMENT "MEEPLE_ROOT=${CMAKE_SOURCE_DIR}")
  endforeach()
endif()

# Inns & Cathedrals (issue 41): random games of six players with every
# expansion its large meeple meets (T&B's builder and pig, A&M's mayor and
# barn, P&D's dragon, princess, fairy and portal) must end without an
# error, under ASan in make test. The 10,000-game runs are in the README.
if(TARGET meeple)
  meeple_cli_test(inns_cathedrals_sim 0 "300 games of base, 6 players"
                  ${MEEPLE_EXE} sim --games 300 --players 6
                  --with traders_builders,abbey_mayor,princess_dragon,inns_cathedrals)
  set_tests_properties(cli/inns_cathedrals_sim PROPERTIES LABELS expansions)
endif()

# The Tower (issue 41): its hooks in random games with every other
# expansion whose followers it captures (100 games, 4 players).
if(TARGET meeple)
  meeple_cli_test(tower_sim 0 "100 games of base, 4 players"
                  ${MEEPLE_EXE} sim --games 100 --players 4
                  --with traders_builders,abbey_mayor,princess_dragon,inns_cathedrals,tower)
  set_tests_properties(cli/tower_sim PROPERTIES LABELS expansions)
endif()

# Hills & Sheep (issue 41): its hooks (flocks, hills, vineyards) in random
# games with every other expansion, the invariants checked after every move
# (100 games, 4 players; the 10,000-game runs are in hills_sheep.md §9).
if(TARGET meeple)
  meeple_cli_test(hills_sheep_sim 0 "100 games of base, 4 players"
                  ${MEEPLE_EXE} sim --games 100 --players 4 --check-invariants
                  --with traders_builders,abbey_mayor,princess_dragon,inns_cathedrals,tower,hills_sheep)
  set_tests_properties(cli/hills_sheep_sim PROPERTIES LABELS expansions)
endif()

# Bridges, Castles and Bazaars (issue 41): its hooks (bridged tiles in the
# draw phase, castles, the bazaar's auction) in random games with the
# expansions it meets, invariants checked (100 games, 4 players).
if(TARGET meeple)
  meeple_cli_test(bridges_castles_bazaars_sim 0 "100 games of base, 4 players"
                  ${MEEPLE_EXE} sim --games 100 --players 4 --check-invariants
                  --with traders_builders,abbey_mayor,inns_cathedrals,bridges_castles_bazaars)
  set_tests_properties(cli/bridges_castles_bazaars_sim PROPERTIES LABELS expansions)
  add_test(NAME expansions/bridges_castles_bazaars COMMAND $<TARGET_FILE:meeple> script
           ${CMAKE_SOURCE_DIR}/tests/expansions/bridges_castles_bazaars_test.lua
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(expansions/bridges_castles_bazaars PROPERTIES LABELS expansions
    ENVIRONMENT "MEEPLE_ROOT=${CMAKE_SOURCE_DIR}")
endif()

# King & Robber Baron (issue 41): its hooks (the awards on every completed
# feature, the holders' points at the end) in random games with the
# expansions it meets, invariants checked (100 games, 4 players; the
# 10,000-game runs are in king_robber.md §9).
if(TARGET meeple)
  meeple_cli_test(king_robber_sim 0 "100 games of base, 4 players"
                  ${MEEPLE_EXE} sim --games 100 --players 4 --check-invariants
                  --with traders_builders,abbey_mayor,princess_dragon,inns_cathedrals,king_robber)
  set_tests_properties(cli/king_robber_sim PROPERTIES LABELS expansions)
  meeple_cli_test(king_robber_sim_continuous 0 "100 games of base, 3 players"
                  ${MEEPLE_EXE} sim --games 100 --players 3 --check-invariants
                  --with king_robber --option king_robber_scoring=continuous)
  set_tests_properties(cli/king_robber_sim_continuous PROPERTIES LABELS expansions)
endif()

# The Wind Roses (issue 41): the orange rose as the start, its hook on the
# rose tiles in random games with T&B and A&M, invariants checked (100
# games, 4 players; the 10,000-game runs are in wind_rose.md §8).
if(TARGET meeple)
  meeple_cli_test(wind_rose_sim 0 "100 games of base, 4 players"
                  ${MEEPLE_EXE} sim --games 100 --players 4 --check-invariants
                  --with traders_builders,abbey_mayor,king_robber,wind_rose)
  set_tests_properties(cli/wind_rose_sim PROPERTIES LABELS expansions)
endif()

# The Abbot (base option), Heretics and Shrines, Monasteries (issue 41):
# their hooks in random games with the expansions they meet, invariants
# checked (100 games, 4 players; the 10,000-game runs are in the README).
if(TARGET meeple)
  meeple_cli_test(abbot_sim 0 "100 games of base, 4 players"
                  ${MEEPLE_EXE} sim --games 100 --players 4 --check-invariants --option abbot=true
                  --with traders_builders,abbey_mayor,princess_dragon,cult,monasteries)
  set_tests_properties(cli/abbot_sim PROPERTIES LABELS expansions)
  meeple_cli_test(cult_sim 0 "100 games of base, 4 players"
                  ${MEEPLE_EXE} sim --games 100 --players 4 --check-invariants
                  --with traders_builders,abbey_mayor,cult)
  set_tests_properties(cli/cult_sim PROPERTIES LABELS expansions)
  meeple_cli_test(monasteries_sim 0 "100 games of base, 4 players"
                  ${MEEPLE_EXE} sim --games 100 --players 4 --check-invariants
                  --with traders_builders,abbey_mayor,princess_dragon,monasteries)
  set_tests_properties(cli/monasteries_sim PROPERTIES LABELS expansions)
endif()

# Games Quarterly #11 (issue 41): its farm formula (the pig herd, data
# only) in random games with the expansions it meets, invariants checked
# (100 games, 4 players; the 10,000-game runs are in gq11.md §6).
if(TARGET meeple)
  meeple_cli_test(gq11_sim 0 "100 games of base, 4 players"
                  ${MEEPLE_EXE} sim --games 100 --players 4 --check-invariants
                  --with traders_builders,abbey_mayor,gq11)
  set_tests_properties(cli/gq11_sim PROPERTIES LABELS expansions)
endif()

# The Labyrinth (issue 41): the basic rules (data) and the advanced
# variant's hooks (placement on a free arm, the meeple bonus) in random
# games with the expansions it meets, invariants checked (100 games, 4
# players; the 10,000-game runs are in labyrinth.md §7).
if(TARGET meeple)
  meeple_cli_test(labyrinth_sim 0 "100 games of base, 4 players"
                  ${MEEPLE_EXE} sim --games 100 --players 4 --check-invariants
                  --with traders_builders,abbey_mayor,labyrinth)
  set_tests_properties(cli/labyrinth_sim PROPERTIES LABELS expansions)
  meeple_cli_test(labyrinth_sim_advanced 0 "100 games of base, 4 players"
                  ${MEEPLE_EXE} sim --games 100 --players 4 --check-invariants
                  --with traders_builders,abbey_mayor,inns_cathedrals,labyrinth
                  --option labyrinth_variant=advanced)
  set_tests_properties(cli/labyrinth_sim_advanced PROPERTIES LABELS expansions)
  add_test(NAME expansions/labyrinth COMMAND $<TARGET_FILE:meeple> script
           ${CMAKE_SOURCE_DIR}/tests/expansions/labyrinth_test.lua
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(expansions/labyrinth PROPERTIES LABELS expansions
    ENVIRONMENT "MEEPLE_ROOT=${CMAKE_SOURCE_DIR}")
endif()

# The Goldmines (issue 41): the bars placed, shared out and scored by
# hooks, in random games with the expansions it meets, invariants checked
# (100 games, 4 players; the 10,000-game runs are in gold_mines.md §7).
if(TARGET meeple)
  meeple_cli_test(gold_mines_sim 0 "100 games of base, 4 players"
                  ${MEEPLE_EXE} sim --games 100 --players 4 --check-invariants
                  --with traders_builders,abbey_mayor,inns_cathedrals,gold_mines)
  set_tests_properties(cli/gold_mines_sim PROPERTIES LABELS expansions)
  add_test(NAME expansions/gold_mines COMMAND $<TARGET_FILE:meeple> script
           ${CMAKE_SOURCE_DIR}/tests/expansions/gold_mines_test.lua
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(expansions/gold_mines PROPERTIES LABELS expansions
    ENVIRONMENT "MEEPLE_ROOT=${CMAKE_SOURCE_DIR}")
endif()

# Little Buildings (issue 41): the buildings deployed, moved onto their
# tiles and counted by a transform, in random games with the expansions it
# meets, invariants checked (100 games, 4 players; the 10,000-game runs are
# in little_buildings.md §7).
if(TARGET meeple)
  meeple_cli_test(little_buildings_sim 0 "100 games of base, 4 players"
                  ${MEEPLE_EXE} sim --games 100 --players 4 --check-invariants
                  --with traders_builders,abbey_mayor,princess_dragon,little_buildings)
  set_tests_properties(cli/little_buildings_sim PROPERTIES LABELS expansions)
  meeple_cli_test(little_buildings_sim_321 0 "100 games of base, 3 players"
                  ${MEEPLE_EXE} sim --games 100 --players 3 --check-invariants
                  --with inns_cathedrals,little_buildings --option little_buildings_scoring=3/2/1)
  set_tests_properties(cli/little_buildings_sim_321 PROPERTIES LABELS expansions)
endif()

# Darmstadt (issue 41): the Darmstadtium and the church bonus (two
# transforms) in random games with the expansions they meet, invariants
# checked (100 games, 4 players; the 10,000-game runs are in darmstadt.md
# §6).
if(TARGET meeple)
  meeple_cli_test(darmstadt_sim 0 "100 games of base, 4 players"
                  ${MEEPLE_EXE} sim --games 100 --players 4 --check-invariants
                  --with traders_builders,abbey_mayor,inns_cathedrals,darmstadt)
  set_tests_properties(cli/darmstadt_sim PROPERTIES LABELS expansions)
endif()

# The Watchtowers (issue 41): the tower bonus (one transform narrowed by
# the tower attributes) in random games with the expansions it meets,
# invariants checked (100 games, 4 players; the 10,000-game runs are in
# watchtowers.md §6).
if(TARGET meeple)
  meeple_cli_test(watchtowers_sim 0 "100 games of base, 4 players"
                  ${MEEPLE_EXE} sim --games 100 --players 4 --check-invariants
                  --with traders_builders,abbey_mayor,inns_cathedrals,bridges_castles_bazaars,watchtowers)
  set_tests_properties(cli/watchtowers_sim PROPERTIES LABELS expansions)
endif()

# The Flier (issue 41): flights and landings (two actions, a phase of its
# own) in random games with the expansions it meets, the large meeple
# flying too, invariants checked (100 games, 4 players; the 10,000-game
# runs are in flying_machines.md §6).
if(TARGET meeple)
  meeple_cli_test(flying_machines_sim 0 "100 games of base, 4 players"
                  ${MEEPLE_EXE} sim --games 100 --players 4 --check-invariants
                  --with traders_builders,abbey_mayor,inns_cathedrals,flying_machines)
  set_tests_properties(cli/flying_machines_sim PROPERTIES LABELS expansions)
endif()

# The Russian Promos (issue 41): Baba Yaga's hut (data) and the Vodyanoy's
# hooks (trap, freeing, -2 at the end) in random games with the expansions
# they meet, invariants checked (100 games, 4 players; the 10,000-game runs
# are in russian_promos.md §7).
if(TARGET meeple)
  meeple_cli_test(russian_promos_sim 0 "100 games of base, 4 players"
                  ${MEEPLE_EXE} sim --games 100 --players 4 --check-invariants
                  --with traders_builders,abbey_mayor,inns_cathedrals,russian_promos)
  set_tests_properties(cli/russian_promos_sim PROPERTIES LABELS expansions)
endif()

# The Flier and the Vodyanoy beside Princess & Dragon (issue 41): no figure
# lands on, or is trapped onto, the dragon's tile. Seed 226 of this mixed
# set broke the blocks_tile invariant (a wagon on the dragon's tile) before
# the scripts checked for the dragon.
if(TARGET meeple)
  meeple_cli_test(flier_vodyanoy_dragon_sim 0 "1 games of base, 4 players"
                  ${MEEPLE_EXE} sim --games 1 --seed 226 --players 4 --check-invariants --option abbot=true
                  --with traders_builders,abbey_mayor,inns_cathedrals,princess_dragon,bridges_castles_bazaars,watchtowers,flying_machines,russian_promos,king_robber,monasteries,tower)
  set_tests_properties(cli/flier_vodyanoy_dragon_sim PROPERTIES LABELS expansions)
endif()

# Siege (issue 41): besieged cities' scoring (transforms) and the escape
# phase in random games with the expansions it meets (the pig, the barn,
# the wagon and mayor as knights, the cathedral), invariants checked (100
# games, 4 players; the 10,000-game runs are in siege.md §8).
if(TARGET meeple)
  meeple_cli_test(siege_sim 0 "100 games of base, 4 players"
                  ${MEEPLE_EXE} sim --games 100 --players 4 --check-invariants
                  --with traders_builders,abbey_mayor,inns_cathedrals,siege)
  set_tests_properties(cli/siege_sim PROPERTIES LABELS expansions)
  meeple_cli_test(siege_sim_cathars 0 "100 games of base, 3 players"
                  ${MEEPLE_EXE} sim --games 100 --players 3 --check-invariants
                  --with siege --option siege_tiles=cathars --option siege_escape=city)
  set_tests_properties(cli/siege_sim_cathars PROPERTIES LABELS expansions)
  add_test(NAME expansions/siege COMMAND $<TARGET_FILE:meeple> script
           ${CMAKE_SOURCE_DIR}/tests/expansions/siege_test.lua
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(expansions/siege PROPERTIES LABELS expansions
    ENVIRONMENT "MEEPLE_ROOT=${CMAKE_SOURCE_DIR}")
endif()

# Mage & Witch (issue 41): the magic phase and the scoring transform in
# random games with the expansions it meets (the inn and cathedral, the
# pig, the wagon), invariants checked (100 games, 4 players; the
# 10,000-game runs are in mage_witch.md §8); random games keep the two
# figures apart and marked.
if(TARGET meeple)
  meeple_cli_test(mage_witch_sim 0 "100 games of base, 4 players"
                  ${MEEPLE_EXE} sim --games 100 --players 4 --check-invariants
                  --with traders_builders,abbey_mayor,inns_cathedrals,mage_witch)
  set_tests_properties(cli/mage_witch_sim PROPERTIES LABELS expansions)
  add_test(NAME expansions/mage_witch COMMAND $<TARGET_FILE:meeple> script
           ${CMAKE_SOURCE_DIR}/tests/expansions/mage_witch_test.lua
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(expansions/mage_witch PROPERTIES LABELS expansions
    ENVIRONMENT "MEEPLE_ROOT=${CMAKE_SOURCE_DIR}")
endif()

# The Count of Carcassonne (issue 41): the City as the start block in
# random games with the expansions it meets, invariants checked (100
# games, 4 players; the 10,000-game runs are in count.md §6).
if(TARGET meeple)
  meeple_cli_test(count_sim 0 "100 games of base, 4 players"
                  ${MEEPLE_EXE} sim --games 100 --players 4 --check-invariants
                  --with traders_builders,abbey_mayor,princess_dragon,count)
  set_tests_properties(cli/count_sim PROPERTIES LABELS expansions)
endif()
