# The built navspan command on the bundled Source sample, as a user runs it:
# cmake -DNAVSPAN=... -DSAMPLES=... -DOUT=... -P (run by CMake's tests.cmake
# here and by Meson's tests/cli/meson.build). Each line: the exit status and
# what the output (stdout, then stderr) must match.
include(${CMAKE_CURRENT_LIST_DIR}/../cli/expect.cmake)
file(MAKE_DIRECTORY ${OUT})
set(source_sample ${SAMPLES}/sample_v16_cstrike.nav)
expect_run(0 "\"place_name\": \"CTSpawn\"" dump --json ${source_sample})
expect_run(0 "sample_v16_cstrike.nav: 0 findings" validate ${source_sample})
expect_run(0 "4 polygons, 7 lines" svg ${source_sample} -o ${OUT}/sample.svg)
expect_run(0 "" obj ${source_sample} -o ${OUT}/sample.obj)
expect_run(0 "path of 3 areas, cost [0-9.]+:\n  area 20 .*\n  area 10 \\(CTSpawn\\) .*\n  area 30 " path ${source_sample} --from 20 --to 30 --svg ${OUT}/path.svg)
expect_run(0 "\"from\": {\"area\": 20}, \"to\": {\"area\": 30}, \"found\": true, .*\"corridor\": \\[{\"area\": 20}, {\"area\": 10, \"place\": \"CTSpawn\"}, {\"area\": 30}\\]" path --json ${source_sample} --from 150,50,0 --to 30)
expect_run(0 "^area 10 \\(CTSpawn\\) at \\(50.0, 60.0, 0.0\\), 5.0 away" locate ${source_sample} 50,60,5)
