#!/usr/bin/env python3
"""Our linked types against the provider's official contract (issue 26).

For every type that declares `upstream:` (`payschema upstream DOCUMENT --format json` lists them),
instances are generated from the official schema with hypothesis-jsonschema (fixed seed, at least
120 per type) and judged by our generated validators (`payflow validate-batch`). Every instance must
be accepted, except where a rejection falls on a wire path the type (or a linked type it contains)
lists in `upstream.differences` with its reason. Where our type requires a field the official schema
leaves optional, generation makes it required too (that stricter presence is itself a listed
difference, which `payschema upstream` enforces), so the instances exercise what we do accept.

Prints a Markdown table per type: instances, accepted, rejected on a listed difference, rejected
otherwise (each a failure, shown with its problems). Exit 1 on any unlisted rejection.

    python3 Tests/Contract/upstream_conformance.py --payflow .build/debug/payflow --payschema .build/debug/payschema \
        --document ../shared/contracts/paypal/checkout_orders_v2.json
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import re
import subprocess
import sys
import tempfile
import warnings

warnings.filterwarnings("ignore")


def run(command: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True, **kwargs)


class Official:
    """The official document: `$ref` resolution and `allOf` flattening."""

    def __init__(self, document: dict):
        self.document = document

    def at(self, pointer: str):
        node = self.document
        for token in pointer.lstrip("/").split("/"):
            # A pointer into an array (`refund/allOf/1/...`) names its item by index.
            node = node[int(token)] if isinstance(node, list) else node[token.replace("~1", "/").replace("~0", "~")]
        return node

    def resolve(self, node: dict, depth: int = 0) -> dict:
        while isinstance(node, dict) and "$ref" in node and depth < 32:
            node = self.at(node["$ref"][1:])
            depth += 1
        if isinstance(node, dict) and "allOf" in node:
            merged = {key: value for key, value in node.items() if key != "allOf"}
            properties = dict(merged.get("properties", {}))
            required = list(merged.get("required", []))
            for member in node["allOf"]:
                member = self.resolve(member, depth + 1)
                for key, value in member.items():
                    if key == "properties":
                        # A property two members declare must meet both (Mollie's payment-response
                        # narrows the entity's open `method: {}` to its method enum).
                        for name, schema in value.items():
                            properties[name] = {"allOf": [properties[name], schema]} if name in properties and properties[name] != schema else schema
                    elif key == "required":
                        required += [name for name in value if name not in required]
                    else:
                        merged.setdefault(key, value)
            if properties:
                merged["properties"] = properties
            if required:
                merged["required"] = required
            return merged
        return node


class Ours:
    """Our exported components (one module's `payschema export openapi`)."""

    def __init__(self, components: dict):
        self.components = components

    def resolve(self, node: dict | None) -> dict | None:
        depth = 0
        while isinstance(node, dict) and "$ref" in node and depth < 32:
            node = self.components.get(node["$ref"].split("/")[-1])
            depth += 1
        if isinstance(node, dict) and "enum" not in node:
            # A coded string of ours refers to its shared code list: `allOf: [{$ref: PayCurrencyCode}]`.
            for member in node.get("allOf", []):
                target = self.resolve(member) if isinstance(member, dict) and "$ref" in member else None
                if isinstance(target, dict) and "enum" in target:
                    node = dict(node, enum=target["enum"])
        if isinstance(node, dict):
            for key in ("anyOf", "oneOf"):
                # A nullable field of ours is `anyOf: [{$ref}, {type: null}]`.
                options = [option for option in node.get(key, []) if option.get("type") != "null"]
                if len(options) == 1 and "$ref" in options[0]:
                    return self.resolve(options[0])
        return node

    def leaf(self, node: dict | None) -> dict | None:
        """Our schema of a plain string field (a pattern, a format, a code list), without references,
        to generate a listed difference's field as we take it; `None` for anything else."""
        resolved = self.resolve(node)
        if isinstance(resolved, dict):
            options = [option for option in resolved.get("anyOf", []) if option.get("type") != "null"]
            if len(options) == 1:
                resolved = self.resolve(options[0])
        if not isinstance(resolved, dict) or resolved.get("type") != "string":
            return None
        return {key: value for key, value in resolved.items() if key in ("type", "pattern", "format", "enum", "minLength", "maxLength")}

    def name_of(self, node: dict | None) -> str | None:
        if isinstance(node, dict) and "$ref" in node:
            return node["$ref"].split("/")[-1]
        if isinstance(node, dict):
            for key in ("anyOf", "oneOf"):
                for option in node.get(key, []):
                    if "$ref" in option:
                        return option["$ref"].split("/")[-1]
        return None


# ECMA-262's `.` (JSON Schema's dialect, no `s` flag): any character but its four line terminators.
ECMA_DOT = r"[^\n\r\u2028\u2029]"
# ECMA-262's `\s`: its white space and line terminators (`re`'s also takes U+001C to U+001F and U+0085).
ECMA_SPACE = r"\t\n\x0b\x0c\r \xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"


def python_pattern(pattern: str) -> str:
    """A JSON Schema pattern as Python's `re` must be written to read it as ECMA-262 does: `re`'s `.`
    also takes `\r`, U+2028 and U+2029, and its `$` also matches before a final newline, so a
    generator reading the pattern as it stands draws values the document's own dialect refuses.
    `.` outside a class becomes ECMA's class, `$` becomes `\Z`. `re`'s `\d` and `\w` take every
    Unicode digit and letter; ECMA's (without the `u` flag) only ASCII ones: they become ASCII classes.
    `re`'s `\s` takes U+001C to U+001F and U+0085, which ECMA's does not: it becomes ECMA's class."""
    ascii_classes = {
        "d": ("[0-9]", "0-9"), "D": ("[^0-9]", None), "w": ("[A-Za-z0-9_]", "A-Za-z0-9_"), "W": ("[^A-Za-z0-9_]", None),
        "s": ("[" + ECMA_SPACE + "]", ECMA_SPACE), "S": ("[^" + ECMA_SPACE + "]", None),
    }
    out, in_class, escaped = [], False, False
    for character in pattern:
        if escaped:
            escaped = False
            spelled = ascii_classes.get(character)
            if spelled and (spelled[1] if in_class else spelled[0]):
                out[-1] = spelled[1] if in_class else spelled[0]
                continue
        elif character == "\\":
            escaped = True
        elif in_class:
            in_class = character != "]"
        elif character == "[":
            in_class = True
        elif character == ".":
            out.append(ECMA_DOT)
            continue
        elif character == "$":
            out.append(r"\Z")
            continue
        out.append(character)
    return "".join(out)


def ecma_patterns(node):
    """`node` with every `pattern` keyword's value read as ECMA-262 reads it (`python_pattern`)."""
    if isinstance(node, dict):
        return {key: python_pattern(value) if key == "pattern" and isinstance(value, str) else ecma_patterns(value)
                for key, value in node.items()}
    if isinstance(node, list):
        return [ecma_patterns(value) for value in node]
    return node


def forced(official: Official, ours: Ours, node: dict, our_node: dict | None, depth: int = 0, narrow: bool = False) -> dict:
    """The official schema with our required fields required too, recursively where both sides
    describe the same object. `narrow` also keeps coded strings (currencies, countries) within our
    code lists, and generates each field a type lists as a difference as our schema takes it (a
    URL, a date, an id's pattern), so a type whose every instance hit a listed difference is
    exercised inside them too."""
    node = copy.deepcopy(official.resolve(node))
    mine = ours.resolve(our_node)
    if depth > 12 or not isinstance(mine, dict):
        return node
    if narrow and isinstance(mine.get("enum"), list) and "enum" not in node and node.get("type") == "string":
        node = {"type": "string", "enum": mine["enum"]}
        return node
    if node.get("type") == "array" or "items" in node:
        if isinstance(node.get("items"), dict):
            node["items"] = forced(official, ours, node["items"], mine.get("items"), depth + 1, narrow)
        return node
    properties = node.get("properties")
    our_properties = mine.get("properties", {})
    if not isinstance(properties, dict):
        return node
    required = list(node.get("required", []))
    for name in mine.get("required", []):
        if name in properties and name not in required:
            required.append(name)
    if required:
        node["required"] = required
    differences = (mine.get("x-upstream") or {}).get("differences", {}) if narrow else {}
    for name, schema in list(properties.items()):
        if name in our_properties:
            leaf = ours.leaf(our_properties[name]) if name in differences else None
            properties[name] = leaf if leaf is not None else forced(official, ours, schema, our_properties[name], depth + 1, narrow)
    return node


def remembering_strategies():
    """hypothesis-jsonschema builds a strategy for a subschema at every draw (a purchase unit's
    `amount` once per instance, and again inside every type that holds one); the same subschema
    builds the same strategy, so during one type's generation each is built once. Measured in one
    process: the same 120 instances as without it (compared one by one, for PayPal's `money`,
    `capture`, `order` and `purchase_unit_request`), the last in 5.6 s instead of 15 s; the whole
    PayPal run 160 s instead of 375 s. Returns a function that undoes it."""
    import hypothesis_jsonschema._from_schema as module
    from hypothesis_jsonschema._canonicalise import encode_canonical_json

    build = getattr(module, "__from_schema")
    built: dict = {}

    def remembered(schema, *, alphabet, custom_formats):
        # The alphabet and formats are kept beside the strategy, so their ids stay theirs.
        key = (encode_canonical_json(schema), id(alphabet), id(custom_formats))
        if key not in built:
            built[key] = (build(schema, alphabet=alphabet, custom_formats=custom_formats), alphabet, custom_formats)
        return built[key][0]

    setattr(module, "__from_schema", remembered)
    return lambda: setattr(module, "__from_schema", build)


def admitted_values(schema: dict) -> list:
    """The values of an enum that its own length and pattern constraints admit."""
    def admits(value) -> bool:
        if not isinstance(value, str):
            return True
        if len(value) < schema.get("minLength", 0) or len(value) > schema.get("maxLength", len(value)):
            return False
        return "pattern" not in schema or re.search(schema["pattern"], value) is not None
    return [value for value in schema["enum"] if admits(value)]


def generate(schema: dict, components: dict, count: int, seed: int) -> list:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import seed as hypothesis_seed
    from hypothesis_jsonschema import from_schema

    forget = remembering_strategies()

    root = dict(schema)
    root["components"] = components
    out: list = []

    @hypothesis_seed(seed)
    @settings(max_examples=count, database=None, deadline=None, suppress_health_check=list(HealthCheck), derandomize=False)
    @given(from_schema(root))
    def collect(instance):
        out.append(instance)

    try:
        collect()
    finally:
        forget()
    return out


def normalized(path: str) -> str:
    return re.sub(r"\[[0-9]+\]", "[]", path)


def covered(ours: Ours, differences: dict[str, dict[str, str]], type_name: str, path: str) -> str | None:
    """The listed difference that explains a rejection at `path` of `type_name`, walking into the
    linked types the path passes through; `None` when none does."""
    current = type_name
    rest = normalized(path)
    for _ in range(16):
        for listed, reason in differences.get(current, {}).items():
            if rest == listed or rest.startswith(listed + ".") or rest.startswith(listed + "["):
                return f"{current}: {listed} ({reason})"
        schema = ours.components.get(current, {})
        match = re.match(r"([^.\[]+)(\[\])?\.?(.*)", rest)
        if not match:
            return None
        field, is_list, tail = match.group(1), match.group(2), match.group(3)
        property_schema = schema.get("properties", {}).get(field)
        if property_schema is None:
            return None
        if is_list:
            property_schema = (ours.resolve(property_schema) or {}).get("items")
        nested = ours.name_of(property_schema)
        if nested is not None and not tail and "$" in differences.get(nested, {}):
            # The nested value as a whole: its type's own listed difference (`$`).
            return f"{nested}: $ ({differences[nested]['$']})"
        if nested is None or not tail:
            return None
        current, rest = nested, tail
    return None


def load_document(path: str) -> dict:
    """An official document, JSON (PayPal's) or YAML (Mollie's OpenAPI 3.1). Its YAML is read with
    dates left as text: the document's schemas type them as strings, and one example holds an
    unquoted date that does not exist, which a loader that reads dates refuses."""
    with open(path) as handle:
        if not path.endswith((".yaml", ".yml")):
            return json.load(handle)
        import yaml

        class Loader(yaml.SafeLoader):
            pass

        Loader.yaml_implicit_resolvers = {
            first: [(tag, pattern) for tag, pattern in resolvers if tag != "tag:yaml.org,2002:timestamp"]
            for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
        }
        return yaml.load(handle, Loader=Loader)


PROOFS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "listed-difference-proofs.json")


def prove_listed_differences(args, coverage: list, official: Official) -> int:
    """Every listed difference of the types linked to this document, proven against both judges:
    an instance a "we refuse" proof gives must be admitted by the official schema (else it shows
    no difference) and refused by ours; a "we take" proof's instance must be taken by ours. Prints
    one table; returns the number of proofs that do not hold."""
    from jsonschema import Draft202012Validator

    with open(PROOFS) as handle:
        proofs = json.load(handle)["proofs"]
    linked = {entry["type"].split(".", 1)[1]: entry for entry in coverage}
    cases = [(difference, case) for difference, listed in sorted(proofs.items()) for case in listed if case["type"] in linked]
    if not cases:
        return 0
    lines = "".join(f"{linked[case['type']]['type']}\t{case['json']}\n" for _, case in cases)
    verdicts = run([args.payflow, "validate-batch", "-"], input=lines)
    if verdicts.returncode != 0:
        print(verdicts.stderr, file=sys.stderr)
        sys.exit(2)
    # The official schema as the document declares it: the whole document is the root, so its
    # `#/components/...` references resolve; formats are annotations (the document's own reading).
    validators: dict[str, Draft202012Validator] = {}
    failures = 0
    print("\nEvery listed difference proven against both judges (`Tests/Contract/listed-difference-proofs.json`):\n")
    print("| difference | instance | official schema | ours | holds |")
    print("|---|---|---|---|---|")
    for (difference, case), verdict in zip(cases, verdicts.stdout.splitlines()):
        pointer = linked[case["type"]]["upstream"].split("#", 1)[1]
        if pointer not in validators:
            validators[pointer] = Draft202012Validator({**official.document, "$ref": "#" + pointer})
        instance = json.loads(case["json"])
        admitted = validators[pointer].is_valid(instance)
        taken = verdict == "valid"
        if case["taken"]:
            holds = taken
            why = "" if holds else ": ours refuses what the difference says we take"
        elif case.get("bothRefuse"):
            holds = not admitted and not taken
            why = "" if holds else (": the official schema admits it, where the difference says both refuse it" if admitted else ": ours accepts it")
        else:
            holds = admitted and not taken
            why = "" if holds else (": the official schema refuses it too, so it shows no difference" if not admitted else ": ours accepts what the difference says we refuse")
        failures += 0 if holds else 1
        shown = case["json"] if len(case["json"]) <= 80 else case["json"][:77] + "..."
        print(f"| `{difference}` | `{shown}` | {'admits' if admitted else 'refuses'} | {'takes' if taken else 'refuses'} | "
              f"{'yes' if holds else '**no**' + why} |")
        if not holds:
            print(f"LISTED DIFFERENCE NOT PROVEN {difference}{why}: {case['json']}", file=sys.stderr)
    refused = sum(1 for _, case in cases if not case["taken"] and not case.get("bothRefuse"))
    both = sum(1 for _, case in cases if case.get("bothRefuse"))
    print(f"\n{len(cases)} proofs ({refused} refusals the official schema admits, {both} refusals both make, "
          f"{len(cases) - refused - both} instances we take), {failures} not holding.")
    return failures


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--payflow", required=True)
    parser.add_argument("--payschema", required=True)
    parser.add_argument("--document", required=True, help="the official document (e.g. ../shared/contracts/paypal/checkout_orders_v2.json)")
    parser.add_argument("--schemas", default="Schemas")
    parser.add_argument("--count", type=int, default=120)
    parser.add_argument("--seed", type=int, default=26)
    args = parser.parse_args()

    report = run([args.payschema, "upstream", args.document, "--schemas", args.schemas, "--format", "json"])
    if report.returncode not in (0, 1):
        print(report.stderr, file=sys.stderr)
        return 2
    coverage = json.loads(report.stdout)["coverage"]
    official = Official(load_document(args.document))
    components = ecma_patterns(official.document.get("components", {}))
    # Whole types: a member a linked type leaves out is one the document itself marks deprecated,
    # read-only (the type is a request's) or write-only (an answer's), and only such.
    left_out = unmarked = 0
    for entry in coverage:
        properties = official.resolve({"$ref": "#" + entry["upstream"].split("#", 1)[1]}).get("properties", {})
        for name in entry.get("omitted", []):
            member = official.resolve(properties.get(name, {})) if isinstance(properties.get(name), dict) else {}
            marks = {key for key in ("deprecated", "readOnly", "writeOnly") if properties.get(name, {}).get(key) or member.get(key)}
            left_out += 1
            if not marks:
                unmarked += 1
                print(f"error: {entry['type']} leaves out '{name}', which the document marks neither deprecated, read-only nor write-only", file=sys.stderr)
    print(f"Members left out: {left_out}, each one the document marks deprecated, read-only or write-only ({unmarked} not).\n")
    if unmarked:
        return 1

    modules = sorted({entry["type"].split(".")[0] for entry in coverage})
    ours_by_module: dict[str, Ours] = {}
    workdir = tempfile.mkdtemp(prefix="upstream-")
    for module in modules:
        path = os.path.join(workdir, f"{module}.json")
        exported = run([args.payschema, "export", "openapi", "--schemas", args.schemas, "--module", module, "--output", path])
        if exported.returncode != 0:
            print(exported.stderr, file=sys.stderr)
            return 2
        with open(path) as handle:
            ours_by_module[module] = Ours(json.load(handle)["components"]["schemas"])

    differences: dict[str, dict[str, str]] = {}
    for module, ours in ours_by_module.items():
        for name, schema in ours.components.items():
            differences[name] = schema.get("x-upstream", {}).get("differences", {})

    # Generation is the slow part (hypothesis): every type's instances are generated on all cores
    # first, the narrowed runs (types whose every instance hit a listed difference) included.
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=os.cpu_count() or 2)
    pregenerated = {}
    for entry in coverage:
        module, name = entry["type"].split(".", 1)
        pointer = entry["upstream"].split("#", 1)[1]
        for narrow in (False, True):
            schema = forced(official, ours_by_module[module], {"$ref": "#" + pointer}, {"$ref": f"#/components/schemas/{name}"}, narrow=narrow)
            if narrow and schema == forced(official, ours_by_module[module], {"$ref": "#" + pointer}, {"$ref": f"#/components/schemas/{name}"}):
                continue
            pregenerated[(entry["type"], narrow)] = pool.submit(generate, ecma_patterns(schema), components, args.count, args.seed)

    rows = []
    failures = 0
    for entry in coverage:
        module, name = entry["type"].split(".", 1)
        ours = ours_by_module[module]
        pointer = entry["upstream"].split("#", 1)[1]
        def judge(narrow: bool):
            schema = forced(official, ours, {"$ref": "#" + pointer}, {"$ref": f"#/components/schemas/{name}"}, narrow=narrow)
            key = (entry["type"], narrow)
            instances = pregenerated[key].result() if key in pregenerated else generate(schema, components, args.count, args.seed)
            # An enum has as many distinct instances as values its schema admits: all of them, then
            # (PayPal's wallet `landing_page` lists GUEST_CHECKOUT, 14 characters, beside maxLength 13).
            expected = min(args.count, len(admitted_values(schema))) if isinstance(schema.get("enum"), list) else args.count
            lines = "".join(f"{entry['type']}\t{json.dumps(instance, separators=(',', ':'))}\n" for instance in instances)
            verdicts = run([args.payflow, "validate-batch", "-"], input=lines)
            if verdicts.returncode != 0:
                print(verdicts.stderr, file=sys.stderr)
                sys.exit(2)
            accepted = justified = 0
            reasons: dict[str, int] = {}
            unexplained = []
            for instance, verdict in zip(instances, verdicts.stdout.splitlines()):
                if verdict == "valid":
                    accepted += 1
                    continue
                problems = verdict.split("\t", 1)[1].split("; ")
                if instance is None and "null" in differences.get(name, {}):
                    # An enum whose document lists `null` among its values: null is the field's
                    # (nullable where the enum is used), as the listed difference `null` says.
                    explained = [f"{name}: null ({differences[name]['null']})"]
                else:
                    explained = [covered(ours, differences, name, re.split(r" \[|: ", problem, maxsplit=1)[0]) for problem in problems]
                if all(explained):
                    justified += 1
                    for reason in explained:
                        key = reason.split(" (", 1)[0]
                        reasons[key] = reasons.get(key, 0) + 1
                else:
                    unexplained.append((instance, [problem for problem, why in zip(problems, explained) if why is None]))
            return instances, expected, accepted, justified, reasons, unexplained

        instances, expected, accepted, justified, reasons, unexplained = judge(narrow=False)
        if accepted == 0 and justified > 0:
            # Every instance hit a listed difference: judge again inside our code lists, where
            # everything must pass but the remaining listed differences.
            narrowed = judge(narrow=True)
            unexplained += narrowed[5]
            narrow_note = f"; inside our code lists {narrowed[2]}/{len(narrowed[0])} accepted"
            if narrowed[2] == 0:
                print(f"error: {entry['type']}: no instance accepted even inside our code lists", file=sys.stderr)
                failures += 1
        else:
            narrow_note = ""
        failures += len(unexplained)
        rows.append((entry["type"], pointer.split("/")[-1], len(instances), accepted, justified, len(unexplained), reasons, expected, narrow_note))
        shown = set()
        for instance, problems in unexplained:
            key = tuple(sorted(normalized(re.split(r" \[|: ", problem, maxsplit=1)[0]) + " " + problem.rsplit(" ", 1)[-1] for problem in problems))
            if key in shown or len(shown) >= 5:
                continue
            shown.add(key)
            print(f"UNLISTED REJECTION {entry['type']}: {'; '.join(problems)}\n  instance: {json.dumps(instance)[:300]}", file=sys.stderr)

    pool.shutdown()
    print(f"Instances generated from `{os.path.basename(args.document)}` with hypothesis-jsonschema (seed {args.seed}), judged by our generated validators:\n")
    print("| type | official schema | instances | accepted | rejected on a listed difference | rejected otherwise |")
    print("|---|---|---|---|---|---|")
    for type_name, schema_name, count, accepted, justified, unexplained, reasons, _, narrow_note in rows:
        listed = ", ".join(f"`{key.split(': ', 1)[1]}` ×{value}" for key, value in sorted(reasons.items()))
        print(f"| `{type_name}` | `{schema_name}` | {count} | {accepted} | {justified}{' (' + listed + ')' if listed else ''} | {'**' + str(unexplained) + '**' if unexplained else 0}{narrow_note} |")
    too_few = [row[0] for row in rows if row[2] < row[7]]
    if too_few:
        print(f"\nerror: fewer than {args.count} instances (or fewer than the enum's values) for {', '.join(too_few)}", file=sys.stderr)
        return 1
    print(f"\n{len(rows)} linked types, {sum(row[2] for row in rows)} instances, {failures} rejected without a listed difference.")
    failures += prove_listed_differences(args, coverage, official)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
