// navspan/core/min_max_pop.hpp - puts back the min and max macros that
// core/min_max_push.hpp set aside (deliberately without an include guard).
// Read without a push before it (a header check including it alone), it
// does nothing: clang warns of a pop with no push.
#if defined(NAVSPAN_DETAIL_MIN_MAX_PUSHED)
#  pragma pop_macro("max")
#  pragma pop_macro("min")
#endif
