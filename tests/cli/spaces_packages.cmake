# The one space option and packages (issues "one house", "CS2 as it ships"):
# --space by index and name, --hull and --cell as its aliases, the first
# space by default, a space past the file's count a usage error (status 2)
# naming the count; a VPK package read as its navigation member.
# NAVSPAN, CORPUS (the shared corpus root), PLUGIN (a plugin of several spaces), OUT.
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)

set(vault ${CORPUS}/source2-nav/files/ValveResourceFormat__ValveResourceFormat__a5_vault.nav)
set(template ${CORPUS}/source2-nav/files/ValveResourceFormat__ValveResourceFormat__point_template_test.nav)
set(package ${CORPUS}/vpk/files/ValveResourceFormat__ValveResourceFormat__point_template_test.vpk)

# info lists the spaces (text and JSON).
expect_run(0 "spaces: +hull 0, hull 1, hull 2" info ${vault})
expect_run(0 "\"spaces\": \\[\"hull 0\", \"hull 1\", \"hull 2\"\\]" info --json ${vault})
expect_run(0 "\"spaces\": \\[\"player\"\\]" info --json ${template})

# a5_vault: three hulls; by index, by name, by the alias; past the count.
foreach(space 0 1 2 "hull 1")
    expect_status(0 svg ${vault} -o ${OUT}/space.svg --space ${space})
endforeach()
expect_status(0 svg ${vault} -o ${OUT}/space.svg --hull 2)
expect_status(0 svg ${vault} -o ${OUT}/space_default.svg)
expect_run(2 "has 3 spaces: hull 0, hull 1, hull 2" svg ${vault} -o ${OUT}/space.svg --space 3)
expect_run(2 "has 3 spaces" locate ${vault} 0,0,0 --hull 7)
expect_run(2 "has 3 spaces" path ${vault} --from 1 --to 2 --space nosuch)
expect_run(2 "one space is taken" svg ${vault} -o ${OUT}/space.svg --space 1 --hull 1)
# --cell takes a plugin's form id: not a Source 2 hull.
expect_run(2 "not a plugin" svg ${vault} -o ${OUT}/space.svg --cell 0x01000D62)

# point_template_test: its hull is named "player".
expect_status(3 locate ${template} 0,0,0 --hull player)
expect_status(3 locate ${template} 0,0,0 --space 0)
expect_run(2 "has 1 space: player" locate ${template} 0,0,0 --space 1)
# --hull names Source 2 hulls only.
expect_run(2 "not a Source 2 file" locate ${CORPUS}/source-nav/files/MikuDroid__EnableCSBot__cs_assault.nav 0,0,0 --hull 0)

# A plugin of several spaces: each by number, the default, past the count.
execute_process(COMMAND ${NAVSPAN} info --json ${PLUGIN} OUTPUT_VARIABLE plugin_info)
string(REGEX MATCH "\"spaces\": \\[([^]]*)\\]" _ "${plugin_info}")
string(REGEX MATCHALL "\"[^\"]*\"" plugin_spaces "${CMAKE_MATCH_1}")
list(LENGTH plugin_spaces plugin_count)
if(plugin_count LESS 2)
    message(FATAL_ERROR "${PLUGIN}: expected several spaces, got ${plugin_info}")
endif()
math(EXPR last "${plugin_count} - 1")
foreach(i RANGE ${last})
    expect_status(0 svg ${PLUGIN} -o ${OUT}/plugin_space.svg --space ${i})
endforeach()
expect_run(2 "has ${plugin_count} spaces" svg ${PLUGIN} -o ${OUT}/plugin_space.svg --space ${plugin_count})
expect_run(2 "not a Source 2 file" svg ${PLUGIN} -o ${OUT}/plugin_space.svg --hull 0)

# The CS2 package: read as its one navigation member, whose info --json is
# the loose file's (apart from "file"); a member named; a member missing.
execute_process(COMMAND ${NAVSPAN} info --json ${template} OUTPUT_VARIABLE loose)
execute_process(COMMAND ${NAVSPAN} info --json ${package} OUTPUT_VARIABLE packed RESULT_VARIABLE status)
execute_process(COMMAND ${NAVSPAN} info --json ${package}:maps/point_template_test.nav OUTPUT_VARIABLE named)
string(REGEX REPLACE "^{\"file\": \"[^\"]*\", " "" loose "${loose}")
foreach(v packed named)
    string(REGEX REPLACE "^{\"file\": \"[^\"]*\", " "" ${v} "${${v}}")
    if(NOT "${${v}}" STREQUAL "${loose}")
        message(FATAL_ERROR "info --json of the package (${v}) differs from the loose file:\n${${v}}\n${loose}")
    endif()
endforeach()
expect_run(0 "package: 16 members, read maps/point_template_test.nav" info ${package})
expect_run(2 "has no member maps/nosuch.nav" info ${package}:maps/nosuch.nav)
expect_run(1 "no known format" info ${package}:maps/point_template_test.vmap_c)
expect_status(0 svg ${package} -o ${OUT}/package.svg --space player)
expect_status(0 dump ${package})
expect_status(0 validate ${package})
