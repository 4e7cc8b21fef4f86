// navspan/core/byte_sink.hpp - the little-endian output buffer of the writers.
//
// The readers never allocate; the writers (source/writer.hpp,
// quake/writer.hpp) build a file in one std::vector<std::byte>. Values are
// stored with store_le, so the output is the same on big-endian hosts.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "endian.hpp"
#include "views.hpp"

namespace navspan {

class byte_sink {
public:
    byte_sink() = default;
    explicit byte_sink(std::size_t reserve) { bytes_.resize(reserve); }

    std::size_t size() const noexcept { return size_; }
    // The bytes written (the buffer cut to size).
    std::vector<std::byte> take() && noexcept {
        bytes_.resize(size_);
        return std::move(bytes_);
    }

    void u8(std::uint8_t v) { put(v); }
    void u16(std::uint16_t v) { put(v); }
    void u32(std::uint32_t v) { put(v); }
    void i32(std::int32_t v) { put(v); }
    void f32(float v) { put(v); }
    void vec(const vec3& v) {
        std::byte* p = room(12);
        store_le(p, v.x);
        store_le(p + 4, v.y);
        store_le(p + 8, v.z);
    }
    void raw(std::span<const std::byte> b) {
        if (b.empty()) return;
        std::memcpy(room(b.size()), b.data(), b.size());
    }
    void text(std::string_view s) {
        if (s.empty()) return;
        std::memcpy(room(s.size()), s.data(), s.size());
    }

private:
    // `n` bytes at the end, the buffer grown geometrically (a field is a
    // store and an add, not a vector resize that zeroes what it adds).
    std::byte* room(std::size_t n) {
        if (bytes_.size() - size_ < n) bytes_.resize(std::max(bytes_.size() * 2, size_ + n) + 64);
        std::byte* p = bytes_.data() + size_;
        size_ += n;
        return p;
    }
    template <loadable T>
    void put(T v) {
        store_le<T>(room(sizeof(T)), v);
    }

    std::vector<std::byte> bytes_;  // capacity in use: its size; written: size_
    std::size_t size_ = 0;
};

}  // namespace navspan
#include "../core/min_max_pop.hpp"
