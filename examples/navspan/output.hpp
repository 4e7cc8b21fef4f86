// Where the navspan command writes: a FILE* (streamed, for dump/svg/obj of
// large files) or a std::string (for `info`, which prints nothing unless the
// whole summary succeeded).
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace navspan_cli {

class output {
public:
    explicit output(std::FILE* file) noexcept : file_(file) {}
    explicit output(std::string& buffer) noexcept : buffer_(&buffer) {}
    // A function that takes each piece (the C ABI's writer callback);
    // returning false stops the output, as a failed file write does.
    using sink_fn = bool (*)(void* user, std::string_view piece);
    output(sink_fn sink, void* user) noexcept : sink_(sink), user_(user) {}

    void write(std::string_view s) {
        if (buffer_ != nullptr) {
            buffer_->append(s);
        } else if (sink_ != nullptr) {
            if (!s.empty() && !failed_) failed_ = !sink_(user_, s);
        } else if (!s.empty() && !failed_) {
            // After a failed write nothing more goes out (a dump of a big
            // file to a full disk stops at once); main() reports it.
            failed_ = std::fwrite(s.data(), 1, s.size(), file_) != s.size();
        }
    }
    void put(char c) { write(std::string_view(&c, 1)); }
    // printf-style formatting. Output longer than the stack buffer is
    // formatted again into a string, so truncation is handled here (and g++'s
    // -Wformat-truncation, which cannot see that, is silenced for it).
#if defined(__GNUC__) && !defined(__clang__)
#  pragma GCC diagnostic push
#  pragma GCC diagnostic ignored "-Wformat-truncation"
#endif
    template <class... Args>
    void printf(const char* fmt, Args... args) {
        char buf[256];
        const int n = std::snprintf(buf, sizeof buf, fmt, args...);
        if (n < 0) return;
        if (static_cast<std::size_t>(n) < sizeof buf) {
            write(std::string_view(buf, static_cast<std::size_t>(n)));
        } else {
            std::string big(static_cast<std::size_t>(n) + 1, '\0');
            std::snprintf(big.data(), big.size(), fmt, args...);
            big.pop_back();
            write(big);
        }
    }
#if defined(__GNUC__) && !defined(__clang__)
#  pragma GCC diagnostic pop
#endif
    bool failed() const noexcept { return failed_ || (file_ != nullptr && std::ferror(file_) != 0); }

private:
    std::FILE* file_ = nullptr;
    std::string* buffer_ = nullptr;
    sink_fn sink_ = nullptr;
    void* user_ = nullptr;
    bool failed_ = false;
};

}  // namespace navspan_cli
