# Links the test program with the reference libraries when they are
# installed (liblz4-dev, libzstd-dev); without them the tests that need them
# skip and say so.
if(TARGET ${navspan_test_program})
    navspan_link_reference_codecs(${navspan_test_program} NAVSPAN_TEST)
endif()
