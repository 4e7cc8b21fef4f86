// The doctest runner shared by every test program. Built with the same flags
// as the tests, so the -fno-exceptions build exercises doctest's own
// exception-free mode too.
//
// A test case that needs the corpus and does not find it says so and
// returns (NAVSPAN_REQUIRE_CORPUS); when any did and nothing failed, the
// program exits with status 77, which ctest (SKIP_RETURN_CODE) and Meson
// report as skipped: a run without the corpus never reads as a full pass.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdio>

#include "corpus.hpp"

int main(int argc, char** argv) {
    doctest::Context context(argc, argv);
    const int status = context.run();
    if (context.shouldExit() || status != 0) return status;
    const std::size_t skipped = navspan_test::skipped_corpus_cases();
    if (skipped != 0) {
        std::printf("skipped: %zu test case%s found no corpus (set NAVSPAN_CORPUS); the others passed\n", skipped,
                    skipped == 1 ? "" : "s");
        return navspan_test::skip_status;
    }
    return 0;
}
