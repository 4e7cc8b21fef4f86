# The navspan command on the fox sample, as a user runs it (needs the examples).
if(TARGET navspan_cli)
    set(fox_sample ${PROJECT_SOURCE_DIR}/examples/samples/fox_sample.nav2)
    add_test(NAME fox.dump_sample COMMAND navspan_cli dump --json ${fox_sample})
    set_tests_properties(fox.dump_sample PROPERTIES LABELS "cli;fox" PASS_REGULAR_EXPRESSION
        "^{\"format\": \"fox_nav2\", \"bytes\": 2478, \"header\": .*\"trailing_bytes\": 0}\n$")
    add_test(NAME fox.validate_sample_is_clean COMMAND navspan_cli validate ${fox_sample})
    set_tests_properties(fox.validate_sample_is_clean PROPERTIES LABELS "cli;fox" PASS_REGULAR_EXPRESSION
        "fox_sample.nav2: 0 findings")
    add_test(NAME fox.svg_sample COMMAND navspan_cli svg ${fox_sample} -o ${CMAKE_CURRENT_BINARY_DIR}/fox_sample.svg)
    set_tests_properties(fox.svg_sample PROPERTIES LABELS "cli;fox" PASS_REGULAR_EXPRESSION
        "wrote .*fox_sample.svg \\(11 polygons, 37 lines, 25 points\\)")
    add_test(NAME fox.obj_sample COMMAND navspan_cli obj ${fox_sample} -o ${CMAKE_CURRENT_BINARY_DIR}/fox_sample.obj)
    set_tests_properties(fox.obj_sample PROPERTIES LABELS "cli;fox" PASS_REGULAR_EXPRESSION "11 polygons")
    # From the border group (id 0) over its group link into group 4's quad.
    add_test(NAME fox.path_sample COMMAND navspan_cli path ${fox_sample} --from 0 --to 400019
        --svg ${CMAKE_CURRENT_BINARY_DIR}/fox_path.svg)
    set_tests_properties(fox.path_sample PROPERTIES LABELS "cli;fox" PASS_REGULAR_EXPRESSION
        "path of [0-9]+ nodes, length [0-9.]+:\n  node 0 .*\n  node 3 .*\n  node 400000 .*  node 400019 ")
    add_test(NAME fox.path_sample_no_such_node COMMAND navspan_cli path ${fox_sample} --from 0 --to 5)
    set_tests_properties(fox.path_sample_no_such_node PROPERTIES LABELS "cli;fox" PASS_REGULAR_EXPRESSION
        "no node '5' in this file")
endif()
