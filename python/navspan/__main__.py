"""python3 -m navspan info [--json] FILE...

Prints, for each FILE, the one-line JSON object of `navspan info --json`
(the same bytes: both come from libnavspan), or {"file", "error", "offset"}
for a file that cannot be read, with one line on stderr; exits 1 when a
file failed, 2 on a usage error."""

from __future__ import annotations

import json
import sys
from typing import List, Optional

import navspan

USAGE = "usage: python3 -m navspan info [--json] FILE...\n"


def plain_text(e: "navspan.NavspanError") -> str:
    """The line the navspan command prints for a refused file: the plain
    reason first, the exact message after it in parentheses (both from the
    library: navspan_error_reason and the error's message)."""
    whole = e.name == "io" and e.record in ("file is empty", "no such file", "path is a directory")
    return e.reason if whole or e.reason == e.message else f"{e.reason} ({e.message})"


def info(files: List[str]) -> int:
    status = 0
    for path in files:
        try:
            with navspan.open(path) as f:
                line = f.info_json(label=path)
        except navspan.NavspanError as e:
            sys.stderr.write(f"navspan: {path}: {plain_text(e)}\n")
            line = json.dumps({"file": path, "error": e.message, "offset": e.offset}, ensure_ascii=False)
            status = 1
        sys.stdout.write(line + "\n")
    return status


def main(argv: Optional[List[str]] = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        sys.stdout.write(USAGE) if args else sys.stderr.write(USAGE)
        return 0 if args else 2
    if args[0] == "--version":
        sys.stdout.write(f"navspan {navspan.library_version()} (Python package {navspan.__version__})\n")
        return 0
    if args[0] != "info":
        sys.stderr.write(f"navspan: unknown command '{args[0]}'\n{USAGE}")
        return 2
    files = [a for a in args[1:] if a != "--json"]
    unknown = [a for a in files if a.startswith("-") and a != "-"]
    if unknown or not files:
        sys.stderr.write((f"navspan: unknown option '{unknown[0]}'\n" if unknown else "navspan: info needs a FILE\n")
                         + USAGE)
        return 2
    return info(files)


if __name__ == "__main__":
    sys.exit(main())
