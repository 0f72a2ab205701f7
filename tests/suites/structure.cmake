# Issue 18: one mechanic, one module. No function over 120 lines and no
# C file over 900 lines in engine/ or bindings/ (tools/long-functions.sh,
# with its own fixture showing that it catches them).
add_test(NAME structure/long_functions
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/structure/long_functions_test.sh ${PROJECT_SOURCE_DIR})
