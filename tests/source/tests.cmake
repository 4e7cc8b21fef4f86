# The built navspan command on the bundled Source sample, as a user runs it.
if(TARGET navspan_cli)
    set(source_sample ${PROJECT_SOURCE_DIR}/examples/samples/sample_v16_cstrike.nav)
    set(source_out ${CMAKE_CURRENT_BINARY_DIR}/source)
    file(MAKE_DIRECTORY ${source_out})
    add_test(NAME source.cli.dump COMMAND navspan_cli dump --json ${source_sample})
    set_tests_properties(source.cli.dump PROPERTIES LABELS "cli;source"
        PASS_REGULAR_EXPRESSION "\"place_name\": \"CTSpawn\"")
    add_test(NAME source.cli.validate COMMAND navspan_cli validate ${source_sample})
    set_tests_properties(source.cli.validate PROPERTIES LABELS "cli;source"
        PASS_REGULAR_EXPRESSION "sample_v16_cstrike.nav: 0 findings")
    add_test(NAME source.cli.svg COMMAND navspan_cli svg ${source_sample} -o ${source_out}/sample.svg)
    set_tests_properties(source.cli.svg PROPERTIES LABELS "cli;source"
        PASS_REGULAR_EXPRESSION "4 polygons, 7 lines")
    add_test(NAME source.cli.obj COMMAND navspan_cli obj ${source_sample} -o ${source_out}/sample.obj)
    set_tests_properties(source.cli.obj PROPERTIES LABELS "cli;source")
    add_test(NAME source.cli.path COMMAND navspan_cli path ${source_sample} --from 20 --to 30
        --svg ${source_out}/path.svg)
    set_tests_properties(source.cli.path PROPERTIES LABELS "cli;source"
        PASS_REGULAR_EXPRESSION "path of 3 areas, length [0-9.]+:\n  area 20 .*\n  area 10 \\(CTSpawn\\) .*\n  area 30 ")
    add_test(NAME source.cli.path_json COMMAND navspan_cli path --json ${source_sample} --from 150,50,0 --to 30)
    set_tests_properties(source.cli.path_json PROPERTIES LABELS "cli;source" PASS_REGULAR_EXPRESSION
        "\"from\": {\"area\": 20}, \"to\": {\"area\": 30}, \"found\": true, .*\"corridor\": \\[{\"area\": 20}, {\"area\": 10, \"place\": \"CTSpawn\"}, {\"area\": 30}\\]")
    add_test(NAME source.cli.locate COMMAND navspan_cli locate ${source_sample} 50,60,5)
    set_tests_properties(source.cli.locate PROPERTIES LABELS "cli;source"
        PASS_REGULAR_EXPRESSION "^area 10 \\(CTSpawn\\) at \\(50.0, 60.0, 0.0\\), 5.0 away")
endif()
# Issue 16 #2: the pictures of a map of 65,535 places are linear. The test
# takes 0.3 s of CPU (about 1.5 s under sanitizers); the quadratic code took
# over 13 s for the same scene, svg and obj.
add_test(NAME source.pictures_linear COMMAND navspan_test_source "-tc=*in linear time*")
set_tests_properties(source.pictures_linear PROPERTIES LABELS "unit;source" TIMEOUT 10)
