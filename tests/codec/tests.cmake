set(navspan_ref_target navspan_test_codec)
include(${CMAKE_CURRENT_SOURCE_DIR}/codec/reference_libs.cmake)
