#!/usr/bin/env python3
"""Proves that the checklist's tests prove: for each row of Tests/GuideText/guide-mutations.json it
breaks one guide element in the package (renames a declaration, drops an enum case or an error
code, changes a page's action, skips a flow step: one exact text replaced in one file), rebuilds,
and requires the named test to fail (a test target that no longer compiles fails too); then it
restores the file. Before each mutation the named test must run and pass, so a filter that matches
nothing cannot count as a kill.

  guide_mutations.py                      every row
  guide_mutations.py --rows a,b           the rows with these ids
  guide_mutations.py --rotate N           N rows, a different slice each day (CI)
  guide_mutations.py --leave-unbuilt      no rebuild of the restored tree at the end (CI's last step)
  guide_mutations.py --report FILE        also writes the results as Markdown
  guide_mutations.py --rows a --update-report FILE
                                          replaces those rows' lines in a full run's report (and its counts)

Every run first checks that each row's text occurs exactly once in its file (all rows, not only the
chosen ones), so a row a refactor left behind fails the first run after it, not the day it rotates in.

Exits 1 when a mutation survives (the named test still passes), a row's text is not found exactly
once, or a named test does not run; the tree is restored either way, and rebuilt unless
--leave-unbuilt.
"""
import datetime
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ROWS = os.path.join(ROOT, "Tests", "GuideText", "guide-mutations.json")
GUIDES = {"000": "Mastercard", "001": "MIT", "002": "Amazon Pay", "003": "PayPal", "004": "Mollie"}


def run(command, log):
    """The command's exit status; its output goes to `log`."""
    # A test that would skip for want of ../shared or a browser fails instead: a skip is no proof.
    environment = dict(os.environ, PAYMENTSCHEMAS_REQUIRE_SHARED="1", PAYMENTSCHEMAS_REQUIRE_BROWSER="1")
    with open(log, "w", encoding="utf-8") as handle:
        return subprocess.run(command, cwd=ROOT, stdout=handle, stderr=subprocess.STDOUT, env=environment).returncode


def tests_run(log):
    """How many tests the run reports, from swift-testing's summary line."""
    with open(log, encoding="utf-8", errors="replace") as handle:
        text = handle.read()
    found = re.findall(r"Test run with (\d+) tests?", text)
    return int(found[-1]) if found else 0


def test_command(row):
    return ["swift", "test", "--skip-build", "--filter", row["test"]]


def baseline(row, logs):
    """(verdict, detail) when the row cannot be judged on the unmutated tree, else None. The tree is
    built; the named test must run and pass before anything is changed."""
    path = os.path.join(ROOT, row["file"])
    with open(path, encoding="utf-8") as handle:
        original = handle.read()
    if original.count(row["find"]) != 1:
        return "invalid", f"`{row['find']}` occurs {original.count(row['find'])} times in {row['file']}, not once"
    base_log = os.path.join(logs, f"{row['id']}-baseline.log")
    status = run(test_command(row), base_log)
    if status != 0 or tests_run(base_log) == 0:
        return "invalid", f"the named test `{row['test']}` does not run and pass unmutated (see {base_log})"
    return None


def mutate(row, logs):
    """(verdict, detail, seconds) for one row; the file is restored before it returns. The build
    that judges the mutation also undoes the previous row's (restored in the source already), so a
    row costs one build, not two."""
    path = os.path.join(ROOT, row["file"])
    with open(path, encoding="utf-8") as handle:
        original = handle.read()
    started = time.monotonic()
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(original.replace(row["find"], row["replace"]))
        build_log = os.path.join(logs, f"{row['id']}-build.log")
        status = run(["swift", "build", "--build-tests"], build_log)
        if status != 0:
            with open(build_log, encoding="utf-8", errors="replace") as handle:
                errors = [line for line in handle.read().split("\n") if ": error: " in line]
            where = errors[0].split(": error: ")[0].replace(ROOT + "/", "") if errors else "the build"
            return "killed", f"does not compile ({where})", time.monotonic() - started
        test_log = os.path.join(logs, f"{row['id']}-test.log")
        status = run(test_command(row), test_log)
        if status != 0:
            return "killed", "the named test fails", time.monotonic() - started
        return "survived", "the named test still passes", time.monotonic() - started
    finally:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(original)


def main():
    with open(ROWS, encoding="utf-8") as handle:
        rows = json.load(handle)["rows"]
    arguments = sys.argv[1:]
    chosen = rows
    if "--rows" in arguments:
        wanted = arguments[arguments.index("--rows") + 1].split(",")
        chosen = [row for row in rows if row["id"] in wanted]
        missing = set(wanted) - {row["id"] for row in chosen}
        if missing:
            raise SystemExit(f"error: no rows with ids {', '.join(sorted(missing))}")
    if "--rotate" in arguments:
        count = int(arguments[arguments.index("--rotate") + 1])
        start = (datetime.date.today().toordinal() * count) % len(rows)
        chosen = [rows[(start + offset) % len(rows)] for offset in range(min(count, len(rows)))]
    stale = []
    for row in rows:
        with open(os.path.join(ROOT, row["file"]), encoding="utf-8") as handle:
            if handle.read().count(row["find"]) != 1:
                stale.append(row["id"])
    if stale:
        raise SystemExit(f"error: the text of rows {', '.join(stale)} does not occur exactly once in its file: update {os.path.relpath(ROWS, ROOT)}")
    logs = os.path.join(ROOT, ".build", "guide-mutations")
    os.makedirs(logs, exist_ok=True)
    subprocess.run(["swift", "build", "--build-tests"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    results = []
    # Every row's named test on the unmutated tree first (built above), then the mutations.
    invalid = {row["id"]: baseline(row, logs) for row in chosen}
    for row in chosen:
        if invalid[row["id"]] is not None:
            verdict, detail = invalid[row["id"]]
            seconds = 0.0
        else:
            verdict, detail, seconds = mutate(row, logs)
        results.append((row, verdict, detail, seconds))
        print(f"{row['id']}: {verdict}: {row['element']} ({GUIDES.get(row['guide'], row['guide'])}): {detail} [{seconds:.0f} s]", flush=True)
    # Leave the tree built as it was found, unless the caller builds nothing after this run
    # (`--leave-unbuilt`: CI's last step; the sources are restored either way).
    if "--leave-unbuilt" not in arguments:
        subprocess.run(["swift", "build", "--build-tests"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    killed = sum(1 for _, verdict, _, _ in results if verdict == "killed")
    print(f"guide mutations: {len(results)} rows, {killed} killed, "
          f"{sum(1 for _, v, _, _ in results if v == 'survived')} survived, {sum(1 for _, v, _, _ in results if v == 'invalid')} invalid")
    if "--report" in arguments:
        report = arguments[arguments.index("--report") + 1]
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
        by_guide = {}
        for row, verdict, _, _ in results:
            by_guide.setdefault(row["guide"], []).append(verdict)
        lines = [
            "# The guides' elements, broken one at a time",
            "",
            f"Written by `Tests/Scripts/guide_mutations.py --report` at {commit} on {datetime.date.today().isoformat()}: each row breaks",
            "one element of a guide in the package, rebuilds, and requires the named test to fail (a test target that no longer",
            "compiles fails too); the named test first runs and passes unmutated. CI runs a few rows each time (`--rotate`).",
            "",
            f"{len(results)} rows: {killed} killed, {len(results) - killed} not. By guide: "
            + "; ".join(f"{GUIDES.get(guide, guide)} {verdicts.count('killed')} of {len(verdicts)}" for guide, verdicts in sorted(by_guide.items()))
            + ".",
            "",
            "| Row | Guide | Element | Mutation | Named test | Verdict | Seconds |",
            "|---|---|---|---|---|---|---|",
        ]
        for row, verdict, detail, seconds in results:
            mutation = f"`{row['file']}`: {row['what']}"
            lines.append(f"| {row['id']} | {GUIDES.get(row['guide'], row['guide'])} | `{row['element']}` | {mutation} | `{row['test']}` | {verdict}: {detail} | {seconds:.0f} |")
        with open(os.path.join(ROOT, report), "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n\n[Back to the checklist](guide-checklist.md)\n")
    if "--update-report" in arguments:
        update_report(arguments[arguments.index("--update-report") + 1], results)
    sys.exit(0 if killed == len(results) else 1)


def update_report(report, results):
    """Replaces the rerun rows' lines of a full run's report and recounts it from its table."""
    path = os.path.join(ROOT, report)
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    for row, verdict, detail, seconds in results:
        mutation = f"`{row['file']}`: {row['what']}"
        line = f"| {row['id']} | {GUIDES.get(row['guide'], row['guide'])} | `{row['element']}` | {mutation} | `{row['test']}` | {verdict}: {detail} (rerun at {commit}) | {seconds:.0f} |"
        index = next((i for i, text in enumerate(lines) if text.startswith(f"| {row['id']} |")), None)
        if index is None:
            raise SystemExit(f"error: {report} has no line for row {row['id']}; run every row with --report")
        lines[index] = line
    table = [text.split(" | ") for text in lines if text.startswith("| ") and not text.startswith("| Row ") and not text.startswith("|---")]
    by_guide = {}
    for cells in table:
        by_guide.setdefault(cells[1], []).append(cells[5].split(":")[0])
    killed = sum(verdicts.count("killed") for verdicts in by_guide.values())
    summary = next(i for i, text in enumerate(lines) if re.match(r"^\d+ rows: ", text))
    lines[summary] = (f"{len(table)} rows: {killed} killed, {len(table) - killed} not. By guide: "
                      + "; ".join(f"{guide} {verdicts.count('killed')} of {len(verdicts)}" for guide, verdicts in by_guide.items()) + ".")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines))


if __name__ == "__main__":
    main()
