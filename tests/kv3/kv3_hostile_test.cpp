// Hostile input, part 4 (the KV3 side): nothing derived from a blob may
// outgrow it. H1: the scratch buffer is sized from what the compressed
// bytes can back, not from the header's word. H2: rendering N references
// to one S-byte string is bounded (limit_exceeded past 64 bytes per blob
// byte plus the work budget, counted before anything is written). H3: a typed array of nulls (a count with no
// bytes) is bounded by the blob's size. H10: a string without its NUL says
// how many bytes it needs.
#include <navspan/kv3.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "kv3/kv3_writer.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace kv3_kv3_hostile_test {

// A named namespace: the tests build as one unity file with kv3_test.cpp.
namespace kv3_hostile {

namespace kv3 = navspan::kv3;
using navspan::error_code;
using namespace navspan_kv3_test;

struct opened {
    kv3::scratch_buffer scratch;
    navspan::result<kv3::document> doc;
};

opened open_hostile(std::span<const std::byte> blob) {
    opened o;
    auto n = kv3::document::scratch_size(blob);
    if (!n.ok()) {
        o.doc = n.error();
        return o;
    }
    o.scratch.resize(*n);
    o.doc = kv3::document::open(blob, o.scratch);
    return o;
}

// H3 needs a blob of any compression; zstd (the files' own) when the test
// writer has libzstd, else none (a cross build, s390x: no libzstd). H1 and
// H2 (whose bound is stated for a compressed blob) need zstd.
#if defined(NAVSPAN_TEST_HAVE_ZSTD)
constexpr navspan_kv3_test::method any_method = navspan_kv3_test::method::zstd;
#else
constexpr navspan_kv3_test::method any_method = navspan_kv3_test::method::none;
#endif

void put_u32(std::vector<std::byte>& b, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) b[at + static_cast<std::size_t>(i)] = static_cast<std::byte>((v >> (8 * i)) & 0xFFu);
}

}  // namespace kv3_hostile

namespace kv3 = navspan::kv3;
using navspan::error_code;
using kv3_hostile::put_u32;
using navspan_kv3_test::kv3_writer;
using navspan_kv3_test::method;
using navspan_kv3_test::tv;
using navspan_kv3_test::t_object;
using navspan_kv3_test::t_i32;
using navspan_kv3_test::t_str;
using navspan_kv3_test::t_typed;
using navspan_kv3_test::t_null;

TEST_CASE("kv3 H1: a zstd header claiming more than its frames back is refused before any scratch") {
#if !defined(NAVSPAN_TEST_HAVE_ZSTD)
    MESSAGE("libzstd not found: the test writer cannot make a zstd blob; skipped");
    return;
#endif
    auto blob = kv3_writer(5, method::zstd).write(t_object({{"a", t_i32(1)}}));
    REQUIRE(kv3_hostile::open_hostile(blob).doc.ok());
    // Buffer 1 (and the total) claim 16 MiB more: the frame's block headers
    // back only what it really holds.
    const std::uint32_t b1 = navspan::load_u32(blob.data() + 72);
    const std::uint32_t total = navspan::load_u32(blob.data() + 48);
    put_u32(blob, 72, b1 + (16u << 20));
    put_u32(blob, 48, total + (16u << 20));
    auto size = kv3::document::scratch_size(blob);
    REQUIRE(!size.ok());
    CHECK(size.error().code == error_code::truncated);
    // A skippable frame backs nothing.
    const std::byte skippable[8] = {std::byte{0x50}, std::byte{0x2A}, std::byte{0x4D}, std::byte{0x18},
                                    std::byte{0},    std::byte{0},    std::byte{0},    std::byte{0}};
    CHECK(navspan::codec::zstd_decoded_size_bound(skippable) == 0);
}

TEST_CASE("kv3 H2: rendering many references to one long string is bounded") {
#if !defined(NAVSPAN_TEST_HAVE_ZSTD)
    MESSAGE("libzstd not found: the test writer cannot make a zstd blob; skipped");
    return;
#endif
    const std::string s(4096, 'x');
    auto make = [&](std::size_t n) {
        return kv3_writer(5, method::zstd).write(t_typed(10, 6, std::vector<tv>(n, t_str(s))));
    };
    auto small = make(8);
    auto o = kv3_hostile::open_hostile(small);
    REQUIRE(o.doc.ok());
    auto json = kv3::to_json(o.doc->root());
    REQUIRE(json.ok());
    CHECK(json->size() > 8 * 4096);
    auto large = make(20000);  // 80 MB of JSON from a blob of a few hundred bytes
    auto p = kv3_hostile::open_hostile(large);
    REQUIRE(p.doc.ok());
    auto refused = kv3::to_json(p.doc->root());
    REQUIRE(!refused.ok());
    CHECK(refused.error().code == error_code::limit_exceeded);
    CHECK(refused.error().bound == p.doc->root().render_budget());
    CHECK(refused.error().bound < large.size() * 64 + (17u << 20));
    // A refusal is counted, not written: what was in the string stays, and
    // nothing was allocated for the rendering.
    std::string out = "before ";
    out.shrink_to_fit();
    const std::size_t capacity = out.capacity();
    CHECK(kv3::write_json(out, p.doc->root()).code == error_code::limit_exceeded);
    CHECK(out == "before ");
    CHECK(out.capacity() == capacity);
    // A rendering that fits is appended whole, allocated once.
    REQUIRE(kv3::write_json(out, o.doc->root()).ok());
    CHECK(out == "before " + *json);
    CHECK(out.capacity() < 2 * out.size());
    // An explicit budget is honoured.
    CHECK(kv3::to_json(o.doc->root(), -1, 1000).code() == error_code::limit_exceeded);
}

TEST_CASE("kv3 H3: a typed array of nulls is bounded by the blob's bytes") {
    auto make = [](std::size_t n) {
        return kv3_writer(5, kv3_hostile::any_method).write(t_object({{"spots", t_typed(10, 1, std::vector<tv>(n, t_null()))}}));
    };
    auto fits = make(16);
    auto o = kv3_hostile::open_hostile(fits);
    REQUIRE(o.doc.ok());
    CHECK(o.doc->root()["spots"].size() == 16);
    auto hostile = make(1000000);  // a count with no bytes: a few hundred bytes of blob
    REQUIRE(hostile.size() < 1000);
    auto h = kv3_hostile::open_hostile(hostile);
    REQUIRE(!h.doc.ok());
    CHECK(h.doc.code() == error_code::count_too_large);
    CHECK(h.doc.error().value == 1000000);
    CHECK(h.doc.error().bound <= hostile.size());
}

TEST_CASE("kv3 H10: a string without its NUL names the bytes it needs") {
    auto blob = kv3_writer(4, method::none).write(t_object({{"key", t_str("value")}}));
    // The strings follow the lanes: turn every NUL of "key\0value\0" into 'x'.
    const std::string text = "value";
    auto it = std::search(blob.begin(), blob.end(), reinterpret_cast<const std::byte*>(text.data()),
                          reinterpret_cast<const std::byte*>(text.data()) + text.size());
    REQUIRE(it != blob.end());
    const auto at = static_cast<std::size_t>(it - blob.begin());
    blob[at - 1] = std::byte{'x'};
    blob[at + text.size()] = std::byte{'x'};
    auto o = kv3_hostile::open_hostile(blob);
    REQUIRE(!o.doc.ok());
    const auto& e = o.doc.error();
    CHECK(e.code == error_code::truncated);
    CHECK(e.value == e.bound + 1);
    CHECK(e.value > 2);
    CHECK(std::string(e.parent) == "kv3 string table");
}

}  // namespace kv3_kv3_hostile_test
