#!/usr/bin/env python3
"""Counts the Swift in a folder two ways: all lines, and code lines (neither blank nor only a
comment: `//`, `///` and `/* … */` blocks, nested as Swift nests them, are not code).

    codelines.py DIR   ->   "lines code_lines"
"""
import os
import sys


def code_lines(text):
    count, depth = 0, 0
    for line in text.splitlines():
        code = False
        i, n = 0, len(line)
        in_string = False
        while i < n:
            two = line[i:i + 2]
            if depth > 0:
                if two == "/*":
                    depth += 1; i += 2; continue
                if two == "*/":
                    depth -= 1; i += 2; continue
                i += 1; continue
            c = line[i]
            if in_string:
                code = True
                if c == "\\":
                    i += 2; continue
                if c == '"':
                    in_string = False
                i += 1; continue
            if two == "//":
                break
            if two == "/*":
                depth += 1; i += 2; continue
            if c == '"':
                in_string = True
            if not c.isspace():
                code = True
            i += 1
        if code:
            count += 1
    return count


def main():
    lines = code = 0
    for folder, _, files in os.walk(sys.argv[1]):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(folder, name), encoding="utf-8") as handle:
                    text = handle.read()
                lines += len(text.splitlines())
                code += code_lines(text)
    print(lines, code)


if __name__ == "__main__":
    main()
