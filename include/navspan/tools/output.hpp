// Where the tools write: a FILE* (streamed, for dump/svg/obj of large
// files), a std::string (for `info`, which prints nothing unless the whole
// summary succeeded) or a function taking each piece (the C ABI's writer
// callback); and how numbers are written (printf's forms, faster).
#pragma once

#include "../core/min_max_push.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <cfloat>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>


// std::to_chars for floating point where the library has it: libstdc++ 11
// on, libc++ 14 on (which does not announce it); not emscripten 3.1's
// libc++ 13, nor Apple's libc++, where it depends on the deployment target.
#if (defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L) || \
    (defined(_LIBCPP_VERSION) && _LIBCPP_VERSION >= 14000 && !defined(__APPLE__))
#define NAVSPAN_TOOLS_FLOAT_TO_CHARS 1
#endif

namespace navspan::tools {

// `v` as the 32-bit float it is. Where floats are evaluated in a wider
// format (x87: g++ -m32, FLT_EVAL_METHOD 2), a float computed inline, such
// as a byte / 255, keeps its 80-bit digits until it is stored, and would
// print digits the float does not have (dumps would differ by platform).
// A store through memory rounds it; elsewhere this is the identity.
inline float stored_float(float v) noexcept {
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD > 0
    volatile float stored = v;
    return stored;
#else
    return v;
#endif
}

// Writes `v` (finite) as printf's "%.<precision>g" does into `buf` and
// returns its length. std::to_chars with a precision is defined as that
// printf in the "C" locale, and is several times faster than glibc's exact
// printf (most of the time of a large dump: issue 28); where the library
// lacks it for floating point (NAVSPAN_TOOLS_FLOAT_TO_CHARS, above)
// printf.
inline std::size_t general_number(char* buf, std::size_t size, double v, int precision) {
#ifdef NAVSPAN_TOOLS_FLOAT_TO_CHARS
    const auto r = std::to_chars(buf, buf + size, v, std::chars_format::general, precision);
    return r.ec == std::errc() ? static_cast<std::size_t>(r.ptr - buf) : 0;
#else
    const int n = std::snprintf(buf, size, "%.*g", precision, v);
    return n > 0 && static_cast<std::size_t>(n) < size ? static_cast<std::size_t>(n) : 0;
#endif
}

// A number as printf's "%.<decimals>f" writes it, for output::print.
struct fixed {
    double value;
    int decimals;
};

class output {
public:
    // Pieces for a file gather in a buffer of the output's own and go to
    // the FILE* in large blocks: one stdio call per piece (a number, a
    // comma) was half the time of a large dump (issue 28: 14 MB of Source
    // file in over a second). The buffer is written out by flush(),
    // failed() and the destructor; nothing else may write to the same
    // FILE* while the output is alive.
    explicit output(std::FILE* file) : file_(file), pending_(new char[buffer_size]) {}
    explicit output(std::string& buffer) noexcept : buffer_(&buffer) {}
    // A function that takes each piece (the C ABI's writer callback);
    // returning false stops the output, as a failed file write does.
    using sink_fn = bool (*)(void* user, std::string_view piece);
    output(sink_fn sink, void* user) noexcept : sink_(sink), user_(user) {}
    output(const output&) = delete;
    output& operator=(const output&) = delete;
    ~output() { flush(); }

    void write(std::string_view s) {
        if (buffer_ != nullptr) {
            buffer_->append(s);
        } else if (sink_ != nullptr) {
            if (!s.empty() && !failed_) failed_ = !sink_(user_, s);
        } else if (!failed_) {
            // After a failed write nothing more goes out (a dump of a big
            // file to a full disk stops at once); main() reports it.
            if (s.size() > buffer_size - used_) {
                flush();
                if (s.size() >= buffer_size) {
                    write_to_file(s);
                    return;
                }
            }
            std::memcpy(pending_.get() + used_, s.data(), s.size());
            used_ += s.size();
        }
    }
    void put(char c) {
        if (file_ != nullptr && used_ < buffer_size && !failed_) {
            pending_[used_++] = c;
            return;
        }
        write(std::string_view(&c, 1));
    }
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
    // Pieces in turn: text, and numbers as `fixed` (what printf's %.Nf
    // writes, through std::to_chars where the library has it: printf of
    // floating point was most of the time of a picture, issue 28).
    template <class... Pieces>
    void print(const Pieces&... pieces) {
        (piece(pieces), ...);
    }
    // Hands what is buffered to the FILE* (whose own buffer the caller
    // flushes, as before).
    void flush() {
        if (used_ == 0) return;
        const std::string_view s(pending_.get(), used_);
        used_ = 0;
        if (!failed_) write_to_file(s);
    }
    bool failed() {
        flush();
        return failed_ || (file_ != nullptr && std::ferror(file_) != 0);
    }

private:
    static constexpr std::size_t buffer_size = 64 * 1024;

    void piece(std::string_view s) { write(s); }
    void piece(const char* s) { write(std::string_view(s)); }
    void piece(fixed f) {
#ifdef NAVSPAN_TOOLS_FLOAT_TO_CHARS
        // std::to_chars with a precision is defined as that printf; the
        // printf below for what does not fit and for NaN (printf's "-nan").
        if (std::isfinite(f.value)) {
            char buf[64];
            const auto r = std::to_chars(buf, buf + sizeof buf, f.value, std::chars_format::fixed, f.decimals);
            if (r.ec == std::errc()) {
                write(std::string_view(buf, static_cast<std::size_t>(r.ptr - buf)));
                return;
            }
        }
#endif
        printf("%.*f", f.decimals, f.value);
    }

    void write_to_file(std::string_view s) {
        // glibc's fwrite takes the stream's lock for every call; the
        // command writes each stream from one thread.
#if defined(__GLIBC__) && defined(__USE_MISC)  // declared outside strict ISO modes
        failed_ = fwrite_unlocked(s.data(), 1, s.size(), file_) != s.size();
#else
        failed_ = std::fwrite(s.data(), 1, s.size(), file_) != s.size();
#endif
    }

    std::FILE* file_ = nullptr;
    std::string* buffer_ = nullptr;
    sink_fn sink_ = nullptr;
    void* user_ = nullptr;
    std::unique_ptr<char[]> pending_;  // file_'s buffer
    std::size_t used_ = 0;
    bool failed_ = false;
};

}  // namespace navspan::tools

#include "../core/min_max_pop.hpp"
