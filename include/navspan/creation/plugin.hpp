// navspan/creation/plugin.hpp - the TES4 record/group container of Bethesda
// plugins (.esp, .esm, .esl) of Skyrim, Fallout 4 and Starfield.
//
// Layout (all little-endian; docs/formats/creation.md):
//
//   plugin   = TES4 record, then top-level groups
//   record   = 24-byte header {char[4] type, u32 dataSize, u32 flags,
//              u32 formId, u32 versionControl, u16 formVersion, u16 vc2},
//              then dataSize bytes: subrecords, or for a compressed record
//              (flag 0x00040000) a u32 inflated size and a zlib stream that
//              inflates to the subrecords
//   group    = 24-byte header {"GRUP", u32 groupSize (header included),
//              u8[4] label, i32 groupType, u8[8] stamp}, then groups and
//              records up to groupSize
//   subrecord= {char[4] type, u16 size, u8[size]}; a subrecord "XXXX" of
//              size 4 holds the real u32 size of the next subrecord, whose
//              own u16 size is then ignored
//
// plugin_file::open() verifies the TES4 header record only. Everything after
// it is read lazily: the cursors and the walker check each header as they
// reach it (fits in the file and in its parent group, group size at least
// its header, nesting no deeper than limits::max_depth), and stop with an
// error that names the offset. Nothing here allocates; inflating a compressed
// record writes into an inflate_buffer the caller owns and reuses.
//
// Error offsets: a failure in the container (headers, sizes, the zlib
// stream) carries a file offset. A failure inside a compressed record's
// subrecords carries an offset INSIDE ITS INFLATED BYTES (byte 0 = the first
// subrecord header), with the error's parent set to "compressed record at
// file offset" and parent_index = the file offset of that record's header.
// For an uncompressed record the offset is a file offset and the parent is
// "record at file offset" with the same parent_index.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <string_view>
#include <vector>

#include "../core/reader_options.hpp"
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

namespace navspan::creation {

// Creation Engine positions are z-up.
inline constexpr navspan::axis up_axis = navspan::axis::z;

struct options : navspan::reader_options {
    // trusted (reader_options): The trusted-input switch (docs/api.md): open() checks only the TES4
    // record, so there is nothing to skip.
};

// Which game wrote a plugin, judged from the TES4 header (docs/formats/creation.md).
enum class game : std::uint8_t { unknown, skyrim, fallout4, starfield };

constexpr std::string_view to_string(game g) noexcept {
    switch (g) {
        case game::skyrim: return "skyrim";
        case game::fallout4: return "fallout4";
        case game::starfield: return "starfield";
        case game::unknown: break;
    }
    return "unknown";
}

// navspan's rule (the thresholds are not from a
// source): Skyrim LE/SE write form version 43/44 with HEDR 0.94..1.71,
// Fallout 4 form version 131 with HEDR 0.95..1.0, Starfield form version
// 500 and above with HEDR 0.96.
constexpr game detect_game(float hedr_version, std::uint16_t form_version) noexcept {
    auto within = [hedr_version](float lo, float hi) { return hedr_version >= lo && hedr_version <= hi; };
    if (form_version <= 44 && within(0.935f, 1.715f)) return game::skyrim;
    if (form_version == 131 && within(0.945f, 1.005f)) return game::fallout4;
    if (form_version >= 500 && within(0.955f, 0.965f)) return game::starfield;
    return game::unknown;
}

inline constexpr std::size_t header_size = 24;         // records and groups
inline constexpr std::size_t subrecord_header_size = 6;

// Record flags used here. Their meaning depends on the record type; these
// are the ones the sources confirm.
namespace record_flag {
inline constexpr std::uint32_t master_file = 0x00000001;         // TES4: ESM
inline constexpr std::uint32_t deleted = 0x00000020;
inline constexpr std::uint32_t initially_disabled = 0x00000800;  // NAVM
inline constexpr std::uint32_t compressed = 0x00040000;
inline constexpr std::uint32_t autogen = 0x04000000;             // NAVM
inline constexpr std::uint32_t navmesh_gen_cell = 0x80000000;    // NAVM
}  // namespace record_flag

inline constexpr named_value record_flag_names[] = {
    {record_flag::deleted, "Deleted"},
    {record_flag::compressed, "Compressed"},
};
inline constexpr named_value plugin_flag_names[] = {
    {record_flag::master_file, "ESM"},
    {record_flag::deleted, "Deleted"},
    {record_flag::compressed, "Compressed"},
};
inline constexpr named_value navmesh_record_flag_names[] = {
    {record_flag::deleted, "Deleted"},
    {record_flag::initially_disabled, "Initially Disabled"},
    {record_flag::compressed, "Compressed"},
    {record_flag::autogen, "AutoGen"},
    {record_flag::navmesh_gen_cell, "NavMesh Gen Cell"},
};

// Group types.
namespace group_type {
inline constexpr std::int32_t top = 0;
inline constexpr std::int32_t world_children = 1;
inline constexpr std::int32_t interior_cell_block = 2;
inline constexpr std::int32_t interior_cell_sub_block = 3;
inline constexpr std::int32_t exterior_cell_block = 4;
inline constexpr std::int32_t exterior_cell_sub_block = 5;
inline constexpr std::int32_t cell_children = 6;
inline constexpr std::int32_t topic_children = 7;
inline constexpr std::int32_t cell_persistent_children = 8;
inline constexpr std::int32_t cell_temporary_children = 9;
inline constexpr std::int32_t quest_children = 10;  // visible-distant children before Fallout 4
}  // namespace group_type

inline constexpr named_value group_type_names[] = {
    {0, "Top"},
    {1, "World Children"},
    {2, "Interior Cell Block"},
    {3, "Interior Cell Sub-Block"},
    {4, "Exterior Cell Block"},
    {5, "Exterior Cell Sub-Block"},
    {6, "Cell Children"},
    {7, "Topic Children"},
    {8, "Cell Persistent Children"},
    {9, "Cell Temporary Children"},
    {10, "Quest Children"},
};

// The four characters of a record, group or subrecord type, for printing.
struct type_chars {
    char text[5] = {};
    constexpr std::string_view view() const noexcept { return {text, 4}; }
};
constexpr type_chars type_name(std::uint32_t type) noexcept {
    type_chars t;
    for (int i = 0; i < 4; ++i) t.text[i] = static_cast<char>((type >> (8 * i)) & 0xFFu);
    return t;
}

// A verified record header and its (raw) data.
class record {
public:
    record() = default;
    // `header` points at 24 + data_size() verified bytes at file `offset`.
    record(const std::byte* header, std::uint64_t offset) noexcept : header_(header), offset_(offset) {}

    std::uint32_t type() const noexcept { return load_u32(header_); }
    std::uint32_t data_size() const noexcept { return load_u32(header_ + 4); }
    std::uint32_t flags_raw() const noexcept { return load_u32(header_ + 8); }
    flag_set<std::uint32_t> flags() const noexcept { return {flags_raw(), record_flag_names}; }
    std::uint32_t form_id() const noexcept { return load_u32(header_ + 12); }
    std::uint32_t version_control() const noexcept { return load_u32(header_ + 16); }
    std::uint16_t form_version() const noexcept { return load_u16(header_ + 20); }
    std::uint16_t version_control2() const noexcept { return load_u16(header_ + 22); }

    bool compressed() const noexcept { return (flags_raw() & record_flag::compressed) != 0; }
    bool deleted() const noexcept { return (flags_raw() & record_flag::deleted) != 0; }

    // File offset of the header, and of the data after it.
    std::uint64_t offset() const noexcept { return offset_; }
    std::uint64_t data_offset() const noexcept { return offset_ + header_size; }
    // The stored data: subrecords, or the inflated size and zlib stream.
    bytes_view data() const noexcept { return {header_ + header_size, data_size()}; }

private:
    const std::byte* header_ = navspan::detail::empty_view_bytes;
    std::uint64_t offset_ = 0;
};

// A verified group header.
class group {
public:
    group() = default;
    group(const std::byte* header, std::uint64_t offset) noexcept : header_(header), offset_(offset) {}

    // Whole group, header included.
    std::uint32_t size() const noexcept { return load_u32(header_ + 4); }
    std::uint32_t label() const noexcept { return load_u32(header_ + 8); }
    std::int32_t type() const noexcept { return load_i32(header_ + 12); }
    std::string_view type_name() const noexcept { return name_of(group_type_names, static_cast<std::uint64_t>(type())); }
    std::uint16_t stamp() const noexcept { return load_u16(header_ + 16); }

    // The label read as its group type defines it.
    std::uint32_t label_signature() const noexcept { return label(); }  // top: record type held
    std::uint32_t label_form_id() const noexcept { return label(); }    // types 1, 6..10
    std::int32_t label_block() const noexcept { return load_i32(header_ + 8); }  // types 2, 3
    std::int16_t label_grid_y() const noexcept { return load_i16(header_ + 8); }  // types 4, 5
    std::int16_t label_grid_x() const noexcept { return load_i16(header_ + 10); }

    std::uint64_t offset() const noexcept { return offset_; }
    std::uint64_t contents_offset() const noexcept { return offset_ + header_size; }
    bytes_view contents() const noexcept {
        return {header_ + header_size, size() < header_size ? 0 : size() - header_size};  // empty group: size 0
    }

private:
    const std::byte* header_ = navspan::detail::empty_view_bytes;
    std::uint64_t offset_ = 0;
};

// One item of a group's contents: a group or a record.
struct entry {
    bool is_group = false;
    creation::group group;    // when is_group
    creation::record record;  // otherwise
};

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

// A plugin whose TES4 header record was verified.
class plugin_file {
public:
    using options = creation::options;
    static constexpr navspan::axis up_axis = creation::up_axis;

    plugin_file() = default;

    // Checks the TES4 record: its header, that it is not compressed, that
    // its subrecords parse and that it has a HEDR of at least 12 bytes.
    // Everything after it is walked on demand (walk(), top_level()), whose
    // cursors report their own errors. Error codes: truncated, bad_magic
    // (not a TES4 record), inconsistent (a compressed TES4 record, a bad
    // subrecord size).
    static result<plugin_file> open(bytes_view bytes NAVSPAN_LIFETIMEBOUND, const options& opts = {}) noexcept {
        byte_reader r(bytes);
        NAVSPAN_TRY(r.require(header_size, "TES4 record header"));
        const std::uint32_t type = load_u32(bytes.data());
        if (NAVSPAN_UNLIKELY(type != fourcc("TES4"))) {
            return navspan::detail::fail(error_code::bad_magic, 0, "TES4 record header", type);
        }
        entry e;
        NAVSPAN_TRY(detail::read_entry(bytes, 0, bytes.size(), e));
        if (NAVSPAN_UNLIKELY(e.record.compressed())) {
            return navspan::detail::fail(error_code::inconsistent, 8, "TES4 record flags (compressed header record)",
                                e.record.flags_raw());
        }
        plugin_file p;
        p.bytes_ = bytes;
        p.header_ = e.record;
        p.limits_ = opts.limits;
        p.limits_.work_budget = work_budget_for(opts.limits, bytes.size());  // this file's, absolute
        subrecord_cursor subs(e.record.data(), e.record.data_offset());
        subrecord s;
        bool have_hedr = false;
        while (subs.next(s)) {
            switch (s.type()) {
                case fourcc("HEDR"):
                    if (NAVSPAN_UNLIKELY(s.size() < 12)) {
                        return navspan::detail::fail(error_code::truncated, s.data_offset(), "HEDR subrecord", 12, s.size());
                    }
                    p.hedr_ = s.data().data();
                    have_hedr = true;
                    break;
                case fourcc("CNAM"): p.author_ = s.data(); break;
                case fourcc("SNAM"): p.description_ = s.data(); break;
                case fourcc("MAST"): ++p.master_count_; break;
                default: break;
            }
        }
        NAVSPAN_TRY(with_parent(subs.error(), "TES4 record"));
        if (NAVSPAN_UNLIKELY(!have_hedr)) {
            return navspan::detail::fail(error_code::truncated, e.record.data_offset(), "HEDR subrecord (missing)", 12, 0);
        }
        return p;
    }

    bytes_view bytes() const noexcept { return bytes_; }
    // The TES4 record.
    const record& header() const noexcept { return header_; }
    flag_set<std::uint32_t> header_flags() const noexcept { return {header_.flags_raw(), plugin_flag_names}; }
    // The ESM flag. Not reliable: some .esm files have it clear.
    bool master_flag() const noexcept { return (header_.flags_raw() & record_flag::master_file) != 0; }
    std::uint16_t form_version() const noexcept { return header_.form_version(); }

    // The form version of the TES4 record (what layouts depend on: 43/44
    // Skyrim, 131 Fallout 4, 500+ Starfield).
    std::uint32_t version() const noexcept { return form_version(); }
    // The whole buffer; trailing() is empty (groups are walked lazily, so
    // open() does not know where the last one ends).
    bytes_view trailing() const noexcept { return bytes_.subspan(bytes_.size()); }
    flag_set<std::uint32_t> warnings() const noexcept { return {}; }
    bool indices_checked() const noexcept { return true; }

    // HEDR: version (0.94 .. 1.71), record count, next object id.
    float hedr_version() const noexcept { return load_f32(hedr_); }
    std::int32_t record_count() const noexcept { return load_i32(hedr_ + 4); }
    std::uint32_t next_object_id() const noexcept { return load_u32(hedr_ + 8); }

    creation::game game() const noexcept { return detect_game(hedr_version(), form_version()); }

    std::string_view author() const noexcept { return zstring(author_); }
    std::string_view description() const noexcept { return zstring(description_); }

    // Master files (MAST), in order: a form id's high byte indexes them.
    std::size_t master_count() const noexcept { return master_count_; }
    std::string_view master(std::size_t i) const noexcept {
        NAVSPAN_ASSERT(i < master_count_);
        subrecord_cursor subs(header_.data(), header_.data_offset());
        subrecord s;
        while (subs.next(s)) {
            if (s.type() == fourcc("MAST") && i-- == 0) return zstring(s.data());
        }
        return {};
    }
    // Every subrecord of the TES4 record (verified by open()).
    subrecord_cursor header_subrecords() const noexcept {
        return subrecord_cursor(header_.data(), header_.data_offset());
    }

    // File offset where the top-level groups start.
    std::size_t body_offset() const noexcept { return static_cast<std::size_t>(header_size + header_.data_size()); }
    // Where walks start: body_offset(), or the end for a default-constructed
    // (empty) plugin, whose walks then find nothing (issue 28 G11: the walk
    // began past the end and tripped the walker's assertion).
    std::size_t body_begin() const noexcept { return bytes_.empty() ? 0 : body_offset(); }
    // The top-level entries (groups, and any stray records) after TES4.
    entry_cursor top_level() const noexcept { return entry_cursor(bytes_, body_begin(), bytes_.size(), 1, limits_); }
    // Every group and record after TES4, depth first; with a type, the
    // walker's record iteration returns only that type.
    record_walker walk(std::uint32_t type = 0) const noexcept {
        return record_walker(bytes_, body_begin(), bytes_.size(), limits_, type);
    }

    // The caller's limits, with work_budget resolved to this file's budget
    // (work_budget_for the file's size), which walkers and read_payload use.
    const navspan::limits& limits() const noexcept { return limits_; }

private:
    static std::string_view zstring(bytes_view b) noexcept {
        std::string_view s = as_chars(b);
        while (!s.empty() && s.back() == '\0') s.remove_suffix(1);
        return s;
    }

    bytes_view bytes_{navspan::detail::empty_view_bytes, std::size_t{0}};
    record header_;
    const std::byte* hedr_ = navspan::detail::empty_view_bytes;
    bytes_view author_{navspan::detail::empty_view_bytes, std::size_t{0}};
    bytes_view description_{navspan::detail::empty_view_bytes, std::size_t{0}};
    std::size_t master_count_ = 0;
    navspan::limits limits_{};
};

}  // namespace navspan::creation
#include "../core/min_max_pop.hpp"
