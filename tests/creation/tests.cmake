# The navspan command on the bundled plugin sample, as a user runs it (needs
# the examples).
# The checks are in creation/cli.cmake, which Meson's tests/cli/meson.build runs too.
navspan_format_cli_test(creation)
# Issue 16 #2: 100,000 navmeshes draw in linear time (the quadratic code took
# 136 s for svg and 88 s for obj; this test takes a few seconds, more under
# sanitizers).
navspan_folder_test(creation.pictures_linear creation "-tc=*in linear time*")
set_tests_properties(creation.pictures_linear PROPERTIES TIMEOUT 60)
