# The C ABI (libnavspan): a test program in C99 over every entry point (the
# samples, and the real corpus when present), and the Python package's
# pytest suite over the shared library (python/tests), which compares
# `python3 -m navspan info` with the navspan command on every corpus file.
# The C program runs twice: against the static library, and against the
# shared one as Python, C# and most C programs use it, where every entry
# point must be exported (a DLL's __declspec(dllexport) on Windows, the
# version script elsewhere).
if(CMAKE_C_COMPILER)
    foreach(library navspan_c_static navspan_c)
        if(NOT TARGET ${library})
            continue()
        endif()
        if(library STREQUAL "navspan_c")
            set(program navspan_test_capi_c_shared)
            set(test_name capi.c.shared)
        else()
            set(program navspan_test_capi_c)
            set(test_name capi.c)
        endif()
        add_executable(${program} ${CMAKE_CURRENT_SOURCE_DIR}/capi/capi_test.c)
        set_target_properties(${program} PROPERTIES C_STANDARD 99 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
        target_link_libraries(${program} PRIVATE ${library} navspan_build_flags navspan_test_flags)
        if(NAVSPAN_SANITIZE)
            # clang's C driver links the C runtime of UBSan, not the C++ one
            # the library's C++ code calls into (a C program linking the
            # library without sanitizers needs nothing of the kind).
            set_target_properties(${program} PROPERTIES LINKER_LANGUAGE CXX)
        endif()
        if(NOT WIN32)
            target_link_libraries(${program} PRIVATE m)
        elseif(library STREQUAL "navspan_c")
            # Windows looks for a DLL beside the program first.
            add_custom_command(TARGET ${program} POST_BUILD
                COMMAND ${CMAKE_COMMAND} -E copy_if_different $<TARGET_FILE:navspan_c> $<TARGET_FILE_DIR:${program}>)
        endif()
        if(library STREQUAL "navspan_c")
            # The exports are what this run adds: the samples reach every
            # entry point; the corpus runs once, against the static library.
            add_test(NAME ${test_name} COMMAND ${program} ${PROJECT_SOURCE_DIR}/examples/samples --samples-only)
        else()
            add_test(NAME ${test_name} COMMAND ${program} ${PROJECT_SOURCE_DIR}/examples/samples ${NAVSPAN_CORPUS})
        endif()
        set_tests_properties(${test_name} PROPERTIES LABELS "unit;capi")
    endforeach()
endif()

# What the header promises about memory: the searches with a scratch
# allocate nothing after their first call (the static library, so the test
# support's counting operator new sees its C++ code's allocations).
if(TARGET navspan_c_static)
    add_executable(navspan_test_capi_allocations ${CMAKE_CURRENT_SOURCE_DIR}/capi/allocations/capi_allocations_test.cpp)
    target_link_libraries(navspan_test_capi_allocations PRIVATE navspan_c_static navspan_test_support)
    add_test(NAME capi.allocations COMMAND navspan_test_capi_allocations)
    set_tests_properties(capi.allocations PROPERTIES LABELS "unit;capi")
endif()

# Packages through the ABI (C++: tests/vpk/builder.hpp writes synthetic
# split sets into the build folder): the shared library, as callers use it.
# In a subfolder: tests/CMakeLists.txt makes a doctest program of the .cpp
# files directly in tests/capi.
if(TARGET navspan_c)
    add_executable(navspan_test_capi_vpk ${CMAKE_CURRENT_SOURCE_DIR}/capi/package/capi_vpk_test.cpp)
    target_link_libraries(navspan_test_capi_vpk PRIVATE navspan_c navspan_build_flags navspan_test_flags)
    target_compile_features(navspan_test_capi_vpk PRIVATE cxx_std_20)
    if(WIN32)
        add_custom_command(TARGET navspan_test_capi_vpk POST_BUILD
            COMMAND ${CMAKE_COMMAND} -E copy_if_different $<TARGET_FILE:navspan_c> $<TARGET_FILE_DIR:navspan_test_capi_vpk>)
    endif()
    add_test(NAME capi.vpk COMMAND navspan_test_capi_vpk ${PROJECT_SOURCE_DIR}/examples/samples ${CMAKE_CURRENT_BINARY_DIR})
    set_tests_properties(capi.vpk PROPERTIES LABELS "unit;capi")

    # navspan_options.polygons_per_kib: a plugin inflating past its size's
    # bound refused by default, built whole when the caller raises it.
    add_executable(navspan_test_capi_limits ${CMAKE_CURRENT_SOURCE_DIR}/capi/limits/capi_limits_test.cpp)
    target_link_libraries(navspan_test_capi_limits PRIVATE navspan_c navspan_build_flags navspan_test_flags)
    target_include_directories(navspan_test_capi_limits PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${PROJECT_SOURCE_DIR}/include)
    target_compile_features(navspan_test_capi_limits PRIVATE cxx_std_20)
    if(WIN32)
        add_custom_command(TARGET navspan_test_capi_limits POST_BUILD
            COMMAND ${CMAKE_COMMAND} -E copy_if_different $<TARGET_FILE:navspan_c> $<TARGET_FILE_DIR:navspan_test_capi_limits>)
    endif()
    add_test(NAME capi.limits COMMAND navspan_test_capi_limits)
    set_tests_properties(capi.limits PROPERTIES LABELS "unit;capi")

    # The graph searches from several threads on one mesh (its search graph
    # built lazily, once): each thread's answer equals one thread's alone.
    find_package(Threads REQUIRED)
    add_executable(navspan_test_capi_threads ${CMAKE_CURRENT_SOURCE_DIR}/capi/threads/capi_threads_test.cpp)
    target_link_libraries(navspan_test_capi_threads PRIVATE navspan_c navspan_build_flags Threads::Threads)
    target_compile_features(navspan_test_capi_threads PRIVATE cxx_std_20)
    if(WIN32)
        add_custom_command(TARGET navspan_test_capi_threads POST_BUILD
            COMMAND ${CMAKE_COMMAND} -E copy_if_different $<TARGET_FILE:navspan_c> $<TARGET_FILE_DIR:navspan_test_capi_threads>)
    endif()
    add_test(NAME capi.threads COMMAND navspan_test_capi_threads
        ${PROJECT_SOURCE_DIR}/examples/samples/sample_v16_cstrike.nav ${PROJECT_SOURCE_DIR}/examples/samples/sample_v18.nav
        ${PROJECT_SOURCE_DIR}/examples/samples/fox_sample.nav2 ${PROJECT_SOURCE_DIR}/examples/samples/sample_skyrim.esp)
    set_tests_properties(capi.threads PROPERTIES LABELS "unit;capi")
endif()

# pytest: Debian's python3-pytest. A python3 without it (or an ASan build,
# whose library python cannot load without preloading the sanitizer
# runtime) leaves the test out and says so. pytest's exit 5 means it
# collected no test: reported as skipped, never as passed. A cross build's
# library (Windows, s390x) is not one the host's python can load.
if(TARGET navspan_c AND NOT NAVSPAN_SANITIZE AND NOT CMAKE_CROSSCOMPILING)
    set(navspan_pytest_python "")
    foreach(candidate python3 /usr/bin/python3)
        find_program(navspan_python_${candidate} NAMES ${candidate} NO_CACHE)
        set(py "${navspan_python_${candidate}}")
        if(py AND NOT navspan_pytest_python)
            # The interpreter must be able to load the library: with pytest,
            # and of the target's pointer size (a 64-bit python cannot load
            # an -m32 build's library).
            execute_process(COMMAND ${py} -c "import pytest, struct; print(struct.calcsize('P'))"
                RESULT_VARIABLE has_pytest OUTPUT_VARIABLE py_pointer_size OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
            if(has_pytest EQUAL 0 AND py_pointer_size STREQUAL "${CMAKE_SIZEOF_VOID_P}")
                set(navspan_pytest_python ${py})
            elseif(has_pytest EQUAL 0)
                set(navspan_pytest_mismatch "${py} has ${py_pointer_size}-byte pointers, the target ${CMAKE_SIZEOF_VOID_P}")
            endif()
        endif()
    endforeach()
    if(navspan_pytest_python)
        set(navspan_pytest_env
            "NAVSPAN_LIBRARY=$<TARGET_FILE:navspan_c>"
            "PYTHONPATH=${PROJECT_SOURCE_DIR}/python"
            "PYTHONDONTWRITEBYTECODE=1"
            "NAVSPAN_SAMPLES=${PROJECT_SOURCE_DIR}/examples/samples")
        if(TARGET navspan_cli)
            list(APPEND navspan_pytest_env "NAVSPAN_COMMAND=$<TARGET_FILE:navspan_cli>")
        endif()
        if(NOT DEFINED ENV{NAVSPAN_CORPUS})
            list(APPEND navspan_pytest_env "NAVSPAN_CORPUS=${NAVSPAN_CORPUS}")
        endif()
        add_test(NAME capi.python
            COMMAND ${navspan_pytest_python} -m pytest -q -p no:cacheprovider ${PROJECT_SOURCE_DIR}/python/tests)
        set_tests_properties(capi.python PROPERTIES LABELS "capi;python" ENVIRONMENT "${navspan_pytest_env}"
            SKIP_RETURN_CODE 5)
    elseif(navspan_pytest_mismatch)
        message(STATUS "navspan: ${navspan_pytest_mismatch}: the Python tests are left out")
    else()
        message(STATUS "navspan: no python3 with pytest (Debian: python3-pytest): the Python tests are left out")
    endif()
endif()

# The C# example (examples/csharp) built with mono's mcs and run with mono
# on the Source sample, where the path and each search model's cost are
# known. Left out without mono (Debian: mono-mcs, mono-runtime) and under
# ASan, as the Python tests are.
if(TARGET navspan_c AND NOT NAVSPAN_SANITIZE AND NOT WIN32)
    find_program(NAVSPAN_MCS mcs)
    find_program(NAVSPAN_MONO mono)
    # mono must be of the target's pointer size to load the library (the
    # host's 64-bit mono cannot load an -m32 build's): its --version names
    # its architecture (amd64, x86, arm64, armel, s390x, ppc64le, ...).
    set(navspan_mono_pointer_size "")
    if(NAVSPAN_MONO)
        execute_process(COMMAND ${NAVSPAN_MONO} --version OUTPUT_VARIABLE mono_version ERROR_QUIET)
        if(mono_version MATCHES "Architecture:[ \t]*([A-Za-z0-9_]+)")
            if(CMAKE_MATCH_1 MATCHES "64|s390x")
                set(navspan_mono_pointer_size 8)
            else()
                set(navspan_mono_pointer_size 4)
            endif()
        endif()
    endif()
    if(NAVSPAN_MCS AND NAVSPAN_MONO AND NOT navspan_mono_pointer_size STREQUAL "${CMAKE_SIZEOF_VOID_P}")
        message(STATUS "navspan: mono has ${navspan_mono_pointer_size}-byte pointers, the target ${CMAKE_SIZEOF_VOID_P}: the C# example test is left out")
    elseif(NAVSPAN_MCS AND NAVSPAN_MONO)
        set(navspan_csharp_exe ${CMAKE_CURRENT_BINARY_DIR}/navspan-example.exe)
        add_test(NAME capi.csharp.build
            COMMAND ${NAVSPAN_MCS} -warnaserror -out:${navspan_csharp_exe} ${PROJECT_SOURCE_DIR}/examples/csharp/NavspanExample.cs)
        add_test(NAME capi.csharp
            COMMAND ${NAVSPAN_MONO} ${navspan_csharp_exe} ${PROJECT_SOURCE_DIR}/examples/samples/sample_v16_cstrike.nav
                    150,50,0 50,150,0)
        set_tests_properties(capi.csharp.build PROPERTIES LABELS "capi;csharp" FIXTURES_SETUP navspan_csharp)
        set_tests_properties(capi.csharp PROPERTIES LABELS "capi;csharp" FIXTURES_REQUIRED navspan_csharp
            ENVIRONMENT "LD_LIBRARY_PATH=$<TARGET_FILE_DIR:navspan_c>"
            PASS_REGULAR_EXPRESSION "4 hiding spots, the first in area 10 at \\(12.5, 12.5, 0.0\\)\n4 polygons\nlocate 150.0,50.0,0.0: area 20 at \\(150.0, 50.0, 0.0\\)\npath of 3 polygons, cost 170.7: area 20 .. area 30\n  waypoint 0: \\(150.0, 50.0, 0.0\\)\n  waypoint 1: \\(50.0, 150.0, 0.0\\)\nsearch graph: 10 states, hierarchy built, [0-9]+ bytes\n  polygons: cost 170.7, distance 170.7, 3 polygons, 2 waypoints\n  exact: cost 170.7, distance 170.7, 3 polygons, 2 waypoints\n  shortest: cost 141.4, distance 141.4, 4 polygons, 3 waypoints\n")
    else()
        message(STATUS "navspan: no mcs and mono (Debian: mono-mcs, mono-runtime): the C# example test is left out")
    endif()
endif()
