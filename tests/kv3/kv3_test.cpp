// The KV3 reader: the real LZ4 blob of lobby_mapveto.nav (its 8 hiding
// spots), synthetic v4 and v5 blobs of every value type, stored plain, with
// LZ4 and with zstd (built with the reference libraries), JSON output, the
// limits, and truncation/corruption sweeps.
#include <navspan/kv3.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "kv3/kv3_writer.hpp"
#include "support/alloc_counter.hpp"
#include "support/corpus.hpp"
#include "support/strict_json.hpp"
#include "support/sweep.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace kv3_kv3_test {

namespace {

namespace kv3 = navspan::kv3;
using navspan::error_code;
using namespace navspan_kv3_test;

struct opened {
    std::vector<std::byte> scratch;
    navspan::result<kv3::document> doc;
};

opened open_blob(std::span<const std::byte> blob, const kv3::options& opt = {}) {
    opened o;
    auto n = kv3::document::scratch_size(blob, opt);
    if (!n.ok()) {
        o.doc = n.error();
        return o;
    }
    o.scratch.resize(*n);
    o.doc = kv3::document::open(blob, o.scratch, opt);
    return o;
}

// Touches every value (as a caller walking the document would).
std::size_t walk_all(const kv3::value& v) {
    std::size_t n = 1;
    (void)v.as_string();
    (void)v.as_binary();
    (void)v.as_double();
    for (std::size_t i = 0; i < v.size(); ++i) {
        (void)v.key(i);
        n += walk_all(v[i]);
    }
    return n;
}

std::vector<std::byte> kv3_bytes(std::size_t n, std::uint32_t seed) {
    std::vector<std::byte> b(n);
    std::uint32_t x = seed;
    for (auto& c : b) {
        x = x * 1664525u + 1013904223u;
        c = static_cast<std::byte>((x >> 24) % 7);  // compressible
    }
    return b;
}

// A document with one value of every type, nested.
tv every_type(bool with_aux) {
    std::vector<std::pair<std::string, tv>> m = {
        {"null", t_null()},
        {"yes", t_bool(true)},
        {"no", t_bool(false)},
        {"true", t_code(13)},
        {"false", t_code(14)},
        {"i64", t_i64(-1234567890123ll)},
        {"u64", t_u64(18446744073709551615ull)},
        {"zero", t_code(15)},
        {"one", t_code(16)},
        {"f64", t_f64(0.1)},
        {"dzero", t_code(17)},
        {"done", t_code(18)},
        {"f32", t_f32(1.5f)},
        {"i32", t_i32(-7)},
        {"u32", t_u32(4000000000u)},
        {"i16", t_i16(-300)},
        {"u16", t_u16(65000)},
        {"byte", t_byte(200)},
        {"text", t_str("hello \"kv3\"\n")},
        {"empty", t_str("")},
        {"blob", t_blob(kv3_bytes(40000, 1))},
        {"small blob", t_blob(kv3_bytes(5, 2))},
        {"array", t_array({t_i32(1), t_str("two"), t_array({t_f64(3.0)}), t_object({{"k", t_null()}})})},
        {"floats", t_typed(10, 19, {t_f32(1.0f), t_f32(-2.5f), t_f32(1e-3f)})},
        {"shorts", t_typed(24, 20, {t_i16(-1), t_i16(2)})},
        {"nulls", t_typed(10, 1, {t_null(), t_null(), t_null()})},
        {"names", t_typed(10, 6, {t_str("a"), t_str("hello \"kv3\"\n")})},
        {"objects", t_typed(10, 9, {t_object({{"id", t_i32(5)}}), t_object({{"id", t_i32(6)}, {"x", t_f64(2)}})})},
        {"arrays", t_typed(24, 8, {t_array({t_i32(1)}), t_array({})})},
        {"blobs", t_typed(10, 7, {t_blob(kv3_bytes(30000, 3)), t_blob({})})},
    };
    if (with_aux) {
        m.push_back({"aux", t_typed(25, 19, {t_f32(7.0f), t_f32(8.0f)})});
        m.push_back({"aux objects", t_typed(25, 9, {t_object({{"q", t_u64(9)}, {"r", t_i32(-3)}})})});
    }
    tv flagged = t_str("models/x.vmdl");
    flagged.flag = 1;
    m.push_back({"resource", flagged});
    return t_object(std::move(m));
}

void check_every_type(const kv3::document& doc, bool with_aux) {
    const kv3::value r = doc.root();
    REQUIRE(r.is_object());
    CHECK(r["null"].is_null());
    CHECK(r["yes"].as_bool());
    CHECK(!r["no"].as_bool(true));
    CHECK(r["true"].as_bool());
    CHECK(r["false"].kind() == kv3::value_kind::boolean);
    CHECK(r["i64"].as_int() == -1234567890123ll);
    CHECK(r["u64"].as_uint() == 18446744073709551615ull);
    CHECK(r["u64"].as_int(-1) == -1);  // does not fit
    CHECK(r["zero"].as_int(9) == 0);
    CHECK(r["one"].as_int() == 1);
    CHECK(r["f64"].as_double() == 0.1);
    CHECK(r["dzero"].as_double(9) == 0.0);
    CHECK(r["done"].as_double() == 1.0);
    CHECK(r["f32"].as_double() == 1.5);
    CHECK(r["f32"].type_code() == kv3::type_code::float32);
    CHECK(r["i32"].as_int() == -7);
    CHECK(r["u32"].as_uint() == 4000000000u);
    CHECK(r["i16"].as_int() == -300);
    CHECK(r["u16"].as_uint() == 65000);
    CHECK(r["byte"].as_int() == 200);
    CHECK(r["text"].as_string() == "hello \"kv3\"\n");
    CHECK(r["empty"].kind() == kv3::value_kind::string);
    CHECK(r["empty"].as_string().empty());
    const auto blob = r["blob"].as_binary();
    const auto expect = kv3_bytes(40000, 1);
    REQUIRE(blob.size() == expect.size());
    CHECK(std::equal(blob.begin(), blob.end(), expect.begin()));
    CHECK(r["small blob"].as_binary().size() == 5);
    const kv3::value a = r["array"];
    REQUIRE(a.size() == 4);
    CHECK(a[0].as_int() == 1);
    CHECK(a[1].as_string() == "two");
    CHECK(a[2][0].as_double() == 3.0);
    CHECK(a[3]["k"].is_null());
    CHECK(!a[4].exists());
    const kv3::value f = r["floats"];
    REQUIRE(f.size() == 3);
    CHECK(f[1].as_double() == -2.5);
    CHECK(std::abs(f[2].as_double() - 1e-3) < 1e-9);
    CHECK(r["shorts"][0].as_int() == -1);
    CHECK(r["nulls"].size() == 3);
    CHECK(r["nulls"][2].is_null());
    CHECK(r["names"][1].as_string() == "hello \"kv3\"\n");
    CHECK(r["objects"][1]["x"].as_double() == 2.0);
    CHECK(r["objects"][0]["id"].as_int() == 5);
    CHECK(r["arrays"][0][0].as_int() == 1);
    CHECK(r["arrays"][1].empty());
    CHECK(r["blobs"][0].as_binary().size() == 30000);
    CHECK(r["blobs"][1].as_binary().empty());
    if (with_aux) {
        CHECK(r["aux"][1].as_double() == 8.0);
        CHECK(r["aux objects"][0]["q"].as_uint() == 9);
        CHECK(r["aux objects"][0]["r"].as_int() == -3);
    }
    CHECK(r["resource"].flag() == 1);
    CHECK(r["resource"].as_string() == "models/x.vmdl");
    CHECK(!r["no such key"].exists());
    // Iteration: members in stored order.
    std::size_t i = 0;
    for (const auto& m : r.members()) {
        CHECK(m.key == r.key(i));
        ++i;
    }
    CHECK(i == r.size());
    const std::string json = kv3::to_json(r, 2).value();
    CHECK(navspan_test::is_strict_json(json));
    CHECK(json.find("\"u64\": 18446744073709551615") != std::string::npos);
    CHECK(json.find("\"f64\": 0.1,") != std::string::npos);
    CHECK(navspan_test::is_strict_json(kv3::to_json(r).value()));
}

}  // namespace

TEST_CASE("kv3: the bot analysis of lobby_mapveto.nav (v4, LZ4): 8 hiding spots") {
    NAVSPAN_REQUIRE_CORPUS(dir, "source2-nav");
    const auto file = navspan_test::read_file(*dir / "files" / "ValveResourceFormat__ValveResourceFormat__lobby_mapveto.nav");
    REQUIRE(file.size() == 970);
    // The blob: the 8-aligned offset where "KV3\x04" starts.
    std::size_t at = 0;
    for (std::size_t o = 0; o + 4 <= file.size(); o += 8) {
        if (navspan::load_u32(file.data() + o) == 0x4B563304u) at = o;
    }
    REQUIRE(at == 608);
    const auto blob = std::span<const std::byte>(file).subspan(at);
    kv3::options opt;
    opt.base_offset = at;
    auto o = open_blob(blob, opt);
    REQUIRE(o.doc.ok());
    const kv3::document& doc = *o.doc;
    CHECK(doc.header().version == 4);
    CHECK(doc.header().compression == kv3::compression::lz4);
    CHECK(doc.size_in_file() == blob.size());  // the blob ends the file
    const kv3::value areas = doc.root()["arealist"];
    REQUIRE(areas.size() == 4);
    struct spot {
        std::uint64_t id;
        double x, y, z;
    };
    // float32 values, as stored.
    const spot expect[8] = {{0, -1298.5001220703125, -3090.499755859375, 4},
                            {1, -1645.000244140625, -3090.499755859375, 4},
                            {2, 1362.4998779296875, -3437, 4},
                            {3, 1709, -3437, 4},
                            {4, -1645.000244140625, -3437, 4},
                            {5, -1298.5001220703125, -3437, 4},
                            {6, 1709, -3090.499755859375, 4},
                            {7, 1362.4998779296875, -3090.499755859375, 4}};
    std::size_t n = 0;
    for (const kv3::value area : areas) {
        for (const kv3::value s : area["hidingspotdata"]) {
            REQUIRE(n < 8);
            CAPTURE(n);
            CHECK(s["id"].as_uint() == expect[n].id);
            CHECK(s["flags"].as_uint() == 1);
            REQUIRE(s["pos"].size() == 3);
            CHECK(s["pos"][0].as_double() == expect[n].x);
            CHECK(s["pos"][1].as_double() == expect[n].y);
            CHECK(s["pos"][2].as_double() == expect[n].z);
            ++n;
        }
        CHECK(area["spotencounterdata"].is_array());
        CHECK(area["approachdata"].is_array());
        CHECK(area["earliestoccupytime"].size() == 2);
    }
    CHECK(n == 8);
    CHECK(areas[0]["earliestoccupytime"][1]["time"].as_double() == 120.0);
    const std::string json = kv3::to_json(doc.root(), 1).value();
    CHECK(navspan_test::is_strict_json(json));
    CHECK(json.find("\"hidingspotdata\"") != std::string::npos);

    SUBCASE("opening and walking allocate nothing") {
        std::vector<std::byte> scratch(*kv3::document::scratch_size(blob));
        navspan_test::allocation_scope scope;
        auto d = kv3::document::open(blob, scratch);
        REQUIRE(d.ok());
        CHECK(walk_all(d->root()) > 70);
        CHECK(scope.count() == 0);
    }
    SUBCASE("truncations and corruptions are clean errors or valid documents") {
        navspan_test::sweep_truncations(blob, [&](std::span<const std::byte> bytes) {
            auto t = open_blob(bytes);
            CHECK(!t.doc.ok());
        });
        navspan_test::sweep_byte_flips(blob, [&](std::span<const std::byte> bytes) {
            auto t = open_blob(bytes);
            if (t.doc.ok()) {
                walk_all(t.doc->root());
                CHECK(navspan_test::is_strict_json(kv3::to_json(t.doc->root()).value()));
            }
        });
    }
}

TEST_CASE("kv3: synthetic v4 and v5 blobs of every value type, every compression") {
    for (int version : {4, 5}) {
        for (method m : {method::none, method::lz4, method::zstd}) {
#if !defined(NAVSPAN_TEST_HAVE_LZ4)
            if (m == method::lz4) { MESSAGE("liblz4 not found: LZ4 blobs skipped"); continue; }
#endif
#if !defined(NAVSPAN_TEST_HAVE_ZSTD)
            if (m == method::zstd) { MESSAGE("libzstd not found: zstd blobs skipped"); continue; }
#endif
            CAPTURE(version);
            CAPTURE(static_cast<int>(m));
            const bool aux = version == 5;
            const auto blob = kv3_writer(version, m).write(every_type(aux));
            auto o = open_blob(blob);
            if (!o.doc.ok()) MESSAGE(o.doc.error().message());
            REQUIRE(o.doc.ok());
            CHECK(o.doc->size_in_file() == blob.size());
            check_every_type(*o.doc, aux);
            // The same document, whatever the storage.
            static std::string first_json;
            const std::string json = kv3::to_json(o.doc->root()).value();
            if (version == 4 && m == method::none) first_json = json;
            if (!aux) CHECK(json == first_json);
        }
    }
}

TEST_CASE("kv3: a blob followed by other bytes reports its own size") {
    auto blob = kv3_writer(4, method::none).write(t_object({{"a", t_i32(1)}}));
    const std::size_t size = blob.size();
    blob.resize(size + 13, std::byte{0x7E});
    auto o = open_blob(blob);
    REQUIRE(o.doc.ok());
    CHECK(o.doc->size_in_file() == size);
}

TEST_CASE("kv3: errors and limits") {
    SUBCASE("bad magic, version, method, dictionary") {
        auto blob = kv3_writer(4, method::none).write(t_object({{"a", t_i32(1)}}));
        auto b = blob;
        b[3] = std::byte{0x00};
        CHECK(open_blob(b).doc.code() == error_code::bad_magic);
        b = blob;
        b[0] = std::byte{0x03};
        CHECK(open_blob(b).doc.code() == error_code::unsupported_version);
        b = blob;
        b[20] = std::byte{3};
        CHECK(open_blob(b).doc.code() == error_code::unsupported_version);
        b = blob;
        b[24] = std::byte{1};
        CHECK(open_blob(b).doc.code() == error_code::unsupported_version);
    }
    SUBCASE("a scratch buffer that is too small") {
        auto blob = kv3_writer(4, method::none).write(t_object({{"a", t_i32(1)}}));
        std::vector<std::byte> scratch(*kv3::document::scratch_size(blob) - 9);
        CHECK(kv3::document::open(blob, scratch).code() == error_code::limit_exceeded);
    }
    SUBCASE("max_decompressed_size") {
        auto blob = kv3_writer(5, method::none).write(every_type(true));
        kv3::options opt;
        opt.limits.max_decompressed_size = 1000;
        CHECK(open_blob(blob, opt).doc.code() == error_code::limit_exceeded);
    }
    SUBCASE("nesting deeper than max_depth") {
        tv deep = t_i32(1);
        for (int i = 0; i < 80; ++i) deep = t_array({deep});
        auto blob = kv3_writer(4, method::none).write(deep);
        CHECK(open_blob(blob).doc.code() == error_code::limit_exceeded);
        kv3::options opt;
        opt.max_depth = 100;
        CHECK(open_blob(blob, opt).doc.ok());
    }
    SUBCASE("a typed array of a billion nulls is refused (work budget, then the blob size)") {
        auto blob = kv3_writer(4, method::none).write(t_typed(10, 1, {t_null()}));
        // Patch the element count (the second u32 of the 4-byte lane, after the string count).
        REQUIRE(open_blob(blob).doc.ok());
        // The buffer starts at 72; b1 and b2 are empty, so the 4-byte lane
        // starts there: [string count][element count].
        blob[72 + 4] = std::byte{0x00};
        blob[72 + 5] = std::byte{0xCA};
        blob[72 + 6] = std::byte{0x9A};
        blob[72 + 7] = std::byte{0x3B};  // 1,000,000,000 (0x3B9ACA00)
        auto big = open_blob(blob);
        CHECK(big.doc.code() == error_code::limit_exceeded);
        kv3::options opt;
        opt.limits.work_per_byte = 0;  // no budget: still refused, the blob's bytes bound the count (H3)
        auto unbounded = open_blob(blob, opt);
        CHECK(unbounded.doc.code() == error_code::count_too_large);
    }
}

TEST_CASE("kv3: sweeps over synthetic v5 blobs (LZ4 and zstd)") {
#if defined(NAVSPAN_TEST_HAVE_LZ4) && defined(NAVSPAN_TEST_HAVE_ZSTD)
    tv small = t_object({{"list", t_typed(10, 9, {t_object({{"id", t_i32(1)}, {"pos", t_typed(10, 19, {t_f32(1), t_f32(2), t_f32(3)})}})})},
                         {"aux", t_typed(25, 11, {t_i32(4), t_i32(5)})},
                         {"blob", t_blob(kv3_bytes(300, 4))},
                         {"name", t_str("spot")}});
    for (method m : {method::none, method::lz4, method::zstd}) {
        const auto blob = kv3_writer(5, m).write(small);
        REQUIRE(open_blob(blob).doc.ok());
        navspan_test::sweep_truncations(blob, [&](std::span<const std::byte> bytes) {
            CHECK(!open_blob(bytes).doc.ok());
        });
        navspan_test::sweep_byte_flips(blob, [&](std::span<const std::byte> bytes) {
            auto t = open_blob(bytes);
            if (t.doc.ok()) CHECK(navspan_test::is_strict_json(kv3::to_json(t.doc->root()).value()));
        });
    }
#else
    MESSAGE("liblz4/libzstd not found: synthetic compressed sweeps skipped");
#endif
}

}  // namespace kv3_kv3_test
