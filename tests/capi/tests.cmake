# The C ABI (libnavspan): a test program in C99 over every entry point (the
# samples, and the real corpus when present), and the Python package's
# pytest suite over the shared library (python/tests), which compares
# `python3 -m navspan info` with the navspan command on every corpus file.
if(TARGET navspan_c_static AND CMAKE_C_COMPILER)
    add_executable(navspan_test_capi_c ${CMAKE_CURRENT_SOURCE_DIR}/capi/capi_test.c)
    set_target_properties(navspan_test_capi_c PROPERTIES C_STANDARD 99 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
    target_link_libraries(navspan_test_capi_c PRIVATE navspan_c_static navspan_build_flags)
    if(NOT WIN32)
        target_link_libraries(navspan_test_capi_c PRIVATE m)
    endif()
    add_test(NAME capi.c COMMAND navspan_test_capi_c ${PROJECT_SOURCE_DIR}/examples/samples ${NAVSPAN_CORPUS})
    set_tests_properties(capi.c PROPERTIES LABELS "unit;capi")
endif()

# pytest: Debian's python3-pytest. A python3 without it (or an ASan build,
# whose library python cannot load without preloading the sanitizer
# runtime) leaves the test out and says so. pytest's exit 5 means it
# collected no test: reported as skipped, never as passed.
if(TARGET navspan_c AND NOT NAVSPAN_SANITIZE)
    set(navspan_pytest_python "")
    foreach(candidate python3 /usr/bin/python3)
        find_program(navspan_python_${candidate} NAMES ${candidate} NO_CACHE)
        set(py "${navspan_python_${candidate}}")
        if(py AND NOT navspan_pytest_python)
            execute_process(COMMAND ${py} -c "import pytest" RESULT_VARIABLE has_pytest OUTPUT_QUIET ERROR_QUIET)
            if(has_pytest EQUAL 0)
                set(navspan_pytest_python ${py})
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
    else()
        message(STATUS "navspan: no python3 with pytest (Debian: python3-pytest): the Python tests are left out")
    endif()
endif()
