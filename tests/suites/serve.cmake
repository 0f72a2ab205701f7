# Issue 20: outputs of `play` are checked before the game is played: a
# --record or --html path that cannot be written is a usage error (exit
# 2) with the path named, and no game output.
meeple_cli_test(play_record_bad_dir_before_play 2 "^meeple play: --record /nonexistent-dir/game\\.jsonl: no directory /nonexistent-dir\n"
                ${MEEPLE_EXE} play --record /nonexistent-dir/game.jsonl)
meeple_cli_test(play_html_bad_dir_before_play 2 "^meeple play: --html /nonexistent-dir/game\\.html: no directory /nonexistent-dir\n"
                ${MEEPLE_EXE} play --html /nonexistent-dir/game.html)

# meeple serve over HTTP (issues #36 section 8, #42): every reply checked
# against the JSON Schemas of docs/protocol/ (Debian's python3-jsonschema),
# ?board=0, the event stream, bots that think outside requests, cross-site
# POSTs, idle connections; and the reference bot of examples/bots/ against
# `random` over 20 games.
find_program(SERVE_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT SERVE_PYTHON)
  find_program(SERVE_PYTHON python3)
endif()
if(SERVE_PYTHON)
  execute_process(COMMAND ${SERVE_PYTHON} -c "import jsonschema" RESULT_VARIABLE SERVE_NO_JSONSCHEMA
                  OUTPUT_QUIET ERROR_QUIET)
endif()
if(TARGET meeple AND SERVE_PYTHON AND SERVE_NO_JSONSCHEMA EQUAL 0)
  add_test(NAME serve/protocol COMMAND ${SERVE_PYTHON} ${CMAKE_SOURCE_DIR}/tests/serve/protocol_test.py
           $<TARGET_FILE:meeple>)
  add_test(NAME serve/reference_bot COMMAND ${SERVE_PYTHON} ${CMAKE_SOURCE_DIR}/tests/serve/bot_test.py
           $<TARGET_FILE:meeple>)
  # the seat that decides (a dragon step in another seat's turn) answers (#41)
  add_test(NAME serve/decider COMMAND ${SERVE_PYTHON} ${CMAKE_SOURCE_DIR}/tests/serve/decider_test.py
           $<TARGET_FILE:meeple>)
  set_tests_properties(serve/protocol serve/reference_bot serve/decider PROPERTIES TIMEOUT 600 LABELS serve)
else()
  message(WARNING "serve protocol tests skipped: python3 with jsonschema missing (make test installs python3-jsonschema)")
endif()
