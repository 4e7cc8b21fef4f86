# The navspan command on Source 2 files, as a user runs it (needs the examples).
# The checks are in source2/cli.cmake, which Meson's tests/cli/meson.build runs too.
navspan_format_cli_test(source2)
