// The umbrella header is included by two translation units of this program
// (this one and umbrella_b_test.cpp): every inline definition must link once.
#include <navspan/navspan.hpp>

#include <doctest/doctest.h>

// Defined in umbrella_b_test.cpp, at global scope: the other translation unit.
int navspan_umbrella_b();

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace core_umbrella_a_test {

TEST_CASE("the umbrella header works from two translation units") {
    CHECK(navspan_umbrella_b() == static_cast<int>(navspan::format::quake_nav));
    CHECK(navspan::detect({}) == navspan::format::unknown);
}

}  // namespace core_umbrella_a_test
