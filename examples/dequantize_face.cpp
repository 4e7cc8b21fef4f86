// dequantize_face: open a Fox Engine `.nav2` file through a memory mapping
// and, for the first face of each group, print the quantised vertex triples
// as stored and the world-space corners computed from them on request.
//
//   example_dequantize_face FILE.nav2
//
// A `.nav2` stores positions as three u16 per point; the header holds an
// origin and one divisor per axis, and world = (float)q / (float)divisor +
// origin (y up). navspan stores nothing decoded: face::corner(i) follows the
// face's vertex byte through its segment to the vertex and dequantises it
// at that moment, so asking for one corner costs one corner.
#include <cstdio>

#include <navspan/fox.hpp>
#include <navspan/io/mapped_file.hpp>

#include "exit_on_error.hpp"

int main(int argc, char** argv) {
    exit_unless_usage(argc == 2, argv[0], "FILE.nav2");
    const auto mapped = value_or_exit(navspan::mapped_file::open(argv[1]), argv[1], 2);
    // Verified once; every accessor below is then safe and allocation-free.
    const auto file = value_or_exit(navspan::fox::nav2_file::open(mapped.bytes()), argv[1], 1);
    const navspan::fox::quantization quant = file.quant();
    const navspan::vec3 origin = quant.origin();
    std::printf("origin (%g, %g, %g), divisors (%u, %u, %u), %zu groups\n", static_cast<double>(origin.x),
                static_cast<double>(origin.y), static_cast<double>(origin.z), unsigned{quant.divisor_x()},
                unsigned{quant.divisor_y()}, unsigned{quant.divisor_z()}, file.group_count());

    for (const navspan::fox::group g : file.groups()) {
        if (g.faces().empty()) {
            std::printf("group %u: no faces\n", unsigned{g.id()});
            continue;
        }
        const navspan::fox::face f = g.faces()[0];
        std::printf("group %u, face 0 (segment %u, %zu corners):\n", unsigned{g.id()}, f.segment(), f.corner_count());
        for (std::size_t i = 0; i < f.corner_count(); ++i) {
            const navspan::fox::quantized_point q = f.corner_quantized(i);  // as stored
            const navspan::vec3 w = f.corner(i);                           // dequantised now
            std::printf("  corner %zu: vertex %u  q = (%u, %u, %u)  ->  world (%.4f, %.4f, %.4f)\n", i, f.vertex(i),
                        unsigned{q.x}, unsigned{q.y}, unsigned{q.z}, static_cast<double>(w.x), static_cast<double>(w.y),
                        static_cast<double>(w.z));
        }
    }
    return 0;
}
