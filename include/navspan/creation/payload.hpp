// navspan/creation/payload.hpp - a record's subrecord bytes, as stored or
// inflated into a reusable buffer (compressed records), with the limits on
// inflating them.
#pragma once
#include "../core/min_max_push.hpp"


#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <string_view>
#include <vector>

#include "../core/config.hpp"
#include "../core/contract.hpp"
#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/limits.hpp"
#include "../core/named_values.hpp"
#include "../core/ranges.hpp"
#include "../core/reader.hpp"
#include "../core/result.hpp"
#include "inflate.hpp"

#include "cursors.hpp"
#include "records.hpp"

namespace navspan::creation {

// Scratch memory for inflated records, reused from record to record: it
// grows to the largest record seen (so walking a plugin allocates at most a
// few times, never per record), or, built over a caller's span, never
// allocates at all and refuses larger records with limit_exceeded.
class inflate_buffer {
public:
    inflate_buffer() = default;
    explicit inflate_buffer(std::span<std::byte> fixed) noexcept : fixed_(fixed), use_fixed_(true) {}

    // Grows the owned storage now (no-op for a fixed buffer).
    void reserve(std::size_t n) {
        if (!use_fixed_ && n > owned_.size()) owned_.resize(n);
    }
    std::size_t capacity() const noexcept { return use_fixed_ ? fixed_.size() : owned_.size(); }
    bool fixed() const noexcept { return use_fixed_; }
    // Bytes inflated into this buffer since the current pass began:
    // read_payload charges them against the work budget, so the whole pass
    // over a file is bounded (limits::work_per_byte), not each record.
    std::uint64_t inflated() const noexcept { return inflated_; }
    void charge_inflated(std::uint64_t n) noexcept { inflated_ += n; }
    // Starts a new pass: the count above begins at zero again. Every
    // function that walks a whole plugin (for_each_navmesh, validate, ...)
    // begins its own pass, so one buffer can be kept for a program's life
    // (one per thread); a caller of read_payload begins one per walk.
    void begin_pass() noexcept { inflated_ = 0; }

    // `n` writable bytes, or an error when a fixed buffer is too small.
    error prepare(std::size_t n, std::span<std::byte>& out, std::uint64_t offset) {
        if (use_fixed_) {
            if (NAVSPAN_UNLIKELY(n > fixed_.size())) {
                return navspan::detail::fail(error_code::limit_exceeded, offset,
                                    "inflated record size (larger than the fixed inflate buffer)", n, fixed_.size());
            }
            out = fixed_.first(n);
            return {};
        }
        reserve(n);
        out = std::span<std::byte>(owned_.data(), n);
        return {};
    }

private:
    std::vector<std::byte> owned_;
    std::span<std::byte> fixed_;
    bool use_fixed_ = false;
    std::uint64_t inflated_ = 0;
};

// A record's subrecord bytes: its data, or its inflated data. `base_offset`
// is what subrecord offsets count from: the data's file offset, or 0 for
// inflated bytes.
struct record_payload {
    bytes_view bytes;
    std::uint64_t base_offset = 0;
    bool inflated = false;

    subrecord_cursor subrecords() const noexcept { return subrecord_cursor(bytes, base_offset); }
};

// Adds the record to an error raised inside its payload (see the top of
// this file for what the offset then means).
inline error in_record(error e, const record& r, bool inflated) noexcept {
    return with_parent(e, inflated ? "compressed record at file offset" : "record at file offset", r.offset());
}

// The payload of `r`: its data as stored, or inflated into `buffer` (whose
// bytes stay valid until the buffer is used again). A compressed record
// must declare an inflated size no larger than limits::max_decompressed_size
// and its zlib stream must produce exactly that many bytes. The bytes
// inflated into `buffer` in all stay within the work budget: the plugin's
// (plugin_file::limits() carries it), or for other limits the budget of an
// input the size of this record's data. Both are checked before inflating.
inline result<record_payload> read_payload(const record& r, inflate_buffer& buffer,
                                           const navspan::limits& lim = {}) {
    if (!r.compressed()) return record_payload{r.data(), r.data_offset(), false};
    const bytes_view data = r.data();
    if (NAVSPAN_UNLIKELY(data.size() < 4)) {
        return in_record(navspan::detail::fail(error_code::truncated, r.data_offset(), "compressed record size", 4, data.size()),
                         r, true);
    }
    const std::uint32_t size = load_u32(data.data());
    if (NAVSPAN_UNLIKELY(size > lim.max_decompressed_size)) {
        return in_record(navspan::detail::fail(error_code::limit_exceeded, r.data_offset(), "compressed record size", size,
                                      lim.max_decompressed_size),
                         r, true);
    }
    const std::uint64_t budget = work_budget_for(lim, data.size());
    if (budget != 0) {
        const std::uint64_t left = buffer.inflated() < budget ? budget - buffer.inflated() : 0;
        if (NAVSPAN_UNLIKELY(size > left)) {
            return in_record(navspan::detail::fail(error_code::limit_exceeded, r.data_offset(),
                                          "inflated bytes (whole-file work budget)", buffer.inflated() + size, budget),
                             r, true);
        }
    }
    buffer.charge_inflated(size);
    std::span<std::byte> out;
    NAVSPAN_TRY(in_record(buffer.prepare(size, out, r.data_offset()), r, true));
    NAVSPAN_TRY(in_record(inflate_zlib(data.subspan(4), out, r.data_offset() + 4), r, true));
    return record_payload{out, 0, true};
}

}  // namespace navspan::creation
#include "../core/min_max_pop.hpp"
