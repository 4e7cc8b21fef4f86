"""__init__.pyi says what the package is: every record's fields (and which
have defaults), every public class's methods and properties, every name
of __all__, as the runtime has them. A type checker reads the stub only,
so a field the stub invents or a default it forgets is a wrong answer."""

import ast
import inspect
import pathlib

import navspan

STUB = pathlib.Path(navspan.__file__).with_name("__init__.pyi")


def stub_classes():
    """The stub's classes, and those it takes from the package's own modules
    (the records, declared once in _records.py)."""
    tree = ast.parse(STUB.read_text())
    classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            module = ast.parse(STUB.with_name(node.module + ".py").read_text())
            defined = {c.name: c for c in module.body if isinstance(c, ast.ClassDef)}
            classes.update({a.asname or a.name: defined[a.name] for a in node.names if a.name in defined})
    return classes


def stub_fields(node):
    """(name, has a default) of each annotated field, in order."""
    return [(s.target.id, s.value is not None) for s in node.body if isinstance(s, ast.AnnAssign)]


def stub_members(node):
    return {s.name for s in node.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}


def test_records_match_the_runtime():
    classes = stub_classes()
    records = [name for name, node in classes.items() if any(getattr(b, "id", "") == "NamedTuple" for b in node.bases)]
    assert {"Finding", "Space", "Location", "Link", "RaycastHit", "Path"} <= set(records)
    for name in records:
        runtime = getattr(navspan, name)
        declared = stub_fields(classes[name])
        assert [f for f, _ in declared] == list(runtime._fields), name
        assert [f for f, default in declared if default] == list(runtime._field_defaults), name


def test_classes_declare_every_public_member():
    classes = stub_classes()
    for name in ("File", "Mesh", "Polygon", "NavspanError"):
        runtime = getattr(navspan, name)
        public = {m for m, _ in inspect.getmembers(runtime) if not m.startswith("_")}
        public -= set(dir(Exception)) if issubclass(runtime, Exception) else set()
        methods = stub_members(classes[name])
        # Annotated names are attributes an instance sets (File.format, ...).
        assert public <= methods | {f for f, _ in stub_fields(classes[name])}, (name, sorted(public - methods))
        assert {m for m in methods if not m.startswith("_")} <= public, (name, sorted(methods - public))


def test_every_exported_name_is_declared():
    tree = ast.parse(STUB.read_text())
    declared = set()
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            declared.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            declared.add(node.target.id)
        elif isinstance(node, ast.Assign):
            declared.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.ImportFrom) and node.level == 1:
            declared.update(a.asname or a.name for a in node.names)
    assert set(navspan.__all__) <= declared, sorted(set(navspan.__all__) - declared)
