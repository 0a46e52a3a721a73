#!/usr/bin/env bash
# The command plugin (`swift package generate-payment-schemas`) on Examples/ShopCheckout, as a team
# that commits the generated Swift runs it in CI: the committed Generated/ShopPayments/ passes
# --check; after a schema edit --check fails (exit 1) and names the changed file; regenerating makes
# it pass again; the schema restored and regenerated, the tree is as committed.
set -euo pipefail
cd "$(dirname "$0")/../../Examples/ShopCheckout"
schema=Schemas/ShopPayments/Payment.yaml
saved="$(mktemp)"
log="$(mktemp)"
cp "$schema" "$saved"
restore() { cp "$saved" "$schema"; git checkout --quiet -- Generated; }
trap restore EXIT
gen() { swift package --allow-writing-to-package-directory generate-payment-schemas "$@"; }

gen --target ShopPayments --check >"$log" 2>&1 || { echo "error: --check fails on the committed Generated/:" >&2; cat "$log" >&2; exit 1; }
echo "ok: the committed Generated/ShopPayments passes --check"

# An edit that changes the generated Swift: a type's documentation.
sed -i 's/^    doc: An amount as Mollie writes it; the value is exact text, never a floating-point number\.$/    doc: An amount as Mollie writes it./' "$schema"
! cmp -s "$schema" "$saved" || { echo "error: the schema edit did not apply" >&2; exit 1; }
if gen --target ShopPayments --check >"$log" 2>&1; then
  echo "error: --check passed after a schema edit" >&2; cat "$log" >&2; exit 1
fi
grep -qF "Generated/ShopPayments/Payment.generated.swift" "$log" \
  || { echo "error: --check did not name the changed file:" >&2; cat "$log" >&2; exit 1; }
grep -qF "the generated Swift of ShopPayments is not current" "$log" \
  || { echo "error: --check did not say which target is stale:" >&2; cat "$log" >&2; exit 1; }
echo "ok: after a schema edit --check fails and names Generated/ShopPayments/Payment.generated.swift"

gen --target ShopPayments >"$log" 2>&1 || { echo "error: regenerating failed:" >&2; cat "$log" >&2; exit 1; }
git diff --quiet -- Generated && { echo "error: regenerating changed nothing" >&2; exit 1; }
gen --target ShopPayments --check >"$log" 2>&1 || { echo "error: --check fails after regenerating:" >&2; cat "$log" >&2; exit 1; }
echo "ok: regenerated, --check passes"

restore
gen >"$log" 2>&1 || { echo "error: regenerating every target failed:" >&2; cat "$log" >&2; exit 1; }
git diff --exit-code --stat -- Generated || { echo "error: the restored schema does not generate the committed Generated/" >&2; exit 1; }
echo "ok: the schema restored, every target regenerated: Generated/ as committed"
