# Issue 28: the complexity test runs the built command too (NAVSPAN_EXE).
# About 13 s of CPU in a RelWithDebInfo build (the huge sizes included; 42 s of wall time
# on the shared 2-core machine at load 15).
if(TARGET navspan_cli AND TEST complexity)
    set_tests_properties(complexity PROPERTIES ENVIRONMENT "NAVSPAN_EXE=$<TARGET_FILE:navspan_cli>"
                         LABELS "unit;complexity" TIMEOUT 300)
    add_dependencies(navspan_test_complexity navspan_cli)
endif()
