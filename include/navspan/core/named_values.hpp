// navspan/core/named_values.hpp - names for enum values and flag bits.
//
// Formats describe their flag sets and enumerations as constexpr tables of
// {value, name}. The same tables serve decoding (which named flags are set),
// printing (dump, svg legends) and parsing names back to values, so a name
// and its value can never drift apart.
#pragma once
#include "../core/min_max_push.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>

namespace navspan {

struct named_value {
    std::uint64_t value;
    std::string_view name;
};

using name_table = std::span<const named_value>;

// Tables joined in order at compile time: for sets that share a run of
// their names (Source's area attributes and Left 4 Dead's).
template <std::size_t... N>
constexpr std::array<named_value, (N + ...)> joined(const named_value (&... parts)[N]) noexcept {
    std::array<named_value, (N + ...)> out{};
    std::size_t i = 0;
    auto add = [&](const auto& part) {
        for (const named_value& v : part) out[i++] = v;
    };
    (add(parts), ...);
    return out;
}

// The name of an enumeration value, or "" when the table has none.
constexpr std::string_view name_of(name_table table, std::uint64_t value) noexcept {
    for (const auto& e : table) {
        if (e.value == value) return e.name;
    }
    return {};
}
// The name of an enumerator (the table holds its underlying value), so each
// format's to_string(enum) is one call.
template <class Enum>
    requires std::is_enum_v<Enum>
constexpr std::string_view name_of(name_table table, Enum value) noexcept {
    return name_of(table, static_cast<std::uint64_t>(value));
}
// The same for enumerations whose to_string() names a value cast from
// outside the enumeration `otherwise` ("unknown") rather than "".
template <class Enum>
    requires std::is_enum_v<Enum>
constexpr std::string_view name_of(name_table table, Enum value, std::string_view otherwise) noexcept {
    const std::string_view name = name_of(table, value);
    return name.empty() ? otherwise : name;
}

// The value of a name, if the table has it.
constexpr std::optional<std::uint64_t> value_of(name_table table, std::string_view name) noexcept {
    for (const auto& e : table) {
        if (e.name == name) return e.value;
    }
    return std::nullopt;
}

// Calls f(name, bit) for every table flag set in `bits` (table order), and
// returns the bits that no table entry names.
template <class F>
constexpr std::uint64_t for_each_flag(name_table flags, std::uint64_t bits, F&& f) {
    std::uint64_t unnamed = bits;
    for (const auto& e : flags) {
        if (e.value != 0 && (bits & e.value) == e.value) {
            f(e.name, e.value);
            unnamed &= ~e.value;
        }
    }
    return unnamed;
}

// A set of flags with the table that names them: `has("JUMP")`, or iterate
// the names with for_each_flag(table(), raw(), ...).
template <class Raw>
class flag_set {
public:
    constexpr flag_set() noexcept = default;
    constexpr flag_set(Raw raw, name_table table) noexcept : raw_(raw), table_(table) {}
    constexpr Raw raw() const noexcept { return raw_; }
    constexpr name_table table() const noexcept { return table_; }
    constexpr bool has(Raw bits) const noexcept { return (raw_ & bits) == bits && bits != 0; }
    constexpr bool has(std::string_view name) const noexcept {
        const auto v = value_of(table_, name);
        return v && has(static_cast<Raw>(*v));
    }
    // The bits set in raw() that the table does not name.
    constexpr Raw unnamed_bits() const noexcept {
        std::uint64_t named = 0;
        for (const auto& e : table_) named |= e.value;
        return static_cast<Raw>(static_cast<std::uint64_t>(raw_) & ~named);
    }

private:
    Raw raw_{};
    name_table table_{};
};

}  // namespace navspan
#include "../core/min_max_pop.hpp"
