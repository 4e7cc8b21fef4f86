# Runs the built navspan command the way a user would (needs the examples):
# the scripting contract in cli/exit_statuses.cmake (Meson's cli/meson.build
# runs the same scripts).
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/junk.bin "this is not a navigation mesh\n")
navspan_script_test(cli.exit_statuses cli/exit_statuses.cmake "cli"
    -DJUNK=${CMAKE_CURRENT_BINARY_DIR}/junk.bin -DSAMPLES=${PROJECT_SOURCE_DIR}/examples/samples
    -DREADME=${PROJECT_SOURCE_DIR}/README.md -DOUT=${CMAKE_CURRENT_BINARY_DIR})

# Files that change while read, FIFOs, devices, zeros after a plugin
# (issue 16): status 0, 1 or 2 with one stderr line, never a signal or a hang.
if(TARGET navspan_cli AND UNIX)
    add_test(NAME cli.hostile_files COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/cli/hostile_files.sh
        $<TARGET_FILE:navspan_cli> ${PROJECT_SOURCE_DIR}/fuzz/seeds/source/v16_cstrike.nav
        ${PROJECT_SOURCE_DIR}/fuzz/seeds/creation/skyrim_sample.esp ${NAVSPAN_CORPUS})
    set_tests_properties(cli.hostile_files PROPERTIES LABELS "cli" TIMEOUT 300)
endif()

# path --shortest never longer than path's and path --exact's waypoints, on
# the corpus pair where the any-angle search's own chain is (issue 36).
if(TARGET navspan_cli AND UNIX AND NAVSPAN_CORPUS AND EXISTS ${NAVSPAN_CORPUS}/source-nav/files)
    add_test(NAME cli.shortest_never_longer COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/cli/shortest_never_longer.sh
        $<TARGET_FILE:navspan_cli> ${NAVSPAN_CORPUS})
    set_tests_properties(cli.shortest_never_longer PROPERTIES LABELS "cli" SKIP_RETURN_CODE 77)
endif()

# The one space option and VPK packages, on the shared corpus (a5_vault's
# three hulls, point_template_test's "player", a plugin of four spaces, the
# CS2 package).
if(NAVSPAN_CORPUS AND EXISTS ${NAVSPAN_CORPUS}/vpk/files)
    navspan_script_test(cli.spaces_packages cli/spaces_packages.cmake "cli"
        -DCORPUS=${NAVSPAN_CORPUS} -DPLUGIN=${NAVSPAN_CORPUS}/creation-plugins/files/Bradenm1__Skyrim-mods__Cheat_Room.esp
        -DOUT=${CMAKE_CURRENT_BINARY_DIR})
endif()
