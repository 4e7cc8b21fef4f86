# The navspan command on Quake files, as a user runs it (needs the examples).
if(TARGET navspan_cli)
    set(quake_sample ${PROJECT_SOURCE_DIR}/examples/samples/sample_v18.nav)
    add_test(NAME quake.info_json_sample COMMAND navspan_cli info --json ${quake_sample})
    set_tests_properties(quake.info_json_sample PROPERTIES LABELS "cli;quake" PASS_REGULAR_EXPRESSION
        "^{\"file\": \"[^\"]*sample_v18.nav\", \"format\": \"quake_nav\", \"bytes\": 350, \"bounds\": \\[-256.0, -64.0, -40.0, 1024.0, 1024.0, 200.0\\], \"version\": 18, \"heuristic\": 0.800000012, \"nodes\": 5, \"links\": 9, \"traversals\": 3, \"edicts\": 2}\n$")

    # "NAV2" then version 0x7A7A7A7A: rejected with status 1, reason and offset.
    file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/quake_bad_version.nav "NAV2zzzz and more")
    add_test(NAME quake.info_bad_version_is_status_1 COMMAND navspan_cli info --json ${CMAKE_CURRENT_BINARY_DIR}/quake_bad_version.nav)
    set_tests_properties(quake.info_bad_version_is_status_1 PROPERTIES WILL_FAIL TRUE LABELS "cli;quake")
    add_test(NAME quake.info_bad_version_message COMMAND navspan_cli info --json ${CMAKE_CURRENT_BINARY_DIR}/quake_bad_version.nav)
    set_tests_properties(quake.info_bad_version_message PROPERTIES LABELS "cli;quake"
        PASS_REGULAR_EXPRESSION "quake_bad_version.nav: unsupported version 2054847098 of NAV2 file at offset 4")

    # dump, validate, svg, obj and path on the sample, as a user runs them.
    add_test(NAME quake.dump_sample COMMAND navspan_cli dump --json ${quake_sample})
    set_tests_properties(quake.dump_sample PROPERTIES LABELS "cli;quake" PASS_REGULAR_EXPRESSION
        "^{\"format\": \"quake_nav\", \"bytes\": 350, \"header\": .*\"trailing_bytes\": 0}\n$")
    add_test(NAME quake.validate_sample_is_clean COMMAND navspan_cli validate ${quake_sample})
    set_tests_properties(quake.validate_sample_is_clean PROPERTIES LABELS "cli;quake" PASS_REGULAR_EXPRESSION
        "sample_v18.nav: 0 findings")
    add_test(NAME quake.svg_sample COMMAND navspan_cli svg ${quake_sample} -o ${CMAKE_CURRENT_BINARY_DIR}/quake_sample.svg)
    set_tests_properties(quake.svg_sample PROPERTIES LABELS "cli;quake" PASS_REGULAR_EXPRESSION
        "wrote .*quake_sample.svg \\(0 polygons, 9 lines, 5 points\\)")
    add_test(NAME quake.obj_sample COMMAND navspan_cli obj ${quake_sample} -o ${CMAKE_CURRENT_BINARY_DIR}/quake_sample.obj)
    set_tests_properties(quake.obj_sample PROPERTIES LABELS "cli;quake" PASS_REGULAR_EXPRESSION "9 lines, 5 points")
    add_test(NAME quake.path_sample COMMAND navspan_cli path ${quake_sample} --from 1 --to 4
        --svg ${CMAKE_CURRENT_BINARY_DIR}/quake_path.svg)
    set_tests_properties(quake.path_sample PROPERTIES LABELS "cli;quake" PASS_REGULAR_EXPRESSION
        "path of 3 nodes, length [0-9.]+:\n  node 1 .*\n  node 0 .*\n  node 4 ")
    # Node 4 has no links out: no path, status 3.
    add_test(NAME quake.path_sample_unreachable COMMAND navspan_cli path ${quake_sample} --from 4 --to 0)
    set_tests_properties(quake.path_sample_unreachable PROPERTIES LABELS "cli;quake" WILL_FAIL TRUE)
    add_test(NAME quake.path_sample_unreachable_message COMMAND navspan_cli path ${quake_sample} --from 4 --to 0)
    set_tests_properties(quake.path_sample_unreachable_message PROPERTIES LABELS "cli;quake" PASS_REGULAR_EXPRESSION
        "no path from node 4 to node 0")
endif()
