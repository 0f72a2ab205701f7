# libmeeple: the kernel and the Lua layer as one installable library,
# static (libmeeple.a) and shared (libmeeple.so), for C and C++ programs
# (bindings/embed/meeple.h) and the Python module. Included from
# bindings/CMakeLists.txt, where the layers' objects (MEEPLE_LAYER_OBJECTS) are.
#
# Both hold the kernel's objects (its layers' object libraries, compiled
# once, position-independent: the top CMakeLists.txt) and the layer's,
# and link Debian's shared LPeg: its static library is not PIC.
set(MEEPLE_LIB_SOURCES $<TARGET_OBJECTS:gk_agent> $<TARGET_OBJECTS:gk_flow> $<TARGET_OBJECTS:gk_core>
    ${MEEPLE_LAYER_OBJECTS})
file(GLOB MEEPLE_KERNEL_HEADERS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/engine/include/*.h)
set(MEEPLE_PUBLIC_HEADERS ${MEEPLE_KERNEL_HEADERS} ${MEEPLE_GENERATED_INCLUDE}/meeple_version.h
    ${CMAKE_SOURCE_DIR}/bindings/embed/meeple.h)

foreach(kind static shared)
  string(TOUPPER ${kind} KIND)
  add_library(meeple_${kind} ${KIND} ${MEEPLE_LIB_SOURCES})
  target_include_directories(meeple_${kind}
    PUBLIC $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/engine/include>
           $<BUILD_INTERFACE:${MEEPLE_GENERATED_INCLUDE}>
           $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/bindings/embed>
           $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/meeple>
    PRIVATE ${LUA_INCLUDE_DIRS})
  target_link_libraries(meeple_${kind} PRIVATE ${LUA_LINK_LIBRARIES} ${LPEG_SHARED} ${SQLITE3_LINK_LIBRARIES} m)
  set_target_properties(meeple_${kind} PROPERTIES OUTPUT_NAME meeple POSITION_INDEPENDENT_CODE ON
                        PUBLIC_HEADER "${MEEPLE_PUBLIC_HEADERS}")
endforeach()
set_target_properties(meeple_shared PROPERTIES VERSION ${PROJECT_VERSION}
                      SOVERSION ${PROJECT_VERSION_MAJOR})
