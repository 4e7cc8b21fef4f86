# The navspan command on the fox sample, as a user runs it (needs the examples).
# The checks are in fox/cli.cmake, which Meson's tests/cli/meson.build runs too.
navspan_format_cli_test(fox)
