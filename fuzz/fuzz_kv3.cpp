// Fuzz target for the KV3 reader: the input is a KV3 blob, or a file holding
// them (a Source 2 .nav): every 8-aligned "KV3\x04"/"KV3\x05" in it is opened.
// A document that opens is walked whole (every value, key, string and blob)
// and rendered as JSON, which must be strict JSON.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <navspan/kv3.hpp>

#include "support/strict_json.hpp"
#include "fuzz_target.hpp"

namespace fuzz_kv3 {

namespace {
volatile std::uint64_t g_sink;

std::uint64_t walk(const navspan::kv3::value& v, int depth) {
    std::uint64_t h = static_cast<std::uint64_t>(v.kind()) + v.as_string().size() + v.as_binary().size();
    h += static_cast<std::uint64_t>(v.as_int()) ^ v.as_uint();
    for (std::size_t i = 0; i < v.size() && i < 100000; ++i) {
        h = h * 31 + v.key(i).size();
        h += walk(v[i], depth + 1);
    }
    if (v.is_object() && v.size() > 0 && !v[v.key(0)].exists()) __builtin_trap();
    return h;
}

void open_at(std::span<const std::byte> blob) {
    // The default budget: typed arrays of zero-size elements are bounded by
    // the blob's bytes, the scratch by what its compressed bytes back, and
    // the JSON by the render budget, so the defaults keep each run small.
    const navspan::kv3::options opt;
    auto n = navspan::kv3::document::scratch_size(blob, opt);
    if (!n.ok()) return;
    navspan::kv3::scratch_buffer scratch(*n);
    auto doc = navspan::kv3::document::open(blob, scratch, opt);
    if (!doc.ok()) return;
    if (doc->size_in_file() > blob.size()) __builtin_trap();
    std::uint64_t h = walk(doc->root(), 0);
    const auto json = navspan::kv3::to_json(doc->root());
    if (json.ok()) {
        if (!navspan_test::is_strict_json(*json)) __builtin_trap();
        h += json->size();
    } else if (json.error().code != navspan::error_code::limit_exceeded) {
        __builtin_trap();
    }
    g_sink = h;
}
}  // namespace

NAVSPAN_FUZZ_TARGET(kv3) {
    const auto bytes = std::as_bytes(std::span(data, size));
    open_at(bytes);
    for (std::size_t at = 8; at + 4 <= size; at += 8) {
        const std::uint32_t magic = navspan::load_u32(bytes.data() + at);
        if (magic == 0x4B563304u || magic == 0x4B563305u) open_at(bytes.subspan(at));
    }
    return 0;
}

}  // namespace fuzz_kv3
