"""schemathesis hooks for `payflow serve`: what a tester outside the package adds to the exported
contract to call every provider.

- The card-number format (`format: luhn`): schema-valid card numbers pass the Luhn check, so the
  positive phase generates them (the contract names the format; JSON Schema cannot spell it).
- Amazon Pay's request signature (`AMZN-PAY-RSASSA-PSS-V2`), computed on the bytes that go on the
  wire: the canonical request the exported `signature` security scheme describes, signed with the
  private half of the key `payflow serve --amazon-public-key` registered. A request is signed only
  when schemathesis sent the scheme's placeholder (`Authorization: AMZN-SIGN`), so its own checks of
  a request without credentials still reach the server unsigned.
"""

from __future__ import annotations

import base64
import datetime
import functools
import hashlib
import json
import os
import re
from urllib.parse import quote, unquote, urlsplit

import requests
import schemathesis
from hypothesis import strategies as st

# -- Luhn card numbers ----------------------------------------------------------------------------


def _luhn_complete(digits: str) -> str:
    """`digits` followed by the check digit that makes the whole number pass the Luhn check."""
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2 == 0:
            value *= 2
            if value > 9:
                value -= 9
        total += value
    return digits + str((10 - total % 10) % 10)


schemathesis.openapi.format(
    "luhn",
    st.integers(min_value=11, max_value=18).flatmap(
        lambda length: st.text(alphabet="0123456789", min_size=length, max_size=length)
    ).map(_luhn_complete),
)

# -- Amounts as JSON numbers, and their currency's decimals ---------------------------------------
# Amazon Pay's amounts may be JSON numbers (its SDKs send them) written as plain numerals of at most
# 16 characters (`x-numeral` in the contract). JSON Schema constrains a number's value, not how it is
# written, so this keeps the cases whose amount numbers Python writes that way. Amazon also refuses
# (400 InvalidParameterValue) an amount with more decimals than its `currencyCode` takes (two; none
# for the currencies ISO 4217 writes without, JPY among them), a rule between two fields that JSON
# Schema cannot spell either: the cases kept respect it. (PayPal's DECIMAL_PRECISION is a 422, a
# business rejection positive data may meet.)

WITHOUT_DECIMALS = {"BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV", "XAF", "XOF", "XPF"}
NUMERAL = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def _precise(amount, currency) -> bool:
    """Whether a plain `amount` needs no more decimals than Amazon takes for `currency` (trailing
    zeros do not count); anything else is left for the schema to judge."""
    text = amount if isinstance(amount, str) else json.dumps(amount)
    if not isinstance(currency, str) or not NUMERAL.fullmatch(text):
        return True
    return len(text.partition(".")[2].rstrip("0")) <= (0 if currency in WITHOUT_DECIMALS else 2)


def _plain_amounts(value) -> bool:
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "amount" and isinstance(item, (int, float)) and not isinstance(item, bool):
                text = json.dumps(item)
                if "e" in text or "E" in text or len(text) > 16 or text in ("NaN", "Infinity", "-Infinity"):
                    return False
            if not _plain_amounts(item):
                return False
        if "amount" in value and "currencyCode" in value and not _precise(value["amount"], value["currencyCode"]):
            return False
    elif isinstance(value, list):
        return all(_plain_amounts(item) for item in value)
    return True


def _mislabeled(case) -> bool:
    """A case schemathesis calls positive whose body it generated negative. Its coverage phase (4.32)
    builds a header's positive variants on the body it has, and where it found no positive body (a
    property whose pattern holds a negated class with a character outside ASCII, such as the
    exported `.`, `[^\\n\\r\\u0085\\u2028\\u2029]`) that body is its "incorrect type" case (`0`): the
    request is then judged as if it were valid. The case's metadata says so; such a case is dropped."""
    meta = getattr(case, "meta", None)
    if meta is None or getattr(getattr(meta, "generation", None), "mode", None) is None:
        return False
    if getattr(meta.generation.mode, "value", "") != "positive":
        return False
    return any(getattr(location, "value", "") == "body" and getattr(getattr(info, "mode", None), "value", "") == "negative"
               for location, info in (getattr(meta, "components", None) or {}).items())


@schemathesis.hook
def filter_case(context, case) -> bool:
    # A case hook, which every phase applies (the coverage phase applies no body hook: its boundary
    # values for a positive amount, `exclusiveMinimum: 0`, are floats such as 5e-324).
    return _plain_amounts(case.body) and not _mislabeled(case)


# -- Amazon Pay request signatures ----------------------------------------------------------------

PLACEHOLDER = "AMZN-SIGN"
ALGORITHM = "AMZN-PAY-RSASSA-PSS-V2"
HOSTS = {"na": "pay-api.amazon.com", "us": "pay-api.amazon.com", "eu": "pay-api.amazon.eu", "jp": "pay-api.amazon.jp"}


def _encode(text: str) -> str:
    """RFC 3986 percent-encoding: every byte but `A-Z a-z 0-9 - . _ ~`."""
    return quote(text, safe="-._~")


def canonical_request(method: str, path: str, query: str, headers: dict[str, str], signed: list[str], body: bytes) -> str:
    """The canonical request of the exported `signature` scheme (and of `AmazonPaySignature`)."""
    pairs = []
    for item in query.split("&") if query else []:
        name, _, value = item.partition("=")
        pairs.append((_encode(unquote(name.replace("+", " "))), _encode(unquote(value.replace("+", " ")))))
    pairs.sort()
    lines = [method.upper(), path, "&".join(f"{name}={value}" for name, value in pairs)]
    lines += [f"{name}:{headers.get(name, '')}" for name in signed]
    lines += ["", ";".join(signed), hashlib.sha256(body).hexdigest()]
    return "\n".join(lines)


def _private_key():
    path = os.environ.get("AMAZON_PAY_PRIVATE_KEY")
    return _load_private_key(path) if path else None


@functools.cache
def _load_private_key(path: str):
    """The key at `path`, loaded once per run: loading checks the RSA key (about 60 ms), which
    every signed request paid before, more than half of the Amazon Pay run's time."""
    from cryptography.hazmat.primitives import serialization

    with open(path, "rb") as handle:
        return serialization.load_pem_private_key(handle.read(), password=None)


KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,32}")


# PayPal's `PayPal-Request-Id`: 1 to 108 characters (its documents), none a control character.
PAYPAL_KEY_PATTERN = re.compile(r"[^\x00-\x1f\x7f]{1,108}")


def _one_key_per_body(prepared: requests.PreparedRequest, key: str | None,
                      header: str = "x-amz-pay-idempotency-key", pattern: re.Pattern = KEY_PATTERN, length: int = 32) -> None:
    """Gives each POST body its own idempotency key. hypothesis draws short keys (`0`, `A`) that
    collide across unrelated requests: Amazon rightly answers a key reused with another body with
    400 `DuplicateIdempotencyKey`, and PayPal answers a repeated `PayPal-Request-Id` with the first
    answer whatever the body (a 400 of an earlier negative case, say); the Swift suites test both.
    Here a schema-valid request is not refused for a collision the generator made. The same body
    keeps the same key, so retries still meet the stored answer. A key that breaks the pattern
    (negative data) is kept."""
    if key is None or (prepared.method or "").upper() != "POST" or not pattern.fullmatch(key):
        return
    body = prepared.body or b""
    if isinstance(body, str):
        body = body.encode()
    digest = hashlib.sha256(key.encode() + b"\0" + body).hexdigest()
    prepared.headers[header] = (key[:8] + "-" + digest)[:length]


def sign(prepared: requests.PreparedRequest) -> None:
    """Signs `prepared` in place as Amazon Pay's SDKs do."""
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import padding

    key = _private_key()
    key_id = os.environ.get("AMAZON_PAY_PUBLIC_KEY_ID", "")
    if key is None:
        return
    headers = {name.lower(): value for name, value in prepared.headers.items()}
    _one_key_per_body(prepared, headers.get("x-amz-pay-idempotency-key"))
    region = headers.get("x-amz-pay-region", "").lower()
    prepared.headers["x-amz-pay-host"] = HOSTS.get(region, "pay-api.amazon.com")
    prepared.headers["x-amz-pay-date"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    prepared.headers.setdefault("accept", "application/json")
    prepared.headers.setdefault("content-type", "application/json")
    headers = {name.lower(): value for name, value in prepared.headers.items()}
    signed = ["accept", "content-type", "x-amz-pay-date", "x-amz-pay-host", "x-amz-pay-region"]
    if "x-amz-pay-idempotency-key" in headers:
        signed.append("x-amz-pay-idempotency-key")
    signed.sort()
    parts = urlsplit(prepared.url)
    # The provider sees its path under the sandbox prefix `/t/amazonpay`.
    path = parts.path[len("/t/amazonpay"):] if parts.path.startswith("/t/amazonpay/") else parts.path
    body = prepared.body or b""
    if isinstance(body, str):
        body = body.encode()
    canonical = canonical_request(prepared.method or "GET", path, parts.query, headers, signed, body)
    to_sign = f"{ALGORITHM}\n{hashlib.sha256(canonical.encode()).hexdigest()}".encode()
    signature = key.sign(to_sign, padding.PSS(mgf=padding.MGF1(hashes.SHA256()), salt_length=32), hashes.SHA256())
    prepared.headers["Authorization"] = (
        f"{ALGORITHM} PublicKeyId={key_id}, SignedHeaders={';'.join(signed)}, Signature={base64.b64encode(signature).decode()}"
    )


_send = requests.adapters.HTTPAdapter.send


def _signing_send(self, request, *args, **kwargs):
    if request.headers.get("Authorization") == PLACEHOLDER:
        sign(request)
    _one_key_per_body(request, request.headers.get("PayPal-Request-Id"), "PayPal-Request-Id", PAYPAL_KEY_PATTERN, 108)
    return _send(self, request, *args, **kwargs)


requests.adapters.HTTPAdapter.send = _signing_send
