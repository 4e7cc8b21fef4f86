// A small DEFLATE/zlib encoder for the creation tests and builders.
//
// navspan only reads compressed plugin records; the tests need to write
// them. This writer produces all three block kinds of RFC 1951 so the
// inflater is tested against streams made here, with no zlib anywhere:
//   * stored blocks (split at 65,535 bytes),
//   * fixed-Huffman blocks over a greedy LZ77 parse,
//   * dynamic-Huffman blocks with length-limited codes built from the
//     parse's symbol frequencies, run-length coded code lengths and all.
// It favours clarity over ratio or speed (a hash-chain matcher with a short
// chain), which is plenty for tests and synthetic benchmark files.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace navspan_test {

enum class deflate_mode { stored, fixed, dynamic };

class bit_writer {
public:
    // Appends the low `count` bits of `value`, least significant first.
    void bits(std::uint32_t value, unsigned count) {
        for (unsigned i = 0; i < count; ++i) {
            if (used_ == 0) out_.push_back(std::byte{0});
            if ((value >> i) & 1u) out_.back() |= static_cast<std::byte>(1u << used_);
            used_ = (used_ + 1) & 7u;
        }
    }
    // Appends a Huffman code, which the format sends most significant bit first.
    void code(std::uint32_t code, unsigned length) {
        for (unsigned i = length; i-- > 0;) bits((code >> i) & 1u, 1);
    }
    void align() { used_ = 0; }
    void byte(std::uint8_t b) {
        align();
        out_.push_back(static_cast<std::byte>(b));
    }
    // A block's header: BFINAL, then BTYPE (0 stored, 1 fixed Huffman, 2
    // dynamic Huffman, 3 reserved).
    void block_header(bool final_block, std::uint32_t type) {
        bits(final_block ? 1u : 0u, 1);
        bits(type, 2);
    }
    // A stored block's LEN and NLEN (the complement, unless a test breaks it),
    // byte-aligned, little-endian.
    void stored_lengths(std::uint16_t len, std::uint16_t nlen) {
        byte(static_cast<std::uint8_t>(len & 0xFF));
        byte(static_cast<std::uint8_t>(len >> 8));
        byte(static_cast<std::uint8_t>(nlen & 0xFF));
        byte(static_cast<std::uint8_t>(nlen >> 8));
    }
    std::vector<std::byte>& bytes() { return out_; }

private:
    std::vector<std::byte> out_;
    unsigned used_ = 0;  // bits used in the last byte (0 = full or none)
};

namespace deflate_writer_detail {

struct token {
    std::uint16_t length;    // 0 = literal
    std::uint16_t distance;  // or the literal byte
};

constexpr std::uint16_t length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10,  11,  13,  15,  17,  19,  23, 27,
                                           31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr std::uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                           2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr std::uint16_t distance_base[30] = {1,    2,    3,    4,    5,    7,    9,    13,    17,    25,
                                             33,   49,   65,   97,   129,  193,  257,  385,   513,   769,
                                             1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr std::uint8_t distance_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                             6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
constexpr std::uint8_t precode_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

inline unsigned length_symbol(unsigned length) {
    if (length == 258) return 28;
    unsigned i = 0;
    while (i + 1 < 28 && length_base[i + 1] <= length) ++i;
    return i;
}
inline unsigned distance_symbol(unsigned distance) {
    unsigned i = 0;
    while (i + 1 < 30 && distance_base[i + 1] <= distance) ++i;
    return i;
}

// Greedy LZ77 with hash chains over 3-byte prefixes.
inline std::vector<token> parse(std::span<const std::byte> data, unsigned max_chain = 24) {
    std::vector<token> tokens;
    const std::size_t n = data.size();
    constexpr std::size_t window = 32768;
    constexpr std::size_t hash_size = 1u << 15;
    std::vector<std::int64_t> head(hash_size, -1);
    std::vector<std::int64_t> prev(n, -1);
    auto byte_at = [&](std::size_t i) { return std::to_integer<unsigned>(data[i]); };
    auto hash_at = [&](std::size_t i) {
        return ((byte_at(i) << 10) ^ (byte_at(i + 1) << 5) ^ byte_at(i + 2)) & (hash_size - 1);
    };
    auto insert = [&](std::size_t i) {
        if (i + 3 > n) return;
        const auto h = hash_at(i);
        prev[i] = head[h];
        head[h] = static_cast<std::int64_t>(i);
    };
    std::size_t i = 0;
    while (i < n) {
        std::size_t best_len = 0, best_dist = 0;
        if (i + 3 <= n) {
            std::int64_t cand = head[hash_at(i)];
            unsigned chain = 0;
            const std::size_t max_len = std::min<std::size_t>(258, n - i);
            while (cand >= 0 && chain++ < max_chain) {
                const auto c = static_cast<std::size_t>(cand);
                if (i - c > window) break;
                std::size_t len = 0;
                while (len < max_len && data[c + len] == data[i + len]) ++len;
                if (len > best_len) {
                    best_len = len;
                    best_dist = i - c;
                    if (len == max_len) break;
                }
                cand = prev[c];
            }
        }
        if (best_len >= 3) {
            tokens.push_back({static_cast<std::uint16_t>(best_len), static_cast<std::uint16_t>(best_dist)});
            for (std::size_t k = 0; k < best_len; ++k) insert(i + k);
            i += best_len;
        } else {
            tokens.push_back({0, static_cast<std::uint16_t>(byte_at(i))});
            insert(i);
            ++i;
        }
    }
    return tokens;
}

// Code lengths of a Huffman code over `freq`, no longer than `limit` bits:
// build the tree by repeatedly joining the two lightest nodes; while it is
// too deep, flatten the weights and build again.
inline std::vector<std::uint8_t> code_lengths(std::vector<std::uint32_t> freq, unsigned limit) {
    const std::size_t n = freq.size();
    std::vector<std::uint8_t> lengths(n, 0);
    for (;;) {
        std::vector<std::size_t> used;
        for (std::size_t s = 0; s < n; ++s) {
            if (freq[s] != 0) used.push_back(s);
        }
        if (used.empty()) return lengths;
        if (used.size() == 1) {
            lengths[used[0]] = 1;
            return lengths;
        }
        struct node {
            std::uint64_t weight;
            std::int64_t left, right;  // -1: leaf
            std::size_t symbol;
        };
        std::vector<node> nodes;
        std::vector<std::size_t> live;
        for (std::size_t s : used) {
            nodes.push_back({freq[s], -1, -1, s});
            live.push_back(nodes.size() - 1);
        }
        while (live.size() > 1) {
            std::sort(live.begin(), live.end(), [&](std::size_t a, std::size_t b) {
                return nodes[a].weight != nodes[b].weight ? nodes[a].weight > nodes[b].weight : a > b;
            });
            const std::size_t a = live.back();
            live.pop_back();
            const std::size_t b = live.back();
            live.pop_back();
            nodes.push_back({nodes[a].weight + nodes[b].weight, static_cast<std::int64_t>(a),
                             static_cast<std::int64_t>(b), 0});
            live.push_back(nodes.size() - 1);
        }
        std::fill(lengths.begin(), lengths.end(), 0);
        unsigned deepest = 0;
        std::vector<std::pair<std::size_t, unsigned>> stack{{live[0], 0}};
        while (!stack.empty()) {
            auto [idx, depth] = stack.back();
            stack.pop_back();
            if (nodes[idx].left < 0) {
                lengths[nodes[idx].symbol] = static_cast<std::uint8_t>(depth);
                deepest = std::max(deepest, depth);
            } else {
                stack.push_back({static_cast<std::size_t>(nodes[idx].left), depth + 1});
                stack.push_back({static_cast<std::size_t>(nodes[idx].right), depth + 1});
            }
        }
        if (deepest <= limit) return lengths;
        for (auto& f : freq) {
            if (f != 0) f = f / 2 + 1;
        }
    }
}

// Canonical codes for the lengths (RFC 1951 §3.2.2).
inline std::vector<std::uint32_t> canonical_codes(const std::vector<std::uint8_t>& lengths) {
    std::uint32_t count[16] = {};
    for (auto l : lengths) ++count[l];
    count[0] = 0;
    std::uint32_t next[16] = {};
    std::uint32_t code = 0;
    for (unsigned len = 1; len < 16; ++len) {
        code = (code + count[len - 1]) << 1;
        next[len] = code;
    }
    std::vector<std::uint32_t> codes(lengths.size(), 0);
    for (std::size_t s = 0; s < lengths.size(); ++s) {
        if (lengths[s] != 0) codes[s] = next[lengths[s]]++;
    }
    return codes;
}

struct code {
    std::vector<std::uint8_t> lengths;
    std::vector<std::uint32_t> codes;
};

inline code fixed_litlen() {
    code c;
    c.lengths.resize(288);
    for (unsigned s = 0; s < 288; ++s) c.lengths[s] = static_cast<std::uint8_t>(s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8);
    c.codes = canonical_codes(c.lengths);
    return c;
}
inline code fixed_distance() {
    code c;
    c.lengths.assign(30, 5);
    c.codes = canonical_codes(c.lengths);
    return c;
}

inline void write_tokens(bit_writer& w, const std::vector<token>& tokens, const code& lit, const code& dist) {
    for (const token& t : tokens) {
        if (t.length == 0) {
            w.code(lit.codes[t.distance], lit.lengths[t.distance]);
            continue;
        }
        const unsigned ls = length_symbol(t.length);
        w.code(lit.codes[257 + ls], lit.lengths[257 + ls]);
        w.bits(t.length - length_base[ls], length_extra[ls]);
        const unsigned ds = distance_symbol(t.distance);
        w.code(dist.codes[ds], dist.lengths[ds]);
        w.bits(t.distance - distance_base[ds], distance_extra[ds]);
    }
    w.code(lit.codes[256], lit.lengths[256]);
}

// How often each literal/length and distance symbol occurs in `tokens`
// (plus one end-of-block).
inline void count_symbols(const std::vector<token>& tokens, std::vector<std::uint32_t>& lit_freq,
                          std::vector<std::uint32_t>& dist_freq) {
    lit_freq.assign(286, 0);
    dist_freq.assign(30, 0);
    for (const token& t : tokens) {
        if (t.length == 0) {
            ++lit_freq[t.distance];
        } else {
            ++lit_freq[257 + length_symbol(t.length)];
            ++dist_freq[distance_symbol(t.distance)];
        }
    }
    ++lit_freq[256];
}

// Writes a dynamic block header for the two codes (RFC 1951 §3.2.7).
inline void write_dynamic_header(bit_writer& w, const code& lit, const code& dist) {
    unsigned hlit = 286;
    while (hlit > 257 && lit.lengths[hlit - 1] == 0) --hlit;
    unsigned hdist = 30;
    while (hdist > 1 && dist.lengths[hdist - 1] == 0) --hdist;
    std::vector<std::uint8_t> all(lit.lengths.begin(), lit.lengths.begin() + static_cast<std::ptrdiff_t>(hlit));
    all.insert(all.end(), dist.lengths.begin(), dist.lengths.begin() + static_cast<std::ptrdiff_t>(hdist));

    // Run-length code the lengths with symbols 16, 17 and 18.
    struct rle {
        std::uint8_t symbol, extra_bits;
        std::uint8_t extra;
    };
    std::vector<rle> runs;
    for (std::size_t i = 0; i < all.size();) {
        std::size_t run = 1;
        while (i + run < all.size() && all[i + run] == all[i]) ++run;
        if (all[i] == 0 && run >= 3) {
            const std::size_t take = std::min<std::size_t>(run, 138);
            if (take >= 11) runs.push_back({18, 7, static_cast<std::uint8_t>(take - 11)});
            else runs.push_back({17, 3, static_cast<std::uint8_t>(take - 3)});
            i += take;
        } else if (all[i] != 0 && run >= 4) {
            runs.push_back({all[i], 0, 0});
            const std::size_t take = std::min<std::size_t>(run - 1, 6);
            runs.push_back({16, 2, static_cast<std::uint8_t>(take - 3)});
            i += 1 + take;
        } else {
            runs.push_back({all[i], 0, 0});
            ++i;
        }
    }
    std::vector<std::uint32_t> freq(19, 0);
    for (const auto& r : runs) ++freq[r.symbol];
    code pre;
    pre.lengths = code_lengths(freq, 7);
    // A lone code-length symbol still needs a complete code: add a second.
    if (std::count_if(pre.lengths.begin(), pre.lengths.end(), [](auto l) { return l != 0; }) == 1) {
        for (auto& l : pre.lengths) {
            if (l == 0) {
                l = 1;
                break;
            }
        }
    }
    pre.codes = canonical_codes(pre.lengths);
    unsigned hclen = 19;
    while (hclen > 4 && pre.lengths[precode_order[hclen - 1]] == 0) --hclen;

    w.bits(hlit - 257, 5);
    w.bits(hdist - 1, 5);
    w.bits(hclen - 4, 4);
    for (unsigned i = 0; i < hclen; ++i) w.bits(pre.lengths[precode_order[i]], 3);
    for (const auto& r : runs) {
        w.code(pre.codes[r.symbol], pre.lengths[r.symbol]);
        if (r.extra_bits != 0) w.bits(r.extra, r.extra_bits);
    }
}

}  // namespace deflate_writer_detail

// Raw DEFLATE (RFC 1951) of `data`. Huffman modes split the input into
// blocks of `block_size` bytes so multi-block streams are exercised.
inline std::vector<std::byte> deflate(std::span<const std::byte> data, deflate_mode mode,
                                      std::size_t block_size = 1u << 16) {
    using namespace deflate_writer_detail;
    bit_writer w;
    if (mode == deflate_mode::stored) {
        std::size_t pos = 0;
        do {
            const std::size_t len = std::min<std::size_t>(65535, data.size() - pos);
            const bool last = pos + len == data.size();
            w.block_header(last, 0);
            w.stored_lengths(static_cast<std::uint16_t>(len), static_cast<std::uint16_t>(~len));
            for (std::size_t k = 0; k < len; ++k) w.byte(std::to_integer<std::uint8_t>(data[pos + k]));
            pos += len;
        } while (pos < data.size());
        return std::move(w.bytes());
    }
    std::size_t pos = 0;
    do {
        const std::size_t len = std::min(block_size, data.size() - pos);
        const bool last = pos + len == data.size();
        // Each block is parsed on its own (matches stay within the block),
        // which keeps the writer simple; the reader does not care.
        const auto tokens = parse(data.subspan(pos, len));
        w.bits(last ? 1u : 0u, 1);
        if (mode == deflate_mode::fixed) {
            w.bits(1, 2);
            write_tokens(w, tokens, fixed_litlen(), fixed_distance());
        } else {
            std::vector<std::uint32_t> lit_freq, dist_freq;
            count_symbols(tokens, lit_freq, dist_freq);
            code lit, dist;
            lit.lengths = code_lengths(lit_freq, 15);
            // At least two distance codes keep the code complete for every
            // decoder (RFC 1951 permits one; the reader tests that case).
            if (std::count_if(dist_freq.begin(), dist_freq.end(), [](auto f) { return f != 0; }) < 2) {
                if (dist_freq[0] == 0) dist_freq[0] = 1;
                else dist_freq[1] = 1;
            }
            dist.lengths = code_lengths(dist_freq, 15);
            if (std::count_if(lit.lengths.begin(), lit.lengths.end(), [](auto l) { return l != 0; }) == 1) {
                lit.lengths[0] = lit.lengths[0] == 0 ? 1 : lit.lengths[0];
                lit.lengths[256] = 1;
            }
            lit.codes = canonical_codes(lit.lengths);
            dist.codes = canonical_codes(dist.lengths);
            w.bits(2, 2);
            write_dynamic_header(w, lit, dist);
            write_tokens(w, tokens, lit, dist);
        }
        pos += len;
    } while (pos < data.size());
    return std::move(w.bytes());
}

inline std::uint32_t adler32_reference(std::span<const std::byte> data) {
    std::uint32_t a = 1, b = 0;
    for (std::byte x : data) {
        a = (a + std::to_integer<std::uint32_t>(x)) % 65521;
        b = (b + a) % 65521;
    }
    return (b << 16) | a;
}

// A zlib stream (RFC 1950): header 78 DA (what the Creation Kit writes),
// the DEFLATE data, the big-endian Adler-32 of `data`.
inline std::vector<std::byte> zlib_wrap(std::span<const std::byte> data, const std::vector<std::byte>& raw) {
    // Sized once, then filled: growing a 2-byte vector by insert() trips a
    // false -Warray-bounds in g++ 12 at -O3 (a plain Release build).
    std::vector<std::byte> out;
    out.reserve(2 + raw.size() + 4);
    out.push_back(std::byte{0x78});
    out.push_back(std::byte{0xDA});
    out.insert(out.end(), raw.begin(), raw.end());
    const std::uint32_t a = adler32_reference(data);
    for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::byte>((a >> shift) & 0xFF));
    return out;
}

inline std::vector<std::byte> zlib_compress(std::span<const std::byte> data, deflate_mode mode,
                                            std::size_t block_size = 1u << 16) {
    return zlib_wrap(data, deflate(data, mode, block_size));
}

// A zlib stream of `size` (>= 3) zero bytes at the ratio DEFLATE allows at
// best (about 1030:1): one dynamic block of back-references of 258 bytes,
// each two bits long. The shape of a decompression bomb, for the budget tests.
inline std::vector<std::byte> zlib_zeros(std::uint32_t size) {
    using namespace deflate_writer_detail;
    std::vector<token> tokens{{0, 0}, {0, 0}};
    std::uint32_t left = size - 2;
    bool second_distance = true;  // one reference at distance 2 keeps two distance codes
    while (left >= 3) {
        const std::uint16_t length = static_cast<std::uint16_t>(left >= 258 ? 258 : left);
        tokens.push_back({length, static_cast<std::uint16_t>(second_distance ? 2 : 1)});
        second_distance = false;
        left -= length;
    }
    for (; left > 0; --left) tokens.push_back({0, 0});
    std::vector<std::uint32_t> lit_freq, dist_freq;
    count_symbols(tokens, lit_freq, dist_freq);
    code lit, dist;
    lit.lengths = code_lengths(lit_freq, 15);
    dist.lengths = code_lengths(dist_freq, 15);
    lit.codes = canonical_codes(lit.lengths);
    dist.codes = canonical_codes(dist.lengths);
    bit_writer w;
    w.block_header(true, 2);
    write_dynamic_header(w, lit, dist);
    write_tokens(w, tokens, lit, dist);
    std::vector<std::byte> out;
    out.reserve(w.bytes().size() + 6);
    out.push_back(std::byte{0x78});
    out.push_back(std::byte{0xDA});
    for (std::byte b : w.bytes()) out.push_back(b);
    const std::uint32_t adler = ((size % 65521u) << 16) | 1u;  // a stays 1, b grows by 1 per zero
    for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::byte>((adler >> shift) & 0xFF));
    return out;
}

}  // namespace navspan_test
