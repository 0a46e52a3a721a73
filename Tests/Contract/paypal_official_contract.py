#!/usr/bin/env python3
"""PayPal's official Orders v2 document as the client: schemathesis runs it (all phases: examples,
coverage, fuzzing, stateful) against `payflow serve` for every Orders operation the sandbox serves
(create, get, confirm-payment-source, authorize, capture), with a token from the sandbox's own
`/v1/oauth2/token`, as a merchant server calls PayPal. Every failure must be one of the listed
differences (`paypal-official-differences.json`, each with its reason); any other fails the run.

    python3 Tests/Contract/paypal_official_contract.py --payflow .build/debug/payflow \
        --document ../shared/contracts/paypal/checkout_orders_v2.json

Positive data may meet the business refusals PayPal's document declares for schema-valid requests
(422, with the issues of `docs/provider-rules.md`) and 404 for an order id that was never created;
schema-violating data must be refused (400, 401, 404, 422). `--continue-on-failure` keeps every
operation running after a failure, so a listed difference does not hide what comes after it. Then
every operation is sent with `Content-Type` and `Accept` variations (`media_type_probe`), each
answer judged by the document's schema for its status and PayPal's REST reference. With
`--payments-document`, PayPal's Payments v2 document is the client the same way for the seven
Payments operations the sandbox serves (authorizations get, capture, reauthorize, void; captures get,
refund; refunds get), its failures held to the same list; with `--webhooks-document`, PayPal's
Webhooks document for the six Webhooks operations the sandbox serves (webhooks create, list, get,
delete; verify-webhook-signature; simulate-event).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

import sandboxkit

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OPERATIONS = ["orders.create", "orders.get", "orders.confirm", "orders.authorize", "orders.capture"]
PAYMENTS_OPERATIONS = ["authorizations.get", "authorizations.capture", "authorizations.reauthorize", "authorizations.void", "captures.get",
                       "captures.refund", "refunds.get"]
WEBHOOKS_OPERATIONS = ["webhooks.post", "webhooks.list", "webhooks.get", "webhooks.delete", "verify-webhook-signature.post",
                       "simulate-event.post"]
POSITIVE = ["2xx", "401", "403", "404", "409", "422"]


def failures(junit: str) -> list[tuple[str, str, str]]:
    """(operation, check code, text) of every failure in schemathesis's JUnit report."""
    found = []
    for case in ElementTree.parse(junit).iter("testcase"):
        for child in case:
            if child.tag not in ("failure", "error"):
                continue
            text = child.text or child.get("message") or ""
            codes = re.findall(r"^- (ST\d{3})", text, flags=re.MULTILINE) or [child.get("message") or child.tag]
            name = case.get("name") or ""
            # A stateful scenario's failure is named for the phase; its operation is the request
            # that failed, the last `curl` of its reproduction.
            if name == "Stateful tests":
                name = stateful_operation(text) or name
            for code in codes:
                found.append((name, code, text))
    return found


def stateful_operation(text: str) -> str | None:
    """`POST /v2/checkout/orders/{id}/capture` for the last `curl -X POST … http://…/t/paypal/v2/checkout/orders/5O…/capture`."""
    calls = re.findall(r"curl -X ([A-Z]+) [^\n]* (https?://\S+)\s*$", text, flags=re.MULTILINE)
    if not calls:
        return None
    method, url = calls[-1]
    path = re.sub(r"^https?://[^/]+(/t/paypal)?", "", url).split("?")[0]
    template = re.sub(r"^/v2/checkout/orders/[^/]+", "/v2/checkout/orders/{id}", path)
    return f"{method} {template}"


def sent_body(text: str):
    """The JSON body of the failure's `curl` reproduction, or None."""
    match = re.search(r"-d '(\{.*\})' http", text, flags=re.DOTALL)
    if not match:
        return None
    # The shell quoting of a single quote inside the body: '"'"' (or '\'').
    quoted = match.group(1).replace("'\"'\"'", "'").replace("'\\''", "'")
    try:
        return json.loads(quoted)
    except json.JSONDecodeError:
        return None


def verified(difference: dict, text: str, match: re.Match) -> bool:
    """The entry's extra check on the failing case, when it names one."""
    if difference.get("verify") != "amount-without-integer-digit":
        return True
    body = sent_body(text)
    if body is None:
        return False

    def without_integer_digit(field: str) -> bool:
        value = body
        for part in field.strip("/").split("/"):
            value = value[int(part)] if isinstance(value, list) and part.isdigit() and int(part) < len(value) else (value.get(part) if isinstance(value, dict) else None)
        return isinstance(value, str) and re.fullmatch(r"-?\.[0-9]+", value) is not None

    # Every refusal in the answer, not only the first: each must be such an amount.
    details = re.findall(r'"field":"([^"]*)","issue":"([A-Z_]+)"', text)
    listed = re.compile(difference["pattern"])
    return bool(details) and all(
        listed.search(f'"field":"{field}","issue":"{issue}"') and without_integer_digit(field) for field, issue in details)


def check_omits(differences: list[dict]) -> list[str]:
    """Every field an entry calls omitted is in that schema's `upstream.omits` in Schemas/ (and so
    documented with its reason there)."""
    import yaml

    declared: dict[str, set[str]] = {}
    folder = os.path.join(ROOT, "Schemas", "PayPalPayments")
    for name in sorted(os.listdir(folder)):
        if name.endswith(".yaml"):
            with open(os.path.join(folder, name)) as handle:
                document = yaml.safe_load(handle)
            for declaration in (document.get("types") or {}).values():
                upstream = (declaration or {}).get("upstream") or {}
                if "ref" in upstream:
                    declared.setdefault(upstream["ref"], set()).update((upstream.get("omits") or {}).keys())
    problems = []
    for difference in differences:
        for ref, names in (difference.get("omits") or {}).items():
            missing = set(names) - declared.get(ref, set())
            if missing:
                problems.append(f"{difference['id']}: {ref} does not omit {sorted(missing)} in Schemas/PayPalPayments")
    return problems


def media_type_probe(base: str, token: str, document: dict) -> list[str]:
    """Each served operation with `Content-Type` and `Accept` variations, judged by PayPal's own
    words: a body whose media type is not JSON is 415 `UNSUPPORTED_MEDIA_TYPE`, an `Accept` that
    does not admit JSON is 406 `MEDIA_TYPE_NOT_ACCEPTABLE` (the REST reference's generic statuses),
    and JSON with parameters or in another case is not refused for its type. A 415 body must
    validate against the document's response for the status (its `default`, `error_default`); the
    document gives 406 no schema (its `default` lists none), so a 406 carries the REST reference's
    name and the members PayPal's errors have. Returns the problems."""
    import urllib.error
    import urllib.request

    import jsonschema

    def send(method: str, path: str, headers: dict, body: str | None):
        request = urllib.request.Request(base + "/t/paypal" + path, method=method, data=body.encode() if body is not None else None)
        for name, value in {"Authorization": f"Bearer {token}", **headers}.items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, json.loads(answer.read() or b"{}")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"{}")

    def judged(operation: dict, status: int, body) -> str | None:
        responses = operation["responses"]
        declared = responses.get(str(status)) or responses.get("default") or {}
        if "$ref" in declared:
            declared = document["components"]["responses"][declared["$ref"].rsplit("/", 1)[-1]]
        schema = declared.get("content", {}).get("application/json", {}).get("schema")
        if schema is None:
            return f"{status} is not declared"
        root = {**schema, "components": document["components"]}
        errors = sorted(jsonschema.Draft7Validator(root).iter_errors(body), key=str)
        return f"{status} breaks the document's schema: {errors[0].message[:200]}" if errors else None

    order = '{"intent":"CAPTURE","purchase_units":[{"amount":{"currency_code":"USD","value":"5.00"}}]}'
    status, created = send("POST", "/v2/checkout/orders", {"Content-Type": "application/json"}, order)
    if status != 201:
        return [f"create answered {status}"]
    identifier = created["id"]
    paths = document["paths"]
    calls = [
        ("orders.create", "post", "/v2/checkout/orders", "/v2/checkout/orders", order),
        ("orders.confirm", "post", "/v2/checkout/orders/{id}/confirm-payment-source", f"/v2/checkout/orders/{identifier}/confirm-payment-source",
         '{"payment_source":{"card":{"number":"4111111111111111","expiry":"2030-01"}}}'),
        ("orders.authorize", "post", "/v2/checkout/orders/{id}/authorize", f"/v2/checkout/orders/{identifier}/authorize", "{}"),
        ("orders.capture", "post", "/v2/checkout/orders/{id}/capture", f"/v2/checkout/orders/{identifier}/capture", "{}"),
        ("orders.get", "get", "/v2/checkout/orders/{id}", f"/v2/checkout/orders/{identifier}", None),
    ]
    problems = []
    for name, method, template, path, body in calls:
        operation = paths[template][method]
        variations = [({"Accept": accept}, "MEDIA_TYPE_NOT_ACCEPTABLE" if refused else None)
                      for accept, refused in [("text/html", True), ("application/xml", True), ("application/json;q=0, */*", True),
                                              ("*/*", False), ("application/*", False), ("application/json", False)]]
        if body is not None:
            variations += [({"Content-Type": kind}, "UNSUPPORTED_MEDIA_TYPE" if refused else None)
                           for kind, refused in [("text/plain", True), ("application/xml", True), ("application/x-www-form-urlencoded", True),
                                                 ("application/json; charset=utf-8", False), ("Application/JSON", False)]]
        for headers, expected in variations:
            headers = {"Content-Type": "application/json", **headers} if body is not None else headers
            status, answer = send(method.upper(), path, headers, body)
            label = f"{name} {headers}"
            if expected is None:
                if status in (406, 415):
                    problems.append(f"{label}: refused with {status} {answer.get('name')}")
                continue
            wanted = 406 if expected == "MEDIA_TYPE_NOT_ACCEPTABLE" else 415
            if status != wanted or answer.get("name") != expected:
                problems.append(f"{label}: {status} {answer.get('name')}, PayPal answers {wanted} {expected}")
            elif wanted == 415:
                problem = judged(operation, status, answer)
                if problem:
                    problems.append(f"{label}: {problem}")
            elif not set(answer) <= {"name", "message", "debug_id", "details", "links"} or not answer.get("message"):
                problems.append(f"{label}: the 406 body is not PayPal's error shape: {sorted(answer)}")
    print(f"== media types: {len(calls)} operations, Content-Type and Accept variations, {len(problems)} problem(s)")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--payflow", required=True)
    parser.add_argument("--document", required=True, help="PayPal's Orders v2 document (checkout_orders_v2.json)")
    parser.add_argument("--payments-document", help="PayPal's Payments v2 document (payments_payment_v2.json): run it as a client too")
    parser.add_argument("--webhooks-document", help="PayPal's Webhooks document (notifications_webhooks_v1.json): run it as a client too")
    parser.add_argument("--differences", default=os.path.join(HERE, "paypal-official-differences.json"))
    parser.add_argument("--max-examples", type=int, default=30)
    parser.add_argument("--seed", type=int, default=20261129)
    args = parser.parse_args()
    args.document = os.path.abspath(args.document)
    st = shutil.which("st") or shutil.which("schemathesis")
    if st is None:
        print("error: schemathesis is not installed (pip install schemathesis==4.32.5)", file=sys.stderr)
        return 2
    with open(args.differences) as handle:
        differences = json.load(handle)["differences"]
    problems = check_omits(differences)
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    workdir = tempfile.mkdtemp(prefix="paypal-official-")
    _, _, public = sandboxkit.key_pair(workdir)
    process, base = sandboxkit.serve(args.payflow, public, "OFFICIAL-CONTRACT-KEY", log=os.path.join(workdir, "serve.log"))
    try:
        config = os.path.join(workdir, "run.toml")
        with open(config, "w") as handle:
            statuses = ", ".join(f'"{status}"' for status in POSITIVE)
            handle.write(f"[checks.positive_data_acceptance]\nexpected-statuses = [{statuses}]\n")
        runs = [("Orders v2", args.document, OPERATIONS, "official")]
        if args.payments_document:
            runs.append(("Payments v2", os.path.abspath(args.payments_document), PAYMENTS_OPERATIONS, "payments"))
        if args.webhooks_document:
            runs.append(("Webhooks", os.path.abspath(args.webhooks_document), WEBHOOKS_OPERATIONS, "webhooks"))
        matched: dict[str, int] = {difference["id"]: 0 for difference in differences}
        found, unlisted = [], []
        for title, document, operations, name in runs:
            junit = os.path.join(workdir, f"{name}.junit.xml")
            command = [st, "--config-file", config, "run", document, "--url", base + "/t/paypal", "--seed", str(args.seed),
                       "--max-examples", str(args.max_examples), "--workers", "1", "--continue-on-failure",
                       "-H", f"Authorization: Bearer {sandboxkit.paypal_token(base, 'b2ZmaWNpYWwtY29udHJhY3Q6c2VjcmV0')}", "--report", "junit", "--report-junit-path", junit]
            for operation in operations:
                command += ["--include-operation-id", operation]
            print(f"== schemathesis: PayPal's {title} document ({', '.join(operations)}) against the sandbox", flush=True)
            result = subprocess.run(command, cwd=workdir, capture_output=True, text=True)
            summary = [line for line in result.stdout.splitlines() if re.search(r"(passed|failed|generated|Scenarios|API Links|❌|✅)", line)]
            print("\n".join(summary[-24:]))
            if not os.path.exists(junit):
                print(result.stdout[-8000:])
                print(result.stderr[-4000:], file=sys.stderr)
                return 1
            for operation, code, text in failures(junit):
                found.append((operation, code, text))
                for difference in differences:
                    match = re.search(difference["pattern"], text, flags=re.MULTILINE)
                    if code == difference["check"] and operation in difference["operations"] and match and verified(difference, text, match):
                        matched[difference["id"]] += 1
                        break
                else:
                    unlisted.append((operation, code, text))
        for identifier, count in matched.items():
            print(f"  listed difference {identifier}: {count} failure(s)" + ("" if count else " (not met in this run)"))
        for operation, code, text in unlisted:
            print(f"\nUNLISTED {code} on {operation}:\n{text[:3000]}")
        print(f"PayPal's official contract: {len(found)} failure(s), {len(found) - len(unlisted)} listed, {len(unlisted)} unlisted")
        with open(args.document) as handle:
            media = media_type_probe(base, sandboxkit.paypal_token(base, "b2ZmaWNpYWwtY29udHJhY3Q6c2VjcmV0"), json.load(handle))
        for problem in media:
            print(f"MEDIA TYPE: {problem}")
        return 1 if unlisted or problems or media else 0
    finally:
        sandboxkit.stop(process)


if __name__ == "__main__":
    sys.exit(main())
