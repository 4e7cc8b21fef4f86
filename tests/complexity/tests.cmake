# Issue 28: the complexity test runs the built command too (NAVSPAN_EXE).
# About 13 s of CPU in a RelWithDebInfo build (the huge sizes included; 42 s of wall time
# on the shared 2-core machine at load 15); issue 35's shapes (H1-H3, H5, H4's
# worst accepted file) bring the commands' CPU to about 31 s in a Release build.
if(TARGET navspan_cli AND TEST complexity)
    set_tests_properties(complexity PROPERTIES ENVIRONMENT "NAVSPAN_EXE=$<TARGET_FILE:navspan_cli>"
                         LABELS "unit;complexity" TIMEOUT 300)
    add_dependencies(navspan_tests navspan_cli)
endif()
# The allocation-failure test runs the command in process: it links the
# command's library (built with the tests' flags) instead of compiling it again.
if(TARGET navspan_command AND TEST complexity)
    target_link_libraries(navspan_tests PRIVATE navspan_command)
    target_compile_definitions(navspan_tests PRIVATE NAVSPAN_TEST_HAVE_COMMAND=1)
endif()
