# windows_macros_test.cpp defines macros as <windows.h> does: it stays a
# translation unit of its own, out of the folder's unity build.
set_source_files_properties(${CMAKE_CURRENT_SOURCE_DIR}/core/windows_macros_test.cpp
    PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
# umbrella_b_test.cpp is the second translation unit umbrella_a_test.cpp
# links against (every inline definition of the umbrella header links once).
set_source_files_properties(${CMAKE_CURRENT_SOURCE_DIR}/core/umbrella_b_test.cpp
    PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
