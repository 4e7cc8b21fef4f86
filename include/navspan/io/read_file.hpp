// navspan/io/read_file.hpp - a whole file read into memory the caller owns.
//
// For files navspan does not own (a download, a user's argument, anything
// another program may change while it is read): the bytes are copied once,
// so a file truncated or rewritten meanwhile gives either the old bytes, a
// shorter prefix (which the readers refuse cleanly) or the new bytes, never
// a signal or a view that changes under the reader. mapped_file is the
// zero-copy choice for files that stay still (docs/safety.md).
//
// Only regular files are read: a FIFO, socket, device or directory is
// refused without blocking (the file is opened non-blocking, then checked),
// and a file above limits::max_file_size is refused before any byte is read.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

#include "../core/error.hpp"
#include "../core/limits.hpp"
#include "../core/result.hpp"

#include "system.hpp"

namespace navspan {

namespace detail {

inline error io_error(const char* what, std::uint64_t system_code) noexcept {
    return detail::fail(error_code::io, 0, what, system_code);
}

inline error too_large(std::uint64_t size, const limits& lim) noexcept {
    return detail::fail(error_code::limit_exceeded, 0, "file size (limits::max_file_size)", size, lim.max_file_size);
}

}  // namespace detail

// Reads the regular file at `path` into a new buffer. A missing, unreadable,
// empty or non-regular file is an `io` error; a file larger than
// limits::max_file_size (at open, or grown past it while read) is
// limit_exceeded. A file that shrinks while it is read gives the bytes that
// were there.
inline result<std::vector<std::byte>> read_file(const char* path, const limits& lim = {});

#if defined(_WIN32)

inline result<std::vector<std::byte>> read_file(const char* path, const limits& lim) {
    using detail::io_error;
    HANDLE file = CreateFileA(path, GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr, OPEN_EXISTING,
                              FILE_ATTRIBUTE_NORMAL | FILE_FLAG_BACKUP_SEMANTICS, nullptr);
    if (file == INVALID_HANDLE_VALUE) {
        const DWORD why = GetLastError();
        const bool missing = why == ERROR_FILE_NOT_FOUND || why == ERROR_PATH_NOT_FOUND;
        return io_error(missing ? "no such file" : "cannot open file", why);
    }
    BY_HANDLE_FILE_INFORMATION info{};
    const bool is_disk = GetFileType(file) == FILE_TYPE_DISK;
    if (!is_disk || !GetFileInformationByHandle(file, &info) ||
        (info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) != 0) {
        CloseHandle(file);
        return io_error(is_disk ? "path is a directory" : "not a regular file", 0);
    }
    const std::uint64_t size = (std::uint64_t{info.nFileSizeHigh} << 32) | info.nFileSizeLow;
    if (size == 0) {
        CloseHandle(file);
        return io_error("file is empty", 0);
    }
    if (size > lim.max_file_size || size > SIZE_MAX) {
        CloseHandle(file);
        return detail::too_large(size, lim);
    }
    std::vector<std::byte> bytes(static_cast<std::size_t>(size));
    std::size_t got = 0;
    while (got < bytes.size()) {
        const std::size_t want = bytes.size() - got;
        DWORD n = 0;
        if (!ReadFile(file, bytes.data() + got, want > 0x40000000u ? 0x40000000u : static_cast<DWORD>(want), &n,
                      nullptr)) {
            const DWORD code = GetLastError();
            CloseHandle(file);
            return io_error("cannot read file", code);
        }
        if (n == 0) break;  // shrank while read
        got += n;
    }
    CloseHandle(file);
    bytes.resize(got);
    if (got == 0) return io_error("file is empty", 0);
    return bytes;
}

#else

inline result<std::vector<std::byte>> read_file(const char* path, const limits& lim) {
    using detail::io_error;
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a
    // writer. Regular files ignore the flag.
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        return io_error(errno == ENOENT ? "no such file" : "cannot open file", static_cast<std::uint64_t>(errno));
    }
    struct fd_closer {
        int fd;
        ~fd_closer() { ::close(fd); }
    } closer{fd};
    detail::file_status st{};
    if (detail::status_of(fd, st) != 0) return io_error("cannot read file size", static_cast<std::uint64_t>(errno));
    if (S_ISDIR(st.st_mode)) return io_error("path is a directory", 0);
    if (!S_ISREG(st.st_mode)) return io_error("not a regular file", 0);
    if (st.st_size <= 0) return io_error("file is empty", 0);
    const auto size = static_cast<std::uint64_t>(st.st_size);
    // (size_t may be 32 bits: the buffer below holds size + 1 bytes.)
    if (size > lim.max_file_size || size >= SIZE_MAX) return detail::too_large(size, lim);

    // Reads to the end (a file that grew is read as it is now, up to the
    // limit); one byte of room past the size seen tells whether it grew.
    std::vector<std::byte> bytes(static_cast<std::size_t>(size) + 1);
    std::size_t got = 0;
    for (;;) {
        if (got == bytes.size()) {
            if (got > lim.max_file_size) return detail::too_large(got, lim);
            const std::uint64_t cap = lim.max_file_size < SIZE_MAX - 1 ? lim.max_file_size + 1 : SIZE_MAX;
            const std::uint64_t grown = got > cap / 2 ? cap : std::uint64_t{got} * 2;
            bytes.resize(static_cast<std::size_t>(grown));
        }
        const ssize_t n = ::read(fd, bytes.data() + got, bytes.size() - got);
        if (n < 0) {
            if (errno == EINTR) continue;
            return io_error("cannot read file", static_cast<std::uint64_t>(errno));
        }
        if (n == 0) break;
        got += static_cast<std::size_t>(n);
    }
    if (got > lim.max_file_size) return detail::too_large(got, lim);
    if (got == 0) return io_error("file is empty", 0);
    bytes.resize(got);
    return bytes;
}

#endif

}  // namespace navspan
#include "../core/min_max_pop.hpp"
