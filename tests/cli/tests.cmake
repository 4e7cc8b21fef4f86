# Runs the built navspan command the way a user would (needs the examples):
# the scripting contract in cli/exit_statuses.cmake (Meson's cli/meson.build
# runs the same scripts).
if(TARGET navspan_cli)
    file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/junk.bin "this is not a navigation mesh\n")
    add_test(NAME cli.exit_statuses COMMAND ${CMAKE_COMMAND} -DNAVSPAN=$<TARGET_FILE:navspan_cli>
        -DJUNK=${CMAKE_CURRENT_BINARY_DIR}/junk.bin -DSAMPLES=${PROJECT_SOURCE_DIR}/examples/samples
        -DREADME=${PROJECT_SOURCE_DIR}/README.md -DOUT=${CMAKE_CURRENT_BINARY_DIR}
        -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/exit_statuses.cmake)
    set_tests_properties(cli.exit_statuses PROPERTIES LABELS "cli")
endif()

# Files that change while read, FIFOs, devices, zeros after a plugin
# (issue 16): status 0, 1 or 2 with one stderr line, never a signal or a hang.
if(TARGET navspan_cli AND UNIX)
    add_test(NAME cli.hostile_files COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/cli/hostile_files.sh
        $<TARGET_FILE:navspan_cli> ${PROJECT_SOURCE_DIR}/fuzz/seeds/source/v16_cstrike.nav
        ${PROJECT_SOURCE_DIR}/fuzz/seeds/creation/skyrim_sample.esp ${NAVSPAN_CORPUS})
    set_tests_properties(cli.hostile_files PROPERTIES LABELS "cli" TIMEOUT 300)
endif()

# The one space option and VPK packages, on the shared corpus (a5_vault's
# three hulls, point_template_test's "player", a plugin of four spaces, the
# CS2 package).
if(TARGET navspan_cli AND NAVSPAN_CORPUS AND EXISTS ${NAVSPAN_CORPUS}/vpk/files)
    add_test(NAME cli.spaces_packages COMMAND ${CMAKE_COMMAND} -DNAVSPAN=$<TARGET_FILE:navspan_cli>
        -DCORPUS=${NAVSPAN_CORPUS} -DPLUGIN=${NAVSPAN_CORPUS}/creation-plugins/files/Bradenm1__Skyrim-mods__Cheat_Room.esp
        -DOUT=${CMAKE_CURRENT_BINARY_DIR} -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/spaces_packages.cmake)
    set_tests_properties(cli.spaces_packages PROPERTIES LABELS "cli")
endif()
