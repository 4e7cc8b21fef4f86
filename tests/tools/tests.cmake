# The svg and obj options as a user runs them (needs the examples).
navspan_script_test(tools.picture_options tools/picture_options.cmake "cli;tools"
    -DSAMPLES=${PROJECT_SOURCE_DIR}/examples/samples -DOUT=${CMAKE_CURRENT_BINARY_DIR}/pictures)
