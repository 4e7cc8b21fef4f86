# The program docs/nav.md shows ("the area at a point, then a path"),
# extracted from the docs at build time, compiled with the project's
# warnings and run on the Source sample: the docs cannot drift from the API.
if(NAVSPAN_BUILD_EXAMPLE_PROGRAMS)
    set(navspan_docs_example ${CMAKE_CURRENT_BINARY_DIR}/nav_docs_example.cpp)
    add_custom_command(OUTPUT ${navspan_docs_example}
        COMMAND ${CMAKE_COMMAND} -DDOC=${PROJECT_SOURCE_DIR}/docs/nav.md -DOUT=${navspan_docs_example}
            -P ${CMAKE_CURRENT_SOURCE_DIR}/nav/docs_example.cmake
        DEPENDS ${PROJECT_SOURCE_DIR}/docs/nav.md ${CMAKE_CURRENT_SOURCE_DIR}/nav/docs_example.cmake
        COMMENT "docs/nav.md: the example program")
    add_executable(navspan_nav_docs_example ${navspan_docs_example})
    target_link_libraries(navspan_nav_docs_example PRIVATE navspan::navspan navspan_build_flags navspan_test_flags)
    add_test(NAME nav.docs_example COMMAND navspan_nav_docs_example
        ${PROJECT_SOURCE_DIR}/examples/samples/sample_v16_cstrike.nav 40,60,30 150,150,0)
    set_tests_properties(nav.docs_example PROPERTIES LABELS "unit;nav"
        PASS_REGULAR_EXPRESSION "^area 10 \\(CTSpawn\\), 30.0 away\narea [0-9]+[^\n]*\n[0-9]+ polygons, cost [0-9.]+, [0-9]+ waypoints:\n")
endif()
