// The doctest runner shared by every test program. Built with the same flags
// as the tests, so the -fno-exceptions build exercises doctest's own
// exception-free mode too.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
