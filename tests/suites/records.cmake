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
