# The navspan command on the bundled plugin sample, as a user runs it (needs
# the examples).
# The checks are in creation/cli.cmake, which Meson's tests/cli/meson.build runs too.
if(TARGET navspan_cli)
    add_test(NAME creation.cli COMMAND ${CMAKE_COMMAND} -DNAVSPAN=$<TARGET_FILE:navspan_cli>
        -DSAMPLES=${PROJECT_SOURCE_DIR}/examples/samples -DOUT=${CMAKE_CURRENT_BINARY_DIR}/creation_cli
        -P ${CMAKE_CURRENT_SOURCE_DIR}/creation/cli.cmake)
    set_tests_properties(creation.cli PROPERTIES LABELS "cli;creation")
endif()
# Issue 16 #2: 100,000 navmeshes draw in linear time (the quadratic code took
# 136 s for svg and 88 s for obj; this test takes a few seconds, more under
# sanitizers).
add_test(NAME creation.pictures_linear COMMAND navspan_test_creation "-tc=*in linear time*")
set_tests_properties(creation.pictures_linear PROPERTIES LABELS "unit;creation" TIMEOUT 60)
