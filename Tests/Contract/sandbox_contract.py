#!/usr/bin/env python3
"""schemathesis against `payflow serve`, one run per provider prefix, with the contract
`payschema export openapi` writes for that provider's module: its examples, coverage, fuzzing and
stateful phases, every default check. A run passes only with 0 failures.

    python3 Tests/Contract/sandbox_contract.py --payflow .build/debug/payflow --payschema .build/debug/payschema

What the runs take besides the contract:
- PayPal: a client id and secret (HTTP Basic, any pair) for the token endpoint, and a token the
  sandbox issued for the Orders API, as PayPal's own flow has it.
- Amazon Pay: an RSA key pair made here; `serve --amazon-public-key` registers the public half and
  `hooks.py` signs each request with the private half, so the Amazon Pay API is called exactly as a
  merchant's server calls Amazon.
- Positive data may meet the business rejections each provider documents for schema-valid requests
  (PayPal, Mollie, Amazon Pay and the merchant server: 422; MIT: its catalog codes, all 400).
  Nothing else: a schema-valid request answered 400 by PayPal, Mollie or Amazon fails the run,
  because that is our validators disagreeing with our own contract.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

import sandboxkit

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_POSITIVE = ["2xx", "3xx", "401", "403", "404", "409", "429"]
STATELESS = ["--phases", "examples,coverage,fuzzing"]


def start_sandbox(payflow: str, workdir: str) -> tuple[subprocess.Popen, str, str]:
    """`payflow serve` on a free loopback port with a merchant's Amazon Pay key registered."""
    _, private, public = sandboxkit.key_pair(workdir)
    process, base = sandboxkit.serve(payflow, public, "CONTRACT-TEST-KEY", log=os.path.join(workdir, "serve.log"))
    with urllib.request.urlopen(base + "/__admin/health", timeout=10) as response:
        assert response.status == 200
    return process, base, private


def write_config(path: str, positive: list[str], disabled: list[str], parameters: dict[str, str] | None = None) -> None:
    """The run's configuration. The stateful phase follows the links the contract declares
    (`links:` in the schemas) and infers none: schemathesis's inference guesses links into a create
    operation from any response that shares a field name with its body, which keeps the create out of
    the phase's starting operations, so no created resource was ever followed."""
    statuses = ", ".join(f'"{status}"' for status in positive)
    with open(path, "w") as handle:
        handle.write(f"[checks.positive_data_acceptance]\nexpected-statuses = [{statuses}]\n")
        handle.write("\n[phases.stateful.inference]\nalgorithms = []\n")
        for check in disabled:
            handle.write(f"\n[checks.{check}]\nenabled = false\n")
        if parameters:
            handle.write("\n[parameters]\n" + "".join(f"{json.dumps(name)} = {json.dumps(value)}\n" for name, value in parameters.items()))


def amazon_session(base: str, private: str) -> str:
    """A checkout session made by Amazon Pay's REST create, signed as `hooks.py` signs: the merchant
    server's pages take its id (the query of the review, the `session` cookie after it) where the
    app would bring one from the sign-in page, so schemathesis reaches them with a live session."""
    os.environ.update(AMAZON_PAY_PRIVATE_KEY=private, AMAZON_PAY_PUBLIC_KEY_ID="CONTRACT-TEST-KEY")
    import hooks
    import requests

    body = json.dumps({"webCheckoutDetails": {"checkoutReviewReturnUrl": "https://shop.example/review"}, "storeId": "amzn1.application-oa2-client.contract"})
    request = requests.Request("POST", base + "/t/amazonpay/v2/checkoutSessions", data=body, headers={
        "x-amz-pay-idempotency-key": "contract-session", "x-amz-pay-region": "na", "Authorization": hooks.PLACEHOLDER,
        "Content-Type": "application/json"}).prepare()
    hooks.sign(request)
    response = requests.Session().send(request, timeout=10)
    assert response.status_code == 201, response.text
    return response.json()["checkoutSessionId"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--payflow", required=True)
    parser.add_argument("--payschema", required=True)
    parser.add_argument("--max-examples", type=int, default=40)
    parser.add_argument("--seed", type=int, default=20261125)
    parser.add_argument("--jobs", type=int, default=2, help="schemathesis runs at once against the one sandbox (CI's 2 cores: 2).")
    parser.add_argument("--only", action="append", default=[], help="Only these runs (paypal-token, paypal-orders, mollie, mollie-api, amazonpay, amazonpay-merchant, mit).")
    args = parser.parse_args()
    st = shutil.which("st") or shutil.which("schemathesis")
    if st is None:
        print("error: schemathesis is not installed (pip install schemathesis==4.32.5)", file=sys.stderr)
        return 2
    workdir = tempfile.mkdtemp(prefix="sandbox-contract-")
    process, base, private = start_sandbox(args.payflow, workdir)
    try:
        specs = {}
        for module in ["PayPalPayments", "MollieCheckout", "AmazonPayMobile", "SuiteMCommerce"]:
            spec = os.path.join(workdir, f"{module}.json")
            subprocess.run([args.payschema, "export", "openapi", "--module", module, "--sandbox-url", base, "--output", spec], check=True)
            specs[module] = spec
        token = sandboxkit.paypal_token(base)
        session = amazon_session(base, private)
        # Longest first, so two at a time end close together.
        runs = [
            # --continue-on-failure: a listed refusal (`LISTED`) does not stop the operation's other cases.
            ("paypal-orders", "PayPalPayments", "/t/paypal", ["--exclude-operation-id", "createAccessToken", "--continue-on-failure", "-H", f"Authorization: Bearer {token}"], DEFAULT_POSITIVE + ["422"], []),
            ("amazonpay", "AmazonPayMobile", "/t/amazonpay", ["--include-path-regex", "^/v2/", "-H", "Authorization: AMZN-SIGN"], DEFAULT_POSITIVE + ["422"], []),
            ("mit", "SuiteMCommerce", "/t/mit", [], DEFAULT_POSITIVE + ["400"], []),
            ("mollie", "MollieCheckout", "/t/mollie", ["--include-path-regex", "^/api/"], DEFAULT_POSITIVE + ["422"], []),
            # Mollie's own API, with a test API key as Mollie issues them (sandbox.md). Mollie answers
            # 400 to list parameters no schema can judge alone (an amount with decimals its currency
            # does not take, a `from` cursor that is not one of the payment's refunds), as MIT does
            # to its business refusals. Mollie's DELETE cancels a payment, which stays readable
            # (canceled), so "a deleted resource is gone" does not apply.
            ("mollie-api", "MollieCheckout", "/t/mollie-api", ["--include-path-regex", "^/v2/", "-H", "Authorization: Bearer test_contractTestKey"], DEFAULT_POSITIVE + ["400", "422"], ["use_after_free"]),
            # The sandbox takes any client id and secret (sandbox.md), so "invalid credentials" that
            # are a well-formed pair are valid ones: that one check does not apply to this run.
            # The token endpoint and the merchant server's pages lead to no other operation by a
            # link (the merchant's session travels in a cookie), so they have no stateful phase.
            ("amazonpay-merchant", "AmazonPayMobile", "/t/amazonpay-merchant", ["--include-path-regex", "^/sample/"] + STATELESS, DEFAULT_POSITIVE + ["422"], []),
            ("paypal-token", "PayPalPayments", "/t/paypal", ["--include-operation-id", "createAccessToken", "--auth", "contract-test:secret"] + STATELESS, DEFAULT_POSITIVE, ["ignored_auth"]),
        ]
        environment = dict(os.environ, SCHEMATHESIS_HOOKS="hooks", PYTHONPATH=HERE + os.pathsep + os.environ.get("PYTHONPATH", ""),
                           AMAZON_PAY_PRIVATE_KEY=private, AMAZON_PAY_PUBLIC_KEY_ID="CONTRACT-TEST-KEY")
        passed, failed = 0, []
        parameters = {"amazonpay-merchant": {"query.amazonCheckoutSessionId": session, "cookie.session": session}}

        def run_one(name, module, prefix, extra, positive, disabled):
            config = os.path.join(workdir, f"{name}.toml")
            write_config(config, positive, disabled, parameters.get(name))
            # One worker: hypothesis describes filters by parsing their source, and CPython 3.11's
            # `ast.parse` from two threads at once can fail ("AST constructor recursion depth
            # mismatch"), an error in the tool rather than a finding. Runs are separate processes,
            # so `--jobs` of them share the sandbox at once (each provider's state is its own).
            command = [st, "--config-file", config, "run", specs[module], "--url", base + prefix, "--seed", str(args.seed),
                       "--max-examples", str(args.max_examples), "--workers", "1", "--report", "junit",
                       "--report-junit-path", os.path.join(workdir, f"{name}.junit.xml")] + extra
            started = time.monotonic()
            result = subprocess.run(command, env=environment, cwd=workdir, capture_output=True, text=True)
            return result, time.monotonic() - started

        chosen = [run for run in runs if not args.only or run[0] in args.only]
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            futures = [pool.submit(run_one, *run) for run in chosen]
            # Reported in the table's order, each as soon as it and those before it are done.
            for (name, module, prefix, *_), future in zip(chosen, futures):
                result, seconds = future.result()
                print(f"== schemathesis: {name} ({module} at {prefix}), {seconds:.0f} s", flush=True)
                summary = [line for line in result.stdout.splitlines() if re.search(r"(passed|failed|generated|Failures:|❌|ST[0-9]{3}|API Links|Missing test data|mismatch)", line)]
                print("\n".join(summary[-12:]), flush=True)
                listed = listed_only(os.path.join(workdir, f"{name}.junit.xml")) if result.returncode != 0 else []
                for reason in listed:
                    print(f"  listed: {reason}")
                if result.returncode == 0 or listed:
                    passed += 1
                else:
                    failed.append(name)
                    print(result.stdout[-20000:])
                    print(result.stderr[-4000:], file=sys.stderr)
        print(f"sandbox contract: {passed} passed, {len(failed)} failed" + (f" ({', '.join(failed)})" if failed else ""))
        leaks = card_numbers_in_output(process, base, os.path.join(workdir, "serve.log"))
        return 0 if not failed and not leaks else 1
    finally:
        sandboxkit.stop(process)


# Schema-valid requests the provider refuses by its own document, each with the reason: the
# failures schemathesis reports for them are listed, any other failure fails the run.
LISTED = [
    ("ST202", re.compile(r'^\[400\][^`]*`(\{.*"issue":"PAYPAL_REQUEST_ID_REQUIRED".*\})`', re.MULTILINE),
     {("PAYPAL_REQUEST_ID_REQUIRED", "/payment_source")},
     "PayPal's create order with a `payment_source` is processed at once and needs a `PayPal-Request-Id` (its document's "
     "400 PAYPAL_REQUEST_ID_REQUIRED), a rule between a header and the body that no schema of either says"),
    ("ST202", re.compile(r'^\[400\][^`]*`(\{.*"issue":"INVALID_PARAMETER_VALUE".*\})`', re.MULTILINE),
     {("INVALID_PARAMETER_VALUE", None)},
     "A value an open enum does not list, in a request: the sandbox refuses it as PayPal judges what a client sends "
     "(UnlistedEnumValues), while the export writes an open enum as any string with its values as examples, since "
     "PayPal's answers may carry a new value (a card brand, a tax id type, a processing instruction)"),
    ("ST202", re.compile(r'^\[400\][^`]*`(\{.*"issue":"INVALID_COUNTRY_CODE".*\})`', re.MULTILINE),
     {("INVALID_COUNTRY_CODE", None)},
     "PayPal's create order answers 400 INVALID_COUNTRY_CODE for two capitals ISO 3166 does not know: its document's "
     "schema admits any two capitals and lists the issue under the operation's 400, as ours does"),
    ("ST202", re.compile(r'^\[400\][^`]*`(\{.*"issue":"INVALID_(?:PARAMETER_SYNTAX|STRING_MAX_LENGTH)".*\})`', re.MULTILINE),
     {("INVALID_PARAMETER_SYNTAX", "/transmission_id"), ("INVALID_PARAMETER_SYNTAX", "/transmission_sig"),
      ("INVALID_STRING_MAX_LENGTH", "/url"), ("INVALID_STRING_MAX_LENGTH", "/cert_url")},
     "PayPal's Webhooks document's rules our schema language cannot say, which the sandbox holds as PayPal does: a "
     "transmission's id and signature match `^(?!\\d+$)\\w+\\S+` (a look-ahead), a webhook's URL has at most 2,048 "
     "characters and `cert_url` 500 (the language keeps no length on a URL); our export cannot carry them"),
]


def listed_only(junit: str) -> list[str]:
    """The reasons of a failed run's failures when every one is listed (`LISTED`: a 400 whose every
    detail is one of the entry's issues, on its field where it names one); empty when any is not, or
    the report is missing."""
    if not os.path.exists(junit):
        return []
    from paypal_official_contract import failures

    reasons = []
    for operation, code, text in failures(junit):
        for check, pattern, allowed, reason in LISTED:
            match = pattern.search(text)
            details = json.loads(match.group(1)).get("details", []) if match else []
            if code == check and match and details and all(
                (detail.get("issue"), detail.get("field")) in allowed or (detail.get("issue"), None) in allowed for detail in details
            ):
                reasons.append(f"{code} on {operation}: {reason}")
                break
        else:
            return []
    return reasons


def card_numbers_in_output(process: subprocess.Popen, base: str, log: str) -> list[str]:
    """Sends card numbers in paths and queries (plain, with separators, percent-encoded), stops
    `payflow serve` and reads everything it printed (these and the schemathesis runs' thousands of
    exchanges): no card number may be there. Returns what leaked."""
    numbers = ["4111111111111111", "5555555555554444", "378282246310005"]
    targets = [f"/t/paypal/v2/checkout/orders/{numbers[0]}", f"/t/mollie/api/payments/{numbers[1][:4]}-{numbers[1][4:8]}-{numbers[1][8:12]}-{numbers[1][12:]}",
               f"/t/amazonpay/v2/checkoutSessions/{numbers[2][:4]}%20{numbers[2][4:10]}%2D{numbers[2][10:]}", f"/t/mit/nope/{numbers[0]}?pan={numbers[1]}",
               f"/h/www.sandbox.paypal.com/checkoutnow?token={numbers[0]}", f"/t/paypal/{numbers[2]}/x"]
    for target in targets:
        try:
            urllib.request.urlopen(urllib.request.Request(base + target, method="GET"), timeout=10).read()
        except urllib.error.HTTPError:
            pass
    time.sleep(1)  # serve prints its exchanges every 200 ms
    sandboxkit.stop(process)
    time.sleep(0.5)  # the drain writes what is left
    printed = ""
    for path in [log, log + ".stdout"]:
        with open(path, encoding="utf-8", errors="replace") as handle:
            printed += handle.read()
    digits_only = re.sub(r"(?<=[0-9])(?:[- +]|%2[0dDbB])+(?=[0-9])", "", printed)
    leaks = [number for number in numbers if number in digits_only or number[:12] in digits_only]
    exchanges = printed.count(" → ")
    print(f"serve's output: {exchanges} exchanges printed, card numbers in them: {len(leaks)}" + (f" ({', '.join(leaks)})" if leaks else ""))
    if exchanges < len(targets):
        print("error: serve printed fewer exchanges than the requests sent", file=sys.stderr)
        return ["(missing output)"]
    return leaks


if __name__ == "__main__":
    sys.exit(main())
