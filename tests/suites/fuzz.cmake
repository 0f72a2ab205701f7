# Fuzz targets (issue 15): one harness (tests/fuzz/harness.c) around a Lua
# driver per target (tests/fuzz/<target>.lua).
#   MEEPLE_FUZZ=ON (make fuzz, clang): fuzz_<target>, libFuzzer executables
#                  that tools/fuzz.sh runs for a long time.
#   otherwise:     fuzz/<target> in make test: the seeds, then a few seconds
#                  of deterministic mutations of them (tests/fuzz/standalone.c),
#                  under the test build's ASan/UBSan.
set(FUZZ_DIR ${CMAKE_SOURCE_DIR}/tests/fuzz)
# Seeds: the shipped tile sets and scenarios, and tests/fuzz/seeds/<target>.
set(FUZZ_SEEDS_tiles ${CMAKE_SOURCE_DIR}/tiles)
set(FUZZ_SEEDS_scenario ${CMAKE_SOURCE_DIR}/tests/scenarios/base)
set(FUZZ_SEEDS_record ${FUZZ_DIR}/seeds/record)
set(FUZZ_SEEDS_hook ${FUZZ_DIR}/seeds/hook)
set(FUZZ_SEEDS_record_files ${FUZZ_DIR}/seeds/record_files)
set(FUZZ_SEEDS_serve ${FUZZ_DIR}/seeds/serve)
foreach(target tiles record record_files scenario hook serve)
  if(MEEPLE_FUZZ)
    set(exe fuzz_${target})
    add_executable(${exe} ${FUZZ_DIR}/harness.c)
    target_link_options(${exe} PRIVATE -fsanitize=fuzzer)
  else()
    set(exe fuzz_${target}_smoke)
    add_executable(${exe} ${FUZZ_DIR}/harness.c ${FUZZ_DIR}/standalone.c)
    add_test(NAME fuzz/${target} COMMAND ${exe} 3 ${FUZZ_SEEDS_${target}})
    set_tests_properties(fuzz/${target} PROPERTIES ENVIRONMENT "MEEPLE_ROOT=${CMAKE_SOURCE_DIR}")
  endif()
  target_compile_definitions(${exe} PRIVATE FUZZ_DRIVER="${target}"
                             MEEPLE_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
  target_link_libraries(${exe} PRIVATE meeple_lua)
endforeach()
# The record seeds must replay with the current scripts, or the record
# fuzzer only ever meets the hash check on line 1.
if(NOT MEEPLE_FUZZ)
  add_test(NAME fuzz/record_seeds_current COMMAND sh -c
    "\"$0\" replay \"$1\" || { echo 'stale record seeds: run sh tools/fuzz-seeds.sh build-test/meeple' >&2; exit 1; }"
    $<TARGET_FILE:meeple> ${FUZZ_DIR}/seeds/record/full.jsonl)
  set_tests_properties(fuzz/record_seeds_current PROPERTIES WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
endif()
