# Issue 15: the sandbox's limit flags on play, sim, bench, replay and
# script, each hit by a hostile script (tests/limits/cli_limits.sh).
if(NOT TARGET meeple)
  return()
endif()
add_test(NAME limits/cli_limits
         COMMAND sh ${CMAKE_SOURCE_DIR}/tests/limits/cli_limits.sh $<TARGET_FILE:meeple>)
