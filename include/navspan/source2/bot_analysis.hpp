// navspan/source2/bot_analysis.hpp - the bot analysis of a Source 2 .nav
// (Counter-Strike 2): hiding spots, encounter paths, approach areas and
// earliest-occupy times, decoded from the custom-data KV3 blob.
//
//   auto nav = navspan::source2::nav_file::open(bytes);
//   navspan::kv3::scratch_buffer scratch(navspan::source2::bot_analysis::scratch_size(*nav).value());
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
// encounter_paths(), approach_spots(), earliest_occupy_times()) where the idea
// is the same. Two ideas are not: measured on CS2's de_mirage (docs/formats/
// source2.md "Bot analysis"), an encounter path's "from"/"to" are opaque
// 32-bit handles (area_handle, not area ids: no area has them as its id; see
// encounter_handles.hpp for naming their areas), and "fromdir"/"todir" are
// edge indices of the holding area's polygon, not compass directions. The
// encounter spots are not inside the paths but one list per area ("order":
// {id, t} sorted by t) whose ids are handles of another kind (spot_handle).
#pragma once
#include "../core/min_max_push.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "../core/bytes.hpp"
#include "../core/error.hpp"
#include "../core/result.hpp"
#include "../core/views.hpp"
#include "../kv3/document.hpp"
#include "nav_file.hpp"
#include "slot_document.hpp"

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
class analysis_list : public index_range<analysis_list<Element>> {
public:
    using value_type = Element;

    analysis_list() noexcept = default;
    explicit analysis_list(::navspan::kv3::value array) noexcept : a_(array) {}
    // Every entry of the analysis is an object: a list whose first element
    // is not one (a typed array of nulls or numbers, whose count need not be
    // backed by a byte per element) has no entries, so counts and pictures
    // grow with what the file really stores.
    std::size_t size() const noexcept { return a_.is_array() && a_[0].is_object() ? a_.size() : 0; }
    Element operator[](std::size_t i) const noexcept { return Element(a_[i]); }

private:
    ::navspan::kv3::value a_;
};

// An int32 value of the analysis as stored (the KV3 integer types vary);
// nullopt when missing, not an integer or outside int32.
inline std::optional<std::int32_t> analysis_i32(::navspan::kv3::value v) noexcept {
    if (v.kind() != ::navspan::kv3::value_kind::signed_integer && v.kind() != ::navspan::kv3::value_kind::unsigned_integer) {
        return std::nullopt;
    }
    const std::int64_t i = v.as_int(INT64_MIN);
    if (i < INT32_MIN || i > INT32_MAX) return std::nullopt;
    return static_cast<std::int32_t>(i);
}

// What an encounter path's "from"/"to" hold: an opaque handle of an area
// (signed as stored: half the handles of de_mirage are negative as int32).
// It is not an area id; resolve_encounter_handles() finds the area.
struct area_handle {
    std::int32_t value = 0;
    std::uint32_t bits() const noexcept { return static_cast<std::uint32_t>(value); }
    friend constexpr bool operator==(area_handle a, area_handle b) noexcept { return a.value == b.value; }
    friend constexpr bool operator<(area_handle a, area_handle b) noexcept { return a.value < b.value; }
};
// What an encounter spot's "id" holds: a handle of its own kind (48 bytes
// apart in de_mirage, none equal to an area handle or a hiding-spot id).
struct spot_handle {
    std::int32_t value = 0;
    std::uint32_t bits() const noexcept { return static_cast<std::uint32_t>(value); }
    friend constexpr bool operator==(spot_handle a, spot_handle b) noexcept { return a.value == b.value; }
    friend constexpr bool operator<(spot_handle a, spot_handle b) noexcept { return a.value < b.value; }
};

// One encounter path through an area: from the neighbour across edge
// from_edge() to the neighbour across edge to_edge() (edges of the area
// holding the path). nullopt where a key is missing or not an int32.
class encounter_path {
public:
    encounter_path() noexcept = default;
    explicit encounter_path(::navspan::kv3::value v) noexcept : v_(v) {}
    std::optional<area_handle> from_area() const noexcept { return handle("from"); }
    std::optional<area_handle> to_area() const noexcept { return handle("to"); }
    std::optional<std::int32_t> from_edge() const noexcept { return analysis_i32(v_["fromdir"]); }
    std::optional<std::int32_t> to_edge() const noexcept { return analysis_i32(v_["todir"]); }
    ::navspan::kv3::value value() const noexcept { return v_; }

private:
    std::optional<area_handle> handle(std::string_view key) const noexcept {
        const auto h = analysis_i32(v_[key]);
        if (!h) return std::nullopt;
        return area_handle{*h};
    }
    ::navspan::kv3::value v_;
};

// One encounter spot of an area ("order"): a spot handle and where along the
// area's encounters it is seen (t, 0..1 in de_mirage; the list is sorted by t).
class encounter_spot {
public:
    encounter_spot() noexcept = default;
    explicit encounter_spot(::navspan::kv3::value v) noexcept : v_(v) {}
    std::optional<spot_handle> spot() const noexcept {
        const auto h = analysis_i32(v_["id"]);
        if (!h) return std::nullopt;
        return spot_handle{*h};
    }
    std::optional<double> t() const noexcept {
        const auto t = v_["t"];
        if (!t.is_number()) return std::nullopt;
        return t.as_double();
    }
    ::navspan::kv3::value value() const noexcept { return v_; }

private:
    ::navspan::kv3::value v_;
};

// One approach spot: how bots arrive at here_area() from prev_area() and go
// on to next_area() (real area ids). prev_area() is nullopt for -1 (none)
// and for a missing key; prev_area_raw() tells them apart.
class approach_spot {
public:
    approach_spot() noexcept = default;
    explicit approach_spot(::navspan::kv3::value v) noexcept : v_(v) {}
    std::optional<std::int32_t> prev_area_raw() const noexcept { return analysis_i32(v_["prev"]); }
    std::optional<std::uint32_t> prev_area() const noexcept { return area_id(prev_area_raw()); }
    std::optional<std::uint32_t> here_area() const noexcept { return area_id(analysis_i32(v_["here"])); }
    std::optional<std::uint32_t> next_area() const noexcept { return area_id(analysis_i32(v_["next"])); }
    // Edge indices (-1 none: 11 and 44 of de_mirage's 20,717): the edge of
    // here_area() facing prev, of next_area() facing here.
    std::optional<std::int32_t> here_back_edge() const noexcept { return analysis_i32(v_["herebackedge"]); }
    std::optional<std::int32_t> next_back_edge() const noexcept { return analysis_i32(v_["nextbackedge"]); }
    // How the bot moves (Source 1's traverse types: 0-3 GO_NORTH..GO_WEST, ...).
    std::optional<std::int32_t> prev_to_here() const noexcept { return analysis_i32(v_["prevtoherehow"]); }
    std::optional<std::int32_t> here_to_next() const noexcept { return analysis_i32(v_["heretonexthow"]); }
    ::navspan::kv3::value value() const noexcept { return v_; }

private:
    // Area ids are u32 in the area table; -1 (and other negatives) name none.
    static std::optional<std::uint32_t> area_id(std::optional<std::int32_t> v) noexcept {
        if (!v || *v < 0) return std::nullopt;
        return static_cast<std::uint32_t>(*v);
    }
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
    analysis_list<encounter_path> encounter_paths() const noexcept {
        return analysis_list<encounter_path>(v_["spotencounterdata"]);
    }
    // The area's encounter spots, sorted by t ("order").
    analysis_list<encounter_spot> encounter_spots() const noexcept {
        return analysis_list<encounter_spot>(v_["order"]);
    }
    analysis_list<approach_spot> approach_spots() const noexcept {
        return analysis_list<approach_spot>(v_["approachdata"]);
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

// scratch_size(file) and open(file, scratch) (slot_document.hpp) decode
// the file's custom data; a file without it (subversion 0) fails.
class bot_analysis : public detail::slot_document<bot_analysis> {
public:
    bot_analysis() noexcept = default;

    // Entries of the area list: one per area of the area table (index i is
    // nav_file::areas()[i]) in files that are consistent; validate checks.
    std::size_t area_count() const noexcept { return areas_.is_array() ? areas_.size() : 0; }
    area_analysis area(std::size_t index) const noexcept { return area_analysis(areas_[index]); }

    std::size_t hiding_spot_count() const noexcept { return hiding_spots_; }
    std::size_t encounter_path_count() const noexcept { return encounter_paths_; }
    std::size_t approach_spot_count() const noexcept { return approach_spots_; }
    std::size_t encounter_spot_count() const noexcept { return encounter_spots_; }

private:
    friend class detail::slot_document<bot_analysis>;
    static constexpr detail::slot_facts blob{kv3_slot::custom_data, "custom data", 8,
                                             "custom data (the file has none: subversion 0)"};
    void read_document() noexcept {
        areas_ = doc_.root()["arealist"];
        for (std::size_t i = 0; i < area_count(); ++i) {
            const area_analysis a = area(i);
            hiding_spots_ += a.hiding_spots().size();
            encounter_paths_ += a.encounter_paths().size();
            approach_spots_ += a.approach_spots().size();
            encounter_spots_ += a.encounter_spots().size();
        }
    }

    ::navspan::kv3::value areas_{};
    std::size_t hiding_spots_ = 0, encounter_paths_ = 0, approach_spots_ = 0, encounter_spots_ = 0;
};

}  // namespace navspan::source2
#include "../core/min_max_pop.hpp"
