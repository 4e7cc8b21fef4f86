# The built navspan command on the bundled Source sample, as a user runs it:
# cmake -DNAVSPAN=... -DSAMPLES=... -DOUT=... -P (run by CMake's tests.cmake
# here and by Meson's tests/cli/meson.build). Each line: the exit status and
# what the output (stdout, then stderr) must match.
include(${CMAKE_CURRENT_LIST_DIR}/../cli/expect.cmake)
file(MAKE_DIRECTORY ${OUT})
set(source_sample ${SAMPLES}/sample_v16_cstrike.nav)
expect_sample_basics(${source_sample} sample "\"place_name\": \"CTSpawn\"" "4 polygons, 7 lines" "")
expect_run(0 "path of 3 areas, cost [0-9.]+:\n  area 20 .*\n  area 10 \\(CTSpawn\\) .*\n  area 30 " path ${source_sample} --from 20 --to 30 --svg ${OUT}/path.svg)
expect_run(0 "\"from\": {\"area\": 20}, \"to\": {\"area\": 30}, \"found\": true, .*\"corridor\": \\[{\"area\": 20}, {\"area\": 10, \"place\": \"CTSpawn\"}, {\"area\": 30}\\]" path --json ${source_sample} --from 150,50,0 --to 30)
# path --exact, distance and reach (issue 25), and an end past --snap.
expect_run(0 "exact path of 3 areas" path ${source_sample} --from 20 --to 30 --exact)
expect_run(0 "\"from_moved\": [0-9.e+-]+, \"to_moved\": 0.0, \"exact\": true, \"links\": \\[\"walk\", \"walk\"\\]" path --json --exact ${source_sample} --from 150,50,0 --to 30)
# path --shortest (issue 36): the any-angle search, and never with --exact.
expect_run(0 "shortest path of [0-9]+ areas, cost 141.4:" path ${source_sample} --from 20 --to 30 --shortest)
expect_run(0 "\"cost\": 141.42[0-9]*, .*\"exact\": false, \"links\": \\[[^]]*\\], \"shortest\": true, \"gave_up\": false, \"best_known\": false}" path --json --shortest ${source_sample} --from 150,50,0 --to 30)
expect_run(2 "--exact and --shortest" path ${source_sample} --from 20 --to 30 --exact --shortest)
expect_run(0 "^[0-9]+\\.[0-9]\n$" distance ${source_sample} --from 20 --to 30)
expect_run(0 "\"found\": true, \"distance\": [0-9.]+, \"model\": \"exact\", \"shortest\": false, \"gave_up\": false, \"best_known_distance\": null}" distance --json ${source_sample} --from 20 --to 30)
# distance --shortest: path --shortest's cost, without the corridor.
expect_run(0 "^141\\.4\n$" distance ${source_sample} --from 20 --to 30 --shortest)
expect_run(0 "\"distance\": 141\\.42[0-9]*, \"model\": \"shortest\", \"shortest\": true, \"gave_up\": false, \"best_known_distance\": null}" distance --json --shortest ${source_sample} --from 20 --to 30)
expect_run(0 "areas within 1000 of area 20 \\(exact model\\):\n +0.0  area 20\n" reach ${source_sample} --from 20 --cost 1000)
# reach --shortest: the any-angle length to each area's nearest point, the model named.
expect_run(0 "areas within 1000 of area 20 \\(shortest model\\):\n +0.0  area 20\n" reach ${source_sample} --from 20 --cost 1000 --shortest)
expect_run(0 "\"cost\": 1000.0, \"model\": \"shortest\", \"gave_up\": false, \"reached\": \\[{\"polygon\": {\"area\": 20}, \"cost\": 0.0}" reach --json ${source_sample} --from 20 --cost 1000 --shortest)
expect_run(2 "is [0-9.]+ away from the nearest polygon, more than the 250" path ${source_sample} --from 20 --to 5000,5000,0)
expect_run(0 "moved [0-9.]+ onto area" path ${source_sample} --from 20 --to 500,50,0 --snap 1000)
expect_run(0 "^area 10 \\(CTSpawn\\) at \\(50.0, 60.0, 0.0\\), 5.0 away" locate ${source_sample} 50,60,5)
# Writing (issue 26): an edit that keeps references consistent, then a version change.
expect_run(0 "wrote .*edited.nav \\(529 bytes\\)" edit ${source_sample} --delete-area 10 --connect 20 40 --set-place 20 Mid -o ${OUT}/edited.nav)
expect_run(0 "edited.nav: 0 findings" validate ${OUT}/edited.nav)
expect_run(0 "wrote .*v9.nav" edit ${source_sample} --version 9 -o ${OUT}/v9.nav)
expect_run(2 "unknown option '--bogus'" edit ${source_sample} --bogus -o ${OUT}/x.nav)
expect_run(1 "--connect: index out of range" edit ${source_sample} --connect 20 99 -o ${OUT}/x.nav)
expect_run(1 "--set-attributes: .*area attributes \\(32 bits\\)" edit ${source_sample} --set-attributes 20 0x100000000 -o ${OUT}/x.nav)
# A merged file that does not open is named.
expect_run(1 "^navspan: [^\n]*fox_sample.nav2: " edit ${source_sample} --merge ${SAMPLES}/fox_sample.nav2 -o ${OUT}/x.nav)
expect_run(0 "wrote .*merged.nav" edit ${source_sample} --merge ${source_sample} -o ${OUT}/merged.nav)
