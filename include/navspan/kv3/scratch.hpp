// navspan/kv3/scratch.hpp - a scratch buffer for document::open() that is
// not zero-filled.
//
// document::scratch_size() is an upper bound (the tables are sized for the
// most values the lanes could hold); open() writes only the table entries the
// document really has. A std::vector<std::byte> of that size zero-fills, and
// so touches, every page of it; this buffer leaves them untouched, so the
// memory a document costs is what its values use, not what its header
// allows.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <span>

namespace navspan::kv3 {

class scratch_buffer {
public:
    scratch_buffer() noexcept = default;
    // `n` bytes, uninitialised; empty (size() 0) when the allocation fails,
    // which open() then refuses as a scratch buffer too small.
    explicit scratch_buffer(std::size_t n) noexcept { resize(n); }

    void resize(std::size_t n) noexcept {
        data_.reset(n == 0 ? nullptr : new (std::nothrow) std::byte[n]);
        size_ = data_ ? n : 0;
    }
    std::byte* data() noexcept { return data_.get(); }
    std::size_t size() const noexcept { return size_; }
    std::span<std::byte> span() noexcept { return {data_.get(), size_}; }
    operator std::span<std::byte>() noexcept { return span(); }

private:
    std::unique_ptr<std::byte[]> data_;
    std::size_t size_ = 0;
};

}  // namespace navspan::kv3
