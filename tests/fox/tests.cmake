# The navspan command on the fox sample, as a user runs it (needs the examples).
# The checks are in fox/cli.cmake, which Meson's tests/cli/meson.build runs too.
if(TARGET navspan_cli)
    add_test(NAME fox.cli COMMAND ${CMAKE_COMMAND} -DNAVSPAN=$<TARGET_FILE:navspan_cli>
        -DSAMPLES=${PROJECT_SOURCE_DIR}/examples/samples -DOUT=${CMAKE_CURRENT_BINARY_DIR}/fox_cli
        -P ${CMAKE_CURRENT_SOURCE_DIR}/fox/cli.cmake)
    set_tests_properties(fox.cli PROPERTIES LABELS "cli;fox")
endif()
