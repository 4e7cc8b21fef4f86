# Links the test program with the reference libraries
# when they are installed (liblz4-dev, libzstd-dev); without them the tests
# that need them skip and say so.
find_package(PkgConfig QUIET)
if(PkgConfig_FOUND)
    pkg_check_modules(NAVSPAN_LZ4 QUIET IMPORTED_TARGET liblz4)
    pkg_check_modules(NAVSPAN_ZSTD QUIET IMPORTED_TARGET libzstd)
endif()
if(TARGET ${navspan_test_program})
    if(NAVSPAN_LZ4_FOUND)
        target_link_libraries(${navspan_test_program} PRIVATE PkgConfig::NAVSPAN_LZ4)
        target_compile_definitions(${navspan_test_program} PRIVATE NAVSPAN_TEST_HAVE_LZ4=1)
    endif()
    if(NAVSPAN_ZSTD_FOUND)
        target_link_libraries(${navspan_test_program} PRIVATE PkgConfig::NAVSPAN_ZSTD)
        target_compile_definitions(${navspan_test_program} PRIVATE NAVSPAN_TEST_HAVE_ZSTD=1)
    endif()
endif()
