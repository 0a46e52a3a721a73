#!/usr/bin/env python3
"""Fails when a library product an app imports depends, directly or not, on a server package
(Hummingbird): the sandbox must stay in its own target. Reads `swift package dump-package` JSON
from standard input."""
import json
import sys

FORBIDDEN = {"hummingbird", "swift-service-lifecycle"}
APP_PRODUCTS = {"MCSCommerceWeb", "SuiteMCommerce", "AmazonPayMobile", "PayPalPayments", "MollieCheckout",
                "PaymentSchemasRuntime", "PaymentFlowsCore"}

package = json.load(sys.stdin)
targets = {target["name"]: target for target in package["targets"]}


def dependencies(target_name, seen):
    for dependency in targets[target_name].get("dependencies", []):
        if "byName" in dependency:
            name = dependency["byName"][0]
            if name in targets and name not in seen:
                seen.add(name)
                yield from dependencies(name, seen)
        elif "target" in dependency:
            name = dependency["target"][0]
            if name not in seen:
                seen.add(name)
                yield from dependencies(name, seen)
        elif "product" in dependency:
            yield dependency["product"][1], dependency["product"][0]


problems = []
for product in package["products"]:
    if product["name"] not in APP_PRODUCTS:
        continue
    for target in product["targets"]:
        for package_name, product_name in dependencies(target, {target}):
            if package_name and package_name.lower() in FORBIDDEN:
                problems.append(f"{product['name']} depends on {package_name}/{product_name}")
for problem in sorted(set(problems)):
    print(f"error: {problem}: keep server code out of the products apps import", file=sys.stderr)
print(f"product dependencies: {len(APP_PRODUCTS)} app-facing products, {len(set(problems))} with server dependencies")
sys.exit(1 if problems else 0)
