#!/usr/bin/env python3
"""Differential test: the exported JSON Schemas, checked by an independent validator (Python's
jsonschema, Draft 2020-12, format checks on), and the generated Swift validators (`payflow
validate-batch`) must give the same verdict on thousands of payloads mutated from the corpora.

Every disagreement must be one of the accepted differences in accepted-differences.json (things
JSON Schema cannot express, each with a reason), and every accepted difference must still occur,
so the list stays exact. Exit code 0 when that holds, 1 otherwise, 2 for setup problems.

Usage: differential.py --payflow PATH --schemas DIR [--real-payloads DIR] [--seed N] [--per-document N]
"""
import argparse
import decimal
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

try:
    import jsonschema
    from referencing import Registry, Resource
except ImportError as error:  # pragma: no cover - setup problem
    print(f"error: {error}; install with: pip install 'jsonschema[format-nongpl]>=4.18'", file=sys.stderr)
    sys.exit(2)

# Exact arithmetic for multipleOf on large amounts (the default 28 digits cannot divide them).
decimal.getcontext().prec = 1000

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


class Raw:
    """A JSON number kept as its numeral text."""

    def __init__(self, text):
        self.text = text

    def __eq__(self, other):
        return isinstance(other, Raw) and other.text == self.text

    def __hash__(self):
        return hash(self.text)


def load(text):
    return json.loads(text, parse_float=Raw, parse_int=Raw, parse_constant=Raw)


def differences(sent, written, where="$"):
    """The members of `sent` that `written` lacks, and the values it changed, by path."""
    if isinstance(sent, dict) and isinstance(written, dict):
        gone, different = [], []
        for key, value in sent.items():
            if key not in written:
                gone.append(f"{where}.{key}")
                continue
            inner = differences(value, written[key], f"{where}.{key}")
            gone += inner[0]
            different += inner[1]
        different += [f"{where}.{key} added" for key in written if key not in sent]
        return gone, different
    if isinstance(sent, list) and isinstance(written, list) and len(sent) == len(written):
        gone, different = [], []
        for index, (item, kept) in enumerate(zip(sent, written)):
            inner = differences(item, kept, f"{where}[{index}]")
            gone += inner[0]
            different += inner[1]
        return gone, different
    same = type(sent) is type(written) and sent == written
    return [], [] if same else [f"{where}: {dump(sent)[:60]} became {dump(written)[:60] if written is not None else 'nothing'}"]


def dump(value):
    """JSON text with numerals exactly as kept."""
    if isinstance(value, Raw):
        return value.text
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ",".join(dump(item) for item in value) + "]"
    return "{" + ",".join(json.dumps(key, ensure_ascii=False) + ":" + dump(item) for key, item in value.items()) + "}"


def to_python(value):
    """The value as jsonschema sees it: exact numbers (Decimal, or int when integral)."""
    if isinstance(value, Raw):
        number = decimal.Decimal(value.text)
        if number.is_finite() and number == number.to_integral_value():
            return int(number)
        return number
    if isinstance(value, list):
        return [to_python(item) for item in value]
    if isinstance(value, dict):
        return {key: to_python(item) for key, item in value.items()}
    return value


def corpus(real_payloads):
    """(type, label, document) for every JSON payload of the package's corpus and the providers'."""
    documents = []
    payloads = ROOT / "Tests/GeneratedModelsTests/Payloads"
    for path in sorted(payloads.glob("*/*.json")):
        documents.append((f"{path.parent.name}.{path.stem}", f"corpus/{path.parent.name}/{path.name}", path.read_text()))
    if real_payloads:
        for path in sorted(Path(real_payloads).glob("*/valid/*.json")):
            documents.append((path.parent.parent.name, f"real/{path.parent.parent.name}/{path.name}", path.read_text()))
    return documents


def paths(value, prefix=()):
    yield prefix, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, prefix + (index,))


def replace(document, path, new):
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(document, dict):
        copy = dict(document)
        if rest or new is not REMOVE:
            copy[head] = replace(document[head], rest, new) if rest else new
        else:
            del copy[head]
        return copy
    copy = list(document)
    if rest:
        copy[head] = replace(document[head], rest, new)
    elif new is REMOVE:
        del copy[head]
    else:
        copy[head] = new
    return copy


REMOVE = object()

STRINGS = [
    ("empty-string", ""), ("url-words", "not a url at all"), ("url-space", "https://example.com/a b"),
    ("url-relative", "some/path"), ("url-no-host", "https:///x"), ("url-mailto", "mailto:a@b.example"),
    ("country-like", "USA"), ("bad-currency", "XXY"), ("lower-currency", "usd"), ("grouped-amount", "1,500.00"),
    ("padded-amount", " 10.00"), ("exponent-amount", "1e3"), ("plain-amount", "10.50"), ("bad-date", "2024-13-45T25:61:00Z"),
    ("date-words", "not-a-date"), ("long-string", "x" * 300), ("non-ascii", "Zürich €"), ("digits", "4111111111111112"),
    ("uuid-upper", "1D5C6A2B-9F4E-4E2A-8C1B-2D3E4F5A6B7C"),
]
NUMBERS = [
    ("exponent-number", "1e3"), ("fraction-number", "10.555"), ("integral-fraction", "1.0"), ("negative-number", "-1"),
    ("zero", "0"), ("big-integer", "123456789012345678901234567890"), ("small-fraction", "0.001"), ("plain-number", "10.50"),
]


def mutations(document, rng, limit):
    """Up to `limit` (kind, path, mutated document) from `document`."""
    candidates = []
    for path, value in paths(document):
        if path:
            candidates.append(("null", path, None))
            if isinstance(path[-1], str):
                candidates.append(("remove", path, REMOVE))
            if isinstance(value, (dict, list)):
                candidates.append(("wrong-type-string", path, "x"))
            if isinstance(value, str):
                candidates.append(("wrong-type-number", path, Raw("7")))
                candidates.append(("wrong-type-bool", path, True))
                candidates.extend((kind, path, text) for kind, text in STRINGS)
                candidates.append(("number-for-string", path, Raw("10")))
            if isinstance(value, Raw):
                candidates.append(("wrong-type-string", path, value.text))
                candidates.extend((kind, path, Raw(text)) for kind, text in NUMBERS)
            if isinstance(value, bool):
                candidates.append(("wrong-type-string", path, "true"))
        if isinstance(value, dict):
            candidates.append(("unknown-key", path, dict(value, zzUnknownKey=Raw("1"))))
            candidates.append(("wrong-type-array", path, [value]) if path else ("wrong-type-array", path, []))
        if isinstance(value, list) and value:
            candidates.append(("duplicate-element", path, value + [value[0]]))
            candidates.append(("empty-array", path, []))
            candidates.append(("null-element", path, value + [None]))
    rng.shuffle(candidates)
    for kind, path, new in candidates[:limit]:
        yield kind, path, replace(document, path, new)


def schema_registry(folder):
    resources = []
    for path in sorted(Path(folder).glob("*/*.schema.json")):
        contents = json.loads(path.read_text(), parse_float=decimal.Decimal)
        resources.append((contents["$id"], Resource.from_contents(contents)))
    return Registry().with_resources(resources)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--payflow", required=True)
    parser.add_argument("--schemas", required=True, help="the output of `payschema export jsonschema --output DIR`")
    parser.add_argument("--real-payloads", default=str(ROOT.parent / "shared/real-payloads"))
    parser.add_argument("--seed", type=int, default=20261123)
    parser.add_argument("--per-document", type=int, default=48)
    parser.add_argument("--show", type=int, default=12, help="disagreements to print per unexpected kind")
    arguments = parser.parse_args()

    real = arguments.real_payloads if os.path.isdir(arguments.real_payloads) else None
    if real is None:
        print(f"NOTE: {arguments.real_payloads} is absent; mutating the package's own corpus only")
    registry = schema_registry(arguments.schemas)
    accepted = json.loads((HERE / "accepted-differences.json").read_text())
    rng = random.Random(arguments.seed)

    cases = []  # (type, label, kind, path, text)
    skipped_types = set()
    for type_name, label, text in corpus(real):
        module, name = type_name.split(".")
        schema_id = f"{module}/{name}.schema.json"
        try:
            schema = registry.contents(schema_id)
        except Exception:
            skipped_types.add(type_name)
            continue
        if schema.get("x-encodings") and "json" not in schema["x-encodings"]:
            skipped_types.add(type_name)
            continue
        document = load(text)
        cases.append((type_name, label, "original", (), dump(document)))
        for kind, path, mutated in mutations(document, rng, arguments.per_document):
            cases.append((type_name, label, kind, path, dump(mutated)))

    batch = "".join(f"{type_name}\t{text}\n" for type_name, _, _, _, text in cases)
    run = subprocess.run([arguments.payflow, "validate-batch", "--echo", "-"], input=batch.encode(), capture_output=True)
    if run.returncode != 0:
        print(run.stderr.decode(), file=sys.stderr)
        return 2
    swift_verdicts = run.stdout.decode().splitlines()
    if len(swift_verdicts) != len(cases):
        print(f"error: {len(cases)} payloads but {len(swift_verdicts)} verdicts", file=sys.stderr)
        return 2

    # Nothing dropped: every payload the Swift types accept, written back by its type
    # (`validate-batch --echo`), is the value it read: members the schema does not model included,
    # numbers compared by their text.
    round_trips, lost, changed = 0, [], []
    for (type_name, label, kind, path, text), swift_line in zip(cases, swift_verdicts):
        verdict, _, echo = swift_line.partition("\t")
        if verdict != "valid":
            continue
        gone, different = differences(load(text), load(echo) if echo else None)
        lost += [f"{type_name} ({label}, {kind}): {where}" for where in gone]
        changed += [f"{type_name} ({label}, {kind}): {where}" for where in different]
        round_trips += 0 if gone or different else 1

    disagreements = []
    for (type_name, label, kind, path, text), swift_line in zip(cases, swift_verdicts):
        module, name = type_name.split(".")
        validator = jsonschema.Draft202012Validator(
            registry.contents(f"{module}/{name}.schema.json"), registry=registry,
            format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
        instance = to_python(load(text))
        errors = sorted(validator.iter_errors(instance), key=lambda error: list(error.absolute_path))
        schema_valid = not errors
        swift_valid = swift_line.partition("\t")[0] == "valid"
        if schema_valid != swift_valid:
            location = ".".join(str(part) for part in path) or "$"
            detail = swift_line.split("\t", 1)[1] if not swift_valid else "; ".join(f"{'.'.join(map(str, e.absolute_path)) or '$'}: {e.message[:120]}" for e in errors[:3])
            disagreements.append({
                "type": type_name, "label": label, "kind": kind, "path": location,
                "rejectedBy": "swift" if schema_valid else "jsonschema", "detail": detail,
            })

    def matches(entry, disagreement):
        if entry["rejectedBy"] != disagreement["rejectedBy"]:
            return False
        if "kinds" in entry and disagreement["kind"] not in entry["kinds"]:
            return False
        if "types" in entry and disagreement["type"] not in entry["types"]:
            return False
        if "pathPattern" in entry and not re.search(entry["pathPattern"], disagreement["path"]):
            return False
        if "detailPattern" in entry and not re.search(entry["detailPattern"], disagreement["detail"]):
            return False
        return True

    hits = {entry["id"]: 0 for entry in accepted}
    unexpected = []
    for disagreement in disagreements:
        entry = next((entry for entry in accepted if matches(entry, disagreement)), None)
        if entry is None:
            unexpected.append(disagreement)
        else:
            hits[entry["id"]] += 1

    originals = sum(1 for case in cases if case[2] == "original")
    swift_invalid = sum(1 for line in swift_verdicts if line.partition("\t")[0] != "valid")
    swift_valid_count = len(swift_verdicts) - swift_invalid
    print(f"differential: {len(cases)} payloads ({originals} originals, {len(cases) - originals} mutations) "
          f"from {len({case[1] for case in cases})} documents of {len({case[0] for case in cases})} types; "
          f"{swift_invalid} rejected by the Swift validators")
    print(f"differential: {len(disagreements)} disagreements, {len(disagreements) - len(unexpected)} of them accepted differences")
    for entry in accepted:
        print(f"  accepted {entry['id']}: {hits[entry['id']]}  ({entry['reason']})")
    if skipped_types:
        print(f"  not JSON (skipped): {', '.join(sorted(skipped_types))}")
    print(f"differential: {round_trips}/{swift_valid_count} round trips, {len(lost)} members lost")
    failed = False
    if lost or changed:
        failed = True
        print(f"FAIL: {len(lost)} members lost and {len(changed)} values changed by a decode and encode:")
        for item in (lost + changed)[:arguments.show]:
            print(f"    {item}")
    if unexpected:
        failed = True
        print(f"FAIL: {len(unexpected)} unexpected disagreements (a bug in the export or in the validators):")
        by_kind = {}
        for disagreement in unexpected:
            by_kind.setdefault((disagreement["kind"], disagreement["rejectedBy"]), []).append(disagreement)
        for (kind, rejected_by), items in sorted(by_kind.items()):
            print(f"  {kind}, rejected only by {rejected_by}: {len(items)}")
            for item in items[:arguments.show]:
                print(f"    {item['type']} {item['path']} ({item['label']}): {item['detail'][:200]}")
    stale = [entry["id"] for entry in accepted if hits[entry["id"]] == 0]
    if stale and real:
        failed = True
        print(f"FAIL: accepted differences that no longer occur (remove them): {', '.join(stale)}")
    elif stale:
        # Without the providers' payloads the corpus is smaller, so some accepted differences
        # cannot arise; their staleness is only judged on the full corpus.
        print(f"NOTE: not seen without the providers' payloads (not judged stale): {', '.join(stale)}")
    print(f"{len(cases) - len(unexpected)} passed, {len(unexpected)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
