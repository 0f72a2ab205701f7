# Browser tests (issue 20): Debian's chromium driven by puppeteer-core
# (tests/browser/package.json), against `meeple view` pages and a
# `meeple serve` table on 127.0.0.1. Screenshots of the viewer and the
# table go to ${CMAKE_BINARY_DIR}/browser/. One chromium at a time.
find_program(CHROMIUM_EXE chromium)
find_program(NODE_EXE node)
if(TARGET meeple AND CHROMIUM_EXE AND NODE_EXE)
  foreach(name viewer serve table api)
    add_test(NAME browser/${name}
             COMMAND sh ${CMAKE_SOURCE_DIR}/tests/browser/run.sh $<TARGET_FILE:meeple>
                     ${CMAKE_BINARY_DIR}/browser ${name}.test.js
             WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
    set_tests_properties(browser/${name} PROPERTIES RESOURCE_LOCK chromium TIMEOUT 300
      LABELS browser ENVIRONMENT "MEEPLE_ROOT=${CMAKE_SOURCE_DIR};CHROMIUM=${CHROMIUM_EXE}")
  endforeach()
else()
  message(WARNING "browser tests skipped: chromium or node missing (make test installs them)")
endif()
