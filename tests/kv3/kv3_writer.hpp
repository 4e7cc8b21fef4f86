// A test-side binary KV3 writer: builds v4 and v5 blobs from a small value
// tree, stored plain, with LZ4 (liblz4) or zstd (libzstd), with binary blobs
// (LZ4: chained 16 KiB blocks) and typed arrays of every kind, so the reader
// is tested on what no public sample holds. Written from the layout the
// reader documents (navspan/kv3/header.hpp, document.hpp).
#pragma once

#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <utility>
#include <vector>

#if defined(NAVSPAN_TEST_HAVE_LZ4)
#  include <lz4.h>
#endif
#if defined(NAVSPAN_TEST_HAVE_ZSTD)
#  include <zstd.h>
#endif

namespace navspan_kv3_test {

struct tv_member;

// A value to write: `code` is the KV3 type code; scalars keep their bits in
// `bits`, strings and keys their text, containers their children.
struct tv {
    std::uint8_t code = 1;
    std::uint64_t bits = 0;
    std::string text;
    std::vector<std::byte> blob;
    std::vector<tv_member> members;                    // objects (a pair would need tv complete: clang)
    std::vector<tv> elements;                          // arrays and typed arrays
    std::uint8_t element_code = 0;                     // typed arrays
    std::uint8_t flag = 0;                             // written with the 0x80 flag bit when non-zero
};

// One member of an object: its key and value.
struct tv_member {
    std::string first;
    tv second;
};

inline tv t_null() { return {}; }
inline tv t_bool(bool b) { tv v; v.code = 2; v.bits = b; return v; }
inline tv t_code(std::uint8_t code, std::uint64_t bits = 0) { tv v; v.code = code; v.bits = bits; return v; }
inline tv t_i64(std::int64_t x) { return t_code(3, static_cast<std::uint64_t>(x)); }
inline tv t_u64(std::uint64_t x) { return t_code(4, x); }
inline tv t_f64(double d) { std::uint64_t b; std::memcpy(&b, &d, 8); return t_code(5, b); }
inline tv t_f32(float f) { std::uint32_t b; std::memcpy(&b, &f, 4); return t_code(19, b); }
inline tv t_i32(std::int32_t x) { return t_code(11, static_cast<std::uint32_t>(x)); }
inline tv t_u32(std::uint32_t x) { return t_code(12, x); }
inline tv t_i16(std::int16_t x) { return t_code(20, static_cast<std::uint16_t>(x)); }
inline tv t_u16(std::uint16_t x) { return t_code(21, x); }
inline tv t_byte(std::uint8_t x) { return t_code(23, x); }
inline tv t_str(std::string s) { tv v; v.code = 6; v.text = std::move(s); return v; }
// A string by its index in the blob's string table (strings are numbered
// as first met, keys included, depth first): n references to one long
// string without n copies of it in the tree.
inline tv t_str_ref(std::uint32_t index) { tv v; v.code = 6; v.bits = std::uint64_t{index} + 1; return v; }
inline tv t_blob(std::vector<std::byte> b) { tv v; v.code = 7; v.blob = std::move(b); return v; }
inline tv t_array(std::vector<tv> e) { tv v; v.code = 8; v.elements = std::move(e); return v; }
inline tv t_object(std::vector<std::pair<std::string, tv>> m) {
    tv v;
    v.code = 9;
    for (auto& [key, value] : m) v.members.push_back({std::move(key), std::move(value)});
    return v;
}
// code 10 (u32 count), 24 (u8 count) or 25 (v5: u8 count, elements in the other buffer)
inline tv t_typed(std::uint8_t code, std::uint8_t element_code, std::vector<tv> e) {
    tv v; v.code = code; v.element_code = element_code; v.elements = std::move(e); return v;
}

enum class method { none = 0, lz4 = 1, zstd = 2 };

class kv3_writer {
public:
    kv3_writer(int version, method m) : version_(version), method_(m) {}

    std::vector<std::byte> write(const tv& root) {
        // v5 keeps strings in buffer 1's 1-byte lane: gather them first.
        collect_strings(root);
        for (const auto& s : strings_) {
            auto& l = lanes_[0].b1;
            l.insert(l.end(), reinterpret_cast<const std::byte*>(s.data()),
                     reinterpret_cast<const std::byte*>(s.data()) + s.size());
            l.push_back(std::byte{0});
        }
        put(lanes_[0].b4, static_cast<std::uint32_t>(strings_.size()), 4);
        strings_bytes_ = lanes_[0].b1.size();
        if (version_ < 5) lanes_[0].b1.clear();  // v4 keeps them after the lanes
        type(root.code, root.flag);
        value(root);

        // Binary blobs: LZ4 compresses them first (their block sizes go into the buffer).
        std::vector<std::byte> blob_section;
        std::vector<std::uint16_t> block_sizes;
        if (!blob_lengths_.empty() && method_ == method::lz4) blob_section = lz4_chain(blob_data_, block_sizes);

        std::vector<std::byte> buf1 = version_ < 5 ? buffer_v4(block_sizes) : buffer_aux();
        std::vector<std::byte> buf2 = version_ < 5 ? std::vector<std::byte>{} : buffer_main(block_sizes);

        std::vector<std::byte> body;
        std::uint32_t c1 = 0, c2 = 0, ctotal = 0;
        switch (method_) {
            case method::none:
                body = buf1;
                body.insert(body.end(), buf2.begin(), buf2.end());
                if (!blob_lengths_.empty()) body.insert(body.end(), blob_data_.begin(), blob_data_.end());
                ctotal = version_ < 5 ? static_cast<std::uint32_t>(buf1.size()) : 0;
                c1 = version_ < 5 ? ctotal : 0;
                break;
            case method::lz4: {
                auto z1 = lz4(buf1);
                c1 = static_cast<std::uint32_t>(z1.size());
                body = z1;
                if (version_ >= 5) {
                    auto z2 = lz4(buf2);
                    c2 = static_cast<std::uint32_t>(z2.size());
                    body.insert(body.end(), z2.begin(), z2.end());
                }
                ctotal = c1 + c2;
                body.insert(body.end(), blob_section.begin(), blob_section.end());
                break;
            }
            case method::zstd: {
                if (version_ < 5) {
                    std::vector<std::byte> all = buf1;
                    all.insert(all.end(), blob_data_.begin(), blob_data_.end());
                    body = zstd(all);
                    c1 = ctotal = static_cast<std::uint32_t>(body.size());
                } else {
                    auto z1 = zstd(buf1), z2 = zstd(buf2);
                    c1 = static_cast<std::uint32_t>(z1.size());
                    c2 = static_cast<std::uint32_t>(z2.size());
                    body = z1;
                    body.insert(body.end(), z2.begin(), z2.end());
                    ctotal = c1 + c2;
                    if (!blob_lengths_.empty()) {
                        auto zb = zstd(blob_data_);
                        body.insert(body.end(), zb.begin(), zb.end());
                        ctotal += static_cast<std::uint32_t>(zb.size());
                    }
                }
                break;
            }
        }
        if (!blob_lengths_.empty()) put(body, 0xFFEEDD00u, 4);

        std::vector<std::byte> out;
        put(out, 0x4B563300u | static_cast<std::uint32_t>(version_), 4);
        for (int i = 0; i < 16; ++i) out.push_back(static_cast<std::byte>(0x11 * i));
        put(out, static_cast<std::uint32_t>(method_), 4);
        put(out, 0, 2);
        put(out, method_ == method::lz4 ? 16384 : 0, 2);
        put(out, static_cast<std::uint32_t>(lanes_[0].b1.size()), 4);
        put(out, static_cast<std::uint32_t>(lanes_[0].b4.size() / 4), 4);
        put(out, static_cast<std::uint32_t>(lanes_[0].b8.size() / 8), 4);
        put(out, static_cast<std::uint32_t>(types_.size() + (version_ < 5 ? strings_bytes_ : 0)), 4);
        put(out, objects_, 2);
        put(out, arrays_, 2);
        put(out, static_cast<std::uint32_t>(buf1.size() + buf2.size()), 4);
        put(out, ctotal, 4);
        put(out, static_cast<std::uint32_t>(blob_lengths_.size() / 4), 4);
        put(out, static_cast<std::uint32_t>(blob_data_.size()), 4);
        put(out, static_cast<std::uint32_t>(lanes_[0].b2.size() / 2), 4);
        put(out, static_cast<std::uint32_t>(block_sizes.size() * 2), 4);
        if (version_ >= 5) {
            put(out, static_cast<std::uint32_t>(buf1.size()), 4);
            put(out, c1, 4);
            put(out, static_cast<std::uint32_t>(buf2.size()), 4);
            put(out, c2, 4);
            put(out, static_cast<std::uint32_t>(lanes_[1].b1.size()), 4);
            put(out, static_cast<std::uint32_t>(lanes_[1].b2.size() / 2), 4);
            put(out, static_cast<std::uint32_t>(lanes_[1].b4.size() / 4), 4);
            put(out, static_cast<std::uint32_t>(lanes_[1].b8.size() / 8), 4);
            put(out, 0, 4);
            put(out, static_cast<std::uint32_t>(object_sizes_.size() / 4), 4);
            put(out, arrays_, 4);
            put(out, 0, 4);
        }
        out.insert(out.end(), body.begin(), body.end());
        return out;
    }

private:
    struct lane_set {
        std::vector<std::byte> b1, b2, b4, b8;
    };

    static void put(std::vector<std::byte>& v, std::uint64_t x, int n) {
        for (int i = 0; i < n; ++i) v.push_back(static_cast<std::byte>((x >> (8 * i)) & 0xFF));
    }
    static void pad(std::vector<std::byte>& v, std::size_t a) {
        while (v.size() % a != 0) v.push_back(std::byte{0});
    }

    void collect_strings(const tv& v) {
        if (v.code == 6) string_index(v.text);
        for (const auto& [k, m] : v.members) {
            string_index(k);
            collect_strings(m);
        }
        for (const auto& e : v.elements) collect_strings(e);
    }
    std::int32_t string_index(const std::string& s) {
        if (s.empty()) return -1;
        auto it = index_.find(s);
        if (it != index_.end()) return it->second;
        const auto i = static_cast<std::int32_t>(strings_.size());
        strings_.push_back(s);
        index_[s] = i;
        return i;
    }

    // The lanes values go to: v5 writes to buffer 2 (index 1) unless inside
    // an auxiliary typed array; v4 has one set (index 0).
    lane_set& lanes() { return lanes_[version_ < 5 ? 0 : (aux_ ? 0 : 1)]; }

    void type(std::uint8_t code, std::uint8_t flag) {
        if (flag != 0) {
            types_.push_back(static_cast<std::byte>(code | 0x80));
            types_.push_back(static_cast<std::byte>(flag));
        } else {
            types_.push_back(static_cast<std::byte>(code));
        }
    }

    void value(const tv& v) {
        lane_set& l = lanes();
        switch (v.code) {
            case 2: case 23: put(l.b1, v.bits, 1); break;
            case 20: case 21: put(l.b2, v.bits, 2); break;
            case 11: case 12: case 19: put(l.b4, v.bits, 4); break;
            case 3: case 4: case 5: put(l.b8, v.bits, 8); break;
            case 6:
                put(l.b4, v.text.empty() && v.bits != 0 ? v.bits - 1 : static_cast<std::uint32_t>(string_index(v.text)), 4);
                break;
            case 7:
                put(blob_lengths_, v.blob.size(), 4);
                blob_data_.insert(blob_data_.end(), v.blob.begin(), v.blob.end());
                break;
            case 8:
                ++arrays_;
                put(l.b4, v.elements.size(), 4);
                for (const auto& e : v.elements) {
                    type(e.code, e.flag);
                    value(e);
                }
                break;
            case 9:
                ++objects_;
                if (version_ >= 5) put(object_sizes_, v.members.size(), 4);
                else put(l.b4, v.members.size(), 4);
                for (const auto& [k, m] : v.members) {
                    type(m.code, m.flag);
                    put(lanes().b4, static_cast<std::uint32_t>(string_index(k)), 4);
                    value(m);
                }
                break;
            case 10: case 24: case 25: {
                ++arrays_;
                if (v.code == 10) put(l.b4, v.elements.size(), 4);
                else put(l.b1, v.elements.size(), 1);
                type(v.element_code, 0);
                const bool swap = v.code == 25;
                if (swap) aux_ = !aux_;
                for (const auto& e : v.elements) value(e);
                if (swap) aux_ = !aux_;
                break;
            }
            default: break;  // constants: the type byte says it all
        }
    }

    // v4: the one buffer.
    std::vector<std::byte> buffer_v4(const std::vector<std::uint16_t>& block_sizes) {
        std::vector<std::byte> b;
        lane_set& l = lanes_[0];
        b.insert(b.end(), l.b1.begin(), l.b1.end());
        if (!l.b2.empty()) { pad(b, 2); b.insert(b.end(), l.b2.begin(), l.b2.end()); }
        if (!l.b4.empty()) { pad(b, 4); b.insert(b.end(), l.b4.begin(), l.b4.end()); }
        pad(b, 8);
        b.insert(b.end(), l.b8.begin(), l.b8.end());
        for (const auto& s : strings_) {
            b.insert(b.end(), reinterpret_cast<const std::byte*>(s.data()),
                     reinterpret_cast<const std::byte*>(s.data()) + s.size());
            b.push_back(std::byte{0});
        }
        b.insert(b.end(), types_.begin(), types_.end());
        tail(b, block_sizes);
        return b;
    }
    // v5: buffer 1 (strings, string count, auxiliary values).
    std::vector<std::byte> buffer_aux() {
        std::vector<std::byte> b;
        lane_set& l = lanes_[0];
        b.insert(b.end(), l.b1.begin(), l.b1.end());
        if (!l.b2.empty()) { pad(b, 2); b.insert(b.end(), l.b2.begin(), l.b2.end()); }
        if (!l.b4.empty()) { pad(b, 4); b.insert(b.end(), l.b4.begin(), l.b4.end()); }
        if (!l.b8.empty()) { pad(b, 8); b.insert(b.end(), l.b8.begin(), l.b8.end()); }
        return b;
    }
    // v5: buffer 2 (object sizes, values, types, trailer).
    std::vector<std::byte> buffer_main(const std::vector<std::uint16_t>& block_sizes) {
        std::vector<std::byte> b = object_sizes_;
        lane_set& l = lanes_[1];
        b.insert(b.end(), l.b1.begin(), l.b1.end());
        if (!l.b2.empty()) { pad(b, 2); b.insert(b.end(), l.b2.begin(), l.b2.end()); }
        if (!l.b4.empty()) { pad(b, 4); b.insert(b.end(), l.b4.begin(), l.b4.end()); }
        if (!l.b8.empty()) { pad(b, 8); b.insert(b.end(), l.b8.begin(), l.b8.end()); }
        b.insert(b.end(), types_.begin(), types_.end());
        tail(b, block_sizes);
        return b;
    }
    void tail(std::vector<std::byte>& b, const std::vector<std::uint16_t>& block_sizes) {
        b.insert(b.end(), blob_lengths_.begin(), blob_lengths_.end());
        put(b, 0xFFEEDD00u, 4);
        if (!blob_lengths_.empty()) {
            for (std::uint16_t s : block_sizes) put(b, s, 2);
        }
    }

    static std::vector<std::byte> lz4(const std::vector<std::byte>& in) {
#if defined(NAVSPAN_TEST_HAVE_LZ4)
        std::vector<std::byte> out(static_cast<std::size_t>(LZ4_compressBound(static_cast<int>(in.size()))) + 1);
        static const char one[1] = {};
        const int n = LZ4_compress_default(in.empty() ? one : reinterpret_cast<const char*>(in.data()),
                                           reinterpret_cast<char*>(out.data()), static_cast<int>(in.size()),
                                           static_cast<int>(out.size()));
        out.resize(static_cast<std::size_t>(n));
        return out;
#else
        return in;
#endif
    }
    static std::vector<std::byte> lz4_chain(const std::vector<std::byte>& in, std::vector<std::uint16_t>& sizes) {
        std::vector<std::byte> out;
#if defined(NAVSPAN_TEST_HAVE_LZ4)
        LZ4_stream_t* s = LZ4_createStream();
        for (std::size_t pos = 0; pos < in.size(); pos += 16384) {
            const std::size_t n = std::min<std::size_t>(16384, in.size() - pos);
            std::vector<std::byte> block(static_cast<std::size_t>(LZ4_compressBound(static_cast<int>(n))));
            const int c = LZ4_compress_fast_continue(s, reinterpret_cast<const char*>(in.data() + pos),
                                                     reinterpret_cast<char*>(block.data()), static_cast<int>(n),
                                                     static_cast<int>(block.size()), 1);
            sizes.push_back(static_cast<std::uint16_t>(c));
            out.insert(out.end(), block.begin(), block.begin() + c);
        }
        LZ4_freeStream(s);
#else
        (void)in;
        (void)sizes;
#endif
        return out;
    }
    static std::vector<std::byte> zstd(const std::vector<std::byte>& in) {
#if defined(NAVSPAN_TEST_HAVE_ZSTD)
        std::vector<std::byte> out(ZSTD_compressBound(in.size()));
        const std::size_t n = ZSTD_compress(out.data(), out.size(), in.data(), in.size(), 9);
        out.resize(n);
        return out;
#else
        return in;
#endif
    }

    int version_;
    method method_;
    std::vector<std::string> strings_;
    std::map<std::string, std::int32_t> index_;
    std::size_t strings_bytes_ = 0;
    lane_set lanes_[2];
    std::vector<std::byte> types_, object_sizes_, blob_lengths_, blob_data_;
    std::uint32_t objects_ = 0, arrays_ = 0;
    bool aux_ = false;
};

}  // namespace navspan_kv3_test
