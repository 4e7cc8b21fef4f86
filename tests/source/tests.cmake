# The built navspan command on the bundled Source sample, as a user runs it.
# The checks are in source/cli.cmake, which Meson's tests/cli/meson.build runs too.
navspan_format_cli_test(source)
# Issue 16 #2: the pictures of a map of 65,535 places are linear. The test
# takes 0.3 s of CPU (about 1.5 s under sanitizers); the quadratic code took
# over 13 s for the same scene, svg and obj.
# Under an emulator (qemu-i386, wine) it takes 6 s alone and over 10 s on
# a shared machine: the bound there is creation.pictures_linear's 60 s.
set(navspan_pictures_timeout 10)
if(CMAKE_CROSSCOMPILING_EMULATOR)
    set(navspan_pictures_timeout 60)
endif()
navspan_folder_test(source.pictures_linear source "-tc=*in linear time*")
set_tests_properties(source.pictures_linear PROPERTIES TIMEOUT ${navspan_pictures_timeout})
