# Embedding meeple (issue 23): meeple.load from the stock interpreter,
# the installed C library, the Python module and the rock.

# meeple.so in the stock lua5.4 (MODULE_ENV of tests/cli.cmake: the
# module's path, the sanitizer runtime), the repository as search path.
set(EMBED_MODULE_ENV ${MODULE_ENV} "MEEPLE_PATH=${CMAKE_SOURCE_DIR}")
foreach(module_test lua/session_test lua/docs_play_test)
  if(TEST ${module_test})
    set_property(TEST ${module_test} APPEND PROPERTY ENVIRONMENT ${EMBED_MODULE_ENV})
  endif()
endforeach()

# The Python module: python3 -m unittest, with NumPy and with plain
# buffers. Under the sanitizers the uninstrumented interpreter needs the
# ASan runtime preloaded; CPython's own allocations are not leaks to us.
if(TARGET meeple_python)
  set(EMBED_PY_ENV "PYTHONPATH=${CMAKE_BINARY_DIR}/python" "MEEPLE_PATH=${CMAKE_SOURCE_DIR}")
  if(MEEPLE_SANITIZE)
    list(APPEND EMBED_PY_ENV "LD_PRELOAD=${ASAN_RUNTIME}" "ASAN_OPTIONS=detect_leaks=0")
  endif()
  foreach(mode numpy buffers)
    add_test(NAME python/unittest_${mode}
             COMMAND ${Python3_EXECUTABLE} -m unittest discover -s tests/python
             WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
    set(env ${EMBED_PY_ENV})
    if(mode STREQUAL "buffers")
      list(APPEND env "MEEPLE_NO_NUMPY=1")
    endif()
    set_tests_properties(python/unittest_${mode} PROPERTIES ENVIRONMENT "${env}")
  endforeach()
endif()

# pip install . offline, then import from elsewhere (compiles the engine
# once, about 15 s of CPU).
if(TARGET meeple_python)
  add_test(NAME python/pip_install
           COMMAND sh ${CMAKE_SOURCE_DIR}/tests/embed/pip_install.sh ${CMAKE_SOURCE_DIR}
                   ${CMAKE_CURRENT_BINARY_DIR}/pip_install)
  set_tests_properties(python/pip_install PROPERTIES PASS_REGULAR_EXPRESSION "installed meeple played"
                       RESOURCE_LOCK build_python)
  # docs/python.md's command in a plain venv (#43); shares setup.py's build-python/
  add_test(NAME python/pip_venv
           COMMAND sh ${CMAKE_SOURCE_DIR}/tests/embed/pip_venv.sh ${CMAKE_SOURCE_DIR}
                   ${CMAKE_CURRENT_BINARY_DIR}/pip_venv)
  set_tests_properties(python/pip_venv PROPERTIES PASS_REGULAR_EXPRESSION "venv meeple played"
                       RESOURCE_LOCK build_python)
endif()

# cmake --install into a scratch prefix; examples/embed-c built against it
# by pkg-config and by find_package (shared and static) and run; the
# installed Lua module and command. Sanitized builds link the example
# sanitized too, so ASan watches the C API from outside.
set(EMBED_C_FLAGS "")
if(MEEPLE_SANITIZE)
  set(EMBED_C_FLAGS "-fsanitize=address,undefined -fno-sanitize-recover=all")
endif()
add_test(NAME embed/install
         COMMAND sh ${CMAKE_SOURCE_DIR}/tests/embed/install_test.sh ${CMAKE_BINARY_DIR}
                 ${CMAKE_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/install "${EMBED_C_FLAGS}")
if(MEEPLE_SANITIZE)
  set_tests_properties(embed/install PROPERTIES ENVIRONMENT "EMBED_LUA_PRELOAD=${ASAN_RUNTIME}")
endif()

# The rock: luarocks make into a scratch tree, then lua5.4 and the command
# from elsewhere (builds a release meeple once: about 20 s of CPU).
find_program(LUAROCKS luarocks)
if(LUAROCKS)
  add_test(NAME embed/rock
           COMMAND sh ${CMAKE_SOURCE_DIR}/tests/embed/rock_test.sh ${CMAKE_SOURCE_DIR}
                   ${CMAKE_CURRENT_BINARY_DIR}/rock)
  set_tests_properties(embed/rock PROPERTIES PASS_REGULAR_EXPRESSION "rock: the meeple command played")
endif()
