// navspan/kv3/writer.hpp - writes a KV3 model (kv3/value_model.hpp) as a
// binary KV3 blob, version 4 or 5, stored plain, with LZ4 or with zstd.
//
//   std::vector<std::byte> out;
//   navspan::kv3::encode_options opt;            // v5, LZ4
//   if (auto e = navspan::kv3::encode(root, opt, out); !e.ok()) { ... }
//
// The layout is the one the reader (kv3/document.hpp) takes and the files
// use: values in lanes of 1, 2, 4 and 8 bytes (each aligned to its width),
// a table of NUL-terminated strings referred to by index (-1: ""), one type
// byte per value, binary blobs after the buffers with their lengths in the
// buffer. Version 4 has one buffer (lanes, strings, types); version 5 two
// (buffer 1: strings, the string count and the values of auxiliary typed
// arrays; buffer 2: object sizes, the other values, types). Strings are
// numbered in the order first met, depth first, a member's name before its
// value. Compression: LZ4 (codec/lz4_encode.hpp) compresses each buffer as
// one block and the blobs as blocks of 16 KiB, each chained to the ones
// before; zstd (codec/zstd_encode.hpp, raw and RLE blocks only) writes a
// frame per buffer and one for the blobs (version 4: buffer and blobs in one
// frame). Only the standard library and navspan's own encoders are used.
//
// Byte for byte: a blob that was not edited is best written by copying its
// original bytes (copy_unchanged below): re-encoding one reproduces the
// uncompressed layout but not the original compressor's output.
#pragma once
#include "../core/min_max_push.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "../codec/lz4_encode.hpp"
#include "../codec/zstd_encode.hpp"
#include "../core/byte_sink.hpp"
#include "../core/bytes.hpp"
#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/result.hpp"
#include "document.hpp"
#include "encode_codes.hpp"
#include "header.hpp"
#include "value_model.hpp"

namespace navspan::kv3 {

struct encode_options {
    std::uint32_t version = 5;  // 4 or 5
    kv3::compression compression = kv3::compression::lz4;
    std::array<std::byte, 16> format{};  // the format GUID of the header
    // Deepest nesting of arrays and objects written (the reader's default
    // options::max_depth: deeper documents would not be read back).
    std::uint32_t max_depth = 64;
};

// The options that write a blob like the one `h` describes (version,
// compression, format GUID).
inline encode_options options_of(const kv3::header& h) noexcept {
    encode_options o;
    o.version = h.version;
    o.compression = h.compression;
    o.format = h.format;
    return o;
}

namespace detail {

inline constexpr std::size_t lz4_blob_frame = 16384;  // the block size of LZ4 blob chains (header field 26)

inline void put_le(std::vector<std::byte>& v, std::uint64_t x, int n) {
    for (int i = 0; i < n; ++i) v.push_back(static_cast<std::byte>((x >> (8 * i)) & 0xFFu));
}
inline void pad_to(std::vector<std::byte>& v, std::size_t a) {
    while (v.size() % a != 0) v.push_back(std::byte{0});
}

// Walks the model once, filling the lanes, types, strings and blobs.
class kv3_encoder {
public:
    struct lane_set {
        std::vector<std::byte> b[4];  // 1-, 2-, 4-, 8-byte values
    };

    std::uint32_t version = 5, max_depth = 64;
    std::vector<std::string_view> strings;
    std::unordered_map<std::string_view, std::int32_t> index;
    lane_set sets[2];  // v4: sets[0]; v5: sets[0] buffer 1 (auxiliary), sets[1] buffer 2
    std::vector<std::byte> types, object_sizes, blob_lengths, blob_data;
    std::uint32_t objects = 0, arrays = 0, typed_values = 0;
    bool aux = false;
    bool nul_in_string = false;  // strings are stored NUL-terminated: one with a NUL cannot be

    lane_set& lanes() { return sets[version < 5 ? 0 : (aux ? 0 : 1)]; }

    std::int32_t string_index(std::string_view s) {
        if (s.empty()) return -1;
        if (s.find('\0') != std::string_view::npos) nul_in_string = true;
        auto it = index.find(s);
        if (it != index.end()) return it->second;
        const auto i = static_cast<std::int32_t>(strings.size());
        strings.push_back(s);
        index.emplace(s, i);
        return i;
    }
    void type(std::uint8_t code, std::uint8_t flag) {
        if (flag != 0) {
            types.push_back(static_cast<std::byte>(code | 0x80u));
            types.push_back(static_cast<std::byte>(flag));
        } else {
            types.push_back(static_cast<std::byte>(code));
        }
    }
    error too_deep(std::uint32_t depth) const noexcept {
        return navspan::detail::fail(error_code::limit_exceeded, 0, "kv3 encode nesting (encode_options::max_depth)",
                                     depth, max_depth);
    }
    error too_many(std::size_t n) const noexcept {
        return navspan::detail::fail(error_code::limit_exceeded, 0, "kv3 encode count (more than 32 bits hold)", n);
    }

    // A value with a type byte of its own.
    error typed_value(const model_value& v, std::uint32_t depth) {
        const std::uint8_t code = code_for(v, version, max_depth - depth);
        type(code, v.flag);
        ++typed_values;
        return body(v, code, depth);
    }

    // Everything of `v` but its type byte, as `code` (a code `v` fits).
    error body(const model_value& v, std::uint8_t code, std::uint32_t depth) {
        const int width = fixed_width(code);
        if (width >= 0) {
            scalar(v, code);
            return {};
        }
        if (code == type_code::binary) {
            if (v.bytes.size() > 0x7FFFFFFFu) return too_many(v.bytes.size());
            put_le(blob_lengths, v.bytes.size(), 4);
            blob_data.insert(blob_data.end(), v.bytes.begin(), v.bytes.end());
            return {};
        }
        if (depth >= max_depth) return too_deep(depth);
        if (code == type_code::object) {
            if (v.members.size() > 0xFFFFFFFFu) return too_many(v.members.size());
            ++objects;
            put_le(version >= 5 ? object_sizes : lanes().b[2], v.members.size(), 4);
            for (const model_member& m : v.members) {
                const std::uint8_t c = code_for(m.value, version, max_depth - depth - 1);
                type(c, m.value.flag);
                ++typed_values;
                put_le(lanes().b[2], static_cast<std::uint32_t>(string_index(m.key)), 4);
                NAVSPAN_TRY(body(m.value, c, depth + 1));
            }
            return {};
        }
        if (v.elements.size() > 0xFFFFFFFFu) return too_many(v.elements.size());
        ++arrays;
        if (code == type_code::array) {
            put_le(lanes().b[2], v.elements.size(), 4);
            for (const model_value& e : v.elements) NAVSPAN_TRY(typed_value(e, depth + 1));
            return {};
        }
        // A typed array: `code` says how its count is stored; its own form
        // says the element code (the parent checked that it is typed).
        const array_form f = array_form_of(v, version, max_depth - depth);
        if (code == type_code::typed_array) {
            put_le(lanes().b[2], v.elements.size(), 4);
        } else {
            put_le(lanes().b[0], v.elements.size(), 1);
        }
        type(f.element, f.element_flag);
        const bool swap = code == type_code::typed_array_auxiliary;
        if (swap) aux = !aux;
        for (const model_value& e : v.elements) {
            const error err = body(e, f.element, depth + 1);
            if (!err.ok()) return err;
        }
        if (swap) aux = !aux;
        return {};
    }

    void scalar(const model_value& v, std::uint8_t code) {
        lane_set& l = lanes();
        switch (code) {
            case type_code::boolean: put_le(l.b[0], v.boolean ? 1 : 0, 1); break;
            case type_code::int32_as_byte: put_le(l.b[0], static_cast<std::uint64_t>(v.int_value), 1); break;
            case type_code::int16: put_le(l.b[1], static_cast<std::uint64_t>(v.int_value), 2); break;
            case type_code::uint16: put_le(l.b[1], v.uint_value, 2); break;
            case type_code::int32: put_le(l.b[2], static_cast<std::uint64_t>(v.int_value), 4); break;
            case type_code::uint32: put_le(l.b[2], v.uint_value, 4); break;
            case type_code::float32: {
                std::byte b[4];
                store_le<float>(b, static_cast<float>(v.double_value));
                l.b[2].insert(l.b[2].end(), b, b + 4);
                break;
            }
            case type_code::string:
                put_le(l.b[2], static_cast<std::uint32_t>(string_index(v.text)), 4);
                break;
            case type_code::int64: put_le(l.b[3], static_cast<std::uint64_t>(v.int_value), 8); break;
            case type_code::uint64: put_le(l.b[3], v.uint_value, 8); break;
            case type_code::float64: put_le(l.b[3], double_bits(v.double_value), 8); break;
            default: break;  // null, true, false, 0, 1, 0.0, 1.0: the type byte says it all
        }
    }

    // The lanes of `l` in order, each aligned to its width when it has
    // values (version 4 aligns the 8-byte lane even when empty).
    static void lay(std::vector<std::byte>& out, lane_set& l, bool align_empty8) {
        static constexpr std::size_t widths[4] = {1, 2, 4, 8};
        for (std::size_t i = 0; i < 4; ++i) {
            if (!l.b[i].empty() || (i == 3 && align_empty8)) pad_to(out, widths[i]);
            out.insert(out.end(), l.b[i].begin(), l.b[i].end());
        }
    }
    void strings_into(std::vector<std::byte>& out) const {
        for (std::string_view s : strings) {
            out.insert(out.end(), reinterpret_cast<const std::byte*>(s.data()),
                       reinterpret_cast<const std::byte*>(s.data()) + s.size());
            out.push_back(std::byte{0});
        }
    }
    // After the types: blob lengths, the trailer, the LZ4 blob block sizes.
    void tail(std::vector<std::byte>& out, const std::vector<std::uint16_t>& block_sizes) const {
        out.insert(out.end(), blob_lengths.begin(), blob_lengths.end());
        put_le(out, kv3::trailer, 4);
        for (std::uint16_t s : block_sizes) put_le(out, s, 2);
    }
};

// The buffers compressed as `method` says, with the blob section.
struct packed {
    std::vector<std::byte> body;  // what follows the header
    std::uint32_t c1 = 0, c2 = 0, total = 0;
};

inline result<std::size_t> compress_into(kv3::compression method, bytes_view in, std::vector<std::byte>& out) {
    const std::size_t at = out.size();
    if (method == kv3::compression::lz4) {
        out.resize(at + codec::lz4_compress_bound(in.size()));
        codec::lz4_encoder e;
        auto n = e.compress(in, 0, std::span<std::byte>(out).subspan(at));
        out.resize(n.ok() ? at + *n : at);
        return n;
    }
    out.resize(at + codec::zstd_compress_bound(in.size()));
    auto n = codec::zstd_compress(in, std::span<std::byte>(out).subspan(at));
    out.resize(n.ok() ? at + *n : at);
    return n;
}

// The blobs as LZ4 blocks of 16 KiB, each compressed with the ones before
// as history (how the reader decodes them).
inline error lz4_blob_blocks(bytes_view blobs, std::vector<std::byte>& out, std::vector<std::uint16_t>& sizes) {
    codec::lz4_encoder e;
    for (std::size_t pos = 0; pos < blobs.size(); pos += lz4_blob_frame) {
        const std::size_t n = blobs.size() - pos < lz4_blob_frame ? blobs.size() - pos : lz4_blob_frame;
        const std::size_t at = out.size();
        out.resize(at + codec::lz4_compress_bound(n));
        auto c = e.compress(blobs.first(pos + n), pos, std::span<std::byte>(out).subspan(at));
        if (!c.ok()) return c.error();
        out.resize(at + *c);
        sizes.push_back(static_cast<std::uint16_t>(*c));  // at most lz4_compress_bound(16384) < 65536
    }
    return {};
}

inline result<packed> pack(kv3::compression method, std::uint32_t version, const std::vector<std::byte>& buf1,
                           const std::vector<std::byte>& buf2, const std::vector<std::byte>& blob_section,
                           const std::vector<std::byte>& blob_data, bool has_blobs) {
    packed p;
    auto u32 = [](std::size_t n) { return static_cast<std::uint32_t>(n); };
    if (method == kv3::compression::none) {
        p.body = buf1;
        p.body.insert(p.body.end(), buf2.begin(), buf2.end());
        p.body.insert(p.body.end(), blob_data.begin(), blob_data.end());
        p.total = u32(buf1.size() + buf2.size());  // as the files have it: the stored size
    } else if (method == kv3::compression::zstd && version < 5) {
        // Version 4 compresses the buffer and the blobs as one frame.
        std::vector<std::byte> all = buf1;
        all.insert(all.end(), blob_data.begin(), blob_data.end());
        auto n = compress_into(method, all, p.body);
        if (!n.ok()) return n.error();
        p.c1 = p.total = u32(*n);
    } else {
        auto n1 = compress_into(method, buf1, p.body);
        if (!n1.ok()) return n1.error();
        p.c1 = u32(*n1);
        if (version >= 5) {
            auto n2 = compress_into(method, buf2, p.body);
            if (!n2.ok()) return n2.error();
            p.c2 = u32(*n2);
        }
        p.total = p.c1 + p.c2;
        if (method == kv3::compression::lz4) {
            p.body.insert(p.body.end(), blob_section.begin(), blob_section.end());
        } else if (has_blobs) {
            auto nb = compress_into(method, blob_data, p.body);
            if (!nb.ok()) return nb.error();
            p.total += u32(*nb);
        }
    }
    if (has_blobs) put_le(p.body, kv3::trailer, 4);
    return p;
}

}  // namespace detail

// Appends the blob of `root` to `out`. Errors (nothing is appended):
// unsupported_version (a version other than 4 and 5), inconsistent (a
// string or key holding a NUL byte), limit_exceeded
// (nesting past options.max_depth, a count or size past the format's
// 32-bit fields).
inline error encode(const model_value& root, const encode_options& options, std::vector<std::byte>& out) {
    if (options.version != 4 && options.version != 5) {
        return navspan::detail::fail(error_code::unsupported_version, 0, "kv3 encode version (4 and 5 are written)",
                                     options.version);
    }
    detail::kv3_encoder e;
    e.version = options.version;
    e.max_depth = options.max_depth;
    NAVSPAN_TRY(e.typed_value(root, 0));
    if (e.nul_in_string) {
        return navspan::detail::fail(error_code::inconsistent, 0,
                                     "kv3 encode string (a NUL byte: strings are stored NUL-terminated)");
    }
    const bool v5 = options.version >= 5;
    // The string count leads buffer 1's 4-byte lane; version 5 keeps the
    // strings at the start of its 1-byte lane.
    std::vector<std::byte> lead;
    detail::put_le(lead, e.strings.size(), 4);
    e.sets[0].b[2].insert(e.sets[0].b[2].begin(), lead.begin(), lead.end());
    std::vector<std::byte> string_bytes;
    e.strings_into(string_bytes);
    if (v5) e.sets[0].b[0].insert(e.sets[0].b[0].begin(), string_bytes.begin(), string_bytes.end());

    const bool has_blobs = !e.blob_lengths.empty();
    std::vector<std::byte> blob_section;
    std::vector<std::uint16_t> block_sizes;
    if (has_blobs && options.compression == kv3::compression::lz4) {
        NAVSPAN_TRY(detail::lz4_blob_blocks(e.blob_data, blob_section, block_sizes));
    }
    std::vector<std::byte> buf1, buf2;
    if (!v5) {
        detail::kv3_encoder::lay(buf1, e.sets[0], true);
        buf1.insert(buf1.end(), string_bytes.begin(), string_bytes.end());
        buf1.insert(buf1.end(), e.types.begin(), e.types.end());
        e.tail(buf1, block_sizes);
    } else {
        detail::kv3_encoder::lay(buf1, e.sets[0], false);
        buf2 = e.object_sizes;
        detail::kv3_encoder::lay(buf2, e.sets[1], false);
        buf2.insert(buf2.end(), e.types.begin(), e.types.end());
        e.tail(buf2, block_sizes);
    }
    const std::uint64_t biggest = std::uint64_t{buf1.size()} + buf2.size() + e.blob_data.size() + string_bytes.size();
    if (biggest > 0x7FFFFFFFu) return e.too_many(static_cast<std::size_t>(biggest));
    auto p = detail::pack(options.compression, options.version, buf1, buf2, blob_section, e.blob_data, has_blobs);
    if (!p.ok()) return p.error();

    auto put = [&](std::uint64_t x, int n) { detail::put_le(out, x, n); };
    auto count = [](const std::vector<std::byte>& lane, std::size_t w) { return lane.size() / w; };
    const detail::kv3_encoder::lane_set& l1 = e.sets[0];
    put(kv3::magic_base | options.version, 4);
    out.insert(out.end(), options.format.begin(), options.format.end());
    put(static_cast<std::uint32_t>(options.compression), 4);
    put(0, 2);  // no dictionary
    put(options.compression == kv3::compression::lz4 ? detail::lz4_blob_frame : 0, 2);
    put(count(l1.b[0], 1), 4);
    put(count(l1.b[2], 4), 4);
    put(count(l1.b[3], 8), 4);
    put(e.types.size() + (v5 ? 0 : string_bytes.size()), 4);
    put(e.objects & 0xFFFFu, 2);  // 16-bit fields: the low bits (the reader does not use them)
    put(e.arrays & 0xFFFFu, 2);
    put(buf1.size() + buf2.size(), 4);
    put(p->total, 4);
    put(count(e.blob_lengths, 4), 4);
    put(e.blob_data.size(), 4);
    put(count(l1.b[1], 2), 4);
    put(block_sizes.size() * 2, 4);
    if (v5) {
        const detail::kv3_encoder::lane_set& l2 = e.sets[1];
        const bool stored = options.compression == kv3::compression::none;  // the files leave these 0
        put(buf1.size(), 4);
        put(stored ? 0 : p->c1, 4);
        put(buf2.size(), 4);
        put(stored ? 0 : p->c2, 4);
        put(count(l2.b[0], 1), 4);
        put(count(l2.b[1], 2), 4);
        put(count(l2.b[2], 4), 4);
        put(count(l2.b[3], 8), 4);
        put(e.typed_values, 4);  // values with a type byte of their own, as in the files
        put(count(e.object_sizes, 4), 4);
        put(e.arrays, 4);
        put(e.arrays, 4);  // equal to the array count in every file seen; meaning unknown
    }
    out.insert(out.end(), p->body.begin(), p->body.end());
    return {};
}

inline error encode(const model_value& root, const encode_options& options, byte_sink& out) {
    std::vector<std::byte> bytes;
    NAVSPAN_TRY(encode(root, options, bytes));
    out.raw(bytes);
    return {};
}

// Appends a blob that was not edited exactly as it was: its original bytes
// (`blob`, what document::open was given) up to the document's end
// (document::size_in_file). This, not re-encoding, is the byte-for-byte path.
inline void copy_unchanged(bytes_view blob, const document& doc, std::vector<std::byte>& out) {
    const std::size_t n = doc.size_in_file() < blob.size() ? doc.size_in_file() : blob.size();
    out.insert(out.end(), blob.begin(), blob.begin() + static_cast<std::ptrdiff_t>(n));
}

}  // namespace navspan::kv3
#include "../core/min_max_pop.hpp"
