# The navspan command on Quake files, as a user runs it (needs the examples).
# The checks are in quake/cli.cmake, which Meson's tests/cli/meson.build runs too.
navspan_format_cli_test(quake)
