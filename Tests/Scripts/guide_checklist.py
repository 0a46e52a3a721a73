#!/usr/bin/env python3
"""The guides' element-level checklist: every element an integrator relies on in the five guides
(each identifier in a code span, a code block, a bold parameter name or a table's first column, and
each error code), the guide line that names it, where the package holds it and the test that uses
it. Tokens that are not elements of ours (Swift, Objective-C, JavaScript and HTML words, Apple
platform API, the samples' own variables) are listed with their reason in
Tests/GuideText/guide-elements.json, as are the elements not applicable on Linux.

  guide_checklist.py            writes docs/guide-checklist.md
  guide_checklist.py --check    fails when an element has no home or no test, when a listed token
                                is no longer in the guides, or when docs/guide-checklist.md is stale
"""
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEEDS = os.path.join(os.path.dirname(ROOT), "shared", "seeds")
OUTPUT = os.path.join(ROOT, "docs", "guide-checklist.md")
GUIDES = [
    ("000_58149bdceb6ac15a.txt", "Mastercard Click to Pay", ["MCSCommerceWeb"]),
    ("001_aa85fd6379405c21.txt", "MIT Suite mCommerce", ["SuiteMCommerce", "SuiteMerchantServer"]),
    ("002_cbf13e9c2d1d4756.txt", "Amazon Pay in a WebView app", ["AmazonPayMobile", "AmazonPayMerchantServer"]),
    ("003_8bc4bc48b9951405.txt", "PayPal Northstar", ["PayPalPayments"]),
    ("004_cb0a55bf9f3d2f3d.txt", "Mollie checkout demo", ["MollieCheckout"]),
]
LANGUAGE = set("""let var func class struct enum protocol extension import return if else for in while switch case
default break continue true false nil self super init deinit static private public internal final override mutating
throws throw try catch do async await guard where as is Any AnyObject Self some typealias inout weak lazy get set print
void id nonatomic strong assign copy readonly readwrite property interface implementation end NSString NSInteger BOOL
YES NO NULL nullable nonnull instancetype const function new this null undefined typeof require module exports then
document window console JSON Object Array String Number Math Date parseInt length push join split map forEach html head
body div span script style link meta title src type class href img button input form label table xml version encoding""".split())
CODE = re.compile(r"\b(?:[CSPAT]\d{3}|100\d\d)\b")
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]{2,}")


def codeish(token):
    """A code block's identifier: camelCase, snake_case or a PascalCase name with two capitals."""
    return "_" in token or re.search(r"[a-z][A-Z]", token) or re.search(r"[A-Z].*[A-Z]", token) and not token.isupper()


def elements(guide):
    """(token, line) in reading order, first mention only."""
    found = {}
    block = None
    with open(os.path.join(SEEDS, guide), encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped.startswith("```"):
            block = None if block is not None else (stripped[3:].strip(" .`").lower() or "plain")
            continue
        tokens = []
        if block is not None:
            code = re.sub(r"//.*|<!--.*?-->", "", line)
            if block != "xml":
                code = re.sub(r"\"[^\"]*\"|'[^']*'", "\"\"", code)
            tokens = [t for t in WORD.findall(code) if t not in LANGUAGE and (codeish(t) if block == "plain" else not t.islower())]
            if block == "xml":
                tokens = WORD.findall(code)
        else:
            spans = re.findall(r"`([^`]+)`", line) + re.findall(r"\*\*([A-Za-z_][A-Za-z0-9_ ]*)\*\*", line)
            if stripped.startswith("|"):
                cells = [cell.strip() for cell in stripped.strip("|").split("|")]
                if cells and re.fullmatch(r"`?[A-Za-z_][A-Za-z0-9_]*`?", cells[0]):
                    spans.append(cells[0])
            tokens = [t for span in spans for t in WORD.findall(span) if t not in LANGUAGE]
        tokens += CODE.findall(line)
        for token in tokens:
            found.setdefault(token, number)
    return found


def schema_names(module):
    """The types, enum values, fields, error codes and operations `guide-checklist.yaml` lists for
    `module` (what GuideChecklistTests holds the schemas to)."""
    names, current = [], None
    for line in read(os.path.join(ROOT, "Tests", "PaySchemaCoreTests", "Fixtures", "guide-checklist.yaml")):
        header = re.match(r"^([A-Za-z]+):\s*$", line)
        if header:
            current = header.group(1)
        elif current == module and not line.lstrip().startswith("#"):
            names += [quoted or bare for quoted, bare in re.findall(r'"([^"]+)"|([^\s\[\],:"]+)(?=\s*[,\]])', line)]
    return names


def guide_elements(guide, module):
    """The guide's tokens, with the names the schema checklist lists that the guide also writes
    (enum values in prose such as `SANDBOX, DEV, QA, PROD`), each at its first line."""
    found = elements(guide)
    lines = read(os.path.join(SEEDS, guide))
    for name in schema_names(module):
        if name in found or len(name) < 2 or name.isdigit():
            continue
        pattern = re.compile(r"(?<![A-Za-z0-9_])" + re.escape(name) + r"(?![A-Za-z0-9_])")
        line = next((number for number, text in enumerate(lines, 1) if pattern.search(text)), None)
        if line:
            found[name] = line
    return dict(sorted(found.items(), key=lambda item: item[1]))


def read(path):
    with open(path, encoding="utf-8", errors="replace") as handle:
        return handle.read().split("\n")


def files(under, suffixes):
    out = []
    for directory, folders, names in os.walk(os.path.join(ROOT, under)):
        folders[:] = sorted(f for f in folders if not f.startswith(".") and f != ".build")
        out += [os.path.join(directory, name) for name in sorted(names) if name.endswith(suffixes)]
    return out


TOKEN = re.compile(r"[A-Za-z0-9_]+")


_WORDS = {}


def words_of(path, owners=False):
    """word -> "path:line" (with the enclosing declaration when `owners`) of its first occurrence in one file."""
    key = (path, owners)
    if key not in _WORDS:
        first, owner = {}, None
        relative = os.path.relpath(path, ROOT)
        for number, line in enumerate(read(path), 1):
            if owners:
                match = re.search(r"\b(?:func|def|class|struct|enum|extension)\s+([A-Za-z_][A-Za-z0-9_]*)", line)
                owner = match.group(1) if match else owner
            if owners and re.match(r"\s*#" if path.endswith(".py") else r"\s*//", line):
                continue  # a comment names an element; it does not use it
            for word in set(TOKEN.findall(line)) - first.keys():
                first[word] = f"{relative}:{number}" + (f" (`{owner}`)" if owners and owner else "")
        _WORDS[key] = first
    return _WORDS[key]


def first_lines(paths, owners=False):
    """word -> where it first occurs over `paths`, in order."""
    first = {}
    for path in paths:
        for word, where in words_of(path, owners).items():
            first.setdefault(word, where)
    return first


class Index:
    """Where each word first occurs: in the package (the guide's modules first) and in its tests
    (the guide's module's test files first; the enclosing test or test type named)."""

    def __init__(self):
        shared = files("Generated", (".swift",)) + files("Sources", (".swift", ".html", ".js"))
        self.homes, self.proofs = {}, {}
        tests = [path for path in files("Tests", (".swift", ".py")) if os.path.basename(path) != "guide_checklist.py"]
        for guide, _, modules in GUIDES:
            own = []
            for module in modules:
                own += files(os.path.join("Schemas", module), (".yaml",)) + files(os.path.join("Sources", module), (".swift", ".html", ".js", ".md"))
            self.homes[guide] = first_lines(list(dict.fromkeys(own + shared)))
            stem = modules[0]
            ranked = sorted(tests, key=lambda path: (stem not in os.path.basename(path) and stem[:6] not in os.path.basename(path), path))
            self.proofs[guide] = first_lines(ranked, owners=True)

    @staticmethod
    def lookup(first, token):
        """Where `token` first occurs; else where the same word in another case does (the guides
        capitalize bean attributes, `Folio` for the field `folio`, and spell `checkoutID` for `checkoutId`)."""
        if token in first:
            return first[token]
        lower_camel = token[:1].lower() + token[1:]
        folded = [lower_camel] if lower_camel in first else [word for word in first if word[:1] == token[:1] and word.lower() == token.lower()]
        return f"{first[folded[0]]} as `{folded[0]}`" if folded else None

    def home(self, guide, token):
        return self.lookup(self.homes[guide], token)

    def proof(self, guide, token, modules):
        return self.lookup(self.proofs[guide], token)


def build():
    with open(os.path.join(ROOT, "Tests", "GuideText", "guide-elements.json"), encoding="utf-8") as handle:
        catalog = json.load(handle)
    # A token listed as "NNN:token" counts for guide NNN only; a plain one for every guide.
    ignored = {token: reason for reason, tokens in catalog["notElements"].items() for token in tokens}
    inapplicable = {token: reason for reason, tokens in catalog["notApplicable"].items() for token in tokens}
    same_as = catalog.get("sameAs", {})
    index = Index()
    problems, sections, totals = [], [], {"covered": 0, "not applicable": 0, "not elements": 0}
    seen = set()
    for guide, title, modules in GUIDES:
        rows = []
        for token, line in guide_elements(guide, modules[0]).items():
            scoped = f"{guide[:3]}:{token}"
            seen.update([token, scoped])
            if scoped in ignored or token in ignored:
                totals["not elements"] += 1
                continue
            if scoped in inapplicable or token in inapplicable:
                totals["not applicable"] += 1
                rows.append(f"| `{token}` | {line} | not applicable: {inapplicable.get(scoped) or inapplicable[token]} | |")
                continue
            # "sameAs": where the guide's name is the package's under another (the sample server's
            # `generateButtonSignature` is the signer's `buttonSignature`), the other name stands in.
            alias = same_as.get(scoped) or same_as.get(token)
            home, proof = index.home(guide, token), index.proof(guide, token, modules)
            if alias and not home:
                home = (found := index.home(guide, alias)) and f"{found} (as `{alias}`)"
            if alias and not proof:
                proof = (found := index.proof(guide, alias, modules)) and f"{found} (as `{alias}`)"
            if not home:
                problems.append(f"{guide}:{line}: `{token}` lives nowhere in the package")
            if not proof:
                problems.append(f"{guide}:{line}: `{token}` is used by no test")
            totals["covered"] += 1 if home and proof else 0
            rows.append(f"| `{token}` | {line} | {home or '**missing**'} | {proof or '**missing**'} |")
        sections.append(f"## {title} (`{guide}`)\n\n| Element | Guide line | Where it lives | Test that uses it |\n|---|---|---|---|\n" + "\n".join(rows) + "\n")
    for token in sorted((set(ignored) | set(inapplicable) | set(same_as)) - seen):
        problems.append(f"Tests/GuideText/guide-elements.json: `{token}` is listed but no guide names it")
    header = (
        "# The guides, element by element\n\n"
        "Generated by `Tests/Scripts/guide_checklist.py` (CI runs it with `--check`): every identifier the five guides put in a\n"
        "code span, a code block, a bold parameter name or a table's first column, every error code, and every type, enum value,\n"
        "field and operation of `Tests/PaySchemaCoreTests/Fixtures/guide-checklist.yaml` the guide writes, with the guide line\n"
        "that first names it, where the package holds it (schema, generated or hand-written source, page) and the first test\n"
        "source line that uses it by name outside comments, with the test or test type around it (the module's own test\n"
        "files first). Words that are not elements of ours (language keywords,\n"
        "Apple platform API, the samples' own variables, prose) and elements not applicable on Linux are listed with their\n"
        "reasons in `Tests/GuideText/guide-elements.json`.\n\n"
        f"Elements: {totals['covered']} covered, {totals['not applicable']} not applicable; {totals['not elements']} other words left out.\n\n"
    )
    return header + "\n".join(sections), problems


def main():
    document, problems = build()
    if "--check" in sys.argv:
        with open(OUTPUT, encoding="utf-8") as handle:
            if handle.read() != document:
                problems.append("docs/guide-checklist.md is stale: run Tests/Scripts/guide_checklist.py")
        for problem in problems:
            print(f"error: {problem}", file=sys.stderr)
        print(f"guide checklist: {len(problems)} problems")
        sys.exit(1 if problems else 0)
    with open(OUTPUT, "w", encoding="utf-8") as handle:
        handle.write(document)
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    print(document.split("\n\n")[2])


if __name__ == "__main__":
    main()
