#include <navspan/navspan.hpp>

int navspan_umbrella_b() {
    const char magic[] = "NAV2";
    return static_cast<int>(navspan::detect(std::as_bytes(std::span(magic, 4))));
}
