# windows_macros_test.cpp defines macros as <windows.h> does: it stays a
# translation unit of its own, out of the folder's unity build.
set_source_files_properties(${CMAKE_CURRENT_SOURCE_DIR}/core/windows_macros_test.cpp
    PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
