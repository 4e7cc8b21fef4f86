// navspan/creation/cursors.hpp - walking a plugin: the entries of one
// container, every record depth first with its enclosing groups, and the
// subrecords of a record payload. Each checks a header as it reaches it.
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

#include "records.hpp"

namespace navspan::creation {

namespace detail {

// Reads and checks the header at `pos`, which must fit with its data in
// [pos, end) of `file`.
// True when all four bytes of `type` are printable ASCII other than space.
constexpr bool is_signature(std::uint32_t type) noexcept {
    for (int i = 0; i < 4; ++i) {
        const std::uint32_t c = (type >> (8 * i)) & 0xFFu;
        if (c < 0x21 || c > 0x7E) return false;
    }
    return true;
}

inline error read_entry(bytes_view file, std::size_t pos, std::size_t end, entry& out) noexcept {
    const byte_range parent(pos, end);
    NAVSPAN_TRY(parent.require(pos, header_size, "record or group header"));
    const std::byte* p = file.data() + pos;
    const std::uint32_t size = load_u32(p + 4);
    if (load_u32(p) == fourcc("GRUP")) {
        if (NAVSPAN_UNLIKELY(size < header_size)) {
            return navspan::detail::fail(error_code::inconsistent, pos, "group size (smaller than its header)", size);
        }
        NAVSPAN_TRY(parent.require(pos, size, "group (runs past its parent)"));
        out.is_group = true;
        out.group = group(p, pos);
        return {};
    }
    // A record type is a signature of four printable characters (NAVM,
    // CELL, ...). Checking it stops a run of zeros or other filler at its
    // first header instead of walking it as millions of empty records.
    if (NAVSPAN_UNLIKELY(!is_signature(load_u32(p)))) {
        return navspan::detail::fail(error_code::inconsistent, pos, "record type (not four printable characters)", load_u32(p));
    }
    NAVSPAN_TRY(parent.require(pos + header_size, size, "record data (runs past its parent)"));
    out.is_group = false;
    out.record = record(p, pos);
    return {};
}

// An input iterator over any cursor with `bool next(Value&)`.
template <class Cursor, class Value>
class cursor_iterator {
public:
    using iterator_concept = std::input_iterator_tag;
    using iterator_category = std::input_iterator_tag;
    using value_type = Value;
    using difference_type = std::ptrdiff_t;
    using reference = const Value&;
    using pointer = const Value*;

    cursor_iterator() = default;
    explicit cursor_iterator(Cursor* cursor) noexcept : cursor_(cursor) { ++*this; }

    const Value& operator*() const noexcept { return value_; }
    const Value* operator->() const noexcept { return &value_; }
    cursor_iterator& operator++() noexcept {
        if (cursor_ != nullptr && !cursor_->next(value_)) cursor_ = nullptr;
        return *this;
    }
    void operator++(int) noexcept { ++*this; }
    friend bool operator==(const cursor_iterator& it, std::default_sentinel_t) noexcept { return it.cursor_ == nullptr; }

private:
    Cursor* cursor_ = nullptr;
    Value value_{};
};

}  // namespace detail

// The groups and records directly inside one container (the plugin's top
// level or one group), in file order. A single-pass cursor:
//
//   for (const entry& e : cursor) { ... }
//   if (cursor.error()) { ... }     // iteration stopped at a bad header
class entry_cursor {
public:
    using iterator = detail::cursor_iterator<entry_cursor, entry>;

    entry_cursor() = default;
    // The entries of file[begin, end), which sit at nesting `depth`
    // (1 = top-level groups).
    entry_cursor(bytes_view file, std::size_t begin, std::size_t end, std::uint32_t depth,
                 const navspan::limits& lim) noexcept
        : file_(file), pos_(begin), end_(end), depth_(depth), max_depth_(lim.max_depth) {}

    bool next(entry& out) noexcept {
        if (pos_ == end_ || !err_.ok()) return false;
        entry e;
        err_ = detail::read_entry(file_, pos_, end_, e);
        if (!err_.ok()) return false;
        if (e.is_group && NAVSPAN_UNLIKELY(depth_ > max_depth_)) {
            err_ = navspan::detail::fail(error_code::limit_exceeded, pos_, "group nesting", depth_, max_depth_);
            return false;
        }
        pos_ += e.is_group ? e.group.size() : header_size + e.record.data_size();
        out = e;
        return true;
    }
    // The cursor over a group this cursor returned.
    entry_cursor children(const group& g) const noexcept {
        entry_cursor c;
        c.file_ = file_;
        c.pos_ = static_cast<std::size_t>(g.contents_offset());
        c.end_ = static_cast<std::size_t>(g.offset() + g.size());
        c.depth_ = depth_ + 1;
        c.max_depth_ = max_depth_;
        return c;
    }

    const navspan::error& error() const noexcept { return err_; }
    std::uint32_t depth() const noexcept { return depth_; }
    iterator begin() noexcept { return iterator(this); }
    std::default_sentinel_t end() const noexcept { return {}; }

private:
    bytes_view file_{navspan::detail::empty_view_bytes, std::size_t{0}};
    std::size_t pos_ = 0;
    std::size_t end_ = 0;
    std::uint32_t depth_ = 1;
    std::uint32_t max_depth_ = 32;
    navspan::error err_;
};

// Every group and record of a plugin, depth first in file order, keeping
// the chain of enclosing groups (so a NAVM knows its cell's group). It
// holds that chain in a fixed array: nesting deeper than
// min(limits::max_depth, max_nesting) is a limit_exceeded error. Each
// entry visited is charged to limits::work_budget.
//
//   record_walker w = plugin.walk(fourcc("NAVM"));
//   for (const record& navm : w) { ... w.enclosing(w.depth() - 1) ... }
//   if (w.error()) { ... }
class record_walker {
public:
    static constexpr std::size_t max_nesting = 64;
    using iterator = detail::cursor_iterator<record_walker, record>;

    record_walker() noexcept : meter_(navspan::limits{}, 0) {}
    // The entries of file[begin, end) and everything inside them. With a
    // `type_filter`, next_record() and iteration return only records of
    // that type (groups are still entered).
    record_walker(bytes_view file, std::size_t begin, std::size_t end, const navspan::limits& lim,
                  std::uint32_t type_filter = 0) noexcept
        : file_(file),
          pos_(begin),
          end_(end),
          max_depth_(lim.max_depth < max_nesting ? lim.max_depth : static_cast<std::uint32_t>(max_nesting)),
          filter_(type_filter),
          meter_(lim, file.size()) {}

    // The next group (when entered) or record. False at the end or on error.
    bool next(entry& out) noexcept {
        if (done_) return false;
        while (depth_ > 0 && pos_ == stack_[depth_ - 1].end) --depth_;
        const std::size_t limit = depth_ > 0 ? stack_[depth_ - 1].end : end_;
        if (pos_ == limit) {
            done_ = true;
            return false;
        }
        entry e;
        if (!fail(detail::read_entry(file_, pos_, limit, e))) return false;
        if (!fail(meter_.charge(1, pos_, e.is_group ? "group" : "record"))) return false;
        if (e.is_group) {
            if (NAVSPAN_UNLIKELY(depth_ + 1 > max_depth_)) {
                fail(navspan::detail::fail(error_code::limit_exceeded, pos_, "group nesting", depth_ + 1, max_depth_));
                return false;
            }
            stack_[depth_++] = {e.group, pos_ + e.group.size()};
            pos_ += header_size;
        } else {
            pos_ += header_size + e.record.data_size();
        }
        out = e;
        return true;
    }

    // The next record (of the filter type, if any).
    bool next_record(record& out) noexcept {
        entry e;
        while (next(e)) {
            if (e.is_group || (filter_ != 0 && e.record.type() != filter_)) continue;
            out = e.record;
            return true;
        }
        return false;
    }
    bool next(record& out) noexcept { return next_record(out); }

    // After next() returned a group: do not descend into it.
    void skip_children() noexcept {
        if (depth_ > 0 && pos_ == stack_[depth_ - 1].group.contents_offset()) pos_ = stack_[depth_ - 1].end;
    }

    // Groups enclosing the entry returned last (a group returned by next()
    // counts itself): enclosing(0) is the top-level group.
    std::size_t depth() const noexcept { return depth_; }
    const group& enclosing(std::size_t level) const noexcept {
        NAVSPAN_ASSERT(level < depth_);
        return stack_[level].group;
    }
    // The innermost enclosing group of type `type`, or nullptr.
    const group* innermost(std::int32_t type) const noexcept {
        for (std::size_t i = depth_; i-- > 0;) {
            if (stack_[i].group.type() == type) return &stack_[i].group;
        }
        return nullptr;
    }

    const navspan::error& error() const noexcept { return err_; }
    iterator begin() noexcept { return iterator(this); }
    std::default_sentinel_t end() const noexcept { return {}; }

private:
    struct frame {
        creation::group group;
        std::size_t end = 0;
    };

    bool fail(navspan::error e) noexcept {
        if (e.ok()) return true;
        err_ = e;
        done_ = true;
        return false;
    }

    bytes_view file_{navspan::detail::empty_view_bytes, std::size_t{0}};
    std::size_t pos_ = 0;
    std::size_t end_ = 0;
    std::uint32_t max_depth_ = 32;
    std::uint32_t filter_ = 0;
    work_meter meter_;
    std::size_t depth_ = 0;
    bool done_ = false;
    navspan::error err_;
    frame stack_[max_nesting];
};

// One subrecord: its type and payload (after an XXXX, the real size).
class subrecord {
public:
    subrecord() = default;
    subrecord(std::uint32_t type, bytes_view data, std::uint64_t offset, bool extended) noexcept
        : type_(type), data_(data), offset_(offset), extended_(extended) {}

    std::uint32_t type() const noexcept { return type_; }
    bytes_view data() const noexcept { return data_; }
    std::size_t size() const noexcept { return data_.size(); }
    // Offset of its 6-byte header (in the payload's coordinates, see the
    // top of this file), and of its data.
    std::uint64_t offset() const noexcept { return offset_; }
    std::uint64_t data_offset() const noexcept { return offset_ + subrecord_header_size; }
    // True when an XXXX subrecord gave its size.
    bool extended() const noexcept { return extended_; }

private:
    std::uint32_t type_ = 0;
    bytes_view data_{navspan::detail::empty_view_bytes, std::size_t{0}};
    std::uint64_t offset_ = 0;
    bool extended_ = false;
};

// The subrecords of a record payload, XXXX resolved. A single-pass cursor
// like entry_cursor: iterate, then check error().
class subrecord_cursor {
public:
    using iterator = detail::cursor_iterator<subrecord_cursor, subrecord>;

    subrecord_cursor() = default;
    // `payload` starts at offset `base_offset` (file offset, or 0 for
    // inflated bytes).
    explicit subrecord_cursor(bytes_view payload, std::uint64_t base_offset = 0) noexcept
        : reader_(payload, base_offset) {}

    bool next(subrecord& out) noexcept {
        if (reader_.at_end() || !err_.ok()) return false;
        const std::uint64_t at = reader_.offset();
        std::uint32_t type = 0;
        std::uint16_t size16 = 0;
        if (!ok(reader_.require(subrecord_header_size, "subrecord header"))) return false;
        type = reader_.read_unchecked<std::uint32_t>();
        size16 = reader_.read_unchecked<std::uint16_t>();
        if (type != fourcc("XXXX")) {
            bytes_view data;
            if (!ok(reader_.take(size16, data, "subrecord data"))) return false;
            out = subrecord(type, data, at, false);
            return true;
        }
        if (NAVSPAN_UNLIKELY(size16 != 4)) {
            return ok(navspan::detail::fail(error_code::inconsistent, at, "XXXX subrecord size (not 4)", size16));
        }
        std::uint32_t real_size = 0;
        if (!ok(reader_.read(real_size, "XXXX size"))) return false;
        const std::uint64_t next_at = reader_.offset();
        if (!ok(reader_.require(subrecord_header_size, "subrecord header after XXXX"))) return false;
        type = reader_.read_unchecked<std::uint32_t>();
        reader_.skip_unchecked(2);  // its own u16 size is ignored
        bytes_view data;
        if (!ok(reader_.take(real_size, data, "subrecord data (size from XXXX)"))) return false;
        out = subrecord(type, data, next_at, true);
        return true;
    }

    const navspan::error& error() const noexcept { return err_; }
    iterator begin() noexcept { return iterator(this); }
    std::default_sentinel_t end() const noexcept { return {}; }

private:
    bool ok(navspan::error e) noexcept {
        if (e.ok()) return true;
        err_ = e;
        return false;
    }

    byte_reader reader_;
    navspan::error err_;
};

}  // namespace navspan::creation
#include "../core/min_max_pop.hpp"
