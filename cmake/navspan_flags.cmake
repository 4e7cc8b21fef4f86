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
