// Fuzz target for the writers (issue 26): every input that opens as a
// Source .nav or a Quake NAV2 file is turned into its model and written
// back, which must give the input's bytes exactly; the written file must
// reopen (with the model's own options) to the same model. An edit
// (deleting the first area or node) must then still write a file that
// opens. A failure traps.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

#include <navspan/quake.hpp>
#include <navspan/quake/edit.hpp>
#include <navspan/quake/writer.hpp>
#include <navspan/source.hpp>
#include <navspan/source/edit.hpp>
#include <navspan/source/writer.hpp>
#include "fuzz_target.hpp"

namespace fuzz_write {

namespace {

void require(bool ok) {
    if (!ok) std::abort();
}

bool same(navspan::bytes_view a, const std::vector<std::byte>& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}

void source_round_trip(navspan::bytes_view bytes) {
    namespace ns = navspan::source;
    const auto file = ns::nav_file::open(bytes);
    if (!file) return;
    ns::model m = ns::model::from(*file);
    const auto out = ns::serialize(m);
    require(out.ok() && same(bytes, *out));
    const auto again = ns::nav_file::open(*out, m.open_options());
    require(again.ok());
    // The same model: compared through its bytes (NaN != NaN as floats).
    const auto twice = ns::serialize(ns::model::from(*again));
    require(twice.ok() && *twice == *out);
    if (!m.areas.empty()) {
        require(ns::edit::delete_area(m, m.areas.front().id).ok());
        const auto edited = ns::write(m, {.allow_invalid = true});
        require(edited.ok());
    }
}

void quake_round_trip(navspan::bytes_view bytes) {
    namespace nq = navspan::quake;
    nq::options o;
    o.allow_trailing_bytes = true;
    o.trusted = true;
    const auto file = nq::nav_file::open(bytes, o);
    if (!file) return;
    nq::model m = nq::model::from(*file);
    const auto out = nq::serialize(m);
    require(out.ok() && same(bytes, *out));
    const auto again = nq::nav_file::open(*out, o);
    require(again.ok());
    const auto twice = nq::serialize(nq::model::from(*again));
    require(twice.ok() && *twice == *out);
    if (!m.nodes.empty() && m.nodes.size() < 4096) {
        if (nq::edit::delete_node(m, 0).ok()) require(nq::write(m, {.allow_invalid = true}).ok());
    }
}

}  // namespace

NAVSPAN_FUZZ_TARGET(write) {
    const auto bytes = std::as_bytes(std::span(data, size));
    source_round_trip(bytes);
    quake_round_trip(bytes);
    return 0;
}

}  // namespace fuzz_write
