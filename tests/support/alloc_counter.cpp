// The counting replacement of the global allocation functions (one
// definition per program; every test program links it).
#include "alloc_counter.hpp"

#include <cstdlib>
#include <new>

namespace {
thread_local std::uint64_t g_allocations = 0;
thread_local std::uint64_t g_fail_from = 0;  // 0: never

void* counted_alloc(std::size_t size) {
    ++g_allocations;
    if (g_fail_from != 0 && g_allocations >= g_fail_from) return nullptr;
    if (size == 0) size = 1;
    return std::malloc(size);
}
}  // namespace

std::uint64_t navspan_test::allocation_count() noexcept { return g_allocations; }
void navspan_test::fail_allocations_after(std::uint64_t n) noexcept { g_fail_from = n == 0 ? 0 : g_allocations + n; }

void* operator new(std::size_t size) {
    if (void* p = counted_alloc(size)) return p;
#if defined(__cpp_exceptions)
    throw std::bad_alloc();
#else
    std::abort();
#endif
}
void* operator new[](std::size_t size) { return ::operator new(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return counted_alloc(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return counted_alloc(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
