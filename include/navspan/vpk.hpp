// navspan/vpk.hpp - the VPK package reader (Valve packages: Counter-Strike 2
// ships each map's .nav inside maps/NAME.vpk).
//
//   format.hpp   the layout constants, is_package(), split-set names
//                (archive_path: foo_dir.vpk -> foo_000.vpk)
//   crc32.hpp    the CRC32 each member carries
//   member.hpp   member and member_path: one file of the tree
//   package.hpp  package::open(bytes, options), find(), read(), read_into()
//
// docs/formats/vpk.md describes the layout and what is checked.
#pragma once
#include "core/min_max_push.hpp"

#include "vpk/crc32.hpp"
#include "vpk/format.hpp"
#include "vpk/member.hpp"
#include "vpk/package.hpp"
#include "core/min_max_pop.hpp"
