// Where the navspan command writes: a FILE* (streamed, for dump/svg/obj of
// large files) or a std::string (for `info`, which prints nothing unless the
// whole summary succeeded). And how it writes a named output file: whole or
// not at all (write_file_atomically), never over one of its inputs
// (same_file).
#pragma once

#include <atomic>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>

#ifdef _WIN32
#include <process.h>
#else
#include <sys/stat.h>
#include <unistd.h>
#endif

// std::to_chars for floating point where the library has it: libstdc++ 11
// on, libc++ 14 on (which does not announce it); not emscripten 3.1's
// libc++ 13, nor Apple's libc++, where it depends on the deployment target.
#if (defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L) || \
    (defined(_LIBCPP_VERSION) && _LIBCPP_VERSION >= 14000 && !defined(__APPLE__))
#define NAVSPAN_CLI_FLOAT_TO_CHARS 1
#endif

namespace navspan_cli {

// Writes `v` (finite) as printf's "%.<precision>g" does into `buf` and
// returns its length. std::to_chars with a precision is defined as that
// printf in the "C" locale, and is several times faster than glibc's exact
// printf (most of the time of a large dump: issue 28); where the library
// lacks it for floating point (NAVSPAN_CLI_FLOAT_TO_CHARS, above)
// printf.
inline std::size_t general_number(char* buf, std::size_t size, double v, int precision) {
#ifdef NAVSPAN_CLI_FLOAT_TO_CHARS
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
#ifdef NAVSPAN_CLI_FLOAT_TO_CHARS
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

namespace detail_output {

// A temporary beside `path`, then renamed over it.
// `write(FILE*)` writes the contents and says whether it could.
template <class Write>
bool replace_file(const std::string& path, Write&& write, int& why) {
    static std::atomic<unsigned> counter{0};
#ifdef _WIN32
    const long pid = static_cast<long>(_getpid());
#else
    const long pid = static_cast<long>(getpid());
#endif
    const std::string temp = path + ".navspan-" + std::to_string(pid) + "-" + std::to_string(counter++) + ".tmp";
    std::FILE* f = std::fopen(temp.c_str(), "wb");
    if (f == nullptr) {
        why = errno;
        return false;
    }
    errno = 0;
    const bool written = write(f) && std::fflush(f) == 0 && std::ferror(f) == 0;
    why = errno != 0 ? errno : EIO;
    const bool closed = std::fclose(f) == 0;
    if (written && !closed) why = errno;
    bool renamed = false;
    if (written && closed) {
        // std::filesystem::rename replaces an existing file on every
        // system (std::rename does not on Windows).
        std::error_code ec;
        std::filesystem::rename(temp, path, ec);
        renamed = !ec;
        if (ec) why = ec.value();
    }
    if (!renamed) std::remove(temp.c_str());
    return renamed;
}

}  // namespace detail_output

// Writes `text` to `path` whole or not at all: into a temporary file beside
// it (same folder, so the rename stays on one file system), then renamed
// over `path`. A run that fails part way (a full disk, a write error, the
// process killed) leaves an existing `path` as it was, and no temporary
// behind when it can remove it. Only a regular file (or a new one) is
// replaced: a device or FIFO (/dev/full, /dev/stdout) is written in place,
// and through a symbolic link the file it names is replaced. False with
// `why` (an errno value) when it cannot.
// The contents come from `write(FILE*)`, which says whether it could write
// them (a picture streams into the temporary file instead of being held in
// memory whole: issue 28); the overload below takes the text itself.
template <class Write>
    requires std::is_invocable_r_v<bool, Write&, std::FILE*>
bool write_file_atomically(const std::string& path, Write&& write, int& why) {
    namespace fs = std::filesystem;
    std::error_code status_error;  // a file not there yet is no error here
    const fs::file_status st = fs::status(path, status_error);  // follows symbolic links
    if (fs::exists(st) && !fs::is_regular_file(st)) {
        // A device, a FIFO, a terminal (/dev/stdout, /dev/null, /dev/full):
        // written in place, as such files must be; never replaced.
        std::FILE* f = std::fopen(path.c_str(), "wb");
        if (f == nullptr) {
            why = errno;
            return false;
        }
        errno = 0;
        const bool written = write(f) && std::fflush(f) == 0 && std::ferror(f) == 0;
        why = errno != 0 ? errno : EIO;
        const bool closed = std::fclose(f) == 0;
        if (written && !closed) why = errno;
        return written && closed;
    }
    // A symbolic link: the file it names is replaced, not the link.
    std::string target = path;
    std::error_code link_error;
    if (fs::is_symlink(fs::symlink_status(path, link_error))) {
        std::error_code resolve_error;
        fs::path real;
        if (fs::exists(st)) {
#ifdef _WIN32
            real = fs::canonical(path, resolve_error);
#else
            // realpath, not fs::canonical: libc++'s noexcept overload
            // allocates, and would end the process when memory runs out.
            char* resolved = ::realpath(path.c_str(), nullptr);
            if (resolved == nullptr) {
                why = errno;
                return false;
            }
            const std::unique_ptr<char, decltype(&std::free)> guard(resolved, &std::free);
            real = std::string(resolved);
#endif
        } else {  // a link to a file not there yet: where it points
            real = fs::read_symlink(path, resolve_error);
            if (real.is_relative()) real = fs::path(path).parent_path() / real;
        }
        if (resolve_error) {
            why = resolve_error.value();
            return false;
        }
        target = real.string();
    }
    return detail_output::replace_file(target, write, why);
}

inline bool write_file_atomically(const std::string& path, std::string_view text, int& why) {
    return write_file_atomically(
        path, [&](std::FILE* f) { return std::fwrite(text.data(), 1, text.size(), f) == text.size(); }, why);
}

// Whether two paths name one file: the same file when both exist (hard and
// symbolic links included), else the same path once normalised. On POSIX
// systems stat() answers: libc++'s error_code overloads of equivalent and
// canonical are noexcept yet allocate, so when memory runs out they end the
// process instead of reporting (the allocation-failure test found it).
inline bool same_file(const std::string& a, const std::string& b) {
    namespace fs = std::filesystem;
#ifdef _WIN32
    std::error_code ec;
    if (fs::exists(a, ec) && fs::exists(b, ec)) {
        const bool same = fs::equivalent(a, b, ec);
        if (!ec) return same;
    }
#else
    struct stat sa {}, sb {};
    if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0) {
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    }
#endif
    // One of them is not there (an output not written yet): they are one
    // file only if they are spelled as one.
    return fs::path(a).lexically_normal() == fs::path(b).lexically_normal();
}

}  // namespace navspan_cli
