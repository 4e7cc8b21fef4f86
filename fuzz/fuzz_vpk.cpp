// Fuzz target for vpk::package. The input is opened twice:
//   1. whole, as a one-file package (and offered as archive 0 too, so
//      split-set members resolve somewhere);
//   2. sliced as a split set: two little-endian u32 sizes, then the _dir
//      file, archive 0 and archive 1 (sizes taken modulo what is left).
// When a package opens, every member is walked and read both ways; oracles:
// a read that succeeds has the member's size and CRC32, read and read_into
// agree byte for byte, the path written fits its size and compares equal,
// and find() of that path returns a member with that path.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>

#include <navspan/vpk.hpp>
#include "fuzz_target.hpp"

namespace fuzz_vpk {

namespace {
volatile std::uint64_t g_sink;

std::uint32_t take_u32(const std::uint8_t* p) {
    return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
           static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}

std::uint64_t exercise(navspan::bytes_view bytes, std::span<const navspan::bytes_view> archives) {
    namespace vpk = navspan::vpk;
    auto pkg = vpk::package::open(bytes);
    if (!pkg) return pkg.error().message().size();
    static std::array<std::byte, 1 << 16> out;
    std::array<char, 1024> path{};
    std::uint64_t h = pkg->trailing().size() + pkg->data_section().size();
    std::size_t walked = 0;
    for (const vpk::member& m : pkg->members()) {
        ++walked;
        const std::size_t length = m.path().write(path);
        if (length != m.path().size()) __builtin_trap();
        if (length <= path.size()) {
            const std::string_view full(path.data(), length);
            if (!m.path_equals(full)) __builtin_trap();
            if (walked <= 64) {  // find() walks the tree: keep the target linear
                auto found = pkg->find(full);
                if (!found || !found->path_equals(full)) __builtin_trap();
            }
        }
        auto view = pkg->read(m, archives);
        if (view) {
            if (view->size() != m.size() || vpk::crc32(*view) != m.crc32()) __builtin_trap();
        }
        auto copied = pkg->read_into(m, out, archives);
        if (copied) {
            if (*copied != m.size()) __builtin_trap();
            if (view && !view->empty() && std::memcmp(view->data(), out.data(), view->size()) != 0) __builtin_trap();
        }
        h += m.size() + m.archive_index() + m.offset() + m.preload().size();
    }
    if (walked != pkg->member_count()) __builtin_trap();
    return h;
}
}  // namespace

NAVSPAN_FUZZ_TARGET(vpk) {
    const auto all = std::as_bytes(std::span(data, size));
    const std::array<navspan::bytes_view, 1> self = {all};
    std::uint64_t h = exercise(all, self);
    if (size >= 8) {
        std::size_t rest = size - 8;
        const std::size_t dir_size = rest == 0 ? 0 : take_u32(data) % (rest + 1);
        const std::size_t first_size = rest - dir_size == 0 ? 0 : take_u32(data + 4) % (rest - dir_size + 1);
        const auto body = all.subspan(8);
        const std::array<navspan::bytes_view, 2> archives = {body.subspan(dir_size, first_size),
                                                             body.subspan(dir_size + first_size)};
        h += exercise(body.first(dir_size), archives);
    }
    g_sink = h;
    return 0;
}

}  // namespace fuzz_vpk
