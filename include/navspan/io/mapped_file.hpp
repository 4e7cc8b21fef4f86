// navspan/io/mapped_file.hpp - a whole file mapped read-only into memory.
//
// The one navspan header that includes operating-system headers, kept apart
// so the format readers stay pure. mapped_file owns the mapping (move-only)
// and hands out the bytes as a span for the readers' open() functions; views
// taken from those bytes must not outlive it.
//
// The contract: the file's bytes must not change while the mapping or any
// view of it exists. open() verifies the bytes once and the accessors trust
// that verification, so a file another program truncates or rewrites in
// place breaks the promise, and the operating system gives no snapshot
// (MAP_PRIVATE copies a page only when this process writes it): touching a
// page past a truncated end raises SIGBUS (on Windows, an in-page
// exception), and rewritten bytes make the accessors read what open() never
// checked (out-of-bounds reads). Map only files nothing else writes, such as
// the game's own installed files; read any other file (a download, a
// user's argument) with read_file() (io/read_file.hpp), which copies it.
// docs/safety.md has the whole story.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <utility>

#include "../core/error.hpp"
#include "../core/result.hpp"

#include "system.hpp"

namespace navspan {

class mapped_file {
public:
    mapped_file() noexcept = default;
    mapped_file(const mapped_file&) = delete;
    mapped_file& operator=(const mapped_file&) = delete;
    mapped_file(mapped_file&& other) noexcept
        : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
    mapped_file& operator=(mapped_file&& other) noexcept {
        if (this != &other) {
            unmap();
            data_ = std::exchange(other.data_, nullptr);
            size_ = std::exchange(other.size_, 0);
        }
        return *this;
    }
    ~mapped_file() { unmap(); }

    // Maps `path` read-only. A missing, unreadable or empty file, or a
    // directory, is an `io` error (the only code it returns) whose record
    // names the problem and whose value is the system error number.
    static result<mapped_file> open(const char* path) noexcept;
    // The same for a std::filesystem::path (wide names on Windows).
    static result<mapped_file> open(const std::filesystem::path& path) noexcept;

    std::span<const std::byte> bytes() const noexcept { return {data_, size_}; }
    const std::byte* data() const noexcept { return data_; }
    std::size_t size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }

private:
#if defined(_WIN32)
    static result<mapped_file> map_handle(HANDLE file) noexcept;
#endif
    static error io_error(const char* what, std::uint64_t system_code) noexcept {
        return make_error(error_code::io, 0, what, system_code);
    }

    void unmap() noexcept {
        if (data_ == nullptr) return;
#if defined(_WIN32)
        UnmapViewOfFile(data_);
#else
        munmap(const_cast<std::byte*>(data_), size_);
#endif
        data_ = nullptr;
        size_ = 0;
    }

    const std::byte* data_ = nullptr;
    std::size_t size_ = 0;
};

#if defined(_WIN32)

inline result<mapped_file> mapped_file::open(const char* path) noexcept {
    const DWORD attributes = GetFileAttributesA(path);
    if (attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_DIRECTORY) != 0) {
        return io_error("path is a directory", 0);
    }
    return map_handle(CreateFileA(path, GENERIC_READ, FILE_SHARE_READ, nullptr, OPEN_EXISTING,
                                  FILE_ATTRIBUTE_NORMAL, nullptr));
}

inline result<mapped_file> mapped_file::open(const std::filesystem::path& path) noexcept {
    const DWORD attributes = GetFileAttributesW(path.c_str());
    if (attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_DIRECTORY) != 0) {
        return io_error("path is a directory", 0);
    }
    return map_handle(CreateFileW(path.c_str(), GENERIC_READ, FILE_SHARE_READ, nullptr, OPEN_EXISTING,
                                  FILE_ATTRIBUTE_NORMAL, nullptr));
}

inline result<mapped_file> mapped_file::map_handle(HANDLE file) noexcept {
    if (file == INVALID_HANDLE_VALUE) {
        const DWORD why = GetLastError();
        const bool missing = why == ERROR_FILE_NOT_FOUND || why == ERROR_PATH_NOT_FOUND;
        return io_error(missing ? "no such file" : "cannot open file", why);
    }
    LARGE_INTEGER size{};
    if (!GetFileSizeEx(file, &size)) {
        const DWORD code = GetLastError();
        CloseHandle(file);
        return io_error("cannot read file size", code);
    }
    if (size.QuadPart == 0) {
        CloseHandle(file);
        return io_error("file is empty", 0);
    }
    if (static_cast<unsigned long long>(size.QuadPart) > SIZE_MAX) {
        CloseHandle(file);
        return io_error("file too large to map", 0);
    }
    HANDLE mapping = CreateFileMappingA(file, nullptr, PAGE_READONLY, 0, 0, nullptr);
    CloseHandle(file);  // the mapping keeps the file open
    if (mapping == nullptr) return io_error("cannot map file", GetLastError());
    void* view = MapViewOfFile(mapping, FILE_MAP_READ, 0, 0, 0);
    const DWORD code = GetLastError();
    CloseHandle(mapping);  // the view keeps the mapping alive
    if (view == nullptr) return io_error("cannot map file", code);
    mapped_file f;
    f.data_ = static_cast<const std::byte*>(view);
    f.size_ = static_cast<std::size_t>(size.QuadPart);
    return f;
}

#else

inline result<mapped_file> mapped_file::open(const char* path) noexcept {
    // O_NONBLOCK: a FIFO is refused below instead of waiting for a writer.
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        return io_error(errno == ENOENT ? "no such file" : "cannot open file", static_cast<std::uint64_t>(errno));
    }
    detail::file_status st{};
    if (detail::status_of(fd, st) != 0) {
        const int code = errno;
        ::close(fd);
        return io_error("cannot read file size", static_cast<std::uint64_t>(code));
    }
    if (S_ISDIR(st.st_mode)) {
        ::close(fd);
        return io_error("path is a directory", 0);
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd);
        return io_error("not a regular file", 0);
    }
    if (st.st_size == 0) {
        ::close(fd);
        return io_error("file is empty", 0);
    }
    if (static_cast<unsigned long long>(st.st_size) > SIZE_MAX) {
        ::close(fd);
        return io_error("file too large to map", 0);
    }
    const auto size = static_cast<std::size_t>(st.st_size);
    void* p = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    const int code = errno;
    ::close(fd);  // the mapping keeps the file open
    if (p == MAP_FAILED) return io_error("cannot map file", static_cast<std::uint64_t>(code));
    mapped_file f;
    f.data_ = static_cast<const std::byte*>(p);
    f.size_ = size;
    return f;
}

inline result<mapped_file> mapped_file::open(const std::filesystem::path& path) noexcept {
    return open(path.c_str());
}

#endif

}  // namespace navspan
#include "../core/min_max_pop.hpp"
