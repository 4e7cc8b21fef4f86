// A little-endian byte writer for the test-side file builders.
//
// Builders write synthetic files of every version so tests cover what no
// public sample has. They use this writer so every builder lays out bytes
// the same way, and so a length or offset can be patched once known.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <span>
#include <string_view>
#include <vector>

#include <navspan/core/endian.hpp>

namespace navspan_test {

// Bytes written out by value, for a hand-made stream in a test: bytes_of({0x1F, 0x00}).
inline std::vector<std::byte> bytes_of(std::initializer_list<int> values) {
    std::vector<std::byte> out;
    out.reserve(values.size());
    for (int v : values) out.push_back(static_cast<std::byte>(v));
    return out;
}

class byte_writer {
public:
    std::size_t size() const noexcept { return bytes_.size(); }
    const std::vector<std::byte>& bytes() const& noexcept { return bytes_; }
    std::vector<std::byte> bytes() && noexcept { return std::move(bytes_); }
    std::span<const std::byte> view() const noexcept { return bytes_; }

    byte_writer& u8(std::uint32_t v) { bytes_.push_back(static_cast<std::byte>(v & 0xFF)); return *this; }
    byte_writer& u16(std::uint32_t v) { return put(static_cast<std::uint16_t>(v)); }
    byte_writer& u32(std::uint32_t v) { return put(v); }
    byte_writer& u64(std::uint64_t v) { return put(v); }
    byte_writer& i16(std::int32_t v) { return put(static_cast<std::int16_t>(v)); }
    byte_writer& i32(std::int32_t v) { return put(v); }
    byte_writer& f32(float v) { return put(v); }
    byte_writer& vec3(float x, float y, float z) { return f32(x).f32(y).f32(z); }
    byte_writer& fourcc(std::string_view s) {
        for (std::size_t i = 0; i < 4; ++i) u8(i < s.size() ? static_cast<unsigned char>(s[i]) : 0u);
        return *this;
    }
    byte_writer& text(std::string_view s) {
        for (char c : s) u8(static_cast<unsigned char>(c));
        return *this;
    }
    byte_writer& raw(std::span<const std::byte> b) {
        bytes_.insert(bytes_.end(), b.begin(), b.end());
        return *this;
    }
    byte_writer& zeros(std::size_t n) { bytes_.resize(bytes_.size() + n); return *this; }

    // Overwrites an already written value (lengths and offsets known later).
    template <navspan::loadable T>
    void patch(std::size_t offset, T v) { navspan::store_le<T>(bytes_.data() + offset, v); }
    void patch_u32(std::size_t offset, std::uint32_t v) { patch<std::uint32_t>(offset, v); }
    void patch_u16(std::size_t offset, std::uint16_t v) { patch<std::uint16_t>(offset, v); }

private:
    template <navspan::loadable T>
    byte_writer& put(T v) {
        const std::size_t at = bytes_.size();
        bytes_.resize(at + sizeof(T));
        navspan::store_le<T>(bytes_.data() + at, v);
        return *this;
    }

    std::vector<std::byte> bytes_;
};

}  // namespace navspan_test
