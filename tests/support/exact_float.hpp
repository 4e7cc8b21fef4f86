// IEEE single-precision results in test expectations, on every target.
//
// On 32-bit x86 without SSE (x87, FLT_EVAL_METHOD 2) float arithmetic runs in
// 80-bit registers and a cast or an assignment need not round, so
// `(float)q / (float)d + o` may be computed as one unrounded expression and
// differ in the last bit from what an SSE, ARM or big-endian build gives.
// ieee_f32() rounds a value to float there and then (a store through volatile),
// so an expectation written step by step with it is the IEEE result.
#pragma once

namespace navspan_test {

inline float ieee_f32(float x) noexcept {
    const volatile float stored = x;
    return stored;
}
// The same for double: on x87 double arithmetic runs in 80 bits too.
inline double ieee_f64(double x) noexcept {
    const volatile double stored = x;
    return stored;
}

}  // namespace navspan_test
