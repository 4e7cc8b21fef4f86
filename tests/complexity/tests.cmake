# Issue 28: the complexity test runs the built command too (NAVSPAN_EXE).
# About 15 s of CPU in a RelWithDebInfo build.
if(TARGET navspan_cli AND TEST complexity)
    set_tests_properties(complexity PROPERTIES ENVIRONMENT "NAVSPAN_EXE=$<TARGET_FILE:navspan_cli>"
                         LABELS "unit;complexity" TIMEOUT 300)
    add_dependencies(navspan_test_complexity navspan_cli)
endif()
