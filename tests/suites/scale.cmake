# sim at scale (issue 22): --jobs, shards and merge, rows, bad input, a
# full disk, constant memory; the GNU parallel recipe; and the Slurm
# recipe against a real single-node Slurm (label slurm: it installs and
# starts daemons, so .ci/run runs it on its own after make test).
if(NOT TARGET meeple)
  return()
endif()
set(SCALE_ENV "MEEPLE_ROOT=${CMAKE_SOURCE_DIR}")
if(MEEPLE_SANITIZE)
  list(APPEND SCALE_ENV "ASAN_OPTIONS=detect_leaks=0")
endif()

add_test(NAME scale/sim
         COMMAND sh ${CMAKE_SOURCE_DIR}/tests/scale/sim_scale_test.sh $<TARGET_FILE:meeple>
                 ${CMAKE_CURRENT_BINARY_DIR}/scale-sim
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(scale/sim PROPERTIES ENVIRONMENT "${SCALE_ENV}" LABELS scale)

add_test(NAME scale/parallel_recipe
         COMMAND sh ${CMAKE_SOURCE_DIR}/tests/cluster/parallel_test.sh $<TARGET_FILE:meeple>
                 ${CMAKE_CURRENT_BINARY_DIR}/scale-parallel
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(scale/parallel_recipe PROPERTIES ENVIRONMENT "${SCALE_ENV}" LABELS scale
                     SKIP_RETURN_CODE 77)

# A real Slurm: slurm-wlm and munge (make deps installs them), a private
# munged, slurmctld and slurmd on localhost, the example array job of 4
# shards x 5,000 base games and its merge job; about 30 s on 2 cores.
add_test(NAME scale/slurm_recipe
         COMMAND sh ${CMAKE_SOURCE_DIR}/tests/cluster/slurm_test.sh $<TARGET_FILE:meeple>
                 ${CMAKE_CURRENT_BINARY_DIR}/scale-slurm
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(scale/slurm_recipe PROPERTIES ENVIRONMENT "${SCALE_ENV}"
                     LABELS "scale;slurm" SKIP_RETURN_CODE 77 TIMEOUT 900)

add_test(NAME scale/compare
         COMMAND sh ${CMAKE_SOURCE_DIR}/tests/scale/compare_test.sh $<TARGET_FILE:meeple>
                 ${CMAKE_CURRENT_BINARY_DIR}/scale-compare
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(scale/compare PROPERTIES ENVIRONMENT "${SCALE_ENV}" LABELS scale)

# Balance studies as one HTML page (#43 §5): points by kind, sim --html,
# meeple report, --compare per kind.
add_test(NAME scale/report
         COMMAND sh ${CMAKE_SOURCE_DIR}/tests/scale/report_test.sh $<TARGET_FILE:meeple>
                 ${CMAKE_CURRENT_BINARY_DIR}/scale-report
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(scale/report PROPERTIES ENVIRONMENT "${SCALE_ENV}" LABELS scale)
