// navspan/io/system.hpp - the operating-system headers of navspan/io/.
//
// Only the io/ headers (mapped_file, read_file) include the system's
// headers; the format readers stay pure C++.
#pragma once
#include "../core/min_max_push.hpp"

#if defined(_WIN32)
#  ifndef WIN32_LEAN_AND_MEAN
#    define WIN32_LEAN_AND_MEAN
#  endif
#  ifndef NOMINMAX
#    define NOMINMAX
#  endif
#  include <windows.h>
#else
#  include <cerrno>
#  include <fcntl.h>
#  include <sys/mman.h>
#  include <sys/stat.h>
#  include <unistd.h>
#endif

#if !defined(_WIN32)
namespace navspan::detail {

// A file's status. A 32-bit build without _FILE_OFFSET_BITS=64 (a header
// cannot choose it for its includer) gets glibc's 32-bit struct stat, and
// fstat then fails with EOVERFLOW on a file whose inode number passes 32
// bits (XFS, btrfs): a 32-bit server plugin could not read its map. glibc's
// stat64 holds every file; elsewhere struct stat already does.
#  if defined(__GLIBC__) && defined(__USE_LARGEFILE64) && !defined(__USE_FILE_OFFSET64) && !defined(__LP64__)
using file_status = struct stat64;
inline int status_of(int fd, file_status& st) noexcept { return ::fstat64(fd, &st); }
#  else
using file_status = struct stat;
inline int status_of(int fd, file_status& st) noexcept { return ::fstat(fd, &st); }
#  endif

}  // namespace navspan::detail
#endif
#include "../core/min_max_pop.hpp"
