#!/usr/bin/env bash
# The plugin in an outside package, with the recommended layout (schemas in the target's folder):
# real `swift build`s through adding, renaming and removing schema files, each next build
# reflecting the change with no other edit; and no schema at all fails with the plugin's message.
#   plugin_layout.sh                    in a package of its own
#   plugin_layout.sh PACKAGE TARGET     in an outside package already built whose TARGET uses the
#                                       plugin (readme_package.sh passes the README's: one build less);
#                                       TARGET's own sources are replaced
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
[ $# -eq 0 ] || [ $# -eq 2 ] || { echo "usage: plugin_layout.sh [PACKAGE TARGET]" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ $# -eq 2 ]; then
  target="$2"
  cd "$1"
  rm -rf "Sources/$target"
  mkdir -p "Sources/$target"
else
  target=Shop
  mkdir -p "$work/Sources/Shop"
  cd "$work"
  cat > Package.swift <<SWIFT
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "LayoutCheck",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "PaymentSchemas", path: "$root", traits: [])],
    targets: [
        .target(name: "Shop", dependencies: [.product(name: "PaymentSchemasRuntime", package: "PaymentSchemas")],
                plugins: [.plugin(name: "PaySchemaPlugin", package: "PaymentSchemas")]),
    ]
)
SWIFT
fi
schema() { printf 'module: %s\ntypes:\n  %s:\n    kind: struct\n    fields:\n      id: { type: String, required: true }\n' "$target" "$1"; }
builds() { swift build >"$work/log" 2>&1 || { echo "error: $1: the build failed" >&2; cat "$work/log" >&2; exit 1; }; echo "ok: $1"; }
fails() {
  if swift build >"$work/log" 2>&1; then echo "error: $1: the build succeeded" >&2; exit 1; fi
  grep -qF "$2" "$work/log" || { echo "error: $1: the build did not say \"$2\"" >&2; cat "$work/log" >&2; exit 1; }
  echo "ok: $1"
}

schema Payment > Sources/$target/Payment.yaml
echo 'public func payment() -> Payment { Payment(id: "1") }' > Sources/$target/UsePayment.swift
builds "one schema file"
schema PayoutRequest > Sources/$target/Payout.yaml
echo 'public func payout() -> PayoutRequest { PayoutRequest(id: "2") }' > Sources/$target/UsePayout.swift
builds "a schema file added: its type is there at the next build"
mv Sources/$target/Payout.yaml Sources/$target/Payouts.yaml
schema RenamedPayout >> /dev/null
sed -i.bak 's/PayoutRequest/RenamedPayout/' Sources/$target/Payouts.yaml && rm Sources/$target/Payouts.yaml.bak
echo 'public func payout() -> RenamedPayout { RenamedPayout(id: "2") }' > Sources/$target/UsePayout.swift
builds "the file renamed (and its type with it)"
mkdir -p Sources/$target/More && mv Sources/$target/Payouts.yaml Sources/$target/More/Payouts.yaml
builds "the file moved into a subfolder"
rm Sources/$target/More/Payouts.yaml
fails "the file removed: its type is gone at the next build" "cannot find 'RenamedPayout' in scope"
rm Sources/$target/UsePayout.swift
builds "the code using it removed"
rm Sources/$target/Payment.yaml Sources/$target/UsePayment.swift
echo 'public func nothing() {}' > Sources/$target/Nothing.swift
fails "no schema left" "PaySchemaPlugin: target '$target' has no schemas: no .yaml file in the target's folder"
said="$(grep -c "has no schemas" "$work/log")"
[ "$said" = 1 ] || { echo "error: the plugin's message appeared $said times, not once" >&2; cat "$work/log" >&2; exit 1; }
echo "the plugin follows every schema change in an outside package"
