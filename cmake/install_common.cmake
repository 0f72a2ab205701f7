# What both installs hold (cmake/install.cmake, cmake/install_rock.cmake):
# the command, the Lua module, the Lua files and the games (the installed
# root that meeple.load and the command find by themselves).
set(MEEPLE_LUA_CMOD_DIR "${CMAKE_INSTALL_LIBDIR}/lua/5.4" CACHE STRING "where meeple.so goes")
set(MEEPLE_LUA_DIR "${CMAKE_INSTALL_DATADIR}/lua/5.4" CACHE STRING "where the Lua modules go")
install(TARGETS meeple RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS meeple_module LIBRARY DESTINATION ${MEEPLE_LUA_CMOD_DIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/scripts ${CMAKE_SOURCE_DIR}/tiles
        DESTINATION ${CMAKE_INSTALL_DATADIR}/meeple)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/bindings/lua/meeple DESTINATION ${MEEPLE_LUA_DIR}
        FILES_MATCHING PATTERN "*.lua")
