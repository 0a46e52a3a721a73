#!/usr/bin/env python3
"""The sandbox's throughput under wrk, side by side in one run, release builds on this machine:

- a validated PayPal confirm (`POST /t/paypal/v2/checkout/orders/{id}/confirm-payment-source`:
  token checked, parameters and body decoded and validated with the generated types, the order's
  state machine, the answer checked against `OrderResponse`, links rewritten),
- a signed Amazon Pay call (`GET /t/amazonpay/v2/checkoutSessions/{id}` of an open session:
  RSA-PSS signature, date window and region host verified, then the contract as above),
- a bare Hummingbird route answering a fixed body (`bench bare-server`), the baseline;
- the same bare route sent each measured request's headers (and the confirm's body): the floor of
  a request of that shape, so what the sandbox itself adds can be read off.

Each row also gives the server's own CPU time per request (user + system of its process, all
threads, from /proc): what the work costs apart from how the two cores were shared with wrk.

Then resident memory of `payflow serve` over 1,000,000 validated confirms (sampled after the first
100,000 and at the end). Prints Markdown for RESULTS.md.

    python3 Benchmarks/sandbox_throughput.py --payflow .build/release/payflow --bench Benchmarks/.build/release/bench
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Contract"))
import sandboxkit  # noqa: E402  (Tests/Contract: starting and stopping payflow serve, the merchant's key)


def request(url: str, method: str = "GET", headers: dict[str, str] | None = None, body: bytes | None = None):
    req = urllib.request.Request(url, data=body, method=method, headers=headers or {})

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(req, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def wrk(url: str, script: str, connections: int, seconds: int, workdir: str) -> dict:
    path = os.path.join(workdir, "script.lua")
    with open(path, "w") as handle:
        handle.write(script)
    result = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", "-s", path, url], capture_output=True, text=True, check=True)
    out = result.stdout
    rps = float(re.search(r"Requests/sec:\s+([0-9.]+)", out).group(1))

    def latency(percent: str) -> float:
        match = re.search(rf"\s{percent}%\s+([0-9.]+)(us|ms|s)", out)
        value, unit = float(match.group(1)), match.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    non2xx = re.search(r"Non-2xx or 3xx responses:\s+([0-9]+)", out)
    errors = re.search(r"Socket errors: (.*)", out)
    total = int(re.search(r"([0-9]+) requests in", out).group(1))
    return {"rps": rps, "p50": latency("50"), "p99": latency("99"), "non2xx": int(non2xx.group(1)) if non2xx else 0,
            "errors": errors.group(1).strip() if errors else "none", "requests": total}


def lua(method: str, path: str, headers: dict[str, str], body: str | None) -> str:
    lines = [f'wrk.method = "{method}"', f'wrk.path = "{path}"']
    for name, value in headers.items():
        lines.append(f'wrk.headers["{name}"] = {json.dumps(value)}')
    if body is not None:
        lines.append(f"wrk.body = {json.dumps(body)}")
    return "\n".join(lines) + "\n"


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of process `pid` so far (all its threads), from /proc."""
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--payflow", required=True)
    parser.add_argument("--bench", required=True)
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--samples", type=int, default=5)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--memory-requests", type=int, default=1_000_000)
    args = parser.parse_args()

    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import padding

    workdir = tempfile.mkdtemp(prefix="sandbox-bench-")
    key, private, public = sandboxkit.key_pair(workdir)
    os.environ["AMAZON_PAY_PRIVATE_KEY"] = private
    os.environ["AMAZON_PAY_PUBLIC_KEY_ID"] = "BENCH-KEY"

    serve, base = sandboxkit.serve(args.payflow, public, "BENCH-KEY")
    # The bare server's own output is block-buffered on a pipe: wait for its port instead.
    bare = subprocess.Popen([args.bench, "bare-server", "18097"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    bare_base = "http://127.0.0.1:18097"
    for _ in range(300):
        try:
            if request(bare_base + "/bare")[0] == 200:
                break
        except OSError:
            time.sleep(0.1)
    try:
        # PayPal: a token and an order waiting for 3-D Secure, so each confirm runs in full.
        _, _, token_body = request(base + "/t/paypal/v1/oauth2/token", "POST", {"Authorization": "Basic " + base64.b64encode(b"bench:secret").decode(), "Content-Type": "application/x-www-form-urlencoded"}, b"grant_type=client_credentials")
        token = json.loads(token_body)["access_token"]
        _, _, order_body = request(base + "/t/paypal/v2/checkout/orders", "POST", {"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
                                   b'{"intent":"CAPTURE","purchase_units":[{"amount":{"currency_code":"USD","value":"10.00"}}]}')
        order = json.loads(order_body)["id"]
        confirm_body = '{"payment_source":{"card":{"number":"4111111111111111","expiry":"2030-01","security_code":"123","name":"Ana Gomez"}},"application_context":{"return_url":"com.example.app://card/success","cancel_url":"com.example.app://card/cancel"}}'
        confirm_headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json", "Sandbox-Scenario": "3ds-challenge"}
        status, _, _ = request(base + f"/t/paypal/v2/checkout/orders/{order}/confirm-payment-source", "POST", confirm_headers, confirm_body.encode())
        assert status == 200, status

        # Amazon Pay: a session opened through the sign-in page (the button payload signed by the
        # merchant's key), then one signed GET of it, valid for the run (15 minutes).
        import hooks  # noqa: E402  (Tests/Contract/hooks.py: the canonical request)

        payload = json.dumps({"storeId": "amzn1.application-oa2-client.bench", "webCheckoutDetails": {"checkoutReviewReturnUrl": "https://shop.example/review"}}, separators=(",", ":"))
        to_sign = f"{hooks.ALGORITHM}\n{__import__('hashlib').sha256(payload.encode()).hexdigest()}".encode()
        signature = base64.b64encode(key.sign(to_sign, padding.PSS(mgf=padding.MGF1(hashes.SHA256()), salt_length=32), hashes.SHA256())).decode()
        query = urllib.parse.urlencode({"payloadJSON": payload, "signature": signature, "publicKeyId": "BENCH-KEY"})
        status, headers, _ = request(base + "/h/apay.example/signin?" + query, "POST", {"Content-Type": "application/x-www-form-urlencoded"}, b"button=continue")
        location = headers.get("location") or headers.get("Location") or ""
        session = urllib.parse.parse_qs(urllib.parse.urlsplit(location).query).get("amazonCheckoutSessionId", [""])[0]
        assert status == 303 and session, (status, location)
        import requests  # noqa: E402

        prepared = requests.Request("GET", base + f"/t/amazonpay/v2/checkoutSessions/{session}", headers={"x-amz-pay-region": "jp", "Authorization": hooks.PLACEHOLDER}).prepare()
        hooks.sign(prepared)
        amazon_headers = {name: value for name, value in prepared.headers.items()}
        status, _, _ = request(prepared.url, "GET", amazon_headers)
        assert status == 200, status

        endpoints = [
            ("bare Hummingbird route (`GET /bare`, fixed body)", bare_base + "/bare", bare.pid, lua("GET", "/bare", {}, None)),
            ("validated PayPal confirm (`POST …/confirm-payment-source`)", base, serve.pid, lua("POST", f"/t/paypal/v2/checkout/orders/{order}/confirm-payment-source", confirm_headers, confirm_body)),
            ("signed Amazon Pay call (`GET /v2/checkoutSessions/{id}`)", base, serve.pid, lua("GET", f"/t/amazonpay/v2/checkoutSessions/{session}", amazon_headers, None)),
            # The floor for each request's shape: the bare route sent the same headers (and the
            # confirm's body, read whole), answering its fixed body. What is left above these rows is
            # the sandbox's own work and the size of its answers.
            ("bare route, the confirm's headers and body (`POST /bare`)", bare_base + "/bare", bare.pid, lua("POST", "/bare", confirm_headers, confirm_body)),
            ("bare route, the Amazon call's headers (`GET /bare`)", bare_base + "/bare", bare.pid, lua("GET", "/bare", amazon_headers, None)),
        ]
        for _, url, _, script in endpoints:
            wrk(url, script, args.connections, 3, workdir)  # warm-up
        # `--samples` rounds; each round measures every endpoint once, starting one further along,
        # so no endpoint always runs first or last. Every figure is the median of its samples.
        samples = [[] for _ in endpoints]
        for round_index in range(args.samples):
            for step in range(len(endpoints)):
                which = (round_index + step) % len(endpoints)
                _, url, pid, script = endpoints[which]
                before = cpu_seconds(pid)
                result = wrk(url, script, args.connections, args.seconds, workdir)
                # The server's own CPU per request: what the work costs, apart from how the two
                # cores were shared with wrk.
                result["cpu"] = (cpu_seconds(pid) - before) / result["requests"] * 1e6
                samples[which].append(result)

        def median(values):
            ordered = sorted(values)
            return ordered[len(ordered) // 2]

        rows = []
        for (label, _, _, _), results in zip(endpoints, samples):
            summary = {key: median([r[key] for r in results]) for key in ("rps", "cpu", "p50", "p99")}
            summary["rps_min"], summary["rps_max"] = min(r["rps"] for r in results), max(r["rps"] for r in results)
            summary["cpu_min"], summary["cpu_max"] = min(r["cpu"] for r in results), max(r["cpu"] for r in results)
            summary["non2xx"] = sum(r["non2xx"] for r in results)
            summary["errors"] = "; ".join(sorted({r["errors"] for r in results}))
            rows.append((label, summary))

        bare_rps = rows[0][1]["rps"]
        print(f"`wrk -t2 -c{args.connections} -d{args.seconds}s --latency`, {args.samples} samples per endpoint (rounds rotating the order), "
              "medians with min–max, release builds, the server and wrk on this machine's 2 cores; in one run:\n")
        print("| endpoint | requests/s | vs bare | server CPU per request | vs bare | p50 | p99 | non-2xx | socket errors |")
        print("|---|---|---|---|---|---|---|---|---|")
        for label, result in rows:
            ratio = result["rps"] / bare_rps
            cost = result["cpu"] / rows[0][1]["cpu"]
            print(f"| {label} | {result['rps']:,.0f} ({result['rps_min']:,.0f}–{result['rps_max']:,.0f}) | **{ratio:.0%}** | "
                  f"{result['cpu']:,.0f} µs ({result['cpu_min']:,.0f}–{result['cpu_max']:,.0f}) | {cost:.1f}× | {result['p50']:.2f} ms | {result['p99']:.2f} ms | {result['non2xx']} | {result['errors']} |")
        met = all(result["rps"] >= 0.5 * bare_rps for _, result in rows[1:3])
        shares = " and ".join(f"{result['rps'] / bare_rps:.0%}" for _, result in rows[1:3])
        # Rows 3 and 4 are the bare route sent the confirm's and the Amazon call's own bytes.
        floor_text = (f" Against the floor of each request's own shape (the bare route sent the same bytes): the confirm "
                      f"{rows[1][1]['rps'] / rows[3][1]['rps']:.0%}, the Amazon call {rows[2][1]['rps'] / rows[4][1]['rps']:.0%}.")
        print(f"\nTarget ≥ 50% of bare Hummingbird's requests per second at {args.connections} connections: **{'met' if met else 'missed'}** ({shares}).{floor_text}\n")

        # Resident memory over 1,000,000 validated confirms.
        confirm_script = lua("POST", f"/t/paypal/v2/checkout/orders/{order}/confirm-payment-source", confirm_headers, confirm_body)
        done = 0
        samples = []
        first = None
        while done < args.memory_requests:
            result = wrk(base, confirm_script, args.connections, 10, workdir)
            done += result["requests"]
            samples.append((done, rss_kib(serve.pid)))
            if first is None and done >= 100_000:
                first = samples[-1]
        first = first or samples[0]
        last = samples[-1]
        growth = (last[1] - first[1]) / first[1]
        print(f"Resident memory of `payflow serve` over {last[0]:,} validated confirms: {first[1] / 1024:.1f} MiB after {first[0]:,}, "
              f"{last[1] / 1024:.1f} MiB at the end ({growth:+.1%}); samples every ~10 s: "
              + ", ".join(f"{kib / 1024:.1f}" for _, kib in samples) + f" MiB. Target within 10%: **{'met' if abs(growth) <= 0.10 else 'missed'}**.")
        return 0
    finally:
        sandboxkit.stop(serve)
        sandboxkit.stop(bare)


if __name__ == "__main__":
    sys.exit(main())
