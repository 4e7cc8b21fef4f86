// navspan/core/byte_sink.hpp - the little-endian output buffer of the writers.
//
// The readers never allocate; the writers (source/writer.hpp,
// quake/writer.hpp) build a file in one std::vector<std::byte>. Values are
// stored with store_le, so the output is the same on big-endian hosts.
#pragma once

#include <cstddef>
#include <cstdint>
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
    explicit byte_sink(std::size_t reserve) { bytes_.reserve(reserve); }

    std::size_t size() const noexcept { return bytes_.size(); }
    std::vector<std::byte> take() && noexcept { return std::move(bytes_); }
    const std::vector<std::byte>& bytes() const noexcept { return bytes_; }

    void u8(std::uint8_t v) { bytes_.push_back(static_cast<std::byte>(v)); }
    void u16(std::uint16_t v) { put(v); }
    void u32(std::uint32_t v) { put(v); }
    void i32(std::int32_t v) { put(v); }
    void f32(float v) { put(v); }
    void vec(const vec3& v) {
        put(v.x);
        put(v.y);
        put(v.z);
    }
    void raw(std::span<const std::byte> b) { bytes_.insert(bytes_.end(), b.begin(), b.end()); }
    void text(std::string_view s) {
        for (char c : s) bytes_.push_back(static_cast<std::byte>(static_cast<unsigned char>(c)));
    }

private:
    template <loadable T>
    void put(T v) {
        const std::size_t at = bytes_.size();
        bytes_.resize(at + sizeof(T));
        store_le<T>(bytes_.data() + at, v);
    }

    std::vector<std::byte> bytes_;
};

}  // namespace navspan
