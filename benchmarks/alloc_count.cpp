// Every benchmark row reports the allocations it made: the tests' counting
// replacement of the global allocation functions
// (tests/support/alloc_counter.cpp, linked in) counts them for the thread
// that runs the rows.
#include <cstdint>

#include "harness.hpp"
#include "support/alloc_counter.hpp"

std::uint64_t navspan_bench::allocation_count() noexcept { return navspan_test::allocation_count(); }
