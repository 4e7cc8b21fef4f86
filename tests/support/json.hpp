// A small JSON reader for tests: compares `navspan info --json` output with
// the rows of the corpus EXPECTED.tsv files under the rules of the corpus
// README (integers, booleans, strings, nulls and lists exactly; floats within
// a relative 1e-6; extra keys in the actual output allowed).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace navspan_test {

struct json_value {
    enum class kind { null, boolean, number, string, array, object } type = kind::null;
    bool boolean = false;
    std::string text;  // number literal or string contents
    std::vector<json_value> items;
    std::map<std::string, json_value> members;

    bool is_integer_literal() const {
        return type == kind::number && text.find_first_of(".eE") == std::string::npos;
    }
    const json_value* find(const std::string& key) const {
        auto it = members.find(key);
        return it == members.end() ? nullptr : &it->second;
    }
};

// An integer member of a dump (an unsigned decimal literal) as a number.
inline std::uint64_t json_number(const json_value& v) { return std::stoull(v.text); }

class json_parser {
public:
    explicit json_parser(std::string_view s) : s_(s) {}

    // Parses one value; returns false on malformed input (with error()).
    bool parse(json_value& out) {
        ok_ = true;
        out = value();
        ws();
        if (pos_ != s_.size()) fail("trailing characters");
        return ok_;
    }
    const std::string& error() const { return error_; }

private:
    void fail(const char* what) {
        if (ok_) error_ = std::string(what) + " at " + std::to_string(pos_);
        ok_ = false;
        pos_ = s_.size();
    }
    void ws() { while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\n' || s_[pos_] == '\t' || s_[pos_] == '\r')) ++pos_; }
    bool eat(char c) {
        ws();
        if (pos_ < s_.size() && s_[pos_] == c) { ++pos_; return true; }
        return false;
    }
    json_value value() {
        json_value v;
        ws();
        if (pos_ >= s_.size()) { fail("unexpected end"); return v; }
        const char c = s_[pos_];
        if (c == '{') {
            ++pos_;
            v.type = json_value::kind::object;
            if (eat('}')) return v;
            do {
                ws();
                json_value key = string_value();
                if (!eat(':')) { fail("expected ':'"); return v; }
                v.members[key.text] = value();
            } while (ok_ && eat(','));
            if (!eat('}')) fail("expected '}'");
        } else if (c == '[') {
            ++pos_;
            v.type = json_value::kind::array;
            if (eat(']')) return v;
            do { v.items.push_back(value()); } while (ok_ && eat(','));
            if (!eat(']')) fail("expected ']'");
        } else if (c == '"') {
            v = string_value();
        } else if (s_.substr(pos_, 4) == "null") {
            pos_ += 4;
        } else if (s_.substr(pos_, 4) == "true") {
            pos_ += 4; v.type = json_value::kind::boolean; v.boolean = true;
        } else if (s_.substr(pos_, 5) == "false") {
            pos_ += 5; v.type = json_value::kind::boolean;
        } else {
            const std::size_t start = pos_;
            while (pos_ < s_.size() && std::string_view("+-0123456789.eE").find(s_[pos_]) != std::string_view::npos) ++pos_;
            if (start == pos_) { fail("unexpected character"); return v; }
            v.type = json_value::kind::number;
            v.text = std::string(s_.substr(start, pos_ - start));
        }
        return v;
    }
    json_value string_value() {
        json_value v;
        v.type = json_value::kind::string;
        if (pos_ >= s_.size() || s_[pos_] != '"') { fail("expected string"); return v; }
        ++pos_;
        while (pos_ < s_.size() && s_[pos_] != '"') {
            if (s_[pos_] == '\\' && pos_ + 1 < s_.size()) {
                ++pos_;
                const char e = s_[pos_];
                if (e == 'n') v.text += '\n';
                else if (e == 't') v.text += '\t';
                else if (e == 'u' && pos_ + 4 < s_.size()) {
                    v.text += static_cast<char>(std::strtol(std::string(s_.substr(pos_ + 1, 4)).c_str(), nullptr, 16));
                    pos_ += 4;
                } else v.text += e;
            } else {
                v.text += s_[pos_];
            }
            ++pos_;
        }
        if (pos_ >= s_.size()) { fail("unterminated string"); return v; }
        ++pos_;
        return v;
    }

    std::string_view s_;
    std::size_t pos_ = 0;
    bool ok_ = true;
    std::string error_;
};

// Compares `actual` against `expected` as the corpus README says. Returns ""
// when they match, else a description of the first difference.
inline std::string json_mismatch(const json_value& expected, const json_value& actual, const std::string& path = "$") {
    using k = json_value::kind;
    if (expected.type != actual.type) return path + ": type differs";
    switch (expected.type) {
        case k::null: return {};
        case k::boolean: return expected.boolean == actual.boolean ? std::string() : path + ": boolean differs";
        case k::string: return expected.text == actual.text ? std::string() : path + ": \"" + actual.text + "\" != expected \"" + expected.text + "\"";
        case k::number: {
            if (expected.is_integer_literal() && actual.is_integer_literal()) {
                return expected.text == actual.text ? std::string() : path + ": " + actual.text + " != expected " + expected.text;
            }
            const double e = std::strtod(expected.text.c_str(), nullptr);
            const double a = std::strtod(actual.text.c_str(), nullptr);
            const double tol = 1e-6 * std::max(std::fabs(e), std::fabs(a));
            if (std::fabs(e - a) <= tol || (e == 0.0 && std::fabs(a) < 1e-30)) return {};
            return path + ": " + actual.text + " != expected " + expected.text;
        }
        case k::array: {
            if (expected.items.size() != actual.items.size()) return path + ": array length differs";
            for (std::size_t i = 0; i < expected.items.size(); ++i) {
                auto m = json_mismatch(expected.items[i], actual.items[i], path + "[" + std::to_string(i) + "]");
                if (!m.empty()) return m;
            }
            return {};
        }
        case k::object: {
            for (const auto& [key, value] : expected.members) {
                const json_value* other = actual.find(key);
                if (other == nullptr) return path + "." + key + ": missing";
                auto m = json_mismatch(value, *other, path + "." + key);
                if (!m.empty()) return m;
            }
            return {};
        }
    }
    return {};
}

}  // namespace navspan_test
