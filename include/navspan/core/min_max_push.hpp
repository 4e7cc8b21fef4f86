// navspan/core/min_max_push.hpp - sets the min and max macros aside.
//
// Deliberately without an include guard: every navspan header includes it
// first, and core/min_max_pop.hpp last.
//
// <windows.h> without NOMINMAX (and some game SDKs) define min and max as
// function-like macros, which turn std::min(a, b) and
// std::numeric_limits<T>::max() into syntax errors in any header read
// after them. Each navspan header puts them aside while it is read and back
// afterwards, so that a mod need neither define NOMINMAX nor reorder its
// includes, and its own min and max still work after navspan's headers.
#pragma push_macro("min")
#pragma push_macro("max")
#undef min
#undef max
#if !defined(NAVSPAN_DETAIL_MIN_MAX_PUSHED)
#  define NAVSPAN_DETAIL_MIN_MAX_PUSHED 1
#endif
