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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import index_store  # noqa: E402

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
    pending, pending_line = None, 0
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        fence = re.match(r"`{3,}(.*)$", stripped) or re.fullmatch(r"``([A-Za-z]+)[\s.]*", stripped)
        if fence:
            # The guides' fences do not always pair (a stray "````" or "```." closer, a "``js"
            # opener): a fence that names a language always opens a block; a bare one closes the
            # open block or opens one.
            language = fence.group(1).strip(" .`").lower()
            language = language if re.fullmatch(r"[a-z]+", language) else ""
            block = language if language else (None if block is not None else "plain")
            pending = None
            continue
        if block is None and (pending is not None or line.count("`") % 2 == 1):
            # A code span over several lines (MIT's Objective-C signatures): read it whole, at the
            # line it opens on.
            if pending is None:
                pending, pending_line = line, number
                continue
            pending += " " + stripped
            if line.count("`") % 2 == 0:
                continue
            line, number, pending = pending, pending_line, None
        tokens = []
        if block is not None:
            code = re.sub(r"(?<![:/])//.*|<!--.*?-->", "", line)
            # A page's strings are its element ids and URLs (`id="nextButton"`, `'white_cover'`,
            # `redirector_local-…`); a Swift or Objective-C sample's strings are its data.
            if block not in ("xml", "html", "js", "javascript"):
                code = re.sub(r"\"[^\"]*\"|'[^']*'", "\"\"", code)
            tokens = [t for t in WORD.findall(code) if t not in LANGUAGE and (codeish(t) or (block != "plain" and not t.islower()))]
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


_LINES = {}


def lines_of(path):
    if path not in _LINES:
        _LINES[path] = read(path)
    return _LINES[path]


class Declaration:
    """A declaration the compiler recorded: its USR, where it is defined (a generated file by its
    committed path in `Generated/`), and its name."""

    def __init__(self, usr, where, line, name):
        self.usr, self.where, self.line, self.name = usr, where, line, name


class CompilerIndex:
    """The guides' modules as the compiler indexed them (`index_store.py` reads the index store the
    debug build writes): each declaration by name, by argument label and by the wire value a
    generated case carries (`case invalidEnvironment = "C002"`); each reference a test makes to one,
    with the function it is written in; and which of those functions are tests (`@Test`)."""

    GENERATED = re.compile(r"\.build/plugins/outputs/[^/]+/([^/]+)/destination/PaySchemaPlugin/Generated/(.+)")

    def __init__(self):
        inside = lambda path: path.startswith(ROOT + os.sep) and "/.build/checkouts/" not in path
        found = index_store.occurrences(None, inside)
        self.names, self.labels, self.values, self.uses, self.functions, self.wire = {}, {}, {}, {}, {}, {}
        for occurrence in found:
            relative = os.path.relpath(occurrence.path, ROOT)
            module, where = self.home_of(relative)
            if occurrence.roles & index_store.ROLE_DEFINITION and not occurrence.roles & index_store.ROLE_IMPLICIT:
                if relative.startswith("Tests/"):
                    self.functions[(relative, occurrence.usr)] = occurrence.line
                    # A test's type implementing a requirement (a delegate method) uses it.
                    for implemented in occurrence.overrides:
                        if occurrence.container_usr:
                            self.uses.setdefault(implemented, []).append((relative, occurrence.line, occurrence.container, occurrence.container_usr))
                if not module:
                    continue
                declaration = Declaration(occurrence.usr, where, occurrence.line, occurrence.name)
                base, _, labels = occurrence.name.partition("(")
                self.names.setdefault((module, base), []).append(declaration)
                for label in labels.rstrip(")").split(":"):
                    if label and label != "_":
                        self.labels.setdefault((module, label), []).append(declaration)
                text = lines_of(occurrence.path)[occurrence.line - 1] if occurrence.line <= len(lines_of(occurrence.path)) else ""
                value = re.search(r"\bcase\s+`?" + re.escape(base) + r'`?\s*=\s*"([^"]+)"', text)
                if value:
                    self.values.setdefault((module, value.group(1)), []).append(declaration)
            elif occurrence.roles & index_store.ROLE_REFERENCE and not occurrence.roles & index_store.ROLE_IMPLICIT:
                if relative.startswith("Tests/") and occurrence.container_usr:
                    self.uses.setdefault(occurrence.usr, []).append((relative, occurrence.line, occurrence.container, occurrence.container_usr))
        # Wire names: a generated field's key (`PayFieldKey("paymentType", xml: "tpPago")`) names the
        # property it codes, whose declaration the index holds.
        for module in {module for module, _ in self.names}:
            for path in files(os.path.join("Generated", module), (".swift",)):
                for text in lines_of(path):
                    for swift, rest in re.findall(r'PayFieldKey\("([^"]+)"([^)]*)\)', text):
                        for wire in re.findall(r'"([^"]+)"', rest):
                            self.wire.setdefault((module, wire), set()).add(swift)

    @classmethod
    def home_of(cls, relative):
        """(module, where) of a package source file; generated files by their committed copy."""
        generated = cls.GENERATED.match(relative)
        if generated:
            return generated.group(1), f"Generated/{generated.group(1)}/{generated.group(2)}"
        source = re.match(r"Sources/([^/]+)/", relative)
        return (source.group(1) if source else None), relative

    def is_test(self, path, usr):
        """Whether the function `usr` defined in `path` is a `@Test` (its attributes above it)."""
        line = self.functions.get((path, usr))
        if not line:
            return False
        text = lines_of(os.path.join(ROOT, path))
        for above in range(line - 1, max(line - 8, 0) - 1, -1):
            stripped = text[above].strip() if above < len(text) else ""
            if stripped.startswith("@Test"):
                return True
            if above < line - 1 and stripped and not stripped.startswith(("@", "//", "///", ")", "]", "arguments")) and not stripped.endswith(","):
                break
        return False

    def declarations(self, modules, token):
        """What the guide's `token` names in its modules: a declaration of that name (or the same
        word in lower camel case), an argument label, or a generated case's wire value."""
        candidates = []
        for table in (self.names, self.labels, self.values):
            for spelling in dict.fromkeys([token, token[:1].lower() + token[1:]]):
                found = [d for module in modules for d in table.get((module, spelling), [])]
                if found:
                    candidates.append((found, "" if spelling == token else f" as `{spelling}`",
                                       "wire value" if table is self.values else "declaration"))
        for module in modules:
            for swift in sorted(self.wire.get((module, token), ())):
                found = self.names.get((module, swift), [])
                if found:
                    candidates.append((found, f" as `{swift}`", "wire name"))
        # The first reading a test reaches (a name may be a parameter's and also a function's label).
        for found, spelling, kind in candidates:
            if self.proof(found, modules[0])[0]:
                return found, spelling, kind
        return candidates[0] if candidates else ([], "", None)

    def proof(self, declarations, stem):
        """The tests that reference any of `declarations`: `@Test` functions first, the module's own
        test files before others, the guide-sample files last; with how many tests reference them."""
        tests = {}
        # A reference in a helper counts for the tests that reach the helper (through at most four
        # helpers): the compiler's references, followed outwards from the element.
        frontier = [(declaration.usr, None) for declaration in declarations]
        seen = {usr for usr, _ in frontier}
        for _ in range(5):
            following = []
            for usr, first in frontier:
                for path, line, container, container_usr in self.uses.get(usr, []):
                    at = first or (path, line)
                    if self.is_test(path, container_usr):
                        tests.setdefault((path, container_usr), (path, at[1] if at[0] == path else line, container))
                    elif container_usr not in seen:
                        seen.add(container_usr)
                        following.append((container_usr, at))
            frontier = following
        if not tests:
            return None, 0
        rank = lambda use: ("GuideSamplesTests" in use[0], stem not in os.path.basename(use[0]), use[0], use[1])
        path, line, container = sorted(tests.values(), key=rank)[0]
        return f"{path}:{line} (`{container}`)", len(tests)

    def named_test(self, reference):
        """`Tests/File.swift:function`: where that `@Test` function is defined, or None."""
        path, _, function = reference.partition(":")
        for (where, usr), line in self.functions.items():
            if where == path and self.is_test(where, usr) and self.function_name(where, line) == function:
                return f"{path}:{line} (`{function}`)"
        return None

    @staticmethod
    def function_name(path, line):
        match = re.search(r"\bfunc\s+([A-Za-z_][A-Za-z0-9_]*)", lines_of(os.path.join(ROOT, path))[line - 1])
        return match.group(1) if match else None


def first_line(paths, token):
    """Where `token` is first written in `paths` outside comments (for rows that name a behaviour,
    not a declaration)."""
    pattern = re.compile(r"(?<![A-Za-z0-9_])" + re.escape(token) + r"(?![A-Za-z0-9_])")
    for path in paths:
        for number, line in enumerate(lines_of(path), 1):
            if not re.match(r"\s*(//|#)", line) and pattern.search(line):
                return f"{os.path.relpath(path, ROOT)}:{number}"
    return None


def build():
    with open(os.path.join(ROOT, "Tests", "GuideText", "guide-elements.json"), encoding="utf-8") as handle:
        catalog = json.load(handle)
    # A token listed as "NNN:token" counts for guide NNN only; a plain one for every guide.
    ignored = {token: reason for reason, tokens in catalog["notElements"].items() for token in tokens}
    inapplicable = {token: reason for reason, tokens in catalog["notApplicable"].items() for token in tokens}
    same_as = catalog.get("sameAs", {})
    behaviours = catalog.get("behaviours", {})
    unproven = {token: reason for reason, tokens in catalog.get("unproven", {}).items() for token in tokens}
    steps = catalog.get("steps", [])

    def listed(table, scoped, token):
        """The entry for `token` in `table`: by "NNN:token", by "token", or by a "NNN:/regex/" key."""
        if scoped in table or token in table:
            consulted.add(scoped if scoped in table else token)
            return table.get(scoped) or table[token]
        for key, value in table.items():
            guide, _, pattern = key.partition(":")
            if pattern.startswith("/") and pattern.endswith("/") and guide == scoped[:3] and re.fullmatch(pattern[1:-1], token):
                used_patterns.add(key)
                return value
        return None

    used_patterns = set()
    consulted = set()
    index = CompilerIndex()
    problems, sections = [], []
    totals = {"declaration": 0, "wire value": 0, "wire name": 0, "behaviour": 0, "no test yet": 0, "not applicable": 0, "not elements": 0,
              "flow step": 0}
    seen = set()
    for guide, title, modules in GUIDES:
        rows = []
        own = [path for module in modules for under in ("Schemas", "Sources", "Generated")
               for path in files(os.path.join(under, module), (".yaml", ".swift", ".html", ".js", ".md"))]
        for token, line in guide_elements(guide, modules[0]).items():
            scoped = f"{guide[:3]}:{token}"
            seen.update([token, scoped])
            if scoped in ignored or token in ignored:
                totals["not elements"] += 1
                continue
            if scoped in inapplicable or token in inapplicable:
                totals["not applicable"] += 1
                rows.append(f"| `{token}` | {line} | not applicable | {inapplicable.get(scoped) or inapplicable[token]} | |")
                continue
            alias = same_as.get(scoped) or same_as.get(token)
            declarations, spelling, kind = index.declarations(modules, token)
            if not declarations and alias:
                declarations, _, kind = index.declarations(modules, alias)
                spelling = f" as `{alias}`"
            home = None
            if declarations:
                first = sorted(declarations, key=lambda d: (d.where.startswith("Generated/"), d.where, d.line))[0]
                others = len({d.usr for d in declarations}) - 1
                home = f"{first.where}:{first.line}{spelling}" + (f" (+{others} more)" if others else "")
            proof, count = index.proof(declarations, modules[0]) if declarations else (None, 0)
            if proof:
                totals[kind] += 1
                tests = proof + (f" (+{count - 1} more)" if count > 1 else "")
                rows.append(f"| `{token}` | {line} | {kind} | {home} | {tests} |")
                continue
            home = home or first_line(own, token) or (alias and first_line(own, alias))
            # No test reaches a declaration: a behaviour's named test, or a listed gap.
            behaviour = listed(behaviours, scoped, token)
            if behaviour:
                test = index.named_test(behaviour)
                if not test:
                    problems.append(f"{guide}:{line}: `{token}` names `{behaviour}`, which is no @Test function")
                if not home:
                    problems.append(f"{guide}:{line}: `{token}` is written nowhere in its modules")
                totals["behaviour"] += 1
                rows.append(f"| `{token}` | {line} | behaviour | {home or '**missing**'} | {test or '**missing**'} |")
                continue
            gap = listed(unproven, scoped, token)
            if gap:
                totals["no test yet"] += 1
                rows.append(f"| `{token}` | {line} | no test yet | {home or '**missing**'} | {gap} |")
                continue
            if declarations:
                problems.append(f"{guide}:{line}: no test references `{token}` ({home}), by the compiler's index")
            else:
                problems.append(f"{guide}:{line}: `{token}` is declared nowhere in {', '.join(modules)} (the compiler's index), "
                                "and Tests/GuideText/guide-elements.json names no test for it as a behaviour")
            rows.append(f"| `{token}` | {line} | **missing** | {home or ''} | |")
        # The guide's flow steps and page behaviours: what its prose says happens, at the line that
        # says it (the line must still say it), with the test that drives it.
        guide_lines = read(os.path.join(SEEDS, guide))
        step_rows = []
        for step in (entry for entry in steps if entry["guide"] == guide[:3]):
            line = step["line"]
            if not (0 < line <= len(guide_lines) and step["quote"] in guide_lines[line - 1]):
                problems.append(f"{guide}:{line}: the step `{step['step']}` quotes words the guide's line no longer says: update "
                                "Tests/GuideText/guide-elements.json")
            test = index.named_test(step["test"])
            if not test:
                problems.append(f"{guide}:{line}: the step `{step['step']}` names `{step['test']}`, which is no @Test function")
            totals["flow step"] += 1
            quote = step["quote"].strip().replace("|", "\\|").replace("`", "")
            step_rows.append(f"| {step['step']} | {line} | {quote} | {test or '**missing**'} |")
        section = f"## {title} (`{guide}`)\n\n| Element | Guide line | Kind | Where it lives | Test |\n|---|---|---|---|---|\n" + "\n".join(rows) + "\n"
        if step_rows:
            section += ("\n### Its flow steps and page behaviours\n\n| Step | Guide line | The guide says | Test |\n|---|---|---|---|\n"
                        + "\n".join(step_rows) + "\n")
        sections.append(section)
    # A behaviour or a gap a compiler-found test now reaches is listed for nothing: the list shrinks.
    for key in sorted((set(behaviours) | set(unproven)) - consulted - used_patterns):
        if key in seen:
            problems.append(f"Tests/GuideText/guide-elements.json: `{key}` is listed as a behaviour or a gap, but a test the compiler "
                            "finds already reaches it: remove it")
    listed_keys = set(ignored) | set(inapplicable) | set(same_as) | set(behaviours) | set(unproven)
    for token in sorted(listed_keys - seen - used_patterns):
        problems.append(f"Tests/GuideText/guide-elements.json: `{token}` is listed but no guide names it")
    header = (
        "# The guides, element by element\n\n"
        "Generated by `Tests/Scripts/guide_checklist.py` (CI runs it with `--check`) from the five guides and the compiler's\n"
        "index store (`Tests/Scripts/index_store.py`, what the debug build records). An element is every identifier the guides\n"
        "put in a code span, a code block, a bold parameter name or a table's first column, every error code, and every name of\n"
        "`Tests/PaySchemaCoreTests/Fixtures/guide-checklist.yaml` the guide writes, at the guide line that first names it.\n\n"
        "- **declaration**: the compiler's index has a declaration of that name (or argument label) in the guide's modules;\n"
        "  *where it lives* is its definition (a generated one by its committed path in `Generated/`), *test* the `@Test`\n"
        "  function that references it (the module's own test files first, the guide-sample files last) and how many more do.\n"
        "- **wire value**: the same, for the generated case whose wire value the guide writes (`C002` is\n"
        "  `invalidEnvironment = \"C002\"`); **wire name**: for the generated property whose wire name it writes (`tpPago`).\n"
        "- **no test yet**: declared (or written) in the package, but no test reaches it; listed with what is missing in\n"
        "  `Tests/GuideText/guide-elements.json` (`unproven`), so the list cannot grow silently.\n"
        "- **behaviour**: not a declaration (a page's script, a wire name, a flow step); `Tests/GuideText/guide-elements.json`\n"
        "  names the test that drives it, and the compiler's index confirms it is a `@Test`.\n"
        "- **not applicable** on Linux, with the Swift counterpart; words that are not elements of ours (keywords, Apple API,\n"
        "  the samples' own variables, prose) are listed with their reasons in the same file.\n"
        "- **flow steps and page behaviours** (each guide's second table): what the guide's prose says happens, at the line\n"
        "  that says it, with the test that drives it (`steps` in the same file); the line must still say the quoted words.\n\n"
        "`Tests/Scripts/guide_mutations.py` breaks elements (`Tests/GuideText/guide-mutations.json`) and requires the named test\n"
        "to fail; its last full run is `docs/guide-mutations.md`.\n\n"
        f"Elements: {sum(totals[k] for k in ('declaration', 'wire value', 'wire name', 'behaviour'))} with a test "
        f"({totals['declaration']} declarations, {totals['wire value']} wire values, {totals['wire name']} wire names, "
        f"{totals['behaviour']} behaviours), {totals['no test yet']} with no test yet (listed with what is missing), "
        f"{totals['not applicable']} not applicable; {totals['not elements']} other words left out. "
        f"Flow steps and page behaviours: {totals['flow step']}, each with the test that drives it.\n\n"
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
