"""What the scripts that drive `payflow serve` from outside share: a merchant's Amazon Pay key pair,
starting the server on a free port with that key registered, and stopping it."""

from __future__ import annotations

import os
import re
import subprocess
import time


def key_pair(workdir: str):
    """A 2048-bit RSA key and the paths of its private (PKCS#8) and public (SPKI) PEM files."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    private = os.path.join(workdir, "amazon-private.pem")
    public = os.path.join(workdir, "amazon-public.pem")
    with open(private, "wb") as handle:
        handle.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    with open(public, "wb") as handle:
        handle.write(key.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo))
    return key, private, public


def start(command: list[str], pattern: str, log: str | None = None) -> tuple[subprocess.Popen, str]:
    """Runs `command` until a line of its output matches `pattern` (one group: the base URL); the
    rest of its output is drained so it never blocks on a full pipe (into `log`.stdout with a log;
    `log` itself gets the standard error)."""
    stderr = open(log, "w") if log else subprocess.DEVNULL
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=stderr, text=True)
    assert process.stdout is not None
    deadline = time.time() + 60
    while time.time() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        match = re.search(pattern, line)
        if match:
            # With a log, what it prints next (the exchanges `serve` reports) goes to LOG.stdout.
            subprocess.Popen(["cat"], stdin=process.stdout, stdout=open(log + ".stdout", "w") if log else subprocess.DEVNULL)
            return process, match.group(1)
    process.kill()
    raise SystemExit(f"error: {command[0]} did not start")


def serve(payflow: str, public_key: str, key_id: str, log: str | None = None) -> tuple[subprocess.Popen, str]:
    """`payflow serve` on a free loopback port with the merchant's Amazon Pay key registered."""
    return start([payflow, "serve", "--port", "0", "--amazon-public-key", public_key, "--amazon-public-key-id", key_id], r"sandbox on (http://[0-9.:]+)", log)


def paypal_token(base: str, basic: str = "Y29udHJhY3QtdGVzdDpzZWNyZXQ=") -> str:
    """A token from the sandbox's PayPal `/v1/oauth2/token` (HTTP Basic with any client id and secret)."""
    import json
    import urllib.request

    request = urllib.request.Request(
        base + "/t/paypal/v1/oauth2/token", data=b"grant_type=client_credentials", method="POST",
        headers={"Authorization": "Basic " + basic, "Content-Type": "application/x-www-form-urlencoded"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)["access_token"]


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
