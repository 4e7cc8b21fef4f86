// navspan/core/error.hpp - what went wrong, where, and while reading what.
//
// Nothing in navspan throws. A failed open returns an `error`: a code, the
// byte offset where the problem was found, the record being read (and the
// record that contains it, with its index), plus two numbers whose meaning
// depends on the code (bytes needed and left, a count and its limit, an index
// and its range). All of it is plain data: copying an error never allocates,
// and only message() builds a string.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>

#include "config.hpp"

namespace navspan {

enum class error_code : std::uint8_t {
    none = 0,
    truncated,            // a record or field runs past the end of its bytes
    bad_magic,            // the file does not start with the format's signature
    unsupported_version,  // a version the format reader cannot lay out
    count_too_large,      // a count claims more records than the bytes can hold
    bad_offset,           // an offset points outside the file or its section
    index_out_of_range,   // a cross-reference names a record that does not exist
    inconsistent,         // two fields disagree, or a value is impossible
    limit_exceeded,       // a caller-set limit (options) was reached
    io,                   // the operating system could not provide the bytes
};

// A short phrase for a code, as used in messages ("truncated", "bad magic").
constexpr std::string_view to_string(error_code code) noexcept {
    switch (code) {
        case error_code::none: return "no error";
        case error_code::truncated: return "truncated";
        case error_code::bad_magic: return "bad magic";
        case error_code::unsupported_version: return "unsupported version";
        case error_code::count_too_large: return "count too large";
        case error_code::bad_offset: return "bad offset";
        case error_code::index_out_of_range: return "index out of range";
        case error_code::inconsistent: return "inconsistent";
        case error_code::limit_exceeded: return "limit exceeded";
        case error_code::io: return "I/O error";
    }
    return "unknown error";
}

struct error {
    static constexpr std::uint64_t no_index = std::numeric_limits<std::uint64_t>::max();

    error_code code = error_code::none;
    // Byte offset in the buffer given to open() (for records inside a
    // compressed plugin record: the offset inside the decompressed bytes,
    // see the creation reader's documentation).
    std::uint64_t offset = 0;
    // What was being read, e.g. "hiding spot". Always a string literal.
    const char* record = nullptr;
    // The record that contains it, e.g. "area", and that record's position
    // in its list (no_index when there is no such container).
    const char* parent = nullptr;
    std::uint64_t parent_index = no_index;
    // Code-specific numbers:
    //   truncated:            needed bytes, available bytes
    //   count_too_large:      the count, how many could fit
    //   limit_exceeded:       the value, the limit
    //   index_out_of_range:   the index, the number of records it indexes
    //   unsupported_version / bad_magic / inconsistent / bad_offset: the value found, 0
    std::uint64_t value = 0;
    std::uint64_t bound = 0;

    // True when there is no error: the same test as result<T>::ok(). An
    // error does not convert to bool (it used to mean the opposite of
    // result's conversion); write `if (!e.ok())`.
    constexpr bool ok() const noexcept { return code == error_code::none; }
    explicit operator bool() const = delete;

    // Renders e.g. "truncated hiding spot in area #12 at offset 4021:
    // needs 17 bytes, 3 left". Writes into `out` (always NUL-terminated,
    // cut if `size` is too small) and returns the full length, like snprintf;
    // it never allocates. Cutting is the contract here, so g++'s
    // -Wformat-truncation (which fires at -O3 once a caller's small buffer
    // is inlined into the calls below) is silenced for this function only.
#if defined(__GNUC__) && !defined(__clang__)
#  pragma GCC diagnostic push
#  pragma GCC diagnostic ignored "-Wformat-truncation"
#endif
    std::size_t format(char* out, std::size_t size) const noexcept {
        char where[160] = {};
        const char* rec = record ? record : "file";
        if (parent != nullptr && parent_index != no_index) {
            std::snprintf(where, sizeof where, "%s in %s #%llu", rec, parent,
                          static_cast<unsigned long long>(parent_index));
        } else if (parent != nullptr) {
            std::snprintf(where, sizeof where, "%s in %s", rec, parent);
        } else {
            std::snprintf(where, sizeof where, "%s", rec);
        }
        const auto off = static_cast<unsigned long long>(offset);
        const auto v = static_cast<unsigned long long>(value);
        const auto b = static_cast<unsigned long long>(bound);
        int n = 0;
        switch (code) {
            case error_code::none:
                n = std::snprintf(out, size, "no error");
                break;
            case error_code::truncated:
                n = std::snprintf(out, size, "truncated %s at offset %llu: needs %llu bytes, %llu left",
                                  where, off, v, b);
                break;
            case error_code::bad_magic:
                n = std::snprintf(out, size, "bad magic in %s at offset %llu: found 0x%08llx", where,
                                  off, v);
                break;
            case error_code::unsupported_version:
                n = std::snprintf(out, size, "unsupported version %llu of %s at offset %llu", v, where,
                                  off);
                break;
            case error_code::count_too_large:
                n = std::snprintf(out, size,
                                  "count too large for %s at offset %llu: %llu claimed, at most %llu fit",
                                  where, off, v, b);
                break;
            case error_code::bad_offset:
                n = std::snprintf(out, size, "bad offset %llu to %s at offset %llu", v, where, off);
                break;
            case error_code::index_out_of_range:
                n = std::snprintf(out, size,
                                  "index out of range in %s at offset %llu: index %llu, %llu records",
                                  where, off, v, b);
                break;
            case error_code::inconsistent:
                n = std::snprintf(out, size, "inconsistent %s at offset %llu: value %llu", where, off, v);
                break;
            case error_code::limit_exceeded:
                n = std::snprintf(out, size, "limit exceeded by %s at offset %llu: %llu, limit %llu",
                                  where, off, v, b);
                break;
            case error_code::io:
                n = std::snprintf(out, size, "I/O error: %s (system error %llu)", where, v);
                break;
        }
        return n < 0 ? 0 : static_cast<std::size_t>(n);
    }
#if defined(__GNUC__) && !defined(__clang__)
#  pragma GCC diagnostic pop
#endif

    // The same text as a std::string (the one function here that allocates).
    std::string message() const {
        char buf[320];
        const std::size_t n = format(buf, sizeof buf);
        if (n < sizeof buf) return std::string(buf, n);
        std::string s(n, '\0');
        format(s.data(), n + 1);
        return s;
    }

    // What a person reads first: a plain reason ("empty input", "not a
    // navigation mesh", "cut short, or not what its header says"), for
    // people who do not know the format. The command, the viewer, the C ABI
    // (navspan_error_reason) and Python lead with it; message() stays the
    // exact text that scripts match.
    constexpr std::string_view reason() const noexcept {
        const std::string_view what = record != nullptr ? std::string_view(record) : std::string_view();
        switch (code) {
            case error_code::none: return "no error";
            case error_code::io:
                if (what == "file is empty") return "empty input (the file has no bytes)";
                if (what == "no such file") return "no such file";
                if (what == "path is a directory") return "is a directory, not a file";
                return "cannot be read";
            case error_code::bad_magic:
                if (what == "file of no known format") {
                    return "not a navigation mesh: no format navspan reads starts this way";
                }
                return "not a navigation mesh navspan reads";
            case error_code::truncated: return "cut short, or not what its header says";
            case error_code::unsupported_version: return "a version navspan does not read";
            case error_code::limit_exceeded: return "over a limit";
            case error_code::count_too_large:
            case error_code::bad_offset:
            case error_code::index_out_of_range:
            case error_code::inconsistent: break;
        }
        return "damaged: not valid";
    }
    // Whether reason() says all there is (a missing, empty or directory
    // path): then the exact message would only repeat it.
    constexpr bool reason_is_whole() const noexcept {
        if (code != error_code::io) return false;
        const std::string_view what = record != nullptr ? std::string_view(record) : std::string_view();
        return what == "file is empty" || what == "no such file" || what == "path is a directory";
    }
    // The line a person reads: the reason, then the exact message in
    // parentheses ("cut short, or not what its header says (truncated area
    // #3 at offset 120: ...)").
    std::string explain() const {
        std::string line(reason());
        if (!reason_is_whole()) {
            line += " (";
            line += message();
            line += ')';
        }
        return line;
    }

    friend constexpr bool operator==(const error&, const error&) = default;
};

// Records failure context as errors bubble up: a reader that fails inside
// area #12 has its error tagged with parent "area" and index 12 unless a
// deeper level already named a parent.
constexpr error with_parent(error e, const char* parent, std::uint64_t index = error::no_index) noexcept {
    if (e.parent == nullptr) {
        e.parent = parent;
        e.parent_index = index;
    }
    return e;
}

// Builds an error: what callers and tools use to report their own failures
// in navspan's terms (`record` must be a string literal or otherwise outlive
// the error; `value` and `bound` mean what the code's comment above says).
constexpr error make_error(error_code code, std::uint64_t offset, const char* record, std::uint64_t value = 0,
                           std::uint64_t bound = 0) noexcept {
    // Every member named (no parent yet): a compiler that warns of members
    // a designated initialiser leaves out finds none.
    return {.code = code, .offset = offset, .record = record, .parent = nullptr, .parent_index = error::no_index,
            .value = value, .bound = bound};
}

namespace detail {

// The single funnel of every verification failure inside the readers: a
// breakpoint here (or NAVSPAN_BREAK_ON_ERROR) stops at the first failing check.
constexpr error fail(error_code code, std::uint64_t offset, const char* record,
                     std::uint64_t value = 0, std::uint64_t bound = 0) noexcept {
    if (!std::is_constant_evaluated()) {
        NAVSPAN_ON_ERROR();
    }
    return make_error(code, offset, record, value, bound);
}

}  // namespace detail

}  // namespace navspan
#include "../core/min_max_pop.hpp"
