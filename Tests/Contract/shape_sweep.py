#!/usr/bin/env python3
"""The shape sweep: every field whose value we check for a shape (a pattern, a format, a URL, an
ISO code, a card number) beyond its JSON type, in every module, with its judge.

- A type linked to a provider's official contract (`x-upstream` in our export): the field either
  follows the contract (`payschema upstream` reports any pattern or format the official schema
  does not have as UPSTREAM_SHAPE_STRICTER, to review, and CI requires none) or is a listed
  difference, whose reason is shown here.
- A type without an official contract: the provider's guide or reference is the source, and the
  providers' published payloads are the judge.

For every field, the values the providers' published payloads (`../shared/real-payloads`, the
valid ones) carry there are counted, and each is checked here against the field's pattern with
Python's `re` (an independent engine; the Swift suite's RealPayloadTests decodes and validates
the same files with ours). A published value a field's pattern refuses fails the sweep: real data
wins. The table is written to `docs/shape-sweep.md` (`--check`: fail when it differs).

    payschema export jsonschema --output /tmp/export
    python3 Tests/Contract/shape_sweep.py --schemas /tmp/export --payloads ../shared/real-payloads [--check]
"""
import argparse
import glob
import json
import os
import re
import sys
from urllib.parse import parse_qsl, urlsplit

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUTPUT = os.path.join(ROOT, "docs", "shape-sweep.md")


# JSON Schema's number formats and the dates every date field has (read by the date formats the
# schema names, listed with the dates' own sweep, `NullabilityFromSourceTests`): not shapes.
NOT_SHAPES = ("date-time", "date", "int32", "int64", "double")


def shown(pattern, fmt):
    """A pattern as the table shows it: a URL grammar (hundreds of characters) by its name, line
    breaks and other controls in it as escapes (a pattern may hold them as themselves)."""
    if pattern and len(pattern) > 80 and "//" in pattern:
        scheme = "https" if pattern.startswith("^(?i:https)") else "any scheme"
        return f"a URL ({scheme}; the RFC 3986 grammar)"
    if not pattern:
        return ""
    visible = "".join(f"\\u{ord(c):04x}" if ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F or c in "\u2028\u2029" else c for c in pattern)
    return "`" + visible.replace("|", "\\|") + "`"


def load_schemas(directory):
    schemas = {}
    for path in sorted(glob.glob(os.path.join(directory, "*", "*.schema.json"))):
        module = os.path.basename(os.path.dirname(path))
        name = os.path.basename(path)[: -len(".schema.json")]
        with open(path) as handle:
            schemas[(module, name)] = json.load(handle)
    return schemas


def resolve(schemas, module, node):
    """`node` with its `$ref`s (and allOf members' refs) followed: (module, name or None, schema) views."""
    views = []
    ref = node.get("$ref")
    if ref:
        name = os.path.basename(ref)[: -len(".schema.json")]
        target = schemas.get((module, name))
        if target is not None:
            views.append((name, target))
    for key in ("allOf", "anyOf", "oneOf"):
        for member in node.get(key, []):
            views.extend(resolve(schemas, module, member))
    return views


def shape(schemas, module, node):
    """The shape a property's schema checks: (pattern, format) from it and what it refers to."""
    pattern = node.get("pattern")
    fmt = node.get("x-format") or node.get("format")
    for _, view in resolve(schemas, module, node):
        pattern = pattern or view.get("pattern")
        fmt = fmt or view.get("x-format") or view.get("format")
    return pattern, fmt


def item_schema(node):
    """The schema of a list's elements, if `node` is a list."""
    if "items" in node:
        return node["items"]
    for key in ("anyOf", "oneOf"):
        for member in node.get(key, []):
            if "items" in member:
                return member["items"]
    return None


def object_views(schemas, module, node):
    """The object schemas `node` stands for (itself and whatever it refers to)."""
    views = [node] if "properties" in node else []
    views += [view for _, view in resolve(schemas, module, node) if "properties" in view or "anyOf" in view or "oneOf" in view]
    out = []
    for view in views:
        out.append(view)
        for key in ("anyOf", "oneOf"):  # unions: every variant
            for member in view.get(key, []):
                out += [v for _, v in resolve(schemas, module, member) if "properties" in v]
    return out


def walk(schemas, module, type_name, schema, value, seen):
    """Records, for every shaped property on the way, the values `value` carries there."""
    if isinstance(value, dict):
        for view in object_views(schemas, module, schema):
            owner = view.get("title", type_name)
            for key, child in value.items():
                prop = view.get("properties", {}).get(key)
                if prop is None:
                    continue
                record(schemas, module, owner, key, prop, child, seen)
                walk(schemas, module, owner, prop, child, seen)
    elif isinstance(value, list):
        items = item_schema(schema) or next((item_schema(v) for _, v in resolve(schemas, module, schema) if item_schema(v)), None)
        if items is not None:
            for element in value:
                walk(schemas, module, type_name, items, element, seen)


def record(schemas, module, owner, key, prop, value, seen):
    pattern, fmt = shape(schemas, module, prop)
    items = item_schema(prop)
    if items is not None and isinstance(value, list):
        pattern, fmt = shape(schemas, module, items)
        values = [v for v in value if isinstance(v, str)]
    else:
        values = [value] if isinstance(value, str) else []
    if not (pattern or fmt):
        return
    entry = seen.setdefault((module, owner, key), {"values": 0, "refused": []})
    for text in values:
        entry["values"] += 1
        if pattern and not re.fullmatch(pattern.removeprefix("^").removesuffix("$"), text):
            entry["refused"].append(text)


def payload_value(path):
    with open(path) as handle:
        text = handle.read()
    if path.endswith(".url"):
        return dict(parse_qsl(urlsplit(text.strip()).query, keep_blank_values=True))
    return json.loads(text)


def rows(schemas):
    """Every shaped property of every type, in module and type order."""
    out = []
    for (module, name), schema in sorted(schemas.items()):
        upstream = schema.get("x-upstream")
        differences = upstream.get("differences", {}) if isinstance(upstream, dict) else {}
        for key, prop in sorted(schema.get("properties", {}).items()):
            node = item_schema(prop) or prop
            pattern, fmt = shape(schemas, module, node)
            if not (pattern or fmt) or fmt in NOT_SHAPES:
                continue
            if upstream is None:
                judge = "no official contract for this type: the guide and the provider's reference"
            elif key in differences:
                judge = "listed difference: " + differences[key]
            else:
                judge = "follows the official contract"
            out.append((module, name, key, pattern, fmt, judge))
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--schemas", required=True)
    parser.add_argument("--payloads", required=True)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    schemas = load_schemas(args.schemas)
    seen = {}
    files = 0
    for directory in sorted(glob.glob(os.path.join(args.payloads, "*.*", "valid"))):
        module, type_name = os.path.basename(os.path.dirname(directory)).split(".", 1)
        schema = schemas.get((module, type_name))
        if schema is None:
            print(f"shape sweep: no exported schema for {module}.{type_name}", file=sys.stderr)
            return 1
        for path in sorted(glob.glob(os.path.join(directory, "*"))):
            files += 1
            walk(schemas, module, type_name, schema, payload_value(path), seen)

    table = rows(schemas)
    refused = [(k, v) for k, v in sorted(seen.items()) if v["refused"]]
    lines = [
        "# The shape sweep",
        "",
        "Written by `Tests/Contract/shape_sweep.py` (CI runs it with `--check`): every field whose value is checked for a",
        "shape beyond its JSON type (a pattern, a URL, an ISO code, a card number, a decimal string), with its judge. A",
        "field of a type linked to an official contract follows it (`payschema upstream` reports a pattern or format the",
        "official schema lacks as `UPSTREAM_SHAPE_STRICTER`, and CI requires none unreviewed) or is a listed difference",
        "with its reason (each proven by the conformance run: refused by ours, admitted by the official schema). Other providers publish no",
        "contract: their guides and references are the source, and their published payloads the judge. *Published* counts",
        f"the values the {files} valid payloads of `../shared/real-payloads` carry in the field, each matched against",
        "the field's pattern by Python's `re` (the suite also decodes and validates every one with ours): none is refused.",
        "",
        f"Fields: {len(table)}; following a contract: {sum(1 for r in table if r[5].startswith('follows'))}; "
        f"listed differences: {sum(1 for r in table if r[5].startswith('listed'))}; without a contract: "
        f"{sum(1 for r in table if r[5].startswith('no official'))}; published values checked: "
        f"{sum(v['values'] for v in seen.values())}, refused: {sum(len(v['refused']) for v in seen.values())}.",
        "",
        "| Field | Pattern | Format | Published | Judge |",
        "|---|---|---|---|---|",
    ]
    for module, name, key, pattern, fmt, judge in table:
        count = seen.get((module, name, key), {"values": 0})["values"]
        lines.append(f"| `{module}.{name}.{key}` | {shown(pattern, fmt)} | {fmt or ''} | {count} | {judge.replace('|', '/')} |")
    text = "\n".join(lines) + "\n"
    for (module, owner, key), entry in refused:
        print(f"shape sweep: {module}.{owner}.{key} refuses published values: {entry['refused'][:3]}", file=sys.stderr)
    print(f"shape sweep: {len(table)} shaped fields, {files} published payloads, "
          f"{sum(v['values'] for v in seen.values())} values checked, {len(refused)} fields refusing published values")
    if refused:
        return 1
    if args.check:
        current = open(OUTPUT).read() if os.path.exists(OUTPUT) else ""
        if current != text:
            print("shape sweep: docs/shape-sweep.md is out of date; rerun without --check", file=sys.stderr)
            return 1
        return 0
    with open(OUTPUT, "w") as handle:
        handle.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
