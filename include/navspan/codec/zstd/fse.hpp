// navspan/codec/zstd/fse.hpp - FSE (finite state entropy) tables, RFC 8878
// §4.1.1: reading a table description and building its decoding table.
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
#include "decoder.hpp"
#include "tables.hpp"

namespace navspan::codec {

// Builds the decoding table of normalized counts norm[0..=max_symbol]
// with accuracy log `log` into `table`; `kind` 0/1/2 = literal lengths,
// match lengths, offsets (resolves symbols to baselines), 3 = raw symbols.
inline bool zstd_decoder::build_fse(entry* table, const std::int16_t* norm, unsigned max_symbol, unsigned log,
                      int kind) noexcept {
    const std::uint32_t size = std::uint32_t{1} << log;
    std::uint32_t high = size - 1;
    std::uint16_t next[256];
    std::uint8_t symbols[512];
    for (unsigned s = 0; s <= max_symbol; ++s) {
        if (norm[s] == -1) {
            symbols[high--] = static_cast<std::uint8_t>(s);
            next[s] = 1;
        } else {
            next[s] = static_cast<std::uint16_t>(norm[s] < 0 ? 0 : norm[s]);
        }
    }
    const std::uint32_t step = (size >> 1) + (size >> 3) + 3;
    const std::uint32_t mask = size - 1;
    std::uint32_t pos = 0;
    for (unsigned s = 0; s <= max_symbol; ++s) {
        for (int i = 0; i < norm[s]; ++i) {
            symbols[pos] = static_cast<std::uint8_t>(s);
            do {
                pos = (pos + step) & mask;
            } while (pos > high);
        }
    }
    if (pos != 0) return false;
    for (std::uint32_t u = 0; u < size; ++u) {
        const unsigned s = symbols[u];
        const std::uint32_t n = next[s]++;
        const unsigned nbits = log - detail::highest_bit(n);
        entry& e = table[u];
        e.nbits = static_cast<std::uint8_t>(nbits);
        e.next = static_cast<std::uint16_t>((n << nbits) - size);
        switch (kind) {
            case 0: e.base = detail::ll_base[s]; e.extra = detail::ll_bits[s]; break;
            case 1: e.base = detail::ml_base[s]; e.extra = detail::ml_bits[s]; break;
            case 2: e.base = std::uint32_t{1} << s; e.extra = static_cast<std::uint8_t>(s); break;
            default: e.base = s; e.extra = 0; break;
        }
    }
    return true;
}

// Reads an FSE table description (§4.1.1) from [ip, end) into
// norm/max_symbol/log; advances ip past it.
inline error zstd_decoder::read_fse_description(const std::byte*& ip, const std::byte* end, unsigned max_log, unsigned max_symbol,
                           std::int16_t* norm, unsigned& symbols_out, unsigned& log_out,
                           const char* what) const noexcept {
    const std::byte* const start = ip;
    const std::size_t avail = static_cast<std::size_t>(end - ip);
    std::uint64_t bitpos = 0;  // bits read from start
    auto bits = [&](unsigned n) -> std::uint32_t {  // peek n (<= 16) bits; zeros past the end
        std::uint32_t v = 0;
        for (unsigned i = 0; i < n; ++i) {
            const std::uint64_t b = bitpos + i;
            if ((b >> 3) < avail) v |= ((std::to_integer<std::uint32_t>(start[b >> 3]) >> (b & 7)) & 1u) << i;
        }
        return v;
    };
    if (NAVSPAN_UNLIKELY(avail < 1)) return truncated(ip, what, 1, 0);
    const unsigned log = (bits(4)) + 5;
    bitpos = 4;
    if (NAVSPAN_UNLIKELY(log > max_log)) return corrupt(ip, what, log);
    int remaining = (1 << log) + 1;
    int threshold = 1 << log;
    unsigned nbits = log + 1;
    unsigned symbol = 0;
    bool previous_zero = false;
    while (remaining > 1 && symbol <= max_symbol) {
        if (previous_zero) {
            unsigned repeat = symbol;
            for (;;) {
                const unsigned r = bits(2);
                bitpos += 2;
                repeat += r;
                if (r != 3) break;
                if (NAVSPAN_UNLIKELY((bitpos >> 3) > avail)) return truncated(ip, what, (bitpos + 7) / 8, avail);
            }
            if (NAVSPAN_UNLIKELY(repeat > max_symbol)) return corrupt(ip, what, repeat);
            while (symbol < repeat) norm[symbol++] = 0;
            if (symbol > max_symbol) break;
        }
        const int max = (2 * threshold - 1) - remaining;
        int count;
        const std::uint32_t low = bits(nbits - 1);
        if (static_cast<int>(low) < max) {
            count = static_cast<int>(low);
            bitpos += nbits - 1;
        } else {
            count = static_cast<int>(bits(nbits));
            if (count >= threshold) count -= max;
            bitpos += nbits;
        }
        --count;
        remaining -= count < 0 ? -count : count;
        norm[symbol++] = static_cast<std::int16_t>(count);
        previous_zero = count == 0;
        while (remaining < threshold) {
            --nbits;
            threshold >>= 1;
        }
        if (NAVSPAN_UNLIKELY((bitpos + 7) / 8 > avail)) return truncated(ip, what, (bitpos + 7) / 8, avail);
    }
    if (NAVSPAN_UNLIKELY(remaining != 1)) return corrupt(ip, what, static_cast<std::uint64_t>(remaining));
    if (NAVSPAN_UNLIKELY(symbol == 0)) return corrupt(ip, what, 0);
    for (unsigned s = symbol; s <= max_symbol; ++s) norm[s] = 0;
    symbols_out = symbol;
    log_out = log;
    ip += (bitpos + 7) / 8;
    return {};
}

}  // namespace navspan::codec
#include "../../core/min_max_pop.hpp"
