// navspan/source2/bot_analysis.hpp - the bot analysis of a Source 2 .nav
// (Counter-Strike 2): hiding spots, encounter paths, approach areas and
// earliest-occupy times, decoded from the custom-data KV3 blob.
//
//   auto nav = navspan::source2::nav_file::open(bytes);
//   std::vector<std::byte> scratch(navspan::source2::bot_analysis::scratch_size(*nav).value());
//   auto analysis = navspan::source2::bot_analysis::open(*nav, scratch);
//   for (std::size_t i = 0; i < analysis->area_count(); ++i)
//       for (auto spot : analysis->area(i).hiding_spots()) use(spot.position(), spot.flags_raw());
//
// Source 1 kept these in each area record; Counter-Strike 2 moved them into
// the last blob of the file (present when the header's subversion is above
// 0): a KV3 document (v4 with LZ4 in version 35 files, v5 with zstd in 36)
// holding {"arealist": [one object per area, in the order of the area
// table]}, each object with "hidingspotdata" (objects with "id", "pos"
// [x, y, z] and "flags"), "spotencounterdata", "approachdata" and
// "earliestoccupytime" (one {"time": seconds} per team). The blob is decoded
// by navspan's own KV3 reader (navspan/kv3) into the caller's scratch
// buffer: opening allocates nothing, and the views read the document.
//
// The names follow the Source 1 reader (source::area::hiding_spots(),
// encounter_paths(), approach_spots(), earliest_occupy_times()). The
// encounter and approach entries of real files have not been seen populated
// by the team's sample (lobby_mapveto.nav has none), so they are exposed as
// the KV3 objects they are (value()) rather than with guessed field names.
#pragma once
#include "../core/min_max_push.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "../core/bytes.hpp"
#include "../core/error.hpp"
#include "../core/result.hpp"
#include "../core/views.hpp"
#include "../kv3/document.hpp"
#include "nav_file.hpp"

namespace navspan::source2 {

// One hiding spot of the analysis.
class analysis_hiding_spot {
public:
    analysis_hiding_spot() noexcept = default;
    explicit analysis_hiding_spot(::navspan::kv3::value v) noexcept : v_(v) {}

    // The spot's id (unique in the file), when stored.
    std::optional<std::uint32_t> id() const noexcept {
        const auto id = v_["id"];
        if (!id.is_number()) return std::nullopt;
        return static_cast<std::uint32_t>(id.as_uint());
    }
    // Where a bot stands to hide (world units, z up); (0, 0, 0) when missing.
    vec3 position() const noexcept {
        const auto p = v_["pos"];
        return {static_cast<float>(p[0].as_double()), static_cast<float>(p[1].as_double()),
                static_cast<float>(p[2].as_double())};
    }
    // The Source 1 hiding-spot flags (1 in cover, 2 good sniper spot, 4 ideal
    // sniper spot, 8 exposed; source::hiding_spot_flag_names).
    std::uint8_t flags_raw() const noexcept { return static_cast<std::uint8_t>(v_["flags"].as_uint()); }
    // The KV3 object itself (for keys beyond these).
    ::navspan::kv3::value value() const noexcept { return v_; }

private:
    ::navspan::kv3::value v_;
};

// The elements of one array of the analysis as `Element`s.
template <class Element>
class analysis_list {
public:
    using value_type = Element;
    using iterator = index_iterator<analysis_list>;

    analysis_list() noexcept = default;
    explicit analysis_list(::navspan::kv3::value array) noexcept : a_(array) {}
    std::size_t size() const noexcept { return a_.is_array() ? a_.size() : 0; }
    bool empty() const noexcept { return size() == 0; }
    Element operator[](std::size_t i) const noexcept { return Element(a_[i]); }
    iterator begin() const noexcept { return iterator(*this, 0); }
    iterator end() const noexcept { return iterator(*this, size()); }

private:
    ::navspan::kv3::value a_;
};

// An encounter path or approach entry: the KV3 object as stored.
class analysis_entry {
public:
    analysis_entry() noexcept = default;
    explicit analysis_entry(::navspan::kv3::value v) noexcept : v_(v) {}
    ::navspan::kv3::value value() const noexcept { return v_; }

private:
    ::navspan::kv3::value v_;
};

// The analysis of one area (index i of the area table).
class area_analysis {
public:
    area_analysis() noexcept = default;
    explicit area_analysis(::navspan::kv3::value v) noexcept : v_(v) {}

    analysis_list<analysis_hiding_spot> hiding_spots() const noexcept {
        return analysis_list<analysis_hiding_spot>(v_["hidingspotdata"]);
    }
    analysis_list<analysis_entry> encounter_paths() const noexcept {
        return analysis_list<analysis_entry>(v_["spotencounterdata"]);
    }
    analysis_list<analysis_entry> approach_spots() const noexcept {
        return analysis_list<analysis_entry>(v_["approachdata"]);
    }
    // Earliest time (seconds) a team can reach the area, team index 0 or 1.
    std::optional<float> earliest_occupy_time(std::size_t team_index) const noexcept {
        const auto t = v_["earliestoccupytime"][team_index]["time"];
        if (!t.is_number()) return std::nullopt;
        return static_cast<float>(t.as_double());
    }
    std::optional<std::array<float, 2>> earliest_occupy_times() const noexcept {
        const auto a = earliest_occupy_time(0), b = earliest_occupy_time(1);
        if (!a || !b) return std::nullopt;
        return std::array<float, 2>{*a, *b};
    }
    ::navspan::kv3::value value() const noexcept { return v_; }

private:
    ::navspan::kv3::value v_;
};

class bot_analysis {
public:
    bot_analysis() noexcept = default;

    // The scratch bytes open() needs for `file`'s custom data; fails when the
    // file has none (subversion 0) or its header is refused.
    static result<std::size_t> scratch_size(const nav_file& file, const ::navspan::kv3::options& opt = {}) noexcept {
        const auto blob = file.custom_data();
        if (!blob) return no_custom_data();
        ::navspan::kv3::options o = opt;
        o.base_offset = blob->offset();
        return ::navspan::kv3::document::scratch_size(blob->bytes(), o);
    }

    // Decodes `file`'s custom data into `scratch` (scratch_size() bytes).
    // Error offsets are file offsets.
    static result<bot_analysis> open(const nav_file& file, std::span<std::byte> scratch,
                                     const ::navspan::kv3::options& opt = {}) noexcept {
        const auto blob = file.custom_data();
        if (!blob) return no_custom_data();
        ::navspan::kv3::options o = opt;
        o.base_offset = blob->offset();
        auto doc = ::navspan::kv3::document::open(blob->bytes(), scratch, o);
        if (!doc.ok()) return with_parent(doc.error(), "custom data");
        bot_analysis a;
        a.doc_ = *doc;
        a.areas_ = a.doc_.root()["arealist"];
        for (std::size_t i = 0; i < a.area_count(); ++i) {
            const area_analysis area = a.area(i);
            a.hiding_spots_ += area.hiding_spots().size();
            a.encounter_paths_ += area.encounter_paths().size();
            a.approach_spots_ += area.approach_spots().size();
        }
        return a;
    }

    // Entries of the area list: one per area of the area table (index i is
    // nav_file::areas()[i]) in files that are consistent; validate checks.
    std::size_t area_count() const noexcept { return areas_.is_array() ? areas_.size() : 0; }
    area_analysis area(std::size_t index) const noexcept { return area_analysis(areas_[index]); }

    std::size_t hiding_spot_count() const noexcept { return hiding_spots_; }
    std::size_t encounter_path_count() const noexcept { return encounter_paths_; }
    std::size_t approach_spot_count() const noexcept { return approach_spots_; }

    // The whole decoded document (for the keys beyond these, and dumps).
    const ::navspan::kv3::document& document() const noexcept { return doc_; }

private:
    static error no_custom_data() noexcept {
        return navspan::detail::fail(error_code::inconsistent, 8, "custom data (the file has none: subversion 0)", 0);
    }

    ::navspan::kv3::document doc_{};
    ::navspan::kv3::value areas_{};
    std::size_t hiding_spots_ = 0, encounter_paths_ = 0, approach_spots_ = 0;
};

}  // namespace navspan::source2
#include "../core/min_max_pop.hpp"
