// Where the navspan command reads a FILE from: the file read whole into
// memory, or standard input when FILE is "-"; a Valve VPK package is read
// as its navigation member (package.hpp). The command never maps a file it
// does not own: another program truncating or rewriting it meanwhile gives
// a clean error or the old bytes, never a signal (docs/safety.md).
#pragma once

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include <navspan/core/limits.hpp>
#include <navspan/io/read_file.hpp>
#include <navspan/navspan.hpp>

#if defined(_WIN32)
#include <fcntl.h>
#include <io.h>
#endif

namespace navspan_cli {

// Reads standard input into `buffer`, refusing it as soon as it is longer
// than `max_file_size`: never more than that plus one chunk is held, so a
// pipe of endless bytes cannot grow the buffer to the 2 GiB limit's double.
inline navspan::error read_stdin(std::uint64_t max_file_size, std::vector<std::byte>& buffer) {
    buffer.clear();
#if defined(_WIN32)
    _setmode(_fileno(stdin), _O_BINARY);  // no CR/LF translation of the bytes
#endif
    std::byte chunk[65536];
    for (;;) {
        // One byte past the limit is enough to know the input is over it.
        const std::uint64_t room = max_file_size + 1 - std::min<std::uint64_t>(buffer.size(), max_file_size + 1);
        const std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(sizeof chunk, room));
        const std::size_t n = want == 0 ? 0 : std::fread(chunk, 1, want, stdin);
        buffer.insert(buffer.end(), chunk, chunk + n);
        if (buffer.size() > max_file_size) {
            buffer = {};
            return navspan::make_error(navspan::error_code::limit_exceeded, 0, "standard input (largest file read)",
                                       max_file_size + 1, max_file_size);
        }
        if (n < want || want == 0) break;
    }
    if (std::ferror(stdin)) {
        return navspan::make_error(navspan::error_code::io, 0, "cannot read standard input",
                                   static_cast<std::uint64_t>(errno));
    }
    return {};
}

// The bytes of `path` ("-" is standard input), within `limits`.
inline navspan::error read_whole(const char* path, const navspan::limits& limits, std::vector<std::byte>& out) {
    if (path[0] == '-' && path[1] == '\0') return read_stdin(limits.max_file_size, out);
    auto read = navspan::read_file(path, limits);
    if (!read) return read.error();
    out = std::move(read).value();
    return {};
}

}  // namespace navspan_cli
