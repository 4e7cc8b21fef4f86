# The svg and obj options of the navspan command, run as a user runs them
# (cmake -P with NAVSPAN, SAMPLES and OUT set by tests.cmake).
include(${CMAKE_CURRENT_LIST_DIR}/../cli/expect.cmake)
function(expect_in file text)
    file(READ ${file} content)
    string(FIND "${content}" "${text}" at)
    if(at EQUAL -1)
        message(FATAL_ERROR "${file} does not hold '${text}'")
    endif()
endfunction()

file(MAKE_DIRECTORY ${OUT})
set(source ${SAMPLES}/sample_v16_cstrike.nav)
set(plugin ${SAMPLES}/sample_skyrim.esp)

# --color-by: each format's own, height everywhere, anything else a usage error.
expect_status(0 svg ${source} -o ${OUT}/place.svg --color-by place)
expect_in(${OUT}/place.svg ">BombsiteA</text>")
expect_status(0 svg ${source} -o ${OUT}/height.svg --color-by height)
expect_in(${OUT}/height.svg "area height (units)")
expect_status(0 svg ${SAMPLES}/sample_v18.nav -o ${OUT}/quake.svg --color-by height)
expect_status(0 svg ${SAMPLES}/fox_sample.nav2 -o ${OUT}/fox.svg --color-by group)
expect_status(0 svg ${plugin} -o ${OUT}/plugin.svg --color-by navmesh)
expect_status(2 svg ${source} -o ${OUT}/x.svg --color-by segment)
string(FIND "${last_err}" "can be coloured by place attribute height" at)
if(at EQUAL -1)
    message(FATAL_ERROR "the --color-by error does not list the choices: ${last_err}")
endif()

# Links: --no-links drops the connections, --links keeps them.
expect_status(0 svg ${source} -o ${OUT}/links.svg --links)
expect_in(${OUT}/links.svg "<line x1")
expect_status(0 svg ${source} -o ${OUT}/nolinks.svg --no-links)
expect_in(${OUT}/nolinks.svg "links hidden")

# Plugins: --cell of the sample's cell, an unknown one, a bad one; --split.
expect_status(0 svg ${plugin} -o ${OUT}/cell.svg --cell 0x01000D62)
expect_in(${OUT}/cell.svg "interior cell 0x01000D62")
expect_status(2 svg ${plugin} -o ${OUT}/cell.svg --cell 0x0BADF00D)
expect_status(2 svg ${plugin} -o ${OUT}/cell.svg --cell abc)
expect_status(0 svg ${plugin} -o ${OUT}/split.svg --split)
expect_in(${OUT}/split.svg "sample_skyrim.esp: interior cell 0x01000D62")

# obj: the .mtl beside it, y up by default, --up z, --up x refused.
expect_status(0 obj ${source} -o ${OUT}/map.obj)
expect_in(${OUT}/map.obj "mtllib map.mtl")
expect_in(${OUT}/map.obj "# y up (OBJ convention)")
expect_in(${OUT}/map.mtl "newmtl BombsiteA")
expect_status(0 obj ${source} -o ${OUT}/map_z.obj --up z --links)
expect_in(${OUT}/map_z.obj "o links")
expect_status(2 obj ${source} -o ${OUT}/x.obj --up x)
expect_status(2 svg ${source} -o ${OUT}/x.svg --up z)
