// navspan - look inside navigation mesh files.
//
//   navspan info [--json] FILE...
//   navspan dump [--json] FILE
//   navspan validate [--json] FILE...
//   navspan svg FILE -o OUT.svg [--color-by WHAT] [--links|--no-links] [--cell ID|--split]
//   navspan obj FILE -o OUT.obj [--up y|z] [--links] [--color-by WHAT] [--cell ID|--split]
//   navspan path FILE --from A --to B [--exact | --shortest] [--json] [--svg OUT.svg]
//   navspan locate [--json] FILE x,y,z
//
// FILE may be "-" (standard input); -o - writes to standard output, and
// status messages ("wrote ...") go to stderr. The exit statuses are defined
// once, in NAVSPAN_EXIT_STATUSES (commands/common.hpp).
//
// The command is in command.cpp (the navspan_command library); this file is
// only its entry point.

namespace navspan_cli {
int run(int argc, char** argv);  // command.cpp
}

int main(int argc, char** argv) { return navspan_cli::run(argc, argv); }
