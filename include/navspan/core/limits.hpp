// navspan/core/limits.hpp - caller-set bounds on the work a file may ask for.
//
// The byte checks already stop a count from reaching past the buffer; these
// limits stop a file that is valid but absurd (a claimed four billion areas,
// a DEFLATE bomb, groups nested a thousand deep) before any work is done.
// Every format's options struct carries one `limits`.
#pragma once

#include <cstdint>

#include "error.hpp"

namespace navspan {

struct limits {
    // Largest element count accepted for any single list in a file.
    std::uint64_t max_count = std::uint64_t{1} << 28;
    // Largest decompressed size a compressed record may declare (bytes).
    std::uint64_t max_decompressed_size = std::uint64_t{256} << 20;
    // Deepest nesting of containers (plugin groups).
    std::uint32_t max_depth = 32;
    // Total records a verifier may visit in one open(); 0 means no limit.
    std::uint64_t work_budget = 0;
};

// Fails with limit_exceeded when `count` is above limits::max_count.
constexpr error check_count(const limits& lim, std::uint64_t count, std::uint64_t offset,
                            const char* what) noexcept {
    if (NAVSPAN_UNLIKELY(count > lim.max_count)) {
        return detail::fail(error_code::limit_exceeded, offset, what, count, lim.max_count);
    }
    return {};
}

// Counts the records a verifier visits against limits::work_budget.
class work_meter {
public:
    constexpr explicit work_meter(const limits& lim) noexcept : left_(lim.work_budget), unlimited_(lim.work_budget == 0), budget_(lim.work_budget) {}

    constexpr error charge(std::uint64_t units, std::uint64_t offset, const char* what) noexcept {
        if (unlimited_) return {};
        if (NAVSPAN_UNLIKELY(units > left_)) {
            return detail::fail(error_code::limit_exceeded, offset, what, budget_ - left_ + units, budget_);
        }
        left_ -= units;
        return {};
    }

private:
    std::uint64_t left_;
    bool unlimited_;
    std::uint64_t budget_;
};

}  // namespace navspan
