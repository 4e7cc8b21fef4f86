// The `bounds` member of `navspan info --json`: min and max over points.
#pragma once

#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <limits>
#include <string_view>

#include "json_writer.hpp"

namespace navspan::tools {

class bounds_accumulator {
public:
    void add(float x, float y, float z) noexcept {
        min_[0] = std::min(min_[0], x); min_[1] = std::min(min_[1], y); min_[2] = std::min(min_[2], z);
        max_[0] = std::max(max_[0], x); max_[1] = std::max(max_[1], y); max_[2] = std::max(max_[2], z);
        any_ = true;
    }
    bool empty() const noexcept { return !any_; }
    float lowest(int axis) const noexcept { return min_[axis]; }
    float highest(int axis) const noexcept { return max_[axis]; }

    // [min_x, min_y, min_z, max_x, max_y, max_z], or null with no points.
    // The text style labels them: "min -256 -64 -40  max 1024 1024 200
    // size 1280 1088 240" (x y z, shortest round-trip floats).
    void write(json_writer& w) const {
        if (!any_) { w.null(); return; }
        if (w.text_style()) { w.raw_value(text()); return; }
        w.begin_array();
        for (float v : min_) w.value(v);
        for (float v : max_) w.value(v);
        w.end_array();
    }

    std::string text() const {
        std::string s;
        auto triple = [&](const char* label, const float* v) {
            s += label;
            for (int axis = 0; axis < 3; ++axis) {
                char buf[40];
                s += ' ';
                s.append(buf, shortest_number(buf, sizeof buf, static_cast<double>(v[axis]), true));
            }
        };
        triple("min", min_);
        triple("  max", max_);
        // The size is a measure for people, not a stored value: six digits
        // (1936, not the float difference 1935.9999).
        s += "  size";
        for (int axis = 0; axis < 3; ++axis) {
            char buf[40];
            const int n = std::snprintf(buf, sizeof buf, " %.6g", static_cast<double>(max_[axis]) - min_[axis]);
            s.append(buf, n > 0 ? static_cast<std::size_t>(n) : 0);
        }
        return s;
    }

private:
    float min_[3] = {std::numeric_limits<float>::infinity(), std::numeric_limits<float>::infinity(),
                     std::numeric_limits<float>::infinity()};
    float max_[3] = {-std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                     -std::numeric_limits<float>::infinity()};
    bool any_ = false;
};

// How every format's `navspan info` object begins (docs/info-json.md): the
// format, the buffer size and the bounds of its points.
inline void begin_info(json_writer& w, std::string_view format, std::uint64_t bytes, const bounds_accumulator& bounds) {
    w.begin_object();
    w.field("format", format);
    w.field("bytes", bytes);
    w.key("bounds");
    bounds.write(w);
}

}  // namespace navspan::tools

#include "../core/min_max_pop.hpp"
