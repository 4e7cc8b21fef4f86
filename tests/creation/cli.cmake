# The navspan command on the bundled plugin sample, as a user runs it:
# cmake -DNAVSPAN=... -DSAMPLES=... -DOUT=... -P (run by CMake's tests.cmake
# here and by Meson's tests/cli/meson.build).
include(${CMAKE_CURRENT_LIST_DIR}/../cli/expect.cmake)
file(MAKE_DIRECTORY ${OUT})
set(creation_sample ${SAMPLES}/sample_skyrim.esp)
expect_sample_basics(${creation_sample} creation_sample
    "^{\"format\": \"creation_plugin\", \"bytes\": 559, \"header\": .*\"summary\": {\"records\": 1, \"navmeshes\": 1, \"triangles\": 12}}\n$"
    "wrote .*creation_sample.svg \\(12 polygons, 0 lines, 1 points\\)" "12 polygons")
# Ids are the navmesh's form id (hex) and the triangle index.
expect_run(0 "in interior cell 01000D62 navspanCell\npath of 4 triangles, cost [0-9.]+:\n  navmesh 01000D63 triangle 0 .*\n.*\n.*\n  navmesh 01000D63 triangle 11 " path ${creation_sample} --from 01000D63:0 --to 01000D63:11 --svg ${OUT}/creation_path.svg)
expect_run(0 "\"space\": \"interior cell 01000D62 navspanCell\", \"from\": {\"navmesh\": \"01000D63\", \"triangle\": 0}, .*\"found\": true" path --json ${creation_sample} --from 01000D63:0 --to 01000D63:11)
expect_run(0 "navmesh 01000D63 triangle 3 at \\(0.0, 0.0, 1.0\\), 1.0 away \\(interior cell 01000D62 navspanCell\\)" locate ${creation_sample} 0,0,0)
# A triangle id past the last one is a usage error (status 2).
expect_run(2 "" path ${creation_sample} --from 01000D63:0 --to 01000D63:12)

# Cells by their editor ids next to the form ids (issue 27): info, pictures,
# --split file names, path and locate; --cell picks the space of path and locate.
expect_run(0 "bounds: +cell 01000D62 navspanCell \\(1 navmesh\\): min" info ${creation_sample})
expect_run(0 "\"navmesh_groups\": \\[{\"kind\": \"cell\", \"form_id\": 16780642, \"editor_id\": \"navspanCell\", \"navmeshes\": 1" info --json ${creation_sample})
file(READ ${OUT}/creation_sample.svg picture)
if(NOT picture MATCHES "interior cell 0x01000D62 navspanCell")
    message(FATAL_ERROR "the picture's title does not name the cell by its editor id")
endif()
expect_run(0 "navmesh 01000D63 triangle 3 at .*\\(interior cell 01000D62 navspanCell\\)" locate --cell 0x01000D62 ${creation_sample} 0,0,0)
expect_run(0 "in interior cell 01000D62 navspanCell\npath of 4 triangles" path ${creation_sample} --cell 16780642 --from 01000D63:0 --to 01000D63:11)
expect_run(2 "--cell: [^\n]*sample_skyrim.esp has no navmesh in a cell or worldspace 0x0000ABCD; it has 1 space: navspanCell" locate --cell 0xABCD ${creation_sample} 0,0,0)
expect_run(2 "--cell: [^\n]*has no navmesh in a cell or worldspace 0x0000ABCD" path ${creation_sample} --cell 0xABCD --from 0,0,0 --to 1,1,0)
expect_run(2 "--cell takes a form id" locate --cell nowhere ${creation_sample} 0,0,0)
