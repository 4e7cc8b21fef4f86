# The navspan command on Quake files, as a user runs it (needs the examples).
# The checks are in quake/cli.cmake, which Meson's tests/cli/meson.build runs too.
if(TARGET navspan_cli)
    add_test(NAME quake.cli COMMAND ${CMAKE_COMMAND} -DNAVSPAN=$<TARGET_FILE:navspan_cli>
        -DSAMPLES=${PROJECT_SOURCE_DIR}/examples/samples -DOUT=${CMAKE_CURRENT_BINARY_DIR}/quake_cli
        -P ${CMAKE_CURRENT_SOURCE_DIR}/quake/cli.cmake)
    set_tests_properties(quake.cli PROPERTIES LABELS "cli;quake")
endif()
