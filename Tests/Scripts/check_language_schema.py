#!/usr/bin/env python3
"""Every bundled schema file is valid against the committed language schema
(`Schemas/payschema.schema.json`, the one YAML editors load), judged by Python's `jsonschema`
(Draft 2020-12): a newcomer's editor shows no error on a file the generator accepts.

    python3 Tests/Scripts/check_language_schema.py
"""
import glob
import json
import os
import sys

import jsonschema
import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main() -> int:
    with open(os.path.join(ROOT, "Schemas", "payschema.schema.json")) as handle:
        validator = jsonschema.Draft202012Validator(json.load(handle))
    files = sorted(glob.glob(os.path.join(ROOT, "Schemas", "*", "*.yaml")))
    problems = 0
    for path in files:
        with open(path) as handle:
            document = yaml.safe_load(handle)
        for error in validator.iter_errors(document):
            problems += 1
            where = "/".join(str(part) for part in error.absolute_path) or "(the file)"
            print(f"{os.path.relpath(path, ROOT)}: {where}: {error.message[:300]}", file=sys.stderr)
    print(f"language schema: {len(files)} bundled files, {problems} problems")
    return 0 if problems == 0 and files else 1


if __name__ == "__main__":
    sys.exit(main())
