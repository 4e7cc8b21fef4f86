# libnavspan: the C ABI of include/navspan/c/navspan.h, built from its one
# source file include/navspan/c/navspan.cpp (library code only, navspan/tools
# among it) as a shared library (navspan::c) and a static one
# (navspan::c_static), both named navspan. Only the navspan_* functions are
# exported from the shared library.
include(GNUInstallDirs)
set(navspan_c_source ${PROJECT_SOURCE_DIR}/include/navspan/c/navspan.cpp)

# Compiled once (position-independent), linked twice.
add_library(navspan_c_objects OBJECT ${navspan_c_source})
target_link_libraries(navspan_c_objects PRIVATE navspan navspan_build_flags)
target_compile_features(navspan_c_objects PRIVATE cxx_std_20)
target_compile_definitions(navspan_c_objects PRIVATE NAVSPAN_VERSION="${PROJECT_VERSION}")
# The library's own precondition checks stay on in test builds (they would
# catch a mistake of the ABI layer) and off in Release, what users install.
target_compile_options(navspan_c_objects PRIVATE $<$<CONFIG:Release>:-UNAVSPAN_ENABLE_ASSERTS>)
set_target_properties(navspan_c_objects PROPERTIES
    CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON POSITION_INDEPENDENT_CODE ON)

add_library(navspan_c SHARED $<TARGET_OBJECTS:navspan_c_objects>)
add_library(navspan_c_static STATIC $<TARGET_OBJECTS:navspan_c_objects>)
add_library(navspan::c ALIAS navspan_c)
add_library(navspan::c_static ALIAS navspan_c_static)
foreach(t navspan_c navspan_c_static)
    # The sanitizer link flags, when the objects were built with them.
    target_link_libraries(${t} PRIVATE $<BUILD_INTERFACE:navspan_build_flags>)
    target_include_directories(${t} INTERFACE
        $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
        $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
    set_target_properties(${t} PROPERTIES OUTPUT_NAME navspan LINKER_LANGUAGE CXX)
endforeach()
target_compile_definitions(navspan_c_static INTERFACE NAVSPAN_C_STATIC)
# A C program links the static library with the C compiler: name the C++
# runtime it needs (for C++ programs the C++ linker brings it already).
if(NOT MSVC)
    set(navspan_cxx_runtime "")
    foreach(lib IN LISTS CMAKE_CXX_IMPLICIT_LINK_LIBRARIES)
        if(lib MATCHES "^(stdc\\+\\+|c\\+\\+|c\\+\\+abi|m)$")
            list(APPEND navspan_cxx_runtime ${lib})
        endif()
    endforeach()
    if(navspan_cxx_runtime)
        target_link_libraries(navspan_c_static INTERFACE "$<$<LINK_LANGUAGE:C>:${navspan_cxx_runtime}>")
    endif()
endif()
if(CMAKE_SYSTEM_NAME STREQUAL "Linux" OR CMAKE_SYSTEM_NAME MATCHES "BSD")
    target_link_options(navspan_c PRIVATE "LINKER:--version-script=${CMAKE_CURRENT_LIST_DIR}/navspan_c.map")
    set_target_properties(navspan_c PROPERTIES LINK_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/navspan_c.map)
endif()
set_target_properties(navspan_c PROPERTIES VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
if(MSVC)
    set_target_properties(navspan_c_static PROPERTIES OUTPUT_NAME navspan_static)
endif()
# navspan.dll on Windows with every toolchain (mingw would say libnavspan.dll):
# the name C#'s [DllImport("navspan")] and Python's loader look for first.
if(WIN32)
    set_target_properties(navspan_c PROPERTIES PREFIX "")
endif()
set_target_properties(navspan_c PROPERTIES EXPORT_NAME c)
set_target_properties(navspan_c_static PROPERTIES EXPORT_NAME c_static)

if(NAVSPAN_INSTALL)
    install(TARGETS navspan_c navspan_c_static EXPORT navspanTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
    # The Python package, with the shared library beside it, so that
    # PYTHONPATH=PREFIX/lib/python3/dist-packages python3 -m navspan works
    # with nothing else installed (python/README.md).
    set(NAVSPAN_PYTHON_INSTALL_DIR "${CMAKE_INSTALL_LIBDIR}/python3/dist-packages" CACHE STRING
        "Where cmake --install puts the navspan Python package")
    if(EXISTS ${PROJECT_SOURCE_DIR}/python/navspan)
        install(DIRECTORY ${PROJECT_SOURCE_DIR}/python/navspan DESTINATION ${NAVSPAN_PYTHON_INSTALL_DIR}
            PATTERN "__pycache__" EXCLUDE)
        # Unversioned: libnavspan.so, libnavspan.dylib, navspan.dll (no prefix, as above).
        set(navspan_c_prefix ${CMAKE_SHARED_LIBRARY_PREFIX})
        if(WIN32)
            set(navspan_c_prefix "")
        endif()
        install(FILES $<TARGET_FILE:navspan_c> DESTINATION ${NAVSPAN_PYTHON_INSTALL_DIR}/navspan
            RENAME ${navspan_c_prefix}navspan${CMAKE_SHARED_LIBRARY_SUFFIX})
    endif()
endif()

# The C ABI's tests are written in C (tests/capi): C99, when a C compiler is there.
if(NAVSPAN_BUILD_TESTS)
    include(CheckLanguage)
    check_language(C)
    if(CMAKE_C_COMPILER)
        enable_language(C)
    endif()
endif()
