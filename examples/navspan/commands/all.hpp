// Every navspan subcommand, in the order `navspan --help` lists them: what
// main.cpp dispatches on (a test that runs the command in process includes
// this first, at global scope).
#pragma once

#include "distance.hpp"
#include "dump.hpp"
#include "edit.hpp"
#include "info.hpp"
#include "locate.hpp"
#include "pack.hpp"
#include "path.hpp"
#include "picture.hpp"
#include "reach.hpp"
#include "validate.hpp"

namespace navspan_cli {

inline constexpr const command_spec* all_commands[] = {
    &info_command,   &dump_command,     &validate_command, &svg_command,  &obj_command, &path_command,
    &locate_command, &distance_command, &reach_command,    &pack_command, &edit_command,
};

}  // namespace navspan_cli
