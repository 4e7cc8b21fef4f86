// Field descriptions: each record's fields written down ONCE, and three
// visitors that walk them.
//
// A format describes a record with a function template
//
//   template <class V> void node_fields(V& v, model::node& n, const context& c) {
//       v.stored("flags", n.flags, true, "raw u16");
//       v.derived("flag_names", "names of the set bits", [&](json_writer& w) { ... });
//       v.records("links", m.links, true, "link records", link_fields<V>);
//   }
//
// `stored` fields are the file's own values (a model member; `present` says
// whether the record's version stores it, a null when not); `derived` keys
// are computed for people (names, offsets, positions) and never read back.
//   dump_visitor    writes the record as JSON (navspan dump --json)
//   pack_visitor    reads it back from a parsed JSON object (navspan pack)
//   schema_visitor  lists the keys, types and notes (the schema docs)
// so dump, pack and the docs cannot disagree on a key, its type or its order.
#pragma once

#include "../core/min_max_push.hpp"

#include <array>
#include <charconv>
#include <cerrno>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "../core/views.hpp"

#include "json_reader.hpp"
#include "json_values.hpp"
#include "json_writer.hpp"

namespace navspan::tools::fields {

inline void write_hex(json_writer& w, const std::byte* p, std::size_t n) { json_values::write_hex(w, {p, n}); }

// ---------------------------------------------------------------------------
// The JSON form of each stored type.
template <class T> struct json_type;
template <> struct json_type<bool> { static constexpr std::string_view name = "bool"; };
template <> struct json_type<float> { static constexpr std::string_view name = "float"; };
template <> struct json_type<double> { static constexpr std::string_view name = "float"; };
template <> struct json_type<navspan::vec3> { static constexpr std::string_view name = "[x, y, z]"; };
template <> struct json_type<std::string> { static constexpr std::string_view name = "string"; };
template <> struct json_type<std::vector<std::byte>> { static constexpr std::string_view name = "hex string"; };
template <std::size_t N> struct json_type<std::array<std::uint8_t, N>> { static constexpr std::string_view name = "hex string"; };
template <> struct json_type<std::vector<std::uint32_t>> { static constexpr std::string_view name = "array of integers"; };
template <std::size_t N> struct json_type<std::array<float, N>> { static constexpr std::string_view name = "array of floats"; };
template <std::size_t N> struct json_type<std::array<std::uint16_t, N>> { static constexpr std::string_view name = "array of integers"; };
template <std::size_t N> struct json_type<std::array<std::uint32_t, N>> { static constexpr std::string_view name = "array of integers"; };
template <std::size_t N> struct json_type<std::array<std::int32_t, N>> { static constexpr std::string_view name = "array of integers"; };
template <class T>
    requires(std::is_integral_v<T> && !std::is_same_v<T, bool>)
struct json_type<T> { static constexpr std::string_view name = "integer"; };

// The schema's type of a stored value: its json_type, or for an optional
// one "<type> or null", for a list without a name of its own "array of ...".
template <class T> struct type_of { static std::string name() { return std::string(json_type<T>::name); } };
template <class T> struct type_of<std::optional<T>> {
    static std::string name() { return type_of<T>::name() + " or null"; }
};
template <class T>
    requires(!requires { json_type<std::vector<T>>::name; })
struct type_of<std::vector<T>> {
    static std::string name() { return "array of " + type_of<T>::name(); }
};

// A key only some records have (a Fox link's decoded node, group or tile by
// the link's kind): in the dump and pack where `has` says so, in the
// schema always (its note says when).
template <class V>
constexpr bool listed(bool has) noexcept {
    return V::lists_all || has;
}

// A stored value dumped twice: as stored under `key`, then as people read
// it under `view_key` (derived: Fox's quantised points, then their world
// positions).
template <class V, class T, class F>
void stored_and_view(V& v, std::string_view key, T& value, std::string_view view_key, std::string_view view_note, F&& view) {
    v.stored(key, value, true, "as stored");
    v.derived(view_key, view_note, [&](json_writer& w) { view(w, value); });
}

// ---------------------------------------------------------------------------
class dump_visitor {
public:
    static constexpr bool lists_all = false;  // keys of other layouts: left out
    explicit dump_visitor(json_writer& w) : w_(w) {}
    json_writer& writer() { return w_; }

    template <class T>
    void stored(std::string_view key, const T& v, bool present, std::string_view = {}) {
        w_.key(key);
        if (!present) w_.null();
        else put(v);
    }
    template <class F>
    void derived(std::string_view key, std::string_view, F&& write) {
        w_.key(key);
        write(w_);
    }
    // A stored value with a JSON form of its own: `write(w)` dumps it,
    // `read(node)` packs it (returning an error text, empty when fine).
    template <class W, class R>
    void custom(std::string_view key, std::string_view, std::string_view, W&& write, R&&) {
        w_.key(key);
        write(w_);
    }
    // A list of records, each an object described by `describe(v, item, index)`.
    template <class R, class D>
    void records(std::string_view key, std::vector<R>& items, bool present, std::string_view, D&& describe) {
        w_.key(key);
        if (!present) { w_.null(); return; }
        w_.begin_array();
        for (std::size_t i = 0; i < items.size(); ++i) record(describe, items[i], i);
        w_.end_array();
    }
    // A list of records made one at a time: for_each(f) calls f(item, index)
    // for each (so a large list is never held whole).
    template <class ForEach, class D>
    void records_stream(std::string_view key, ForEach&& for_each, D&& describe) {
        w_.key(key);
        w_.begin_array();
        for_each([&](auto& item, std::size_t i) { record(describe, item, i); });
        w_.end_array();
    }
    // A list of lists of records (Source 2's edges, each a list of
    // connections): arrays of objects inside one array.
    template <class R, class D>
    void record_lists(std::string_view key, std::vector<std::vector<R>>& lists, std::string_view, D&& describe) {
        w_.key(key);
        w_.begin_array();
        for (auto& list : lists) {
            w_.begin_array();
            for (std::size_t i = 0; i < list.size(); ++i) record(describe, list[i], i);
            w_.end_array();
        }
        w_.end_array();
    }
    // One nested object (or null when absent).
    template <class D>
    void object(std::string_view key, bool present, std::string_view, D&& describe) {
        w_.key(key);
        if (!present) { w_.null(); return; }
        record(describe);
    }

private:
    // One object: the fields `describe` gives (of a record and its index,
    // or of a nested object).
    template <class D, class... Args>
    void record(D& describe, Args&... args) {
        w_.begin_object();
        describe(*this, args...);
        w_.end_object();
    }
    template <class T>
        requires(std::is_arithmetic_v<T>)
    void put(T v) { w_.value(v); }
    void put(const navspan::vec3& v) {
        w_.begin_array();
        w_.value(v.x);
        w_.value(v.y);
        w_.value(v.z);
        w_.end_array();
    }
    void put(const std::string& s) { w_.value(std::string_view(s)); }
    template <class T>
    void put(const std::optional<T>& v) {
        if (v) put(*v);
        else w_.null();
    }
    void put(const std::vector<std::byte>& b) { write_hex(w_, b.data(), b.size()); }
    template <std::size_t N>
    void put(const std::array<std::uint8_t, N>& b) {
        write_hex(w_, reinterpret_cast<const std::byte*>(b.data()), N);
    }
    template <class E>
    void put(const std::vector<E>& list) {
        w_.begin_array();
        for (const E& e : list) put(e);
        w_.end_array();
    }
    template <class E, std::size_t N>
    void put(const std::array<E, N>& list) {
        w_.begin_array();
        for (const E& e : list) put(e);
        w_.end_array();
    }

    json_writer& w_;
};

// ---------------------------------------------------------------------------
// Reads stored fields back. A key left out keeps the model's default (so a
// script can add a record with only the fields it cares about); a key of the
// wrong type, a number out of its field's range, or a non-finite float
// (which dump writes as null) is an error naming the key's path.
class pack_visitor {
public:
    static constexpr bool lists_all = false;
    explicit pack_visitor(const json_node& object) : node_(&object) {}

    bool ok() const noexcept { return error_.empty(); }
    const std::string& error() const noexcept { return error_; }
    // The object being read (for a format's own keys).
    const json_node& node() const noexcept { return *node_; }

    template <class T>
    void stored(std::string_view key, T& v, bool present, std::string_view = {}) {
        if (!ok() || !present) return;
        const json_node* n = node_->find(key);
        if (n == nullptr) return;
        read(*n, v, key);
    }
    template <class F>
    void derived(std::string_view, std::string_view, F&&) {}
    template <class W, class R>
    void custom(std::string_view key, std::string_view, std::string_view, W&&, R&& read) {
        if (!ok()) return;
        const json_node* n = node_->find(key);
        if (n == nullptr) return;
        const std::string problem = read(*n);
        if (!problem.empty()) fail(key, problem);
    }
    template <class R, class D>
    void records(std::string_view key, std::vector<R>& items, bool present, std::string_view, D&& describe) {
        if (!ok() || !present) return;
        const json_node* n = node_->find(key);
        if (n == nullptr) return;
        if (n->type != json_node::kind::array) { fail(key, "expected an array"); return; }
        items.clear();
        items.resize(n->items().size());
        for (std::size_t i = 0; i < items.size() && ok(); ++i) {
            const json_node& item = n->items()[i];
            if (item.type != json_node::kind::object) { fail(key, "expected an array of objects"); return; }
            pack_visitor inner(item);
            describe(inner, items[i], i);
            if (!inner.ok()) error_ = std::string(key) + "[" + std::to_string(i) + "]." + inner.error_;
        }
    }
    template <class R, class D>
    void record_lists(std::string_view key, std::vector<std::vector<R>>& lists, std::string_view, D&& describe) {
        if (!ok()) return;
        const json_node* n = node_->find(key);
        if (n == nullptr) return;
        if (n->type != json_node::kind::array) { fail(key, "expected an array"); return; }
        lists.assign(n->items().size(), {});
        for (std::size_t k = 0; k < lists.size() && ok(); ++k) {
            const std::string at = std::string(key) + "[" + std::to_string(k) + "]";
            const json_node& list = n->items()[k];
            if (list.type != json_node::kind::array) { fail(at, "expected an array"); return; }
            lists[k].resize(list.items().size());
            for (std::size_t i = 0; i < list.items().size() && ok(); ++i) {
                if (list.items()[i].type != json_node::kind::object) { fail(at, "expected an array of objects"); return; }
                pack_visitor inner(list.items()[i]);
                describe(inner, lists[k][i], i);
                if (!inner.ok()) error_ = at + "[" + std::to_string(i) + "]." + inner.error_;
            }
        }
    }
    template <class D>
    void object(std::string_view key, bool present, std::string_view, D&& describe) {
        if (!ok() || !present) return;
        const json_node* n = node_->find(key);
        if (n == nullptr || n->is_null()) return;
        if (n->type != json_node::kind::object) { fail(key, "expected an object"); return; }
        pack_visitor inner(*n);
        describe(inner);
        if (!inner.ok()) error_ = std::string(key) + "." + inner.error_;
    }
    void fail(std::string_view key, std::string_view what) {
        if (ok()) error_ = std::string(key) + ": " + std::string(what);
    }

private:
    template <class T>
        requires(std::is_integral_v<T> && !std::is_same_v<T, bool>)
    void read(const json_node& n, T& v, std::string_view key) {
        if (n.type != json_node::kind::number) return fail(key, "expected an integer");
        const char* first = n.text.data();
        const char* last = first + n.text.size();
        if constexpr (std::is_signed_v<T>) {
            long long x = 0;
            const auto r = std::from_chars(first, last, x);
            if (r.ec != std::errc() || r.ptr != last || x < std::numeric_limits<T>::min() ||
                x > std::numeric_limits<T>::max()) {
                return fail(key, "expected an integer in the field's range");
            }
            v = static_cast<T>(x);
        } else {
            unsigned long long x = 0;
            const auto r = std::from_chars(first, last, x);
            if (r.ec != std::errc() || r.ptr != last || x > std::numeric_limits<T>::max()) {
                return fail(key, "expected an integer in the field's range");
            }
            v = static_cast<T>(x);
        }
    }
    void read(const json_node& n, bool& v, std::string_view key) {
        if (n.type != json_node::kind::boolean) return fail(key, "expected true or false");
        v = n.flag;
    }
    void read(const json_node& n, float& v, std::string_view key) {
        if (n.type == json_node::kind::null) return fail(key, "a non-finite float (null) cannot be packed");
        if (n.type != json_node::kind::number) return fail(key, "expected a number");
        errno = 0;
        char* end = nullptr;
        const std::string text(n.text);  // strtof needs the NUL a view into the input lacks
        const float x = std::strtof(text.c_str(), &end);
        if (end != text.c_str() + text.size()) return fail(key, "expected a number");
        v = x;  // (out of float range: the infinity strtof gives, as asked)
    }
    void read(const json_node& n, double& v, std::string_view key) {
        float x = 0;  // (the values dumped as double hold floats' precision at most here)
        if (n.type == json_node::kind::number) v = std::strtod(std::string(n.text).c_str(), nullptr);  // (a view lacks the NUL)
        else read(n, x, key);
    }
    template <class T>
    void read(const json_node& n, std::optional<T>& v, std::string_view key) {
        if (n.is_null()) {
            v.reset();
            return;
        }
        read(n, v.emplace(), key);
    }
    void read(const json_node& n, navspan::vec3& v, std::string_view key) {
        if (n.type != json_node::kind::array || n.items().size() != 3) return fail(key, "expected [x, y, z]");
        read(n.items()[0], v.x, key);
        read(n.items()[1], v.y, key);
        read(n.items()[2], v.z, key);
    }
    void read(const json_node& n, std::string& v, std::string_view key) {
        if (n.type != json_node::kind::string) return fail(key, "expected a string");
        v = n.text;
    }
    static int hex_digit(char c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    }
    bool read_hex(const json_node& n, std::vector<std::byte>& out, std::string_view key) {
        if (n.type != json_node::kind::string || n.text.size() % 2 != 0) {
            fail(key, "expected a hex string");
            return false;
        }
        out.clear();
        out.reserve(n.text.size() / 2);
        for (std::size_t i = 0; i < n.text.size(); i += 2) {
            const int hi = hex_digit(n.text[i]), lo = hex_digit(n.text[i + 1]);
            if (hi < 0 || lo < 0) {
                fail(key, "expected a hex string");
                return false;
            }
            out.push_back(static_cast<std::byte>(hi * 16 + lo));
        }
        return true;
    }
    void read(const json_node& n, std::vector<std::byte>& v, std::string_view key) { read_hex(n, v, key); }
    template <std::size_t N>
    void read(const json_node& n, std::array<std::uint8_t, N>& v, std::string_view key) {
        std::vector<std::byte> b;
        if (!read_hex(n, b, key)) return;
        if (b.size() != N) return fail(key, "expected a hex string of the field's size");
        for (std::size_t i = 0; i < N; ++i) v[i] = std::to_integer<std::uint8_t>(b[i]);
    }
    template <class E>
    void read(const json_node& n, std::vector<E>& v, std::string_view key) {
        if (n.type != json_node::kind::array) return fail(key, "expected an array");
        v.assign(n.items().size(), E{});
        for (std::size_t i = 0; i < v.size() && ok(); ++i) read(n.items()[i], v[i], key);
    }
    template <class E, std::size_t N>
    void read(const json_node& n, std::array<E, N>& v, std::string_view key) {
        if (n.type != json_node::kind::array || n.items().size() != N) return fail(key, "expected an array of the field's size");
        for (std::size_t i = 0; i < N && ok(); ++i) read(n.items()[i], v[i], key);
    }

    const json_node* node_;
    std::string error_;
};

// ---------------------------------------------------------------------------
// Lists every key of a record and its nested records as Markdown tables.
class schema_visitor {
public:
    struct row {
        std::string key, type, note;
        bool stored = false;
    };
    struct table {
        std::string name;
        std::vector<row> rows;
    };

    static constexpr bool lists_all = true;  // every key of every layout
    explicit schema_visitor(std::string name) { tables_.push_back({std::move(name), {}}); }

    template <class T>
    void stored(std::string_view key, const T&, bool, std::string_view note = {}) {
        add(key, type_of<T>::name(), note, true);
    }
    template <class F>
    void derived(std::string_view key, std::string_view note, F&&) {
        add(key, "", note, false);
    }
    template <class W, class R>
    void custom(std::string_view key, std::string_view type, std::string_view note, W&&, R&&) {
        add(key, std::string(type), note, true);
    }
    template <class R, class D>
    void records(std::string_view key, std::vector<R>& items, bool, std::string_view note, D&& describe) {
        add(key, "array of objects", note, true);
        if (seen(key)) return;
        schema_visitor inner = nested(key);
        items.resize(1);
        describe(inner, items[0], 0);
        take(inner);
    }
    template <class R, class D>
    void record_lists(std::string_view key, std::vector<std::vector<R>>& lists, std::string_view note, D&& describe) {
        add(key, "array of arrays of objects", note, true);
        if (seen(key)) return;
        schema_visitor inner = nested(key);
        lists.resize(1);
        lists[0].resize(1);
        describe(inner, lists[0][0], 0);
        take(inner);
    }
    template <class D>
    void object(std::string_view key, bool, std::string_view note, D&& describe) {
        add(key, "object", note, true);
        if (seen(key)) return;
        schema_visitor inner = nested(key);
        describe(inner);
        take(inner);
    }

    // The tables: this record's first, then each nested record's.
    std::vector<table> tables() const {
        std::vector<table> all = tables_;
        all.insert(all.end(), nested_.begin(), nested_.end());
        return all;
    }
    // Markdown: one "### name" section and table per record.
    std::string markdown() const {
        std::string out;
        for (const table& t : tables()) {
            out += "### `" + t.name + "`\n\n| key | type | packed | notes |\n|---|---|---|---|\n";
            for (const row& r : t.rows) {
                out += "| `" + r.key + "` | " + (r.type.empty() ? "" : r.type) + " | " + (r.stored ? "yes" : "no") + " | " +
                       r.note + " |\n";
            }
            out += "\n";
        }
        return out;
    }

private:
    void add(std::string_view key, std::string type, std::string_view note, bool stored_) {
        tables_.front().rows.push_back({std::string(key), std::move(type), std::string(note), stored_});
    }
    // A record nested in a nested record is named by its path
    // ("nodes.adjacency"): the same key can mean other records at two depths.
    schema_visitor nested(std::string_view key) const {
        schema_visitor inner{prefix_ + std::string(key)};
        inner.prefix_ = prefix_ + std::string(key) + ".";
        return inner;
    }
    // Its table, then the tables nested in it.
    void take(schema_visitor& inner) {
        for (auto& t : inner.tables()) nested_.push_back(std::move(t));
    }
    bool seen(std::string_view key) {
        for (const auto& t : nested_) {
            if (t.name == prefix_ + std::string(key)) return true;
        }
        return false;
    }

    std::vector<table> tables_;
    std::vector<table> nested_;
    std::string prefix_;  // the path of this record's key, empty at the top
};

}  // namespace navspan::tools::fields

#include "../core/min_max_pop.hpp"
