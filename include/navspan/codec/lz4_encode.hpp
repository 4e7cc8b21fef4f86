// navspan/codec/lz4_encode.hpp - LZ4 block compression (the block format
// codec/lz4.hpp decodes), written on the standard library alone.
//
//   std::vector<std::byte> out(navspan::codec::lz4_compress_bound(in.size()));
//   auto n = navspan::codec::lz4_compress_block(in, out);   // *n bytes written
//
// A greedy matcher with one hash table of 4096 positions (the fast mode of
// the reference compressor, not its byte-exact output): each position's
// first 4 bytes are hashed, the table's previous position with that hash is
// the one candidate, a match is taken when its 4 bytes agree and extended
// forwards and backwards. Positions without a match are skipped faster the
// longer no match was found, so incompressible input costs little. Work is
// O(input) (one candidate per position, each byte of a match compared once)
// and memory the 16 KiB table in the `lz4_encoder` object: nothing is
// allocated, output goes only into the caller's span.
//
// The block format's end rules are kept (the decoder refuses blocks that
// break them): the last 5 bytes are literals and the last match starts at
// least 12 bytes before the end, so inputs under 13 bytes are all literals.
//
// Chained blocks (KV3 stores its binary blobs so): compress(in, history,
// out) compresses in[history..] and lets matches reach back into
// in[0..history) (at most 65535 bytes back); the decoder is given the same
// history (lz4_decompress_block's `history`). An encoder kept between the
// calls of one chain remembers the earlier blocks' positions.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "../core/bytes.hpp"
#include "../core/config.hpp"
#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/result.hpp"

namespace navspan::codec {

// The most bytes lz4_compress_block can write for `n` input bytes (the
// reference LZ4_COMPRESSBOUND: incompressible input grows by one length byte
// per 255 literals, plus the token and a margin).
constexpr std::size_t lz4_compress_bound(std::size_t n) noexcept { return n + n / 255 + 16; }

class lz4_encoder {
public:
    // Compresses in[history..] into `out` as one LZ4 block; matches may
    // refer to in[0..history). Returns the bytes written; fails
    // (limit_exceeded) only when `out` is smaller than needed, which
    // lz4_compress_bound(in.size() - history) never is.
    result<std::size_t> compress(bytes_view in, std::size_t history, std::span<std::byte> out) noexcept {
        if (NAVSPAN_UNLIKELY(history > in.size())) {
            return navspan::detail::fail(error_code::bad_offset, 0, "lz4 history (longer than the input)", history,
                                         in.size());
        }
        // A fresh chain forgets the previous input's positions (a stale
        // entry would still be checked byte by byte: this is for speed).
        if (history == 0) std::memset(table_, 0, sizeof(table_));
        const std::byte* const src = in.data();
        const std::size_t end = in.size();
        state s{out.data(), out.size(), 0};
        std::size_t anchor = history, ip = history;
        if (end - history >= 13) {
            const std::size_t match_start_limit = end - 12;  // a match starts at or before this
            const std::size_t match_end_limit = end - 5;     // and ends at or before this
            std::size_t misses = 0;
            while (ip <= match_start_limit) {
                const std::uint32_t seq = load_u32(src + ip);
                const std::uint32_t h = hash(seq);
                const std::uint32_t stored = table_[h];
                table_[h] = static_cast<std::uint32_t>(ip + 1);
                std::size_t cand = stored == 0 ? ip : stored - 1;
                if (cand >= ip || ip - cand > 65535 || load_u32(src + cand) != seq) {
                    ip += 1 + (misses++ >> 5);
                    continue;
                }
                misses = 0;
                std::size_t start = ip, len = 4;
                while (start + len < match_end_limit && src[start + len] == src[cand + len]) ++len;
                while (start > anchor && cand > 0 && src[start - 1] == src[cand - 1]) {
                    --start;
                    --cand;
                    ++len;
                }
                if (!s.sequence(src + anchor, start - anchor, start - cand, len)) return too_small(out.size());
                ip = start + len;
                anchor = ip;
                // The position two back, so that the next match can start in the run just matched.
                if (ip - 2 <= match_start_limit) {
                    table_[hash(load_u32(src + ip - 2))] = static_cast<std::uint32_t>(ip - 2 + 1);
                }
            }
        }
        if (!s.sequence(src + anchor, end - anchor, 0, 0)) return too_small(out.size());
        return s.pos;
    }

private:
    static constexpr int hash_log = 12;

    static std::uint32_t hash(std::uint32_t seq) noexcept {
        return (seq * 2654435761u) >> (32 - hash_log);  // Knuth's multiplicative hash
    }
    static error too_small(std::size_t room) noexcept {
        return navspan::detail::fail(error_code::limit_exceeded, room,
                                     "lz4 output (smaller than lz4_compress_bound)", room);
    }

    // The output cursor: writes one sequence (literals, then a match unless
    // `length` is 0: the last sequence), refusing to pass the span's end.
    struct state {
        std::byte* out;
        std::size_t room, pos;

        static std::size_t extra(std::size_t v) noexcept { return v >= 15 ? (v - 15) / 255 + 1 : 0; }
        void length_bytes(std::size_t v) noexcept {
            if (v < 15) return;
            v -= 15;
            for (; v >= 255; v -= 255) out[pos++] = std::byte{255};
            out[pos++] = static_cast<std::byte>(v);
        }
        bool sequence(const std::byte* lit, std::size_t lit_len, std::size_t offset, std::size_t length) noexcept {
            const std::size_t ml = length == 0 ? 0 : length - 4;
            const std::size_t need = 1 + extra(lit_len) + lit_len + (length == 0 ? 0 : 2 + extra(ml));
            if (room - pos < need) return false;
            const std::size_t hi = lit_len < 15 ? lit_len : 15, lo = ml < 15 ? ml : 15;
            out[pos++] = static_cast<std::byte>((hi << 4) | lo);
            length_bytes(lit_len);
            if (lit_len != 0) std::memcpy(out + pos, lit, lit_len);
            pos += lit_len;
            if (length == 0) return true;
            store_le<std::uint16_t>(out + pos, static_cast<std::uint16_t>(offset));
            pos += 2;
            length_bytes(ml);
            return true;
        }
    };

    std::uint32_t table_[std::size_t{1} << hash_log] = {};  // position + 1; 0: none
};

// One block from `in` alone (no history), with an encoder on the stack.
inline result<std::size_t> lz4_compress_block(bytes_view in, std::span<std::byte> out) noexcept {
    lz4_encoder e;
    return e.compress(in, 0, out);
}

}  // namespace navspan::codec
#include "../core/min_max_pop.hpp"
