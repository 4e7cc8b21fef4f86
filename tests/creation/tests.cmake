# The navspan command on the bundled plugin sample, as a user runs it (needs
# the examples).
if(TARGET navspan_cli)
    set(creation_sample ${PROJECT_SOURCE_DIR}/examples/samples/sample_skyrim.esp)
    add_test(NAME creation.dump_sample COMMAND navspan_cli dump --json ${creation_sample})
    set_tests_properties(creation.dump_sample PROPERTIES LABELS "cli;creation" PASS_REGULAR_EXPRESSION
        "^{\"format\": \"creation_plugin\", \"bytes\": 559, \"header\": .*\"summary\": {\"records\": 1, \"navmeshes\": 1, \"triangles\": 12}}\n$")
    add_test(NAME creation.validate_sample_is_clean COMMAND navspan_cli validate ${creation_sample})
    set_tests_properties(creation.validate_sample_is_clean PROPERTIES LABELS "cli;creation" PASS_REGULAR_EXPRESSION
        "sample_skyrim.esp: 0 findings")
    add_test(NAME creation.svg_sample COMMAND navspan_cli svg ${creation_sample} -o ${CMAKE_CURRENT_BINARY_DIR}/creation_sample.svg)
    set_tests_properties(creation.svg_sample PROPERTIES LABELS "cli;creation" PASS_REGULAR_EXPRESSION
        "wrote .*creation_sample.svg \\(12 polygons, 0 lines, 1 points\\)")
    add_test(NAME creation.obj_sample COMMAND navspan_cli obj ${creation_sample} -o ${CMAKE_CURRENT_BINARY_DIR}/creation_sample.obj)
    set_tests_properties(creation.obj_sample PROPERTIES LABELS "cli;creation" PASS_REGULAR_EXPRESSION "12 polygons")
    # Ids are the navmesh's form id (hex) and the triangle index.
    add_test(NAME creation.path_sample COMMAND navspan_cli path ${creation_sample} --from 01000D63:0 --to 01000D63:11
        --svg ${CMAKE_CURRENT_BINARY_DIR}/creation_path.svg)
    set_tests_properties(creation.path_sample PROPERTIES LABELS "cli;creation" PASS_REGULAR_EXPRESSION
        "in interior cell 01000D62\npath of 4 triangles, length [0-9.]+:\n  navmesh 01000D63 triangle 0 .*\n.*\n.*\n  navmesh 01000D63 triangle 11 ")
    add_test(NAME creation.path_sample_json COMMAND navspan_cli path --json ${creation_sample} --from 01000D63:0 --to 01000D63:11)
    set_tests_properties(creation.path_sample_json PROPERTIES LABELS "cli;creation" PASS_REGULAR_EXPRESSION
        "\"space\": \"interior cell 01000D62\", \"from\": {\"navmesh\": \"01000D63\", \"triangle\": 0}, .*\"found\": true")
    add_test(NAME creation.locate_sample COMMAND navspan_cli locate ${creation_sample} 0,0,0)
    set_tests_properties(creation.locate_sample PROPERTIES LABELS "cli;creation" PASS_REGULAR_EXPRESSION
        "navmesh 01000D63 triangle 3 at \\(0.0, 0.0, 1.0\\), 1.0 away \\(interior cell 01000D62\\)")
    # A triangle id past the last one is a usage error (status 2).
    add_test(NAME creation.path_sample_unknown_id COMMAND navspan_cli path ${creation_sample} --from 01000D63:0 --to 01000D63:12)
    set_tests_properties(creation.path_sample_unknown_id PROPERTIES LABELS "cli;creation" WILL_FAIL TRUE)
endif()
# Issue 16 #2: 100,000 navmeshes draw in linear time (the quadratic code took
# 136 s for svg and 88 s for obj; this test takes a few seconds, more under
# sanitizers).
add_test(NAME creation.pictures_linear COMMAND navspan_test_creation "-tc=*in linear time*")
set_tests_properties(creation.pictures_linear PROPERTIES LABELS "unit;creation" TIMEOUT 60)
