// Counts calls to the global operator new, so tests can assert that opening
// a file and walking every accessor allocates nothing.
#pragma once

#include <cstdint>

namespace navspan_test {

// Allocations made on this thread since the program started.
std::uint64_t allocation_count() noexcept;

// Allocation-failure injection: after `n` more allocations on this thread,
// each further one fails (operator new throws std::bad_alloc); 0 turns it
// off. For tests that every allocation may fail without a crash.
void fail_allocations_after(std::uint64_t n) noexcept;

// Allocations made while this object lives.
class allocation_scope {
public:
    allocation_scope() noexcept : start_(allocation_count()) {}
    std::uint64_t count() const noexcept { return allocation_count() - start_; }

private:
    std::uint64_t start_;
};

}  // namespace navspan_test
