// The KV3 writer: decode(encode(x)) == x through navspan's own reader for
// every value type, many sizes and every setting (v4/v5 x none/LZ4/zstd);
// storage hints kept; every corpus blob decoded -> model -> encoded ->
// decoded equal, and how close re-encoding comes to the original bytes.
#include <navspan/kv3.hpp>
#include <navspan/kv3/to_model.hpp>
#include <navspan/kv3/writer.hpp>
#include <navspan/source2.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "support/corpus.hpp"

#if defined(NAVSPAN_TEST_HAVE_LZ4)
#  include <lz4.h>
#endif
#if defined(NAVSPAN_TEST_HAVE_ZSTD)
#  include <zstd.h>
#endif

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace kv3_kv3_encode_test {

namespace {

namespace kv3 = navspan::kv3;
using kv3::model_value;

// Decodes `blob` with navspan's reader into a model (REQUIREs success).
model_value kv3e_decode(const std::vector<std::byte>& blob, std::size_t* size_in_file = nullptr) {
    auto size = kv3::document::scratch_size(blob);
    REQUIRE_MESSAGE(size.ok(), size.error().message());
    std::vector<std::byte> scratch(*size);
    auto doc = kv3::document::open(blob, scratch);
    REQUIRE_MESSAGE(doc.ok(), doc.error().message());
    if (size_in_file != nullptr) *size_in_file = doc->size_in_file();
    return kv3::to_model(*doc);
}

std::vector<std::byte> kv3e_encode(const model_value& v, std::uint32_t version, kv3::compression c) {
    kv3::encode_options opt;
    opt.version = version;
    opt.compression = c;
    std::vector<std::byte> out;
    const navspan::error e = kv3::encode(v, opt, out);
    REQUIRE_MESSAGE(e.ok(), e.message());
    return out;
}

std::vector<std::byte> kv3e_bytes(std::size_t n, std::uint32_t seed, bool repetitive) {
    std::vector<std::byte> b(n);
    std::mt19937 rng(seed);
    for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::byte>(repetitive ? (i / 7) % 5 : rng() & 0xFF);
    return b;
}

model_value kv3e_hinted(model_value v, std::uint8_t code) {
    v.code = code;
    return v;
}

// One value of every kind and storage code, with strings, blobs and arrays of `n` elements.
model_value kv3e_everything(std::size_t n, std::uint32_t seed) {
    model_value root = model_value::object();
    root.set("null", model_value::null_value());
    root.set("true", model_value::of_bool(true));
    root.set("false byte", kv3e_hinted(model_value::of_bool(false), kv3::type_code::boolean));
    root.set("i64", model_value::of_int(-0x123456789ALL));
    root.set("i32", model_value::of_int(-70000));
    root.set("i16", kv3e_hinted(model_value::of_int(-300), kv3::type_code::int16));
    root.set("byte", kv3e_hinted(model_value::of_int(200), kv3::type_code::int32_as_byte));
    root.set("zero", model_value::of_int(0));
    root.set("one", model_value::of_int(1));
    root.set("u64", model_value::of_uint(0xFFFFFFFFFFFFFFFFull));
    root.set("u32", model_value::of_uint(4000000000u));
    root.set("u16", kv3e_hinted(model_value::of_uint(65535), kv3::type_code::uint16));
    root.set("f64", model_value::of_double(0.1));
    root.set("f32", kv3e_hinted(model_value::of_double(1.5), kv3::type_code::float32));
    root.set("f32 too precise", kv3e_hinted(model_value::of_double(0.1), kv3::type_code::float32));
    root.set("nan", model_value::of_double(std::numeric_limits<double>::quiet_NaN()));
    root.set("-0", model_value::of_double(-0.0));
    root.set("0.0", model_value::of_double(0.0));
    root.set("1.0", model_value::of_double(1.0));
    root.set("", model_value::of_string(""));
    root.set("text", model_value::of_string(std::string(n, 'x') + "!"));
    model_value flagged = model_value::of_string("resource_name:foo");
    flagged.flag = 1;
    root.set("flagged", flagged);
    root.set("blob", model_value::of_binary(kv3e_bytes(n, seed, false)));
    root.set("blob repetitive", model_value::of_binary(kv3e_bytes(n, seed, true)));
    root.set("empty blob", model_value::of_binary({}));
    model_value& arr = root.set("array", model_value::array());
    for (std::size_t i = 0; i < n; ++i) arr.push(model_value::of_int(static_cast<std::int64_t>(i % 1000) - 500));
    model_value& f32s = root.set("typed f32", model_value::typed_array(kv3::type_code::float32));
    for (std::size_t i = 0; i < n; ++i) f32s.push(model_value::of_double(static_cast<double>(i) * 0.5));
    model_value small = model_value::typed_array(kv3::type_code::int32);
    small.code = kv3::type_code::typed_array_byte_count;
    for (int i = 0; i < 200; ++i) small.push(model_value::of_int(i * 1000));
    root.set("typed byte count", small);
    model_value aux = model_value::typed_array(kv3::type_code::float64);
    aux.code = kv3::type_code::typed_array_auxiliary;
    for (int i = 0; i < 3; ++i) aux.push(model_value::of_double(i + 0.25));
    root.set("typed auxiliary", aux);
    model_value objs = model_value::typed_array(kv3::type_code::object);
    for (int i = 0; i < 3; ++i) {
        model_value o = model_value::object();
        o.set("id", model_value::of_uint(static_cast<std::uint64_t>(i)));
        o.set("blob", model_value::of_binary(kv3e_bytes(static_cast<std::size_t>(i) * 5, 9, false)));
        objs.push(o);
    }
    root.set("typed objects", objs);
    model_value nested = model_value::typed_array(kv3::type_code::typed_array);
    for (int i = 0; i < 2; ++i) {
        model_value inner = model_value::typed_array(kv3::type_code::string);
        inner.push(model_value::of_string("a"));
        inner.push(model_value::of_string(std::to_string(i)));
        nested.push(inner);
    }
    root.set("typed nested", nested);
    model_value mixed = model_value::typed_array(kv3::type_code::int32);  // a string does not fit: written plain
    mixed.push(model_value::of_int(1));
    mixed.push(model_value::of_string("two"));
    root.set("mixed", mixed);
    root.set("empty object", model_value::object());
    root.set("empty array", model_value::array());
    root.set("i64", model_value::of_int(5));  // a duplicate key, kept in order
    return root;
}

constexpr kv3::compression kv3e_methods[3] = {kv3::compression::none, kv3::compression::lz4, kv3::compression::zstd};

}  // namespace

TEST_CASE("kv3 encode: decode(encode(x)) == x for every type, size and setting") {
    for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{17}, std::size_t{70000}, (std::size_t{1} << 17) + 3}) {
        // (128 KiB + 3: past LZ4's 16 KiB chained blocks and zstd's 128 KiB
        // block; 1 MiB cost 75 s here, and this test also runs under ASan and qemu)
        const model_value x = kv3e_everything(n, static_cast<std::uint32_t>(n));
        for (std::uint32_t version : {4u, 5u}) {
            for (kv3::compression c : kv3e_methods) {
                CAPTURE(n);
                CAPTURE(version);
                CAPTURE(static_cast<int>(c));
                const auto blob = kv3e_encode(x, version, c);
                std::size_t used = 0;
                const model_value back = kv3e_decode(blob, &used);
                CHECK(used == blob.size());
                CHECK(kv3::same_data(x, back));
                // Hints that hold their value are kept; the others fall back.
                CHECK(back.find("i16")->code == kv3::type_code::int16);
                CHECK(back.find("f32")->code == kv3::type_code::float32);
                CHECK(back.find("f32 too precise")->code == kv3::type_code::float64);
                CHECK(back.find("typed f32")->code == kv3::type_code::typed_array);
                CHECK(back.find("typed byte count")->code == kv3::type_code::typed_array_byte_count);
                CHECK(back.find("typed auxiliary")->code ==
                      (version >= 5 ? kv3::type_code::typed_array_auxiliary : kv3::type_code::typed_array));
                CHECK(back.find("mixed")->code == kv3::type_code::array);
                // Written again from what was read: the same bytes (not for
                // n == 0: the reader does not say an empty typed array's element type).
                if (n != 0) CHECK(kv3e_encode(back, version, c) == blob);
                if (n > 100000 && version == 5) {
                    MESSAGE("128 KiB case, v5, method " << static_cast<int>(c) << ": " << blob.size() << " bytes");
                }
            }
        }
    }
}

TEST_CASE("kv3 encode: single values as the root, and errors") {
    for (const model_value& v : {model_value::null_value(), model_value::of_bool(true), model_value::of_string("s"),
                                 model_value::of_binary(kv3e_bytes(40000, 1, true)), model_value::array()}) {
        for (std::uint32_t version : {4u, 5u}) {
            for (kv3::compression c : kv3e_methods) CHECK(kv3::same_data(v, kv3e_decode(kv3e_encode(v, version, c))));
        }
    }
    kv3::encode_options opt;
    std::vector<std::byte> out;
    opt.version = 3;
    CHECK(kv3::encode(model_value::null_value(), opt, out).code == navspan::error_code::unsupported_version);
    opt.version = 5;
    model_value deep = model_value::array();
    for (int i = 0; i < 100; ++i) {
        model_value outer = model_value::array();
        outer.push(std::move(deep));
        deep = std::move(outer);
    }
    CHECK(kv3::encode(deep, opt, out).code == navspan::error_code::limit_exceeded);
    CHECK(out.empty());
    CHECK(kv3::encode(model_value::of_string(std::string("a\0b", 3)), opt, out).code ==
          navspan::error_code::inconsistent);
    CHECK(out.empty());
    navspan::byte_sink sink;
    CHECK(kv3::encode(model_value::of_int(3), opt, sink).ok());
    CHECK(sink.size() > 120);
}

TEST_CASE("kv3 encode: every corpus blob decoded, re-encoded and decoded again is the same") {
    auto dir = navspan_test::corpus_folder("source2-nav");
    if (!dir) {
        MESSAGE("corpus not found (set NAVSPAN_CORPUS): the real KV3 blobs are not re-encoded");
        return;
    }
    std::size_t blobs = 0, identical = 0;
    for (const auto& entry : std::filesystem::directory_iterator(*dir / "files")) {
        const auto file = navspan_test::read_file(entry.path());
        auto nav = navspan::source2::nav_file::open(file);
        if (!nav.ok()) continue;
        for (const navspan::source2::kv3_blob b : nav->kv3_blobs()) {
            CAPTURE(entry.path().filename().string());
            CAPTURE(b.offset());
            const std::vector<std::byte> original(b.bytes().begin(), b.bytes().end());
            std::vector<std::byte> scratch(*kv3::document::scratch_size(original));
            auto doc = kv3::document::open(original, scratch);
            REQUIRE(doc.ok());
            const model_value m = kv3::to_model(*doc);
            // Unedited: copied byte for byte.
            std::vector<std::byte> copy;
            kv3::copy_unchanged(original, *doc, copy);
            CHECK(copy == original);
            for (std::uint32_t version : {4u, 5u}) {
                for (kv3::compression c : kv3e_methods) {
                    CHECK(kv3::same_data(m, kv3e_decode(kv3e_encode(m, version, c))));
                }
            }
            // Re-encoded with the original's settings.
            std::vector<std::byte> again;
            REQUIRE(kv3::encode(m, kv3::options_of(doc->header()), again).ok());
            ++blobs;
            // Compressed originals: is the uncompressed layout the same? (the
            // original's buffers decompressed by the reference library against
            // this encoder's stored output)
            const kv3::header& h = doc->header();
            std::vector<std::byte> inflated;
#if defined(NAVSPAN_TEST_HAVE_LZ4)
            if (h.compression == kv3::compression::lz4 && h.version == 4) {
                inflated.resize(h.uncompressed_total);
                LZ4_decompress_safe(reinterpret_cast<const char*>(original.data() + 72),
                                    reinterpret_cast<char*>(inflated.data()), static_cast<int>(h.buffer1_compressed),
                                    static_cast<int>(inflated.size()));
            }
#endif
#if defined(NAVSPAN_TEST_HAVE_ZSTD)
            if (h.compression == kv3::compression::zstd && h.version == 4) {
                inflated.resize(std::size_t{h.uncompressed_total} + h.blob_bytes);
                ZSTD_decompress(inflated.data(), inflated.size(), original.data() + 72, h.compressed_total);
            }
#endif
            if (!inflated.empty()) {
                const auto stored = kv3e_encode(m, h.version, kv3::compression::none);
                const bool same_layout = stored.size() == 72 + inflated.size() &&
                                         std::memcmp(stored.data() + 72, inflated.data(), inflated.size()) == 0;
                CHECK(same_layout);
                MESSAGE("uncompressed layout " << std::string(same_layout ? "identical" : "differs"));
            }
            if (again == original) ++identical;
            MESSAGE(entry.path().filename().string() << " @" << b.offset() << " v" << doc->header().version
                                                     << " method " << static_cast<int>(doc->header().compression)
                                                     << ": " << original.size() << " bytes, re-encoded "
                                                     << again.size() << std::string(again == original ? " (identical)" : ""));
        }
    }
    CHECK(blobs >= 6);
    MESSAGE(identical << " of " << blobs << " corpus blobs re-encode byte for byte");
}

}  // namespace kv3_kv3_encode_test
