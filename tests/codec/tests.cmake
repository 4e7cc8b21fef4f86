# The reference decompressors (zlib, LZ4, zstd) for the codec and kv3 folders.
include(${CMAKE_CURRENT_SOURCE_DIR}/codec/reference_libs.cmake)
