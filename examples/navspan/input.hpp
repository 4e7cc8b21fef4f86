// Where the navspan command reads a FILE from: a mapped file, or standard
// input when FILE is "-" (read whole into memory: a pipe cannot be mapped).
#pragma once

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <utility>
#include <vector>

#include <navspan/navspan.hpp>

#if defined(_WIN32)
#include <fcntl.h>
#include <io.h>
#endif

namespace navspan_cli {

class input {
public:
    navspan::bytes_view bytes() const noexcept {
        return from_stdin_ ? navspan::bytes_view(buffer_.data(), buffer_.size()) : mapped_.bytes();
    }

    // Opens `path` ("-" is standard input); the error says why it cannot.
    navspan::error load(const char* path) {
        if (path[0] == '-' && path[1] == '\0') return read_stdin();
        auto mapped = navspan::mapped_file::open(path);
        if (!mapped) return mapped.error();
        mapped_ = std::move(mapped).value();
        return {};
    }

private:
    navspan::error read_stdin() {
        from_stdin_ = true;
        buffer_.clear();
#if defined(_WIN32)
        _setmode(_fileno(stdin), _O_BINARY);  // no CR/LF translation of the bytes
#endif
        std::byte chunk[65536];
        for (;;) {
            const std::size_t n = std::fread(chunk, 1, sizeof chunk, stdin);
            buffer_.insert(buffer_.end(), chunk, chunk + n);
            if (n < sizeof chunk) break;
        }
        if (std::ferror(stdin)) {
            return navspan::detail::fail(navspan::error_code::io, 0, "cannot read standard input",
                                         static_cast<std::uint64_t>(errno));
        }
        return {};
    }

    navspan::mapped_file mapped_;
    std::vector<std::byte> buffer_;
    bool from_stdin_ = false;
};

}  // namespace navspan_cli
