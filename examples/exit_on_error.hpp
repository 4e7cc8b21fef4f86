// exit_on_error.hpp - the examples' one way out when a step fails: wrong
// arguments end the program with its usage line (status 2); a failed
// navspan::result with "WHO: MESSAGE" on stderr and the example's exit
// status for that step. (An example shows the API; how it gives up is the
// same in each.)
#pragma once

#include <cstdio>
#include <cstdlib>
#include <utility>

#include <navspan/core/result.hpp>

// Unless `given` (the arguments are as the program wants them): prints
// "usage: PROGRAM ARGUMENTS" and exits with status 2.
inline void exit_unless_usage(bool given, const char* program, const char* arguments) {
    if (given) return;
    std::fprintf(stderr, "usage: %s %s\n", program, arguments);
    std::exit(2);
}

// The value of `r`; when it holds an error, prints "who: message" and
// exits with `status`.
template <class T>
T value_or_exit(navspan::result<T>&& r, const char* who, int status) {
    if (!r) {
        std::fprintf(stderr, "%s: %s\n", who, r.error().message().c_str());
        std::exit(status);
    }
    return std::move(r).value();
}
