# The examples' scenario suites (docs/scenarios.md), one CTest test per
# directory: `meeple test examples/DIR/scenarios`. Included by
# tests/CMakeLists.txt.
#   examples/fan-expansion   Lakes & Fishers, loaded by path from outside
#                            scripts/ and tiles/ (no engine change)
#   examples/house-rules     one or more scenarios per house rule
#   examples/fan-river       The Brook: a River-like continuation veto (#39)
#   examples/fan-watchtowers Watchtowers: a line-of-sight hook and veto (#39)
# docs/tutorial.md's runnable blocks are checked by tests/host/tutorial_test.lua.
if(NOT TARGET meeple)
  return()
endif()
foreach(dir fan-expansion house-rules fan-river fan-watchtowers)
  if(IS_DIRECTORY ${CMAKE_SOURCE_DIR}/examples/${dir}/scenarios)
    add_test(NAME examples/${dir}
             COMMAND $<TARGET_FILE:meeple> test examples/${dir}/scenarios
             WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
    set_tests_properties(examples/${dir} PROPERTIES ENVIRONMENT "MEEPLE_ROOT=${CMAKE_SOURCE_DIR}")
  endif()
endforeach()
