# `cmake --install BUILD [--prefix P]`: everything a program needs to use
# meeple from outside this tree (docs/embedding.md):
#   bin/meeple                          the command
#   lib/libmeeple.so*, lib/libmeeple.a  the engine and its Lua layer
#   include/meeple/{meeple,gk,gk_flow,gk_limits}.h (every engine/include/*.h)
#   lib/pkgconfig/meeple.pc             pkg-config --cflags --libs meeple
#   lib/cmake/meeple/                   find_package(meeple): meeple::meeple,
#                                       meeple::meeple_static
#   share/meeple/{scripts,tiles}        the games (the installed root)
#   MEEPLE_LUA_CMOD_DIR/meeple.so       require "meeple" for lua5.4
#   MEEPLE_LUA_DIR/meeple/**.lua        the Lua modules, for reading and
#                                       require (meeple.so embeds them too)
# Included from bindings/CMakeLists.txt, where the targets are.
include(CMakePackageConfigHelpers)
set(MEEPLE_CMAKE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/meeple")

include(${CMAKE_SOURCE_DIR}/cmake/install_common.cmake)
install(TARGETS meeple_shared meeple_static EXPORT meepleTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        PUBLIC_HEADER DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/meeple)

set_target_properties(meeple_shared PROPERTIES EXPORT_NAME meeple)
set_target_properties(meeple_static PROPERTIES EXPORT_NAME meeple_static)
install(EXPORT meepleTargets NAMESPACE meeple:: DESTINATION ${MEEPLE_CMAKE_DIR})
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/meepleConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/meepleConfig.cmake INSTALL_DESTINATION ${MEEPLE_CMAKE_DIR}
  PATH_VARS CMAKE_INSTALL_DATADIR)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/meepleConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/meepleConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/meepleConfigVersion.cmake DESTINATION ${MEEPLE_CMAKE_DIR})

# pkg-config: paths relative to the .pc file, so a moved install works.
get_filename_component(MEEPLE_LPEG_DIR ${LPEG_SHARED} DIRECTORY)
configure_file(${CMAKE_SOURCE_DIR}/cmake/meeple.pc.in ${CMAKE_CURRENT_BINARY_DIR}/meeple.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/meeple.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
