#!/usr/bin/env python3
"""What the Swift compiler recorded while it built the package: its index store (`.build/<triple>/
debug/index/store`, written by every debug `swift build`), read through the toolchain's
libIndexStore. For each source file of the package, every occurrence of a symbol: its USR, name,
kind, roles (definition, reference, ...) and line:column, and for a reference the symbol that
contains it (the function or test it is written in).

  index_store.py [STORE]   prints a summary: units, records and occurrences read

Used by guide_checklist.py: where a guide's declaration lives and which tests name it come from
here, not from a textual match of a word.
"""
import ctypes
import glob
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

ROLE_DECLARATION = 1 << 0
ROLE_DEFINITION = 1 << 1
ROLE_REFERENCE = 1 << 2
ROLE_CALL = 1 << 5
ROLE_IMPLICIT = 1 << 8
ROLE_REL_CHILDOF = 1 << 9
ROLE_REL_BASEOF = 1 << 10
ROLE_REL_OVERRIDEOF = 1 << 11
ROLE_REL_CALLEDBY = 1 << 13
ROLE_REL_CONTAINEDBY = 1 << 16
DEPENDENCY_RECORD = 2


class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]

    def text(self):
        return ctypes.string_at(self.data, self.length).decode("utf-8", "replace") if self.length else ""


APPLIER_NAME = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, StringRef)
APPLIER_POINTER = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_void_p)


def library():
    """The toolchain's libIndexStore, next to `swift`."""
    candidates = []
    swift = os.popen("command -v swift").read().strip()
    if swift:
        candidates.append(os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(swift))), "lib", "libIndexStore.so"))
    candidates += ["/opt/swift/usr/lib/libIndexStore.so", "/usr/lib/libIndexStore.so"]
    for path in candidates:
        if os.path.exists(path):
            lib = ctypes.CDLL(path)
            break
    else:
        raise SystemExit("error: libIndexStore.so not found beside the Swift toolchain")
    void = ctypes.c_void_p
    signatures = {
        "indexstore_store_create": ([ctypes.c_char_p, ctypes.POINTER(void)], void),
        "indexstore_store_units_apply_f": ([void, ctypes.c_uint, void, APPLIER_NAME], ctypes.c_bool),
        "indexstore_unit_reader_create": ([void, ctypes.c_char_p, ctypes.POINTER(void)], void),
        "indexstore_unit_reader_dispose": ([void], None),
        "indexstore_unit_reader_get_main_file": ([void], StringRef),
        "indexstore_unit_reader_get_module_name": ([void], StringRef),
        "indexstore_unit_reader_dependencies_apply_f": ([void, void, APPLIER_POINTER], ctypes.c_bool),
        "indexstore_unit_dependency_get_kind": ([void], ctypes.c_int),
        "indexstore_unit_dependency_get_filepath": ([void], StringRef),
        "indexstore_unit_dependency_get_name": ([void], StringRef),
        "indexstore_record_reader_create": ([void, ctypes.c_char_p, ctypes.POINTER(void)], void),
        "indexstore_record_reader_dispose": ([void], None),
        "indexstore_record_reader_occurrences_apply_f": ([void, void, APPLIER_POINTER], ctypes.c_bool),
        "indexstore_occurrence_get_symbol": ([void], void),
        "indexstore_occurrence_get_roles": ([void], ctypes.c_uint64),
        "indexstore_occurrence_get_line_col": ([void, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)], None),
        "indexstore_occurrence_relations_apply_f": ([void, void, APPLIER_POINTER], ctypes.c_bool),
        "indexstore_symbol_relation_get_roles": ([void], ctypes.c_uint64),
        "indexstore_symbol_relation_get_symbol": ([void], void),
        "indexstore_symbol_get_usr": ([void], StringRef),
        "indexstore_symbol_get_name": ([void], StringRef),
        "indexstore_symbol_get_kind": ([void], ctypes.c_int),
    }
    for name, (arguments, result) in signatures.items():
        function = getattr(lib, name)
        function.argtypes = arguments
        function.restype = result
    return lib


def default_store():
    stores = sorted(glob.glob(os.path.join(ROOT, ".build", "*", "debug", "index", "store")))
    if not stores:
        raise SystemExit("error: no index store under .build/*/debug/index/store: run `swift build --build-tests` first")
    return stores[0]


class Occurrence:
    __slots__ = ("usr", "name", "kind", "roles", "path", "line", "column", "container", "container_usr", "overrides")

    def __init__(self, usr, name, kind, roles, path, line, column, container, container_usr, overrides):
        self.usr, self.name, self.kind, self.roles = usr, name, kind, roles
        self.path, self.line, self.column = path, line, column
        self.container, self.container_usr = container, container_usr
        # For a definition: the USRs of the declarations it implements or overrides (a protocol's
        # requirement a test's type implements).
        self.overrides = overrides


def occurrences(store_path=None, keep=lambda path: True):
    """Every occurrence in the records of the files `keep` accepts (absolute paths), once per record."""
    lib = library()
    error = ctypes.c_void_p()
    store = lib.indexstore_store_create((store_path or default_store()).encode(), ctypes.byref(error))
    if not store:
        raise SystemExit("error: the index store could not be opened")
    units = []

    @APPLIER_NAME
    def on_unit(_, name):
        units.append(name.text())
        return True

    lib.indexstore_store_units_apply_f(store, 0, None, on_unit)
    # The newest unit first: a file's latest record wins over one a stale unit still names (a
    # renamed output, a file compiled before its last edit).
    root = store_path or default_store()
    version = sorted(glob.glob(os.path.join(root, "v*")))
    def modified(unit):
        path = os.path.join(version[-1], "units", unit) if version else ""
        return os.path.getmtime(path) if path and os.path.exists(path) else 0
    units.sort(key=modified, reverse=True)
    by_path = {}
    for unit in units:
        reader = lib.indexstore_unit_reader_create(store, unit.encode(), ctypes.byref(error))
        if not reader:
            continue

        @APPLIER_POINTER
        def on_dependency(_, dependency):
            if lib.indexstore_unit_dependency_get_kind(dependency) == DEPENDENCY_RECORD:
                path = lib.indexstore_unit_dependency_get_filepath(dependency).text()
                if path not in by_path and os.path.exists(path) and keep(path):
                    by_path[path] = lib.indexstore_unit_dependency_get_name(dependency).text()
            return True

        lib.indexstore_unit_reader_dependencies_apply_f(reader, None, on_dependency)
        lib.indexstore_unit_reader_dispose(reader)
    found = []
    for path, record in sorted(by_path.items()):
        reader = lib.indexstore_record_reader_create(store, record.encode(), ctypes.byref(error))
        if not reader:
            continue

        @APPLIER_POINTER
        def on_occurrence(_, occurrence):
            symbol = lib.indexstore_occurrence_get_symbol(occurrence)
            roles = lib.indexstore_occurrence_get_roles(occurrence)
            line, column = ctypes.c_uint(), ctypes.c_uint()
            lib.indexstore_occurrence_get_line_col(occurrence, ctypes.byref(line), ctypes.byref(column))
            container = [None, None]
            overrides = []

            @APPLIER_POINTER
            def on_relation(_, relation):
                relation_roles = lib.indexstore_symbol_relation_get_roles(relation)
                related = lib.indexstore_symbol_relation_get_symbol(relation)
                if relation_roles & (ROLE_REL_CONTAINEDBY | ROLE_REL_CHILDOF | ROLE_REL_CALLEDBY | ROLE_REL_BASEOF) and container[1] is None:
                    container[0] = lib.indexstore_symbol_get_name(related).text()
                    container[1] = lib.indexstore_symbol_get_usr(related).text()
                if relation_roles & ROLE_REL_OVERRIDEOF:
                    overrides.append(lib.indexstore_symbol_get_usr(related).text())
                return True

            lib.indexstore_occurrence_relations_apply_f(occurrence, None, on_relation)
            found.append(Occurrence(
                lib.indexstore_symbol_get_usr(symbol).text(), lib.indexstore_symbol_get_name(symbol).text(),
                lib.indexstore_symbol_get_kind(symbol), roles, path, line.value, column.value, container[0], container[1], overrides))
            return True

        lib.indexstore_record_reader_occurrences_apply_f(reader, None, on_occurrence)
        lib.indexstore_record_reader_dispose(reader)
    return found


if __name__ == "__main__":
    inside = lambda path: path.startswith(ROOT + os.sep) and "/.build/checkouts/" not in path
    found = occurrences(sys.argv[1] if len(sys.argv) > 1 else None, inside)
    files = {occurrence.path for occurrence in found}
    definitions = sum(1 for occurrence in found if occurrence.roles & ROLE_DEFINITION)
    print(f"index store: {len(files)} files of the package, {len(found)} occurrences, {definitions} definitions")
