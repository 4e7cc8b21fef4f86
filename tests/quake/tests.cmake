# The navspan command on Quake files, as a user runs it (needs the examples).
if(TARGET navspan_cli)
    set(quake_sample ${PROJECT_SOURCE_DIR}/examples/samples/sample_v18.nav)
    add_test(NAME quake.info_json_sample COMMAND navspan_cli info --json ${quake_sample})
    set_tests_properties(quake.info_json_sample PROPERTIES LABELS "cli;quake" PASS_REGULAR_EXPRESSION
        "^{\"format\": \"quake_nav\", \"bytes\": 350, \"bounds\": \\[-256.0, -64.0, -40.0, 1024.0, 1024.0, 200.0\\], \"version\": 18, \"heuristic\": 0.800000012, \"nodes\": 5, \"links\": 9, \"traversals\": 3, \"edicts\": 2}\n$")

    # "NAV2" then version 0x7A7A7A7A: rejected with status 1, reason and offset.
    file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/quake_bad_version.nav "NAV2zzzz and more")
    add_test(NAME quake.info_bad_version_is_status_1 COMMAND navspan_cli info --json ${CMAKE_CURRENT_BINARY_DIR}/quake_bad_version.nav)
    set_tests_properties(quake.info_bad_version_is_status_1 PROPERTIES WILL_FAIL TRUE LABELS "cli;quake")
    add_test(NAME quake.info_bad_version_message COMMAND navspan_cli info --json ${CMAKE_CURRENT_BINARY_DIR}/quake_bad_version.nav)
    set_tests_properties(quake.info_bad_version_message PROPERTIES LABELS "cli;quake"
        PASS_REGULAR_EXPRESSION "quake_bad_version.nav: unsupported version 2054847098 of NAV2 file at offset 4")
endif()
