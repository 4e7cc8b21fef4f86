# The navspan command on the bundled plugin sample, as a user runs it (needs
# the examples).
# The checks are in creation/cli.cmake, which Meson's tests/cli/meson.build runs too.
navspan_format_cli_test(creation)
# Issue 16 #2: 100,000 navmeshes draw in linear time (the quadratic code took
# 136 s for svg and 88 s for obj; this test takes a few seconds, more under
# sanitizers).
add_test(NAME creation.pictures_linear COMMAND navspan_test_creation "-tc=*in linear time*")
set_tests_properties(creation.pictures_linear PROPERTIES LABELS "unit;creation" TIMEOUT 60)
