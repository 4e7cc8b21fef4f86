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
#include "../core/min_max_pop.hpp"
