#!/usr/bin/env python3
"""Writes Sources/PaymentMocks/Providers/PayPalIssueCatalog.swift: every issue of PayPal's lists for
the operations the sandbox serves, with the status and description each list gives it, read from
PayPal's Orders v2 and Payments v2 documents (Apache-2.0) the way ProviderRuleTableTests reads them.
The sandbox answers any of them on request (`PayPal-Mock-Response`), as PayPal's negative testing
does. The file is then formatted as the tree is (`swift format`); ProviderRuleTableTests holds it to
the documents, both ways, so a stale catalog fails the tests.

    python3 Tests/Scripts/paypal_issue_catalog.py [--contracts ../shared/contracts]
"""
import argparse
import json
import os
import subprocess
import sys

ORDERS = [
    ("createOrder", "/v2/checkout/orders", "post"), ("getOrder", "/v2/checkout/orders/{id}", "get"),
    ("confirmPaymentSource", "/v2/checkout/orders/{id}/confirm-payment-source", "post"),
    ("authorizeOrder", "/v2/checkout/orders/{id}/authorize", "post"), ("captureOrder", "/v2/checkout/orders/{id}/capture", "post"),
]
PAYMENTS = [
    ("getAuthorization", "/v2/payments/authorizations/{authorization_id}", "get"),
    ("captureAuthorization", "/v2/payments/authorizations/{authorization_id}/capture", "post"),
    ("reauthorizeAuthorization", "/v2/payments/authorizations/{authorization_id}/reauthorize", "post"),
    ("voidAuthorization", "/v2/payments/authorizations/{authorization_id}/void", "post"),
    ("getCapture", "/v2/payments/captures/{capture_id}", "get"), ("refundCapture", "/v2/payments/captures/{capture_id}/refund", "post"),
    ("getRefund", "/v2/payments/refunds/{refund_id}", "get"),
]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUTPUT = os.path.join(ROOT, "Sources/PaymentMocks/Providers/PayPalIssueCatalog.swift")


def lists(document: dict, served) -> list:
    """(operation, issue, status, description) in the document's order, the first of a repeated issue."""
    schemas = document["components"]["schemas"]
    rows, seen = [], set()
    for operation, path, method in served:
        responses = document["paths"][path][method]["responses"]
        for status in sorted(responses):
            schema = responses[status].get("content", {}).get("application/json", {}).get("schema", {})
            for part in schema.get("allOf", []):
                reference = part.get("$ref", "").split("/")[-1]
                if not reference or reference.startswith("error_"):
                    continue
                for entry in schemas[reference].get("properties", {}).get("details", {}).get("items", {}).get("anyOf", []):
                    properties = entry.get("properties", {})
                    issue = properties.get("issue", {}).get("enum", [""])[0]
                    description = properties.get("description", {}).get("enum", [""])[0]
                    if (operation, issue) in seen:
                        continue
                    seen.add((operation, issue))
                    rows.append((operation, issue, int(status), description))
    # A list that names an issue without words takes the words the same document gives it elsewhere.
    words = {}
    for _, issue, _, description in rows:
        if description and issue not in words:
            words[issue] = description
    return [(operation, issue, status, description or words.get(issue, "")) for operation, issue, status, description in rows]


def swift(rows: list) -> str:
    out = [
        "// Written by Tests/Scripts/paypal_issue_catalog.py from PayPal's Orders v2 and Payments v2 documents",
        "// (`paypal/checkout_orders_v2.json`, `paypal/payments_payment_v2.json`, Apache-2.0). Do not edit.",
        "",
        "/// Every issue of PayPal's lists for the operations the sandbox serves, with the status and the",
        "/// description each list gives it (a list that names an issue without words takes the words the same",
        "/// document gives it elsewhere). The sandbox answers any of them on request, as PayPal's negative",
        "/// testing does (`PayPal-Mock-Response`, ``MockPayPalServer/mockedResponse(_:_:)``);",
        "/// `ProviderRuleTableTests` holds it to the documents, both ways.",
        "public enum PayPalIssueCatalog {",
        "    /// One issue of an operation's list.",
        "    public struct Entry: Sendable {",
        "        /// The status the list gives it.",
        "        public let status: Int",
        "        /// The list's description of it (empty where the document gives none).",
        "        public let description: String",
        "    }",
        "",
        "    /// Each served operation's list, by issue.",
        "    public static let lists: [String: [String: Entry]] = [",
    ]
    operations = []
    for operation, *_ in rows:
        if operation not in operations:
            operations.append(operation)
    for operation in operations:
        out.append(f"        {json.dumps(operation)}: [")
        for op, issue, status, description in rows:
            if op == operation:
                out.append(f"            {json.dumps(issue)}: Entry(status: {status}, description: {json.dumps(description, ensure_ascii=False)}),")
        out.append("        ],")
    out += ["    ]", "}", ""]
    return "\n".join(out)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--contracts", default=os.path.join(ROOT, "..", "shared", "contracts"))
    args = parser.parse_args()
    with open(os.path.join(args.contracts, "paypal", "checkout_orders_v2.json")) as handle:
        orders = json.load(handle)
    with open(os.path.join(args.contracts, "paypal", "payments_payment_v2.json")) as handle:
        payments = json.load(handle)
    text = swift(lists(orders, ORDERS) + lists(payments, PAYMENTS))
    with open(OUTPUT, "w") as handle:
        handle.write(text)
    subprocess.run(["swift", "format", "format", "--configuration", os.path.join(ROOT, ".swift-format"), "--in-place", OUTPUT], check=True)
    print(f"PayPal issue catalog: {text.count('Entry(status')} issues written to {os.path.relpath(OUTPUT, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
