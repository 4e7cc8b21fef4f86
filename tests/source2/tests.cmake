# The navspan command on Source 2 files, as a user runs it (needs the examples).
# The checks are in source2/cli.cmake, which Meson's tests/cli/meson.build runs too.
if(TARGET navspan_cli)
    add_test(NAME source2.cli COMMAND ${CMAKE_COMMAND} -DNAVSPAN=$<TARGET_FILE:navspan_cli>
        -DSAMPLES=${PROJECT_SOURCE_DIR}/examples/samples -DOUT=${CMAKE_CURRENT_BINARY_DIR}/source2_cli
        -P ${CMAKE_CURRENT_SOURCE_DIR}/source2/cli.cmake)
    set_tests_properties(source2.cli PROPERTIES LABELS "cli;source2")
endif()
