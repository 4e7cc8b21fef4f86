"""The package's ctypes declarations (navspan/_lib.py) against the C header
they mirror (include/navspan/c/navspan.h).

ctypes trusts whatever it is told: a field left out, a type of the wrong
width or a function the header renamed would read the wrong bytes without
any error. So each structure is checked against the C compiler's own
answer (sizeof and offsetof of every field, from a small program built
here with the system's C compiler), its field list against the header's,
and the declared functions against the header's exported ones, both ways,
with each argument's width (a pointer, a function pointer, or the scalar
type the header names).
"""

import ctypes
import os
import pathlib
import re
import shutil
import subprocess
import tempfile

import pytest

from navspan import _lib

ROOT = pathlib.Path(__file__).resolve().parents[2]
HEADER = ROOT / "include" / "navspan" / "c" / "navspan.h"

# Python field names that differ from C's (a C keyword-free name that is a
# Python keyword).
RENAMED = {"from_": "from"}


def c_name(cls) -> str:
    """navspan_<snake case of the class name>: PathRequest -> navspan_path_request."""
    return "navspan_" + re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


def structures():
    return [v for v in vars(_lib).values()
            if isinstance(v, type) and issubclass(v, ctypes.Structure) and v is not ctypes.Structure]


def header_text() -> str:
    """navspan.h and the parts it includes from its own folder (navspan_bot.h)."""
    if not HEADER.is_file():
        pytest.skip(f"no header at {HEADER} (an installed package without the source tree)")
    text = HEADER.read_text()
    for part in re.findall(r'^#include "(navspan_\w+\.h)"', text, re.M):
        text += (HEADER.parent / part).read_text()
    return text


def header_fields(text: str, name: str):
    """The member names of `typedef struct name { ... } name;` in order."""
    m = re.search(r"typedef struct %s \{(.*?)\} %s;" % (name, name), text, re.S)
    assert m, f"{name} is not a structure of navspan.h"
    body = re.sub(r"/\*.*?\*/", "", m.group(1), flags=re.S)
    names = []
    for statement in body.split(";"):  # `uint32_t start, goal;` declares two
        for declarator in re.sub(r"\[[^\]]*\]", "", statement).split(","):
            words = re.findall(r"\w+", declarator)
            if words:
                names.append(words[-1])
    return names


def test_every_structure_lists_the_header_fields_in_order():
    text = header_text()
    for cls in structures():
        ours = [RENAMED.get(f, f) for f, _ in cls._fields_]
        assert ours == header_fields(text, c_name(cls)), cls.__name__


def test_every_function_of_the_header_is_declared_and_no_other():
    text = header_text()
    exported = set(re.findall(r"NAVSPAN_C_API[^;(]*?\b(navspan_\w+)\s*\(", text))
    declared = set(_lib.declared_functions())
    assert exported - declared == set(), "in navspan.h, not declared in _lib.py"
    assert declared - exported == set(), "declared in _lib.py, not in navspan.h"


def test_sizes_and_offsets_equal_the_c_compilers():
    header_text()
    cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if not cc:
        pytest.skip("no C compiler to ask for the structures' layout")
    lines = ["#include <stddef.h>", "#include <stdio.h>", "#include <navspan/c/navspan.h>", "int main(void) {"]
    expected = []
    for cls in structures():
        name = c_name(cls)
        lines.append(f'    printf("%zu\\n", sizeof({name}));')
        expected.append((f"sizeof {name}", ctypes.sizeof(cls)))
        for field, _ in cls._fields_:
            lines.append(f'    printf("%zu\\n", offsetof({name}, {RENAMED.get(field, field)}));')
            expected.append((f"{name}.{field}", getattr(cls, field).offset))
    lines += ["    return 0;", "}"]
    with tempfile.TemporaryDirectory() as tmp:
        src = pathlib.Path(tmp) / "layout.c"
        exe = pathlib.Path(tmp) / "layout"
        src.write_text("\n".join(lines) + "\n")
        built = subprocess.run([cc, "-std=c99", "-I", str(ROOT / "include"), str(src), "-o", str(exe)],
                               capture_output=True, text=True)
        assert built.returncode == 0, built.stderr
        out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.split()
    assert len(out) == len(expected)
    for (what, ours), theirs in zip(expected, out):
        assert ours == int(theirs), what


def test_every_function_takes_as_many_arguments_as_the_header_says():
    text = re.sub(r"/\*.*?\*/", "", header_text(), flags=re.S)
    for name, (_, argtypes) in _lib.signatures().items():
        m = re.search(r"\b%s\s*\(([^)]*)\)" % name, text)
        assert m, name
        params = m.group(1).strip()
        count = 0 if params in ("", "void") else params.count(",") + 1
        assert len(argtypes) == count, name


# The scalar C types of the header's parameters, and the ctypes type each
# must be declared with (a float passed as an int, or a size_t as a uint32,
# reads garbage without any error). Enums travel as int.
SCALARS = {"uint32_t": ctypes.c_uint32, "int32_t": ctypes.c_int32, "size_t": ctypes.c_size_t,
           "float": ctypes.c_float, "char": ctypes.c_char, "int": ctypes.c_int}


def is_pointer_type(t) -> bool:
    return (t in (ctypes.c_void_p, ctypes.c_char_p) or issubclass(t, (ctypes._Pointer, ctypes.Array))
            or issubclass(t, ctypes._CFuncPtr))


def test_every_argument_has_the_header_width():
    text = re.sub(r"/\*.*?\*/", "", header_text(), flags=re.S)
    for name, (_, argtypes) in _lib.signatures().items():
        params = re.search(r"\b%s\s*\(([^)]*)\)" % name, text).group(1).strip()
        if params in ("", "void"):
            continue
        for param, ours in zip(params.split(","), argtypes):
            words = re.findall(r"\w+", param.replace("const", ""))
            if "*" in param or "[" in param:
                assert is_pointer_type(ours), f"{name}: {param.strip()} is a pointer"
            elif words[0].endswith("_fn"):
                assert issubclass(ours, ctypes._CFuncPtr), f"{name}: {param.strip()} is a function pointer"
            elif words[0] in SCALARS:
                assert ours is SCALARS[words[0]], f"{name}: {param.strip()}"
            else:  # an enum of the header
                assert words[0].startswith("navspan_") and ours is ctypes.c_int, f"{name}: {param.strip()}"
