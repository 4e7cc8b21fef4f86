// navspan/core/min_max_pop.hpp - puts back the min and max macros that
// core/min_max_push.hpp set aside (deliberately without an include guard).
#pragma pop_macro("max")
#pragma pop_macro("min")
