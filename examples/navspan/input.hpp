// Where the navspan command reads a FILE from: the file read whole into
// memory, or standard input when FILE is "-". The command never maps a file
// it does not own: another program truncating or rewriting it meanwhile
// gives a clean error or the old bytes, never a signal (docs/safety.md).
#pragma once

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdio>
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

class input {
public:
    navspan::bytes_view bytes() const noexcept {
        return navspan::bytes_view(buffer_.data(), buffer_.size());
    }

    // Opens `path` ("-" is standard input) within `limits` (the command
    // line's --max-file-size); the error says why it cannot.
    navspan::error load(const char* path, const navspan::limits& limits) {
        if (path[0] == '-' && path[1] == '\0') return read_stdin(limits.max_file_size);
        auto read = navspan::read_file(path, limits);
        if (!read) return read.error();
        buffer_ = std::move(read).value();
        return {};
    }

private:
    navspan::error read_stdin(std::uint64_t max_file_size) {
        buffer_.clear();
#if defined(_WIN32)
        _setmode(_fileno(stdin), _O_BINARY);  // no CR/LF translation of the bytes
#endif
        std::byte chunk[65536];
        for (;;) {
            const std::size_t n = std::fread(chunk, 1, sizeof chunk, stdin);
            buffer_.insert(buffer_.end(), chunk, chunk + n);
            if (buffer_.size() > max_file_size) {
                return navspan::make_error(navspan::error_code::limit_exceeded, 0, "standard input (largest file read)",
                                           buffer_.size(), max_file_size);
            }
            if (n < sizeof chunk) break;
        }
        if (std::ferror(stdin)) {
            return navspan::make_error(navspan::error_code::io, 0, "cannot read standard input",
                                         static_cast<std::uint64_t>(errno));
        }
        return {};
    }

    std::vector<std::byte> buffer_;
};

}  // namespace navspan_cli
