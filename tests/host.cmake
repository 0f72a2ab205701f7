# Every tests/host/*_test.lua runs as trusted host code inside the meeple
# executable (`meeple script FILE`), so it can load game scripts into the
# sandbox the way `meeple play` does.
file(GLOB HOST_TESTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/host/*_test.lua)
foreach(src ${HOST_TESTS})
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME host/${name} COMMAND $<TARGET_FILE:meeple> script ${src}
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(host/${name} PROPERTIES ENVIRONMENT
    "MEEPLE_ROOT=${CMAKE_SOURCE_DIR};MEEPLE_BIN=$<TARGET_FILE:meeple>")
endforeach()

# The hook tests (tests/lua/hooks/*_test.lua), named by the module they
# test (bindings/hooks/ and the loader's dispatch): host code like the
# above, run by `meeple script`.
file(GLOB HOOK_TESTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/lua/hooks/*_test.lua)
foreach(src ${HOOK_TESTS})
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME lua/hooks/${name} COMMAND $<TARGET_FILE:meeple> script ${src}
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(lua/hooks/${name} PROPERTIES ENVIRONMENT
    "MEEPLE_ROOT=${CMAKE_SOURCE_DIR};MEEPLE_BIN=$<TARGET_FILE:meeple>")
endforeach()
