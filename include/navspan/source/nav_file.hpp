// navspan/source/nav_file.hpp - open and verify a Source / GoldSrc .nav file.
//
//   auto file = navspan::source::nav_file::open(bytes);
//   if (!file.ok()) { puts(file.error().message().c_str()); return; }
//   for (const navspan::source::area& a : file->areas()) { ... a.id() ... }
//
// open() walks the whole file once (header, place directory, game data,
// every area with all its lists, ladders) and checks every count against the
// bytes and options::limits. After that nothing is checked, cached or
// allocated: views decode the caller's bytes, which must outlive them.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>

#include "../core/reader_options.hpp"
#include "../core/contract.hpp"
#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/limits.hpp"
#include "../core/named_values.hpp"
#include "../core/reader.hpp"
#include "../core/result.hpp"
#include "../core/views.hpp"
#include "area.hpp"
#include "layout.hpp"
#include "names.hpp"
#include "records.hpp"
#include "versioned_area.hpp"

namespace navspan::source {

struct options : navspan::reader_options {
    // trusted (reader_options): The trusted-input switch (docs/api.md, section 3). Source checks its
    // indices (places, visible areas) inside the walk that finds the areas,
    // at no extra cost, so nothing is skipped.
    // Which game's data to decode; `automatic` decides from the subversion
    // (layout.hpp, decision 3). Needed when a subversion does not name its
    // game (a TF2 file with subversion 1, a mod reusing a number).
    source::game game = source::game::automatic;
    // Per-area bytes of a game navspan does not know (used when the game is,
    // or is found to be, game::unknown). Without it such a file opens only
    // when it has no areas.
    std::optional<std::uint32_t> unknown_area_data_size{};
};

// Left 4 Dead 2 data outside the areas (docs/formats/source.md, "Game data").
class l4d2_mesh_data {
public:
    constexpr l4d2_mesh_data() noexcept = default;
    l4d2_mesh_data(std::optional<std::string_view> population, place_list fog_places, float view_distance) noexcept
        : population_(population), fog_places_(fog_places), max_view_distance_(view_distance) {}

    // The population name (subversion >= 12), e.g. "c1streets".
    std::optional<std::string_view> population_name() const noexcept { return population_; }
    // Fog places (subversion > 7; never seen non-empty).
    place_list fog_places() const noexcept { return fog_places_; }
    // The post-ladder navMaxViewDistance.
    float max_view_distance() const noexcept { return max_view_distance_; }

private:
    std::optional<std::string_view> population_{};
    place_list fog_places_{};
    float max_view_distance_ = 0;
};

class nav_file {
public:
    using options = source::options;
    static constexpr navspan::axis up_axis = source::up_axis;

    constexpr nav_file() noexcept = default;

    // Verifies `bytes` (which must outlive the nav_file and its views,
    // unchanged). Error codes: truncated, bad_magic, unsupported_version
    // (also: a game whose per-area data size is unknown), count_too_large,
    // index_out_of_range (place index, Left 4 Dead 2 visible area),
    // inconsistent (a flag byte above 1, ...), limit_exceeded.
    [[nodiscard]] static result<nav_file> open(bytes_view bytes NAVSPAN_LIFETIMEBOUND,
                                               const options& opts = {}) noexcept;

    // Header: the version (1 to 16).
    std::uint32_t version() const noexcept { return ctx_.version; }
    std::optional<std::uint32_t> subversion() const noexcept {
        if (!layout::has_subversion(ctx_.version)) return std::nullopt;
        return ctx_.subversion;
    }
    std::optional<std::uint32_t> bsp_size() const noexcept {
        if (!layout::has_bsp_size(ctx_.version)) return std::nullopt;
        return load_u32(bytes_.data() + (layout::has_subversion(ctx_.version) ? 12 : 8));
    }
    std::optional<bool> analyzed() const noexcept {
        if (!layout::has_analyzed(ctx_.version)) return std::nullopt;
        return load_u8(bytes_.data() + 16) != 0;
    }
    std::optional<bool> has_unnamed_areas() const noexcept {
        if (!layout::has_unnamed_areas_flag(ctx_.version)) return std::nullopt;
        return load_u8(bytes_.data() + pre_area_at_ - 1) != 0;
    }
    // The game whose data was decoded (never game::automatic).
    source::game game() const noexcept { return ctx_.data; }
    const format_context& context() const noexcept { return ctx_; }

    // Place directory (empty before v5); areas use 1-based indices into it.
    place_list places() const noexcept {
        if (!layout::has_place_directory(ctx_.version)) return {};
        return {bytes_.data() + places_at_ + 2, load_u16(bytes_.data() + places_at_)};
    }
    // The name of a 1-based place index (nullopt for 0 or an empty
    // directory). Walks the directory: O(index).
    std::optional<std::string_view> place_name(std::uint16_t index) const noexcept {
        if (auto p = places().find(index)) return p->name();
        return std::nullopt;
    }
    std::optional<std::string_view> place_name(const area& a) const noexcept {
        const auto i = a.place_index();
        return i ? place_name(*i) : std::nullopt;
    }

    std::uint32_t area_count() const noexcept { return area_count_; }
    bool empty() const noexcept { return area_count_ == 0; }
    // Every area in file order (a forward range; area_index gives random access).
    area_list areas() const noexcept {
        return {area_count_ ? area(bytes_.data() + areas_at_, ctx_, 0) : area(), area_count_};
    }
    // Every area in file order, with the layout chosen once: calls
    // fn(versioned_area_list<V, Shape>) for the file's version V and
    // per-area game data shape, and returns what fn returns (the same type
    // for every list). `fn` is a generic lambda, so its loop body is
    // compiled once per layout, with every layout test folded; the elements
    // have area's accessors (versioned_area.hpp).
    //   file.visit_areas([&](const auto& areas) { for (const auto& a : areas) use(a.id()); });
    template <class Fn>
    decltype(auto) visit_areas(Fn&& fn) const {
        return detail::with_area_layout(ctx_, [&](auto layout) -> decltype(auto) {
            using list = versioned_area_list<decltype(layout)::version, decltype(layout)::shape>;
            if (area_count_ == 0) return fn(list());
            return fn(list(typename list::value_type(bytes_.data() + areas_at_, ctx_, 0), area_count_));
        });
    }

    // Ladders (empty before v6).
    ladder_list ladders() const noexcept {
        if (!layout::has_ladders(ctx_.version)) return {};
        return {bytes_.data() + ladders_at_ + 4, load_u32(bytes_.data() + ladders_at_), layout::ladder_size(ctx_.version),
                ctx_.version};
    }

    // Left 4 Dead 2 pre-area and post-ladder data.
    std::optional<l4d2_mesh_data> left4dead2() const noexcept {
        if (ctx_.data != source::game::left4dead2) return std::nullopt;
        const std::byte* p = bytes_.data() + pre_area_at_;
        std::optional<std::string_view> population;
        if (layout::l4d2::has_population_name(ctx_.subversion)) {
            population = as_chars(bytes_view(p, fog_at_ - pre_area_at_ - 1));
        }
        place_list fog;
        if (layout::l4d2::has_fog_places(ctx_.subversion)) {
            fog = place_list(bytes_.data() + fog_at_ + 2, load_u16(bytes_.data() + fog_at_));
        }
        return l4d2_mesh_data(population, fog, load_f32(bytes_.data() + post_ladder_at_));
    }

    // Bytes after the last section read (stale data in GoldSrc files).
    bytes_view trailing() const noexcept { return bytes_.subspan(end_at_); }
    // Always true: open() checks every index it can (docs/api.md).
    bool indices_checked() const noexcept { return true; }
    // Accepted oddities (see namespace warning).
    flag_set<std::uint32_t> warnings() const noexcept { return {warnings_, warning_names}; }

    bytes_view bytes() const noexcept { return bytes_; }
    // Offset of the first area record (for tools and indexes).
    std::size_t areas_offset() const noexcept { return areas_at_; }
    std::size_t ladders_offset() const noexcept { return ladders_at_; }

private:
    // The header fields every candidate layout shares.
    struct header_info {
        std::uint32_t version = 0;
        std::uint32_t subversion = 0;
        std::size_t places_at = 0;
        std::size_t pre_area_at = 0;
        std::uint32_t place_count = 0;
        std::uint32_t warnings = 0;
    };

    static error read_header(bytes_view bytes, const options& opts, header_info& h) noexcept;
    static error read_place_list(byte_reader& r, const limits& lim, const char* what, std::uint32_t& warnings) noexcept;
    static error walk(bytes_view bytes, const options& opts, const header_info& h, source::game g,
                      nav_file& out) noexcept;
    static source::game game_from_subversion(std::uint32_t version, std::uint32_t sub) noexcept;
    static unsigned layout_signature(const header_info& h, source::game g) noexcept;

    bytes_view bytes_{navspan::detail::empty_view_bytes, std::size_t{0}};
    format_context ctx_{};
    std::size_t places_at_ = 0;
    std::size_t pre_area_at_ = 0;
    std::size_t fog_at_ = 0;
    std::size_t areas_at_ = 0;
    std::size_t ladders_at_ = 0;
    std::size_t post_ladder_at_ = 0;
    std::size_t end_at_ = 0;
    std::uint32_t area_count_ = 0;
    std::uint32_t warnings_ = 0;
};

// ---------------------------------------------------------------------------

inline source::game nav_file::game_from_subversion(std::uint32_t version, std::uint32_t sub) noexcept {
    if (!layout::has_subversion(version)) return source::game::none;
    if (version <= 14) return sub <= 1 ? source::game::none : source::game::unknown;
    if (sub == 0) return source::game::none;
    if (sub == 1) return source::game::cstrike;
    if (version == 16 && sub == 2) return source::game::tf;
    if (version == 16 && sub == 14) return source::game::left4dead2;
    return source::game::unknown;
}

// Which distinct layout game `g` gives this file: 0 nothing, 1 the
// Counter-Strike approach list, 2 TF2 attributes, 3 Left 4 Dead 2, 4 unknown.
inline unsigned nav_file::layout_signature(const header_info& h, source::game g) noexcept {
    format_context c;
    c.version = static_cast<std::uint8_t>(h.version);
    c.subversion = h.subversion;
    c.data = g;
    if (layout::has_cstrike_approach(c)) return 1;
    if (layout::has_tf_attributes(c)) return 2;
    if (g == source::game::left4dead2) return 3;
    if (g == source::game::unknown) return 4;
    return 0;
}

inline error nav_file::read_place_list(byte_reader& r, const limits& lim, const char* what,
                                       std::uint32_t& warnings) noexcept {
    std::uint16_t count = 0;
    NAVSPAN_TRY(r.read(count, what));
    NAVSPAN_TRY(check_count(lim, count, r.offset(), what));
    NAVSPAN_TRY(r.require_array(count, 2, what));
    for (std::uint32_t i = 0; i < count; ++i) {
        std::uint16_t len = 0;
        NAVSPAN_TRY(with_parent(r.read(len, "place name length"), what, i));
        const std::byte* name = r.current();
        NAVSPAN_TRY(with_parent(r.skip(len, "place name"), what, i));
        if (len == 0 || std::memchr(name, 0, len) == nullptr) warnings |= warning::place_name_unterminated;
    }
    return {};
}

inline error nav_file::read_header(bytes_view bytes, const options& opts, header_info& h) noexcept {
    byte_reader r(bytes);
    std::uint32_t word = 0;
    NAVSPAN_TRY(r.read(word, "nav file magic"));
    if (word != magic) return navspan::detail::fail(error_code::bad_magic, 0, "nav file magic", word);
    NAVSPAN_TRY(r.read(h.version, "nav file version"));
    if (h.version == 0 || h.version > max_version) {
        return navspan::detail::fail(error_code::unsupported_version, 4, "nav file (Source 1 reads 1 to 16)", h.version);
    }
    if (layout::has_subversion(h.version)) NAVSPAN_TRY(r.read(h.subversion, "nav file subversion"));
    if (layout::has_bsp_size(h.version)) NAVSPAN_TRY(r.skip(4, "nav file bsp size"));
    if (layout::has_analyzed(h.version)) {
        std::uint8_t analyzed = 0;
        NAVSPAN_TRY(r.read(analyzed, "nav file analyzed flag"));
        if (analyzed > 1) {
            return navspan::detail::fail(error_code::inconsistent, r.offset() - 1, "nav file analyzed flag", analyzed);
        }
    }
    h.places_at = r.position();
    if (layout::has_place_directory(h.version)) {
        NAVSPAN_TRY(read_place_list(r, opts.limits, "place directory", h.warnings));
        h.place_count = load_u16(bytes.data() + h.places_at);
        if (layout::has_unnamed_areas_flag(h.version)) {
            std::uint8_t unnamed = 0;
            NAVSPAN_TRY(r.read(unnamed, "place directory unnamed-areas flag"));
            if (unnamed > 1) {
                return navspan::detail::fail(error_code::inconsistent, r.offset() - 1,
                                             "place directory unnamed-areas flag", unnamed);
            }
        }
    }
    h.pre_area_at = r.position();
    return {};
}

// Walks everything after the header with game data `g`; fills `out` on success.
inline error nav_file::walk(bytes_view bytes, const options& opts, const header_info& h, source::game g,
                            nav_file& out) noexcept {
    format_context ctx;
    ctx.version = static_cast<std::uint8_t>(h.version);
    ctx.data = g;
    ctx.subversion = h.subversion;
    ctx.unknown_data_size = opts.unknown_area_data_size.value_or(0);

    byte_reader r(bytes);
    NAVSPAN_TRY(r.seek(h.pre_area_at, "pre-area game data"));
    std::uint32_t warnings = h.warnings;
    std::size_t fog_at = h.pre_area_at;
    if (g == source::game::left4dead2) {
        if (layout::l4d2::has_population_name(h.subversion)) {
            const auto rest = r.rest();
            const void* nul = rest.empty() ? nullptr : std::memchr(rest.data(), 0, rest.size());
            if (nul == nullptr) return r.truncated(rest.size() + 1, "L4D2 population name");
            NAVSPAN_TRY(r.skip(static_cast<std::size_t>(static_cast<const std::byte*>(nul) - rest.data()) + 1,
                               "L4D2 population name"));
        }
        fog_at = r.position();
        if (layout::l4d2::has_fog_places(h.subversion)) {
            NAVSPAN_TRY(read_place_list(r, opts.limits, "L4D2 fog place list", warnings));
        }
    }

    std::uint32_t count = 0;
    NAVSPAN_TRY(r.read(count, "area count"));
    if (g == source::game::unknown && !opts.unknown_area_data_size && count != 0) {
        return navspan::detail::fail(error_code::unsupported_version, r.offset() - 4,
                                     "per-area game data of this subversion (pass options.game or "
                                     "options.unknown_area_data_size)",
                                     h.subversion);
    }
    NAVSPAN_TRY(check_count(opts.limits, count, r.offset(), "area"));
    // The smallest possible area bounds the count before the walk. Computed
    // in 64 bits: with a caller's unknown_area_data_size it may not fit a
    // 32-bit size_t.
    const std::uint64_t min_area = layout::min_area_size(ctx);
    if (count != 0 && min_area > r.remaining()) {
        return navspan::detail::fail(error_code::count_too_large, r.offset(), "area", count, 0);
    }
    if (count != 0) NAVSPAN_TRY(r.require_array(count, static_cast<std::size_t>(min_area), "area"));
    work_meter meter(opts.limits, bytes.size());
    NAVSPAN_TRY(meter.charge(count, r.offset(), "area"));

    const std::size_t areas_at = r.position();
    detail::verify_state vs;
    vs.lim = &opts.limits;
    vs.place_count = h.place_count;
    vs.area_count = count;
    // The version is chosen once: the loop runs a walk compiled for it.
    detail::checked_cursor c(r, opts.limits);
    std::uint32_t failed_at = count;
    detail::with_version(ctx.version, [&](auto version) {
        // A copy local to the loop (the lambda reaches `c` through a
        // reference): its position stays in a register.
        detail::checked_cursor cur = c;
        detail::area_sections s;
        for (std::uint32_t i = 0; i < count; ++i) {
            if (NAVSPAN_UNLIKELY(!detail::walk_area_v<decltype(version)::value>(cur, ctx, s, &vs))) {
                failed_at = i;
                break;
            }
        }
        c = cur;
    });
    if (NAVSPAN_UNLIKELY(failed_at != count)) return with_parent(c.err, "area", failed_at);
    r.skip_unchecked(c.position() - r.position());
    warnings |= vs.warnings;

    const std::size_t ladders_at = r.position();
    if (layout::has_ladders(h.version)) {
        std::uint32_t ladders = 0;
        NAVSPAN_TRY(r.read(ladders, "ladder count"));
        NAVSPAN_TRY(check_count(opts.limits, ladders, r.offset(), "ladder"));
        NAVSPAN_TRY(meter.charge(ladders, r.offset(), "ladder"));
        NAVSPAN_TRY(r.skip_array(ladders, layout::ladder_size(h.version), "ladder"));
    }
    const std::size_t post_ladder_at = r.position();
    if (g == source::game::left4dead2) NAVSPAN_TRY(r.skip(4, "L4D2 max view distance"));

    out.bytes_ = bytes;
    out.ctx_ = ctx;
    out.places_at_ = h.places_at;
    out.pre_area_at_ = h.pre_area_at;
    out.fog_at_ = fog_at;
    out.areas_at_ = areas_at;
    out.ladders_at_ = ladders_at;
    out.post_ladder_at_ = post_ladder_at;
    out.end_at_ = r.position();
    out.area_count_ = count;
    out.warnings_ = warnings;
    return {};
}

inline result<nav_file> nav_file::open(bytes_view bytes, const options& opts) noexcept {
    header_info h;
    NAVSPAN_TRY(read_header(bytes, opts, h));

    nav_file file;
    if (opts.game != source::game::automatic) {
        NAVSPAN_TRY(walk(bytes, opts, h, opts.game, file));
        return file;
    }
    const source::game chosen = game_from_subversion(h.version, h.subversion);
    const error first = walk(bytes, opts, h, chosen, file);
    // A caller's limit is not a layout mismatch: no second guess then.
    if (!layout::has_subversion(h.version) || (first.ok() && file.trailing().empty()) ||
        first.code == error_code::limit_exceeded) {
        if (!first.ok()) return first;
        return file;
    }
    // The subversion's layout failed or left bytes: accept another layout
    // only if it alone ends exactly at end of file (decision 3).
    constexpr source::game candidates[] = {source::game::none, source::game::cstrike, source::game::tf,
                                           source::game::left4dead2};
    unsigned tried = 1u << layout_signature(h, chosen);
    nav_file found;
    int matches = 0;
    for (source::game g : candidates) {
        // Games whose layout is identical here (cstrike below v15, tf at
        // subversion 1, ...) give the same answer: walk each layout once.
        const unsigned sig = 1u << layout_signature(h, g);
        if ((tried & sig) != 0) continue;
        tried |= sig;
        nav_file trial;
        if (walk(bytes, opts, h, g, trial).ok() && trial.trailing().empty()) {
            ++matches;
            found = trial;
        }
    }
    if (matches == 1) {
        found.warnings_ |= warning::game_data_inferred;
        return found;
    }
    if (!first.ok()) return first;
    return file;
}

}  // namespace navspan::source
#include "../core/min_max_pop.hpp"
