// navspan/core/config.hpp - compiler switches shared by every header.
//
// One place turns compiler and library feature tests into navspan's own
// macros, so the rest of the code never tests a compiler directly.
#pragma once
#include "../core/min_max_push.hpp"

#include <cassert>
#include <cfloat>
#include <cstdio>
#include <cstdlib>
#include <type_traits>

namespace navspan::detail {
// Reports a broken precondition and stops (also without exceptions).
[[noreturn]] inline void assertion_failed(const char* condition, const char* file, int line) noexcept {
    std::fprintf(stderr, "%s:%d: navspan precondition failed: %s\n", file, line, condition);
    std::abort();
}

// A value rounded to its own type (float or double), for certain. Where
// floating-point arithmetic runs in wider registers (32-bit x86 without SSE:
// x87, FLT_EVAL_METHOD 2) neither a cast nor an assignment need round. A
// result may then differ in its last bit from every other target's, and two
// answers that are equal once stored may compare unequal while one still sits
// in a register (a tie broken the wrong way). A store through volatile rounds
// there; everywhere else this is the value itself, at no cost.
template <class Float>
constexpr Float rounded(Float x) noexcept {
    static_assert(std::is_floating_point_v<Float>);
#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
    if (!std::is_constant_evaluated()) {
        const volatile Float stored = x;
        return stored;
    }
#endif
    return x;
}
}  // namespace navspan::detail

// NAVSPAN_ASSERT guards the preconditions of the unchecked accessors that run
// after a file was verified (an index inside its range, a value asked of a
// failed result). It is active in debug builds and whenever
// NAVSPAN_ENABLE_ASSERTS is defined (navspan's own tests, even optimised), and
// compiles to nothing otherwise. A caller may define it to its own handler.
#if !defined(NAVSPAN_ASSERT)
#  if defined(NAVSPAN_ENABLE_ASSERTS) || !defined(NDEBUG)
#    define NAVSPAN_ASSERT(cond) \
        ((cond) ? static_cast<void>(0) : ::navspan::detail::assertion_failed(#cond, __FILE__, __LINE__))
#  else
#    define NAVSPAN_ASSERT(cond) static_cast<void>(0)
#  endif
#endif

// Views must not outlive the bytes they look at. clang warns (-Wdangling)
// when a view is taken from a temporary buffer; g++ ignores the attribute.
#if defined(__has_cpp_attribute)
#  if __has_cpp_attribute(clang::lifetimebound)
#    define NAVSPAN_LIFETIMEBOUND [[clang::lifetimebound]]
#  elif __has_cpp_attribute(msvc::lifetimebound)
#    define NAVSPAN_LIFETIMEBOUND [[msvc::lifetimebound]]
#  endif
#endif
#if !defined(NAVSPAN_LIFETIMEBOUND)
#  define NAVSPAN_LIFETIMEBOUND
#endif

// Every verification failure goes through navspan::detail::fail(). Define
// NAVSPAN_BREAK_ON_ERROR to assert at the failing check while debugging a
// file that should have opened.
#if defined(NAVSPAN_BREAK_ON_ERROR)
#  define NAVSPAN_ON_ERROR() assert(!"navspan: verification failed")
#else
#  define NAVSPAN_ON_ERROR() ((void)0)
#endif

#if defined(__GNUC__) || defined(__clang__)
#  define NAVSPAN_LIKELY(x) __builtin_expect(!!(x), 1)
#  define NAVSPAN_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#  define NAVSPAN_LIKELY(x) (x)
#  define NAVSPAN_UNLIKELY(x) (x)
#endif

// For a verifier whose one hot call site should absorb it (so the stores of
// the object's defaults it overwrites disappear), and for its cold retries.
#ifndef NAVSPAN_ALWAYS_INLINE
#  if defined(__GNUC__) || defined(__clang__)
#    define NAVSPAN_ALWAYS_INLINE [[gnu::always_inline]]
#    define NAVSPAN_NOINLINE [[gnu::noinline]]
#  else
#    define NAVSPAN_ALWAYS_INLINE
#    define NAVSPAN_NOINLINE
#  endif
#endif
// A hint that `address` will be read soon (its cache line fetched while
// other work goes on); nothing where the compiler has no such builtin.
#if defined(__GNUC__) || defined(__clang__)
#  define NAVSPAN_PREFETCH(address) __builtin_prefetch(address)
#else
#  define NAVSPAN_PREFETCH(address) static_cast<void>(address)
#endif
#include "../core/min_max_pop.hpp"
