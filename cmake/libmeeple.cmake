# libmeeple: the kernel and the Lua layer as one installable library,
# static (libmeeple.a) and shared (libmeeple.so), for C and C++ programs
# (bindings/meeple.h) and the Python module. Included from
# bindings/CMakeLists.txt, where MEEPLE_LUA_SOURCES and EMBEDDED_C are.
#
# Both are position-independent (the Python extension links the static
# one) and link Debian's shared LPeg: its static library is not PIC.
set(MEEPLE_LIB_SOURCES ${GK_SOURCES} ${MEEPLE_LUA_SOURCES} ${EMBEDDED_C})
set(MEEPLE_PUBLIC_HEADERS ${CMAKE_SOURCE_DIR}/engine/include/gk.h
    ${CMAKE_SOURCE_DIR}/engine/include/gk_flow.h ${CMAKE_SOURCE_DIR}/bindings/meeple.h)

foreach(kind static shared)
  string(TOUPPER ${kind} KIND)
  add_library(meeple_${kind} ${KIND} ${MEEPLE_LIB_SOURCES})
  add_dependencies(meeple_${kind} meeple_embedded)
  target_include_directories(meeple_${kind}
    PUBLIC $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/engine/include>
           $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/bindings>
           $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/meeple>
    PRIVATE ${CMAKE_SOURCE_DIR}/engine/src ${LUA_INCLUDE_DIRS})
  target_link_libraries(meeple_${kind} PRIVATE ${LUA_LINK_LIBRARIES} ${LPEG_SHARED} m)
  set_target_properties(meeple_${kind} PROPERTIES OUTPUT_NAME meeple POSITION_INDEPENDENT_CODE ON
                        PUBLIC_HEADER "${MEEPLE_PUBLIC_HEADERS}")
endforeach()
set_target_properties(meeple_shared PROPERTIES VERSION ${PROJECT_VERSION}
                      SOVERSION ${PROJECT_VERSION_MAJOR})
