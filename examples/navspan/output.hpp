// How the navspan command writes a named output file: whole or not at all
// (write_file_atomically), never over one of its inputs (same_file). The
// writing itself (class output) is the library's: navspan/tools/output.hpp.
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

#include <navspan/tools/output.hpp>

namespace navspan_cli {

namespace detail_output {

// Opens `path` for writing, fills it with `write(FILE*)` and closes it:
// true when all of that worked, else false with `why` (an errno value).
template <class Write>
bool write_and_close(const std::string& path, Write& write, int& why) {
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
    bool renamed = false;
    if (write_and_close(temp, write, why)) {
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
        return detail_output::write_and_close(path, write, why);
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
