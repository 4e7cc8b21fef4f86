# The navspan command on Source 2 files, as a user runs it: the synthetic
# fuzz seeds (written by tests/source2/builder.hpp; no real version-36 file
# is public) through every subcommand.
# cmake -DNAVSPAN=... -DSAMPLES=... -DOUT=... -P (run by CMake's tests.cmake
# here and by Meson's tests/cli/meson.build).
include(${CMAKE_CURRENT_LIST_DIR}/../cli/expect.cmake)
file(MAKE_DIRECTORY ${OUT})
set(seeds ${CMAKE_CURRENT_LIST_DIR}/../../fuzz/seeds/source2)
set(v36 ${seeds}/v36_four_blobs.nav)
expect_run(0 "^{\"file\": \"[^\"]*v36_four_blobs.nav\", \"format\": \"source2_nav\", \"bytes\": 1800, \"bounds\": \\[0.0, 0.0, 0.0, 500.0, 100.0, 0.0\\], \"version\": 36, \"subversion\": 1, \"analyzed\": true, \"navgen_version\": 13, \"corners\": 12, \"polygons\": 5, \"areas\": 5, \"connections\": 8, \"ladders\": 2, \"ladder_links\": 3, \"hulls\": 4, \"movable_meshes\": 2, \"transformed_bounds\": 2, \"kv3_blobs\": 4, \"hiding_spots\": null, \"encounter_paths\": null, \"approach_spots\": null, \"hull_names\": null, \"custom_data\": {\"method\": \"lz4\", \"bytes\": 96}, \"trailing_bytes\": 0, \"spaces\": \\[\"hull 0\", \"hull 1\", \"hull 2\", \"hull 3\"\\]}\n$" info --json ${v36})
expect_run(0 "^{\"file\": \"[^\"]*v30_own_corners.nav\", \"format\": \"source2_nav\", .*\"corners\": null, \"polygons\": null, .*\"movable_meshes\": null, .*\"custom_data\": {\"method\": \"lz4\", \"bytes\": 96}" info --json ${seeds}/v30_own_corners.nav)
expect_run(0 "^{\"format\": \"source2_nav\", \"bytes\": 1800, \"header\": .*\"kv3_blobs\": \\[{\"slot\": \"after_header\", \"offset\": 16, .*\"trailing_bytes\": 0}\n$" dump --json ${v36})
# The seeds' custom-data blobs are placeholders, not KV3 documents: the bot
# analysis does not decode (hiding_spots null above; one validate error).
expect_run(3 "bot-analysis-undecodable.*v36_four_blobs.nav: 1 finding" validate ${v36})
expect_run(3 "unconfirmed-layout" validate ${seeds}/v34_as_32.nav)
expect_run(0 "wrote .*source2.svg \\(4 polygons, 6 lines, 0 points\\)" svg ${v36} -o ${OUT}/source2.svg)
expect_run(0 "wrote .*source2_hull1.svg \\(1 polygons, 4 lines, 0 points\\)" svg ${v36} --hull 1 -o ${OUT}/source2_hull1.svg)
expect_run(0 "source2_split-0x00000002.svg" svg ${v36} --split -o ${OUT}/source2_split.svg)
expect_run(0 "4 polygons" svg ${v36} --color-by hull -o ${OUT}/source2_hull.svg)
expect_run(2 "--hull x: [^\n]*has no such space; it has 4 spaces" svg ${v36} --hull x -o ${OUT}/source2_bad.svg)
expect_run(0 "4 polygons, [0-9]+ lines" obj ${v36} -o ${OUT}/source2.obj)
# locate and path walk the first hull's mesh; area 5 is reached by ladder 7.
expect_run(0 "area 1 at \\(50.0, 50.0, 0.0\\), 0.0 away" locate ${v36} 50,50,0)
expect_run(0 "path of 2 areas, cost 100.0" path ${v36} --from 1 --to 2)
expect_run(0 "path of 2 areas.*\\(0.0, 0.0, 128.0\\)" path ${v36} --from 1 --to 5)
# --hull N: hull 1 holds area 3 alone.
expect_run(0 "area 3 at \\(250.0, 50.0, 0.0\\), 0.0 away" locate --hull 1 ${v36} 250,50,0)
expect_run(2 "no area '1' in this file" path ${v36} --hull 1 --from 3 --to 1)
expect_run(0 "path of 1 areas" path ${v36} --hull 1 --from 250,50,0 --to 260,60,0)
expect_run(2 "--hull 300: [^\n]*has no such space; it has 4 spaces" locate --hull 300 ${v36} 0,0,0)
# Writing (issue 37): navspan edit on Source 2 files. --connect finds the
# edge the two areas share, so cutting and joining again gives the file back.
expect_run(0 "wrote .*s2_rejoined.nav \\(1800 bytes\\)" edit ${v36} --disconnect 1 2 --connect 1 2 --allow-invalid -o ${OUT}/s2_rejoined.nav)
# The seeds' analysis is a placeholder: validate's error refuses the result
# unless --allow-invalid.
expect_run(1 "bot-analysis-undecodable.*--allow-invalid" edit ${seeds}/v31_polygons.nav --set-attributes 1 0x100000000 -o ${OUT}/s2_attributes.nav)
expect_run(0 "wrote .*s2_attributes.nav \\(1096 bytes\\)" edit ${seeds}/v31_polygons.nav --set-attributes 1 0x100000000 --allow-invalid -o ${OUT}/s2_attributes.nav)
expect_run(1 "--connect: .*share no edge" edit ${seeds}/v31_polygons.nav --connect 1 3 -o ${OUT}/s2_x.nav)
expect_run(1 "--set-place: .*Source files only" edit ${v36} --set-place 1 Mid -o ${OUT}/s2_x.nav)
# An edit the format does not take is refused before merge's other file is read.
expect_run(1 "--merge: .*Source and Quake files only" edit ${v36} --merge ${OUT}/no_such_file.nav -o ${OUT}/s2_x.nav)
expect_run(2 "--flags: bad value" edit ${v36} --flags 2 -o ${OUT}/s2_x.nav)
# --flags belongs to the --add-hiding-spot just before it, and fits a byte.
expect_run(2 "--flags: bad value" edit ${v36} --add-hiding-spot 1 0,0,0 --flags 256 -o ${OUT}/s2_x.nav)
expect_run(2 "--flags: bad value" edit ${v36} --add-hiding-spot 1 0,0,0 --translate 1,1,1 --flags 3 -o ${OUT}/s2_x.nav)
expect_run(2 "not a VPK package: give -o a .nav path" edit ${v36} --clear-analysis -o ${OUT}/s2_x.vpk)
# dump --json | pack gives every seed back byte for byte (issue 37); a
# Source 2 document whose blob has no stored bytes is refused in one line.
file(GLOB s2_seeds ${seeds}/*.nav)
foreach(seed ${s2_seeds})
    get_filename_component(name ${seed} NAME_WE)
    execute_process(COMMAND ${NAVSPAN} dump --json ${seed} OUTPUT_FILE ${OUT}/s2_${name}.json RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "navspan dump --json ${seed}: status ${status}")
    endif()
    expect_run(0 "wrote" pack ${OUT}/s2_${name}.json --allow-invalid -o ${OUT}/s2_${name}_packed.nav)
    file(SHA256 ${seed} want)
    file(SHA256 ${OUT}/s2_${name}_packed.nav got)
    if(NOT want STREQUAL got)
        message(FATAL_ERROR "dump --json ${seed} | pack: not the same bytes")
    endif()
endforeach()
file(READ ${OUT}/s2_v36_four_blobs.json s2_json)
string(REGEX REPLACE "\"stored_bytes\": \"[0-9a-f]*\"" "\"stored_bytes\": null" s2_json "${s2_json}")
file(WRITE ${OUT}/s2_no_bytes.json "${s2_json}")
expect_status(1 pack ${OUT}/s2_no_bytes.json -o ${OUT}/s2_x.nav)
expect_match("pack without stored bytes" "kv3_blobs\\[0\\]\\.stored_bytes: null" "${last_err}")
expect_one_stderr_line()
