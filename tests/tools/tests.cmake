# The svg and obj options as a user runs them (needs the examples).
if(TARGET navspan_cli)
    add_test(NAME tools.picture_options COMMAND ${CMAKE_COMMAND} -DNAVSPAN=$<TARGET_FILE:navspan_cli>
        -DSAMPLES=${PROJECT_SOURCE_DIR}/examples/samples -DOUT=${CMAKE_CURRENT_BINARY_DIR}/pictures
        -P ${CMAKE_CURRENT_SOURCE_DIR}/tools/picture_options.cmake)
    set_tests_properties(tools.picture_options PROPERTIES LABELS "cli;tools")
endif()
