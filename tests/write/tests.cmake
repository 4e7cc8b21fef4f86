# The packed file through standard output, byte for byte (also under wine for
# the Windows build: the emulator is passed to the script).
navspan_script_test(write.binary_stdout write/binary_stdout.cmake "unit;write"
    "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}" -DSAMPLE=${PROJECT_SOURCE_DIR}/examples/samples/sample_v16_cstrike.nav
    -DOUT=${CMAKE_CURRENT_BINARY_DIR})
