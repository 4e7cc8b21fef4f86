"""open(polygons_per_kib=...): the bound on the polygons a plugin's meshes,
dump and pictures build per KiB of the file (navspan_options.polygons_per_kib,
limits::polygons_per_kib). The plugin is made here: two compressed navmeshes
of 65,535 identical triangles each, a few KB of zlib that inflate to 131,070
triangles, over the default bound for a file of its size (256 a KiB plus
65,536), as tests/complexity/hostile_inputs.hpp's H4 shape."""
import struct
import zlib

import pytest

import navspan


def _subrecord(kind, payload):
    return kind + struct.pack("<H", len(payload)) + payload


def _record(kind, form_id, data, flags=0):
    return kind + struct.pack("<IIIIHH", len(data), flags, form_id, 0, 44, 0) + data


def _group(label, kind, children):
    return b"GRUP" + struct.pack("<IIiII", 24 + len(children), label, kind, 0, 0) + children


def _nvnm(parent, triangles):
    """A version 12 (Skyrim) NVNM: one small triangle repeated, one far one,
    an empty 1 x 1 search grid."""
    side = 100000.0
    corner = side * 0.015
    vertices = [(0, 0, 0), (corner, 0, 0), (0, corner, 0), (side, side, 0), (side - 1, side, 0), (side, side - 1, 0)]
    out = struct.pack("<IIII", 12, 0xA5E9A03C, 0, parent)
    out += struct.pack("<I", len(vertices)) + b"".join(struct.pack("<fff", *v) for v in vertices)
    small = struct.pack("<HHHHHHHH", 0, 1, 2, 0xFFFF, 0xFFFF, 0xFFFF, 0x0800, 0)
    far = struct.pack("<HHHHHHHH", 3, 4, 5, 0xFFFF, 0xFFFF, 0xFFFF, 0x0800, 0)
    out += struct.pack("<I", triangles) + small * (triangles - 1) + far
    out += struct.pack("<III", 0, 0, 0)  # edge links, door links, cover triangles
    out += struct.pack("<Iff", 1, side, side) + struct.pack("<6f", 0, 0, 0, side, side, 0)
    return out + struct.pack("<I", 0)  # the grid's one cell, empty


def _inflating_plugin(meshes=2):
    cell = 0x01000800
    header = _subrecord(b"HEDR", struct.pack("<fiI", 1.7, 0, 0x800)) + _subrecord(b"CNAM", b"navspan\0")
    header += _subrecord(b"MAST", b"Skyrim.esm\0") + _subrecord(b"DATA", bytes(8))
    payload = _nvnm(cell, 65535)  # over 64 KiB: its size in an XXXX subrecord before it
    subrecords = _subrecord(b"XXXX", struct.pack("<I", len(payload))) + b"NVNM" + struct.pack("<H", 0) + payload
    compressed = struct.pack("<I", len(subrecords)) + zlib.compress(subrecords, 9)
    navms = b"".join(_record(b"NAVM", cell + 1 + i, compressed, 0x00040000) for i in range(meshes))
    cell_record = _record(b"CELL", cell, _subrecord(b"EDID", b"navspanCell\0") + _subrecord(b"DATA", struct.pack("<H", 1)))
    inner = _group(cell, 6, _group(cell, 9, navms))
    cells = _group(struct.unpack("<I", b"CELL")[0], 0,
                   _group(cell % 10, 2, _group(cell % 100, 3, cell_record + inner)))
    return _record(b"TES4", 0, header) + cells


def test_the_default_bound_refuses_what_inflates_past_the_file():
    data = _inflating_plugin()
    with navspan.open(data) as f:
        with pytest.raises(navspan.NavspanError) as e:
            f.mesh(0)
        assert e.value.name == "limit_exceeded"
        with pytest.raises(navspan.NavspanError) as e:
            f.dump()
        assert e.value.name == "limit_exceeded"
    with navspan.open(data, polygons_per_kib=1) as f:
        with pytest.raises(navspan.NavspanError):
            f.mesh(0)


@pytest.mark.parametrize("per_kib", [0, 100000])
def test_a_raised_bound_builds_every_triangle(per_kib):
    with navspan.open(_inflating_plugin(), polygons_per_kib=per_kib) as f:
        assert f.mesh(0).polygon_count == 131070
        assert f.dump()


def test_a_negative_bound_is_refused():
    with pytest.raises(ValueError):
        navspan.open(_inflating_plugin(1), polygons_per_kib=-1)
