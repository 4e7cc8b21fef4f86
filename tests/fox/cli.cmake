# The navspan command on the bundled Fox sample, as a user runs it:
# cmake -DNAVSPAN=... -DSAMPLES=... -DOUT=... -P (run by CMake's tests.cmake
# here and by Meson's tests/cli/meson.build).
include(${CMAKE_CURRENT_LIST_DIR}/../cli/expect.cmake)
file(MAKE_DIRECTORY ${OUT})
set(fox_sample ${SAMPLES}/fox_sample.nav2)
expect_sample_basics(${fox_sample} fox_sample "^{\"format\": \"fox_nav2\", \"bytes\": 2478, \"header\": .*\"trailing_bytes\": 0}\n$"
    "wrote .*fox_sample.svg \\(11 polygons, 37 lines, 25 points\\)" "11 polygons")
# From the border group (id 0) over its face edges into group 4 (ids GROUP:FACE).
expect_run(0 "path of 6 faces, cost [0-9.]+:\n  group 0 face 0 .*\n  group 0 face 1 .*\n  group 4 face 0 .*  group 4 face 5 " path ${fox_sample} --from 0:0 --to 4:5 --svg ${OUT}/fox_path.svg)
expect_run(2 "no face '5:0' in this file" path ${fox_sample} --from 0:0 --to 5:0)
expect_run(0 "^group 4 face 5 at \\(768.7, -2.0, -250.7\\)" locate ${fox_sample} 768.7,-2,-250.7)
# The status line counts what was written (issue 27): the OBJ leaves the
# links out unless asked, so it has 3 lines where the picture draws 37.
expect_run(0 "wrote .*fox_sample_counted.obj \\(11 polygons, 3 lines, 25 points\\)" obj ${fox_sample} -o ${OUT}/fox_sample_counted.obj)
file(STRINGS ${OUT}/fox_sample_counted.obj obj_lines REGEX "^l ")
list(LENGTH obj_lines n)
if(NOT n EQUAL 3)
    message(FATAL_ERROR "fox_sample_counted.obj has ${n} lines, the status line said 3")
endif()
# Text info: values a person reads, no null or JSON brackets.
expect_run(0 "entries: +nav_world 2, navmesh_chunk 2, segment_chunk 2, segment_graph 2\n.*origin: +768, -2, -256\n" info ${fox_sample})
execute_process(COMMAND ${NAVSPAN} info ${fox_sample} OUTPUT_VARIABLE text)
if(text MATCHES "[][{}\"]|null")
    message(FATAL_ERROR "text info has JSON fragments:\n${text}")
endif()
