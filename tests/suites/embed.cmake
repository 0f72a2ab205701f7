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
