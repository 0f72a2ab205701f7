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
