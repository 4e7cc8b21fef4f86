// A game mod's translation unit, as MSVC and <windows.h> without NOMINMAX
// (or a game SDK) leave it: min and max are function-like macros, near,
// far, small, interface, ERROR ... object-like ones. navspan's headers must
// read after them unharmed, and leave min and max as they found them.
// Compiled on its own, never joined to the folder's other files (see
// tests.cmake): its macros would leak into them.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <limits>

#if defined(_WIN32)
#  include <windows.h>  // the real macros, NOMINMAX not defined
#endif
#if !defined(min)  // mingw-w64's C++ headers leave them out; the Windows SDK's do not
#  define min(a, b) (((a) < (b)) ? (a) : (b))
#  define max(a, b) (((a) > (b)) ? (a) : (b))
#endif
#if !defined(_WIN32)
// The object-like macros of <windows.h> and the headers it includes, as it
// defines them.
#  define near
#  define far
#  define small char
#  define hyper long long
#  define interface struct
#  define IN
#  define OUT
#  define OPTIONAL
#  define CONST const
#  define ERROR 0
#  define TRANSPARENT 1
#  define OPAQUE 2
#  define DELETE (0x00010000L)
#  define ABSOLUTE 1
#  define RELATIVE 2
#endif

#include <navspan/navspan.hpp>
// The headers the umbrella leaves out: the writers, the edits and the tool layer.
#include <navspan/quake/edit.hpp>
#include <navspan/quake/writer.hpp>
#include <navspan/source/edit.hpp>
#include <navspan/source/writer.hpp>
#include <navspan/source2/edit.hpp>
#include <navspan/source2/writer.hpp>
#include <navspan/tools.hpp>

TEST_CASE("navspan's headers read after <windows.h>'s macros and leave min and max defined") {
    CHECK(min(2, 3) == 2);  // the macros, still there
    CHECK(max(2, 3) == 3);
    const std::byte empty[1] = {};
    CHECK(navspan::detect({empty, 0}) == navspan::format::unknown);
}

#undef min
#undef max
