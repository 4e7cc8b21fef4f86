# The navspan command on the bundled Quake sample, as a user runs it:
# cmake -DNAVSPAN=... -DSAMPLES=... -DOUT=... -P (run by CMake's tests.cmake
# here and by Meson's tests/cli/meson.build).
include(${CMAKE_CURRENT_LIST_DIR}/../cli/expect.cmake)
file(MAKE_DIRECTORY ${OUT})
set(quake_sample ${SAMPLES}/sample_v18.nav)
# "NAV2" then version 0x7A7A7A7A: rejected with status 1, reason and offset.
file(WRITE ${OUT}/quake_bad_version.nav "NAV2zzzz and more")
expect_run(0 "^{\"file\": \"[^\"]*sample_v18.nav\", \"format\": \"quake_nav\", \"bytes\": 350, \"bounds\": \\[-256.0, -64.0, -40.0, 1024.0, 1024.0, 200.0\\], \"version\": 18, \"heuristic\": 0.800000012, \"nodes\": 5, \"links\": 9, \"traversals\": 3, \"edicts\": 2, \"spaces\": \\[\"whole file\"\\]}\n$" info --json ${quake_sample})
expect_run(1 "quake_bad_version.nav: a version navspan does not read \\(unsupported version 2054847098 of NAV2 file at offset 4\\)" info --json ${OUT}/quake_bad_version.nav)
expect_sample_basics(${quake_sample} quake_sample "^{\"format\": \"quake_nav\", \"bytes\": 350, \"header\": .*\"trailing_bytes\": 0, \"trailing\": \"\"}\n$"
    "wrote .*quake_sample.svg \\(0 polygons, 9 lines, 5 points\\)" "9 lines, 5 points")
expect_run(0 "path of 3 nodes, cost [0-9.]+:\n  node 1 .*\n  node 0 .*\n  node 4 " path ${quake_sample} --from 1 --to 4 --svg ${OUT}/quake_path.svg)
# Node 4 has no links out: no path, status 3.
expect_run(3 "no path from node 4 to node 0" path ${quake_sample} --from 4 --to 0)
# Writing (issue 26): dump --json, then pack gives the same bytes; an edit.
execute_process(COMMAND ${NAVSPAN} dump --json ${quake_sample} OUTPUT_FILE ${OUT}/sample_v18.json RESULT_VARIABLE dumped)
if(NOT dumped EQUAL 0)
    message(FATAL_ERROR "dump --json ${quake_sample} failed: ${dumped}")
endif()
expect_run(0 "wrote .*packed_v18.nav \\(350 bytes\\)" pack ${OUT}/sample_v18.json -o ${OUT}/packed_v18.nav)
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${quake_sample} ${OUT}/packed_v18.nav RESULT_VARIABLE differs)
if(NOT differs EQUAL 0)
    message(FATAL_ERROR "dump --json | pack changed the bytes of ${quake_sample}")
endif()
expect_run(0 "wrote .*edited_v18.nav" edit ${quake_sample} --delete-area 4 --connect 0 3 -o ${OUT}/edited_v18.nav)
expect_run(1 "team mask \\(version 18 only\\)" edit ${quake_sample} --version 17 -o ${OUT}/v17.nav)
