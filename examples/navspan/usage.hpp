// How every navspan subcommand answers a usage error: the message, then one
// line of usage (the synopsis, the first line of the command's help), not
// the whole help, so the error stays on screen; status 2.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace navspan_cli {

inline constexpr int usage_status = 2;

inline int usage_error(std::string_view message, const char* usage) {
    const std::string_view text = usage;
    const std::string_view synopsis = text.substr(0, text.find('\n'));
    std::fprintf(stderr, "navspan: %.*s\n%.*s (--help for more)\n", static_cast<int>(message.size()), message.data(),
                 static_cast<int>(synopsis.size()), synopsis.data());
    return usage_status;
}

// An option given last, without its value: "--cell needs a value: ...".
inline int missing_value(std::string_view option, const char* expected, const char* usage) {
    const std::string m = std::string(option) + " needs a value: " + expected;
    return usage_error(m, usage);
}

}  // namespace navspan_cli
