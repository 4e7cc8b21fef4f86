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
    # From the border group (id 0) over its face edges into group 4
    # (ids GROUP:FACE).
    add_test(NAME fox.path_sample COMMAND navspan_cli path ${fox_sample} --from 0:0 --to 4:5
        --svg ${CMAKE_CURRENT_BINARY_DIR}/fox_path.svg)
    set_tests_properties(fox.path_sample PROPERTIES LABELS "cli;fox" PASS_REGULAR_EXPRESSION
        "path of 6 faces, length [0-9.]+:\n  group 0 face 0 .*\n  group 0 face 1 .*\n  group 4 face 0 .*  group 4 face 5 ")
    add_test(NAME fox.path_sample_no_such_face COMMAND navspan_cli path ${fox_sample} --from 0:0 --to 5:0)
    set_tests_properties(fox.path_sample_no_such_face PROPERTIES LABELS "cli;fox" PASS_REGULAR_EXPRESSION
        "no face '5:0' in this file")
    add_test(NAME fox.locate_sample COMMAND navspan_cli locate ${fox_sample} 768.7,-2,-250.7)
    set_tests_properties(fox.locate_sample PROPERTIES LABELS "cli;fox" PASS_REGULAR_EXPRESSION
        "^group 4 face 5 at \\(768.7, -2.0, -250.7\\)")
endif()
