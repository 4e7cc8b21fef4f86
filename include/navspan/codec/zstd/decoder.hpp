// navspan/codec/zstd/decoder.hpp - the zstd decoder object: its state and
// tables, and the declarations of its stages. Each stage is defined in the
// header of its part of RFC 8878 (frame.hpp, fse.hpp, literals.hpp,
// sequences.hpp), included at the end, so this header alone gives a
// decoder that links.
#pragma once
#include "../../core/min_max_push.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "../../core/config.hpp"
#include "../../core/endian.hpp"
#include "../../core/error.hpp"
#include "../../core/reader.hpp"
#include "../../core/result.hpp"
#include "../common.hpp"
#include "bits.hpp"
#include "frame_header.hpp"
#include "tables.hpp"
#include "xxh64.hpp"

namespace navspan::codec {

// Decodes zstd frames (see the top of this file). One object holds the
// decoding tables; it may be reused for any number of calls.
class zstd_decoder {
public:
    zstd_decoder() noexcept {
        build_fse(ll_predefined_.data(), detail::ll_default, 35, 6, 0);
        build_fse(ml_predefined_.data(), detail::ml_default, 52, 6, 1);
        build_fse(of_predefined_.data(), detail::of_default, 28, 5, 2);
    }
    zstd_decoder(const zstd_decoder&) = delete;
    zstd_decoder& operator=(const zstd_decoder&) = delete;

    // Decodes every frame of `in` into `out`; returns the bytes written.
    result<std::size_t> decompress(bytes_view in, std::span<std::byte> out, const decode_options& options = {}) noexcept {
        options_ = &options;
        in_begin_ = in.data();
        const detail::output_cap cap = detail::make_output_cap(out.size(), options.limits, in.size());
        cap_ = &cap;
        out_begin_ = out.data();
        out_end_ = out.data() + cap.bytes;
        op_ = out_begin_;
        const std::byte* ip = in.data();
        const std::byte* const iend = in.data() + in.size();
        while (ip < iend) NAVSPAN_TRY(frame(ip, iend));
        return static_cast<std::size_t>(op_ - out_begin_);
    }

private:
    using entry = detail::fse_entry;

    std::uint64_t at(const std::byte* p) const noexcept {
        return options_->base_offset + static_cast<std::uint64_t>(p - in_begin_);
    }
    error truncated(const std::byte* p, const char* what, std::uint64_t needed, std::uint64_t left) const noexcept {
        return navspan::detail::fail(error_code::truncated, at(p), what, needed, left);
    }
    error corrupt(const std::byte* p, const char* what, std::uint64_t value = 0) const noexcept {
        return navspan::detail::fail(error_code::inconsistent, at(p), what, value);
    }
    error overflow(const std::byte* p, std::uint64_t more) const noexcept {
        return detail::output_overflow(*cap_, at(p), static_cast<std::uint64_t>(op_ - out_begin_) + more,
                                       "zstd output (the frames decode to more bytes than the output span)");
    }

    // The frame and its blocks (frame.hpp).
    error frame(const std::byte*& ip, const std::byte* iend) noexcept;
    error blocks(const std::byte*& ip, const std::byte* iend) noexcept;
    error frame_end(const std::byte*& ip, const std::byte* iend, const std::byte* start,
                    const zstd_frame_header_info& h) noexcept;

    // FSE tables, §4.1.1 (fse.hpp).
    static bool build_fse(entry* table, const std::int16_t* norm, unsigned max_symbol, unsigned log,
                          int kind) noexcept;
    error read_fse_description(const std::byte*& ip, const std::byte* end, unsigned max_log, unsigned max_symbol,
                               std::int16_t* norm, unsigned& symbols_out, unsigned& log_out,
                               const char* what) const noexcept;

    // Literals, §3.1.1.3.1 (literals.hpp).
    error read_huffman_tree(const std::byte*& ip, const std::byte* end) noexcept;
    // One Huffman symbol from `br` (refilled by the caller) into *dst.
    NAVSPAN_ALWAYS_INLINE static void huffman_symbol(detail::backward_bits& br, const std::uint16_t* table,
                                                     unsigned log, std::byte* dst) noexcept {
        const std::uint16_t e = table[br.peek(log)];
        br.skip(e & 0xFFu);
        *dst = static_cast<std::byte>(e >> 8);
    }

    error huffman_finish(detail::backward_bits& br, const std::byte* begin, std::byte* dst,
                         std::byte* const dst_end) const noexcept;
    error huffman_stream(const std::byte* begin, std::size_t size, std::byte* dst, std::byte* dst_end) const noexcept;
    error huffman_four_streams(const std::byte* p, const std::size_t (&s)[4], std::byte* dst, std::size_t segment,
                               std::size_t regen) const noexcept;
    error literals(const std::byte*& ip, const std::byte* end) noexcept;
    error literal_space(std::size_t size, const std::byte* where, std::byte*& dst) noexcept;

    // Sequences, §3.1.1.3.2 (sequences.hpp).
    error sequence_table(const std::byte*& ip, const std::byte* end, unsigned mode, int kind,
                         const entry*& current, entry* own, unsigned& own_log, const entry* predefined,
                         unsigned max_symbol, unsigned max_log, const char* what) noexcept;
    error compressed_block(const std::byte* ip, const std::byte* end) noexcept;
    error run_sequences(const std::byte* ip, const std::byte* end, std::size_t count, std::byte* block_start) noexcept;
    error sequence_exact(std::byte*& op, const std::byte*& lit, const std::byte* lit_end, std::size_t ll, std::size_t ml,
                         std::size_t offset, std::size_t room, const std::byte* end) noexcept;
    NAVSPAN_ALWAYS_INLINE static std::size_t resolve_offset(std::size_t offset_value, std::size_t ll, std::size_t& r0,
                                                            std::size_t& r1, std::size_t& r2) noexcept;
    error copy_last_literals(std::byte* block_start, const std::byte* where) noexcept;
    // The accuracy log of the table a sequence code uses (its first state
    // is read with that many bits).
    unsigned log_of(const entry* table) const noexcept {
        if (table == ll_predefined_.data() || table == ml_predefined_.data()) return 6;
        if (table == of_predefined_.data()) return 5;
        if (table == ll_own_.data()) return ll_own_log_;
        if (table == ml_own_.data()) return ml_own_log_;
        return of_own_log_;
    }

    const decode_options* options_ = nullptr;
    const detail::output_cap* cap_ = nullptr;
    const std::byte* in_begin_ = nullptr;
    std::byte* out_begin_ = nullptr;
    std::byte* out_end_ = nullptr;
    std::byte* op_ = nullptr;
    std::byte* frame_start_ = nullptr;
    std::size_t block_max_ = detail::zstd_block_max;
    const std::byte* lit_ = nullptr;
    const std::byte* lit_end_ = nullptr;
    bool literals_in_output_ = false;
    std::size_t rep_[3] = {1, 4, 8};
    bool have_huffman_ = false;
    unsigned huffman_log_ = 0;
    const entry* ll_table_ = nullptr;
    const entry* ml_table_ = nullptr;
    const entry* of_table_ = nullptr;
    unsigned ll_own_log_ = 0, ml_own_log_ = 0, of_own_log_ = 0;
    std::array<std::uint16_t, 4096> huffman_{};  // (symbol << 8) | code length, by the next 12 bits
    std::array<entry, 512> ll_own_{};
    std::array<entry, 512> ml_own_{};
    std::array<entry, 256> of_own_{};
    std::array<entry, 64> ll_predefined_{};
    std::array<entry, 64> ml_predefined_{};
    std::array<entry, 32> of_predefined_{};
};

}  // namespace navspan::codec

// The stages.
#include "frame.hpp"
#include "fse.hpp"
#include "literals.hpp"
#include "sequences.hpp"
#include "../../core/min_max_pop.hpp"
