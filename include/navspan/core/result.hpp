// navspan/core/result.hpp - a value or an error, without exceptions.
//
// result<T> holds a T when ok() and an `error` otherwise. It is [[nodiscard]]
// so an unchecked open() does not compile silently, and it never throws:
// value() on a failed result is a precondition violation caught by
// NAVSPAN_ASSERT in debug builds. The T is always constructed (views are
// cheap, empty-by-default values), which keeps result<T> trivially copyable
// whenever T is, with no conditionally-trivial special members (which clang 14
// cannot compile).
#pragma once
#include "../core/min_max_push.hpp"

#include <type_traits>
#include <utility>

#include "config.hpp"
#include "error.hpp"

namespace navspan {

template <class T>
class [[nodiscard]] result {
    static_assert(std::is_default_constructible_v<T>, "result<T> needs an empty T for the error case");

public:
    using value_type = T;

    result() = default;
    result(T value) noexcept(std::is_nothrow_move_constructible_v<T>) : value_(std::move(value)) {}
    result(navspan::error err) noexcept : error_(err) { NAVSPAN_ASSERT(err.code != error_code::none); }

    bool ok() const noexcept { return error_.code == error_code::none; }
    explicit operator bool() const noexcept { return ok(); }

    const navspan::error& error() const noexcept { return error_; }
    error_code code() const noexcept { return error_.code; }

    const T& value() const& noexcept { NAVSPAN_ASSERT(ok()); return value_; }
    T& value() & noexcept { NAVSPAN_ASSERT(ok()); return value_; }
    T&& value() && noexcept { NAVSPAN_ASSERT(ok()); return std::move(value_); }

    const T& operator*() const& noexcept { return value(); }
    T& operator*() & noexcept { return value(); }
    const T* operator->() const noexcept { NAVSPAN_ASSERT(ok()); return &value_; }
    T* operator->() noexcept { NAVSPAN_ASSERT(ok()); return &value_; }

    // simdjson-style: moves the value out on success and returns the code.
    error_code get(T& out) && noexcept {
        if (ok()) out = std::move(value_);
        return error_.code;
    }

private:
    T value_{};
    navspan::error error_{};
};

}  // namespace navspan
#include "../core/min_max_pop.hpp"
