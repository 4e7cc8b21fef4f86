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
    """The line the navspan command prints for a refused file: a plain
    reason first, the exact detail after it (as the command's error_text)."""
    record = e.record or ""
    if e.name == "io":
        if record == "file is empty":
            return "empty input (the file has no bytes)"
        if record == "no such file":
            return "no such file"
        if record == "path is a directory":
            return "is a directory, not a file"
        return f"cannot be read ({e.message})"
    if e.name == "bad_magic":
        if record == "file of no known format":
            return f"not a navigation mesh: no format navspan reads starts this way ({e.message})"
        return f"not a navigation mesh navspan reads ({e.message})"
    return {
        "truncated": f"cut short, or not what its header says ({e.message})",
        "unsupported_version": f"a version navspan does not read ({e.message})",
        "limit_exceeded": f"over a limit ({e.message})",
    }.get(e.name, f"damaged: not valid ({e.message})")


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
