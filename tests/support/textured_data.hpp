// Generated data with the texture of navigation records, for the tests that
// compress or inflate it: noise, runs of one byte, repeats from earlier on,
// short periods (where asked) and little-endian u16 counters, in random
// order from a seeded generator (the same bytes for the same seed).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace navspan_test {

struct texture {
    int noise_run;            // bytes of noise at a time
    std::size_t farthest;     // the longest distance of a repeat
    bool short_periods;       // also runs of 2..7-byte patterns
};

inline std::vector<std::byte> textured_data(std::size_t n, std::uint32_t seed, const texture& t) {
    std::mt19937 engine(seed);
    auto rng = [&engine] { return static_cast<std::uint32_t>(engine()); };
    std::vector<std::byte> out;
    out.reserve(n);
    while (out.size() < n) {
        switch (rng() % (t.short_periods ? 5u : 4u)) {
            case 0:  // noise
                for (int i = 0; i < t.noise_run && out.size() < n; ++i) out.push_back(static_cast<std::byte>(rng()));
                break;
            case 1: {  // a run of one byte
                const auto b = static_cast<std::byte>(rng() % 3 == 0 ? 0xFF : 0);
                for (unsigned i = rng() % 300; i > 0 && out.size() < n; --i) out.push_back(b);
                break;
            }
            case 2: {  // a repeat from earlier on
                if (out.size() < 40) break;
                const std::size_t dist = 1 + rng() % std::min<std::size_t>(out.size(), t.farthest);
                for (unsigned i = 3 + rng() % 200; i > 0 && out.size() < n; --i) out.push_back(out[out.size() - dist]);
                break;
            }
            case 3:
                if (t.short_periods) {  // a short period (runs of 2..7-byte patterns)
                    if (out.size() < 8) break;
                    const std::size_t dist = 1 + rng() % 7;
                    for (unsigned i = 4 + rng() % 100; i > 0 && out.size() < n; --i) out.push_back(out[out.size() - dist]);
                    break;
                }
                [[fallthrough]];
            default: {  // little-endian u16 indices counting up
                auto v = static_cast<std::uint16_t>(rng());
                for (int i = 0; i < 12 && out.size() + 1 < n; ++i, ++v) {
                    out.push_back(static_cast<std::byte>(v & 0xFF));
                    out.push_back(static_cast<std::byte>(v >> 8));
                }
                break;
            }
        }
    }
    return out;
}

}  // namespace navspan_test
