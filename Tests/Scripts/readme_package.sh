#!/usr/bin/env bash
# The README's "In your own package" verbatim: its Package.swift (the dependency URL pointed at a
# local clone of this repository, same name, branch main), its schema and its Swift code, built
# as an outside package. Fails when the snippet does not resolve or build, so the README cannot
# show lines that do not work.
#   readme_package.sh                   the snippet
#   readme_package.sh --plugin-layout   then plugin_layout.sh in the snippet's package, built already
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# A clone named as the URL names the package (SwiftPM derives the identity from the last
# component), with `main` at this commit.
git clone --quiet --no-local "$root" "$work/PaymentSchemas"
git -C "$work/PaymentSchemas" checkout --quiet -B main "$(git -C "$root" rev-parse HEAD)"

python3 - "$root/README.md" "$work" <<'PY'
import os, re, sys
readme, work = sys.argv[1], sys.argv[2]
text = open(readme).read()
section = text[text.index("## In your own package"):]
section = section[:section.index("\n## ", 1)]
blocks = re.findall(r"```(\w+)\n(.*?)```", section, flags=re.S)
swift = [body for kind, body in blocks if kind == "swift"]
yaml = [body for kind, body in blocks if kind == "yaml"]
assert len(swift) == 2 and len(yaml) == 1, f"expected a Package.swift, a schema and the code; found {[k for k, _ in blocks]}"
manifest, code = swift
url = "https://github.com/paymentschemas/PaymentSchemas"
assert url in manifest, "the README's dependency line names " + url
package = os.path.join(work, "Shop")
os.makedirs(os.path.join(package, "Sources", "ShopPayments"))
open(os.path.join(package, "Package.swift"), "w").write(manifest.replace(url, os.path.join(work, "PaymentSchemas")))
assert "Sources/ShopPayments/Payment.yaml" in section, "the README says where the schema goes"
open(os.path.join(package, "Sources", "ShopPayments", "Payment.yaml"), "w").write(yaml[0])
open(os.path.join(package, "Sources", "ShopPayments", "Show.swift"), "w").write(code)
PY

cd "$work/Shop"
started=$(date +%s)
swift package resolve
resolved=$(date +%s)
swift build 2>&1 | tee "$work/build.log" | tail -3
built=$(date +%s)
grep -q "Build complete" "$work/build.log" || { echo "error: the README's own-package snippet does not build" >&2; cat "$work/build.log" >&2; exit 1; }
packages="$(ls .build/checkouts | sort | tr '\n' ' ')"
echo "the README's own-package snippet resolves ($((resolved - started)) s) and builds ($((built - resolved)) s): $(ls .build/checkouts | wc -l | tr -d ' ') packages checked out, $(du -sh .build/checkouts | cut -f1): $packages"
# With `traits: []` no server package may be resolved.
for server in hummingbird swift-nio async-http-client swift-crypto swift-nio-extras swift-service-lifecycle; do
  if [ -d ".build/checkouts/$server" ]; then echo "error: an app with traits: [] resolved $server" >&2; exit 1; fi
done
if [ "${1:-}" = "--plugin-layout" ]; then
  bash "$root/Tests/Scripts/plugin_layout.sh" "$work/Shop" ShopPayments
fi
