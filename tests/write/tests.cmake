# The packed file through standard output, byte for byte (also under wine for
# the Windows build: the emulator is passed to the script).
if(TARGET navspan_cli)
    add_test(NAME write.binary_stdout COMMAND ${CMAKE_COMMAND} -DNAVSPAN=$<TARGET_FILE:navspan_cli>
        "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}" -DSAMPLE=${PROJECT_SOURCE_DIR}/examples/samples/sample_v16_cstrike.nav
        -DOUT=${CMAKE_CURRENT_BINARY_DIR} -P ${CMAKE_CURRENT_SOURCE_DIR}/write/binary_stdout.cmake)
    set_tests_properties(write.binary_stdout PROPERTIES LABELS "unit;write")
endif()
