# Flags for navspan's own programs (tests, tools, benchmarks, fuzzers); the
# library target itself imposes nothing on its users but C++20.
add_library(navspan_build_flags INTERFACE)
if(MSVC)
    target_compile_options(navspan_build_flags INTERFACE /W4 $<$<BOOL:${NAVSPAN_WERROR}>:/WX>)
else()
    target_compile_options(navspan_build_flags INTERFACE
        -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Wshadow
        $<$<BOOL:${NAVSPAN_WERROR}>:-Werror>)
endif()
if(NAVSPAN_SANITIZE)
    target_compile_options(navspan_build_flags INTERFACE
        -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
    target_link_options(navspan_build_flags INTERFACE -fsanitize=address,undefined)
endif()
if(NAVSPAN_NO_EXCEPTIONS)
    # C++ only: the C ABI's C test is built with these flags too, and
    # -fno-rtti is an error in a C compile under -Werror.
    target_compile_options(navspan_build_flags INTERFACE "$<$<COMPILE_LANGUAGE:CXX>:-fno-exceptions;-fno-rtti>")
    target_compile_definitions(navspan_build_flags INTERFACE DOCTEST_CONFIG_NO_EXCEPTIONS_BUT_WITH_ALL_ASSERTS)
endif()
# Verified-access preconditions stay checked in every navspan test build.
target_compile_definitions(navspan_build_flags INTERFACE NAVSPAN_ENABLE_ASSERTS)

# The test programs and the fuzz targets' replays (not the fuzzers, not the
# command, examples, C ABI or benchmarks): their own speed is not what the
# suite measures (benchmarks/ does), and their code is large, so they build
# at NAVSPAN_TEST_OPTIMIZATION whatever the build type. With g++ on a
# 2-core machine the test preset's compiles summed to 1,387 s at -O3 and
# 1,062 s at -O1 (with doctest's fast assertions); its tests ran 54 s
# against 66 s.
# The programs users run keep the build type's flags, so g++'s warnings at
# -O3 still see the library through the command and the examples.
set(NAVSPAN_TEST_OPTIMIZATION "-O1" CACHE STRING
    "Optimization flag of the test programs and fuzz replays (empty: the build type's)")
add_library(navspan_test_flags INTERFACE)
if(NAVSPAN_TEST_OPTIMIZATION AND NOT MSVC)
    target_compile_options(navspan_test_flags INTERFACE ${NAVSPAN_TEST_OPTIMIZATION})
endif()

# navspan_link_reference_codecs(TARGET PREFIX): links TARGET with liblz4 and
# libzstd when they are installed (liblz4-dev, libzstd-dev), defining
# PREFIX_HAVE_LZ4=1 and PREFIX_HAVE_ZSTD=1 for each one found. The tests,
# the benchmarks and the fuzz targets compare navspan's decoders and
# encoders with them; the library never uses them.
function(navspan_link_reference_codecs target prefix)
    find_package(PkgConfig QUIET)
    if(NOT PkgConfig_FOUND)
        return()
    endif()
    foreach(codec LZ4 ZSTD)
        string(TOLOWER "lib${codec}" module)
        if(NOT TARGET PkgConfig::NAVSPAN_REF_${codec})
            pkg_check_modules(NAVSPAN_REF_${codec} QUIET IMPORTED_TARGET GLOBAL ${module})
        endif()
        if(TARGET PkgConfig::NAVSPAN_REF_${codec})
            target_link_libraries(${target} PRIVATE PkgConfig::NAVSPAN_REF_${codec})
            target_compile_definitions(${target} PRIVATE ${prefix}_HAVE_${codec}=1)
        endif()
    endforeach()
endfunction()
