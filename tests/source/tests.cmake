# The built navspan command on the bundled Source sample, as a user runs it.
# The checks are in source/cli.cmake, which Meson's tests/cli/meson.build runs too.
if(TARGET navspan_cli)
    add_test(NAME source.cli COMMAND ${CMAKE_COMMAND} -DNAVSPAN=$<TARGET_FILE:navspan_cli>
        -DSAMPLES=${PROJECT_SOURCE_DIR}/examples/samples -DOUT=${CMAKE_CURRENT_BINARY_DIR}/source_cli
        -P ${CMAKE_CURRENT_SOURCE_DIR}/source/cli.cmake)
    set_tests_properties(source.cli PROPERTIES LABELS "cli;source")
endif()
# Issue 16 #2: the pictures of a map of 65,535 places are linear. The test
# takes 0.3 s of CPU (about 1.5 s under sanitizers); the quadratic code took
# over 13 s for the same scene, svg and obj.
add_test(NAME source.pictures_linear COMMAND navspan_test_source "-tc=*in linear time*")
set_tests_properties(source.pictures_linear PROPERTIES LABELS "unit;source" TIMEOUT 10)
