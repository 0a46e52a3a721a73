#!/usr/bin/env python3
"""Fails when a library product an app imports depends, directly or not, on a server package
(Hummingbird) or on a sandbox target (the merchant servers that hold Amazon Pay's private key and MIT's AES key, or swift-crypto,
the mocks, the scenarios): the sandbox must stay in its own targets. Reads `swift package dump-package` JSON
from standard input."""
import json
import sys

# swift-crypto: the keys that sign (Amazon Pay) or encrypt (MIT's xmlA) payments live on the
# merchant's server; an app-facing product has no use for it.
# AsyncHTTPClient: the server side's HTTP client (the sandbox and its merchant servers); apps use
# URLSession.
FORBIDDEN = {"hummingbird", "swift-service-lifecycle", "swift-crypto", "async-http-client", "swift-openapi-async-http-client"}
FORBIDDEN_TARGETS = {"PaymentSandbox", "AmazonPayMerchantServer", "SuiteMerchantServer", "MerchantWebhooks", "PaymentScenarios", "PaymentMocks",
                     "PaymentServerCore"}
APP_PRODUCTS = {"MCSCommerceWeb", "SuiteMCommerce", "AmazonPayMobile", "PayPalPayments", "MollieCheckout",
                "PaymentSchemasRuntime", "PaymentFlowsCore"}

package = json.load(sys.stdin)
targets = {target["name"]: target for target in package["targets"]}


def dependencies(target_name, seen):
    for dependency in targets[target_name].get("dependencies", []):
        if "byName" in dependency or "target" in dependency:
            name = (dependency.get("byName") or dependency.get("target"))[0]
            if name in targets and name not in seen:
                seen.add(name)
                if name in FORBIDDEN_TARGETS:
                    yield "target", name
                yield from dependencies(name, seen)
        elif "product" in dependency:
            yield dependency["product"][1], dependency["product"][0]


# What a merchant server imports: the parties that hold the keys an app must not.
SERVER_PRODUCTS = {"PaymentServerCore", "AmazonPayMerchantServer", "SuiteMerchantServer", "MerchantWebhooks"}
# What a merchant server must not reach: it stands on its provider's module and the runtime (Amazon
# Pay's on the flows and server cores too), and the wiring to the mocks is the mocks' own.
MERCHANT_SERVERS = {"AmazonPayMerchantServer", "SuiteMerchantServer", "MerchantWebhooks"}
TOOLING_TARGETS = {"PaymentMocks", "PaymentScenarios", "PaymentSandbox"}
# What an app's tests import.
TEST_PRODUCTS = {"PaymentMocks"}

problems = []
libraries = {product["name"] for product in package["products"] if "library" in product["type"]}
for name in sorted(libraries - APP_PRODUCTS - SERVER_PRODUCTS - TEST_PRODUCTS):
    problems.append(f"{name} is exported as a library: the generator core, the scenarios and the sandbox are tooling, not libraries")
for name in sorted(APP_PRODUCTS - libraries):
    problems.append(f"{name} is not exported as a library")
for product in package["products"]:
    if product["name"] not in APP_PRODUCTS:
        continue
    for target in product["targets"]:
        for package_name, product_name in dependencies(target, {target}):
            if package_name == "target":
                problems.append(f"{product['name']} depends on the sandbox target {product_name}: keep server code out of the products apps import")
            elif package_name and package_name.lower() in FORBIDDEN:
                problems.append(f"{product['name']} depends on {package_name}/{product_name}: keep server code out of the products apps import")
for server in sorted(MERCHANT_SERVERS):
    for kind, name in dependencies(server, {server}):
        if kind == "target" and name in TOOLING_TARGETS:
            problems.append(f"{server} depends on {name}: a merchant server stands on its provider's module and the runtime, not on the mocks, scenarios or sandbox")
for problem in sorted(set(problems)):
    print(f"error: {problem}", file=sys.stderr)
print(f"library products: {len(libraries)} ({len(APP_PRODUCTS)} app-facing, {len(SERVER_PRODUCTS)} server-side, {len(TEST_PRODUCTS)} test); {len(set(problems))} problems")
sys.exit(1 if problems else 0)
