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
//
// The pieces: records.hpp (record and group headers), cursors.hpp (the
// cursors and the walker), payload.hpp (a record's bytes, inflated when
// compressed); this header has the plugin file itself.
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
#include "cursors.hpp"
#include "inflate.hpp"
#include "payload.hpp"
#include "records.hpp"

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

