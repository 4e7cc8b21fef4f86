#include <navspan/navspan.hpp>

#include <cstdio>

int main() {
    const char junk[] = "not a navigation mesh";
    const auto kind = navspan::detect(std::as_bytes(std::span(junk)));
    std::printf("detected: %s\n", navspan::to_string(kind).data());
    return kind == navspan::format::unknown ? 0 : 1;
}
