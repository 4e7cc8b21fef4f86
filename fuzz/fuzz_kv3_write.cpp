// Fuzz target for the KV3 writer and the LZ4/zstd encoders. Every input is
// used three ways, each with an oracle that aborts on a mismatch:
//  * raw data: compressed by navspan's LZ4 block encoder (also as chained
//    blocks) and zstd frame writer, decoded by navspan's decoders: the data
//    must come back exactly;
//  * a program that builds a KV3 model (every kind, storage hints, flags,
//    typed arrays, nesting past the depth limit): encoded as v4 or v5 with
//    no compression, LZ4 or zstd (chosen by the first byte), decoded by
//    navspan's reader: the same data (kv3::same_data), or an encode error
//    only where one is due (nesting too deep);
//  * a KV3 blob (the input, or a blob at an 8-aligned offset in it, as in
//    a Source 2 .nav): when navspan opens it, decoded -> model -> encoded ->
//    decoded again must be the same data.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <navspan/codec/lz4.hpp>
#include <navspan/codec/lz4_encode.hpp>
#include <navspan/codec/zstd.hpp>
#include <navspan/codec/zstd_encode.hpp>
#include <navspan/kv3/document.hpp>
#include <navspan/kv3/to_model.hpp>
#include <navspan/kv3/writer.hpp>
#include "fuzz_target.hpp"

namespace fuzz_kv3_write {

namespace {

namespace kv3 = navspan::kv3;
using kv3::model_value;

void require(bool ok) {
    if (!ok) std::abort();
}

void codecs(navspan::bytes_view in) {
    std::vector<std::byte> z(navspan::codec::lz4_compress_bound(in.size()));
    auto n = navspan::codec::lz4_compress_block(in, z);
    require(n.ok());
    std::vector<std::byte> back(in.size());
    require(navspan::codec::lz4_decompress_block_exact(std::span<const std::byte>(z).first(*n), back).ok());
    require(back == std::vector<std::byte>(in.begin(), in.end()));
    // Chained blocks of 100 bytes, each with the earlier ones as history.
    navspan::codec::lz4_encoder e;
    for (std::size_t pos = 0; pos < in.size(); pos += 100) {
        const std::size_t len = in.size() - pos < 100 ? in.size() - pos : 100;
        auto c = e.compress(in.first(pos + len), pos, z);
        require(c.ok());
        auto r = navspan::codec::lz4_decompress_block(std::span<const std::byte>(z).first(*c),
                                                      std::span<std::byte>(back).first(pos + len), pos);
        require(r.ok() && *r == len);
    }
    require(back == std::vector<std::byte>(in.begin(), in.end()));
    std::vector<std::byte> f(navspan::codec::zstd_compress_bound(in.size()));
    auto m = navspan::codec::zstd_compress(in, f);
    require(m.ok());
    require(navspan::codec::zstd_decompress_exact(std::span<const std::byte>(f).first(*m), back).ok());
    require(back == std::vector<std::byte>(in.begin(), in.end()));
}

// Reads the model-building program.
struct program {
    const std::uint8_t* p;
    std::size_t n, at = 0;
    std::size_t nodes = 0;
    std::uint8_t byte() { return at < n ? p[at++] : 0; }
    std::uint64_t u64() {
        std::uint64_t v = 0;
        for (int i = 0; i < 8; ++i) v = (v << 8) | byte();
        return v;
    }
    std::string text() {
        std::string s(byte() % 24, 'a');
        for (char& c : s) {
            const auto b = static_cast<char>(byte());
            c = b == '\0' ? 'z' : b;  // NUL cannot be stored (tested apart)
        }
        return s;
    }
    model_value scalar(std::uint8_t op) {
        switch (op % 7) {
            case 0: return model_value::null_value();
            case 1: return model_value::of_bool((byte() & 1) != 0);
            case 2: return model_value::of_int(static_cast<std::int64_t>(u64() >> (byte() % 64)));
            case 3: return model_value::of_uint(u64() >> (byte() % 64));
            case 4: {
                const std::uint64_t bits = u64();
                double d = 0;
                std::memcpy(&d, &bits, 8);
                return model_value::of_double(byte() & 1 ? d : static_cast<double>(static_cast<float>(d)));
            }
            case 5: return model_value::of_string(text());
            default: {
                const std::size_t len = byte();
                std::vector<std::byte> b(len * (static_cast<std::size_t>(byte() % 4) + 1));
                for (std::byte& x : b) x = static_cast<std::byte>(byte());
                return model_value::of_binary(std::move(b));
            }
        }
    }
    model_value build(std::uint32_t depth) {
        ++nodes;
        const std::uint8_t op = byte();
        model_value v;
        if (op < 160 || depth > 70 || nodes > 5000) {
            v = scalar(op);
        } else if (op < 200) {
            v = model_value::array();
            const std::size_t count = byte() % 8;
            for (std::size_t i = 0; i < count; ++i) v.push(build(depth + 1));
        } else if (op < 230) {
            v = model_value::object();
            const std::size_t count = byte() % 8;
            for (std::size_t i = 0; i < count; ++i) v.set(text(), build(depth + 1));
        } else {
            v = model_value::typed_array(static_cast<std::uint8_t>(byte() % 26));
            v.code = static_cast<std::uint8_t>(byte() % 27);
            const std::size_t count = byte() % 12;
            for (std::size_t i = 0; i < count; ++i) v.push(build(depth + 1));
        }
        if ((op & 7) == 7) v.code = static_cast<std::uint8_t>(byte() % 27);  // a hint, fitting or not
        if ((op & 15) == 14) v.flag = byte();
        return v;
    }
};

// How many containers deep `v` goes: a leaf 0, a container one more than
// its deepest element (an empty container is 1: it is refused at the
// depth limit as a full one is).
std::uint32_t depth_of(const model_value& v) {
    if (v.kind != kv3::model_kind::array && v.kind != kv3::model_kind::object) return 0;
    std::uint32_t d = 0;
    for (const model_value& e : v.elements) d = std::max(d, depth_of(e));
    for (const kv3::model_member& m : v.members) d = std::max(d, depth_of(m.value));
    return d + 1;
}

bool reopen(const std::vector<std::byte>& blob, model_value& out, kv3::header* h = nullptr) {
    auto size = kv3::document::scratch_size(blob);
    if (!size.ok()) return false;
    std::vector<std::byte> scratch(*size);
    auto doc = kv3::document::open(blob, scratch);
    if (!doc.ok()) return false;
    out = kv3::to_model(*doc);
    if (h != nullptr) *h = doc->header();
    return true;
}

void models(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return;
    kv3::encode_options opt;
    opt.version = (data[0] & 1) ? 5 : 4;
    opt.compression = static_cast<kv3::compression>((data[0] >> 1) % 3);
    program prog{data + 1, size - 1};
    const model_value x = prog.build(0);
    std::vector<std::byte> blob;
    const navspan::error e = kv3::encode(x, opt, blob);
    // Containers are refused from depth max_depth on: a leaf may sit one deeper.
    if (depth_of(x) > opt.max_depth) {
        require(e.code == navspan::error_code::limit_exceeded);
        return;
    }
    require(e.ok());
    model_value back;
    require(reopen(blob, back));
    require(kv3::same_data(x, back));
}

void blobs(const std::uint8_t* data, std::size_t size) {
    for (std::size_t at = 0; at + 4 <= size; at += 8) {
        if ((data[at + 3] != 0x4B) || data[at + 2] != 0x56 || data[at + 1] != 0x33) continue;
        std::vector<std::byte> blob(size - at);
        std::memcpy(blob.data(), data + at, blob.size());
        model_value m;
        kv3::header h;
        if (!reopen(blob, m, &h)) continue;
        std::vector<std::byte> again;
        // What the reader opened (depth within its limit, strings without NUL) is written.
        require(kv3::encode(m, kv3::options_of(h), again).ok());
        model_value back;
        require(reopen(again, back));
        require(kv3::same_data(m, back));
    }
}

}  // namespace

NAVSPAN_FUZZ_TARGET(kv3_write) {
    if (size > (1u << 20)) return 0;
    const navspan::bytes_view in(reinterpret_cast<const std::byte*>(data), size);
    codecs(in);
    models(data, size);
    blobs(data, size);
    return 0;
}

}  // namespace fuzz_kv3_write
