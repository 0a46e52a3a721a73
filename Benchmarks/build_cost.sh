#!/usr/bin/env bash
# What each plugin costs an app team, measured on two consumer packages made here, side by side:
#   ours:   five targets (one per bundled module, the Legacy.yaml files left out: their shims call
#           the hand-written SDK classes), each with PaySchemaPlugin and its schemas, depending on
#           the PaymentSchemasRuntime product;
#   theirs: one target with swift-openapi-generator 1.14.3's OpenAPIGenerator plugin and the
#           OpenAPI document `payschema export openapi` writes for the same schemas (types only),
#           depending on swift-openapi-runtime.
# Clean build: `swift package clean` then `swift build` (debug), dependencies already resolved
# and fetched (fetching is not building); it builds the generator (and libyaml's wrapper, or
# OpenAPIKit and Yams), runs it and compiles the runtime and the generated code. Incremental:
# one schema edited (a description changed), then `swift build`. Object size: the generated
# code's object files. Prints Markdown rows.
#
# With a DOCUMENT (a provider's whole OpenAPI document, JSON), both packages build from it instead:
# ours, one target with the schemas `payschema import openapi --all-schemas --all-operations --split`
# writes from it (one file per component, at benchmark time, never committed); theirs, the document
# itself as the target's `openapi.json`. The edit: the description of the same schema on both sides
# (the first by name that has one and a type of its own in the import), in its imported file and in
# the document.
#   build_cost.sh ROOT WORKDIR [DOCUMENT]
set -euo pipefail
ROOT=$1; WORK=$2; RUNS=${RUNS:-5}; DOCUMENT=${3:-}
BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
PAYSCHEMA=${PAYSCHEMA:-$ROOT/.build/release/payschema}
rm -rf "$WORK"; mkdir -p "$WORK/ours" "$WORK/theirs"
MODULES=(MCSCommerceWeb SuiteMCommerce AmazonPayMobile PayPalPayments MollieCheckout)
[ -n "$DOCUMENT" ] && MODULES=(WholeDocument)

# Ours.
{
  echo '// swift-tools-version: 6.0'
  echo 'import PackageDescription'
  echo 'let modules = ["'"$(IFS=,; echo "${MODULES[*]}" | sed 's/,/", "/g')"'"]'
  echo 'let package = Package('
  echo '    name: "ConsumerOurs",'
  echo '    platforms: [.macOS(.v13)],'
  echo "    dependencies: [.package(name: \"PaymentSchemas\", path: \"$ROOT\")],"
  echo '    targets: modules.map { .target(name: "App\($0)", dependencies: [.product(name: "PaymentSchemasRuntime", package: "PaymentSchemas")], plugins: [.plugin(name: "PaySchemaPlugin", package: "PaymentSchemas")]) },'
  echo '    swiftLanguageModes: [.v6]'
  echo ')'
} > "$WORK/ours/Package.swift"
for module in "${MODULES[@]}"; do
  mkdir -p "$WORK/ours/Sources/App$module" "$WORK/ours/Schemas/App$module"
  echo "// The generated models of $module." > "$WORK/ours/Sources/App$module/App$module.swift"
  if [ -n "$DOCUMENT" ]; then
    "$PAYSCHEMA" import openapi "$DOCUMENT" --module "App$module" --output "$WORK/ours/Schemas/App$module" \
      --all-schemas --all-operations --split >/dev/null 2>&1
    continue
  fi
  find "$ROOT/Schemas/$module" -name '*.yaml' ! -name 'Legacy.yaml' -exec cp {} "$WORK/ours/Schemas/App$module/" \;
  # The consumer's module is App<Module>: each file says which module it belongs to.
  sed -i "s/^module: $module\$/module: App$module/" "$WORK/ours/Schemas/App$module/"*.yaml
done

# Theirs: the same schemas exported, or the document itself.
mkdir -p "$WORK/schemas" "$WORK/theirs/Sources/App"
if [ -n "$DOCUMENT" ]; then
  cp "$DOCUMENT" "$WORK/theirs/Sources/App/openapi.json"
else
  cp -R "$ROOT/Schemas/." "$WORK/schemas/"; find "$WORK/schemas" -name 'Legacy.yaml' -delete
  "$PAYSCHEMA" export openapi --schemas "$WORK/schemas" --output "$WORK/theirs/Sources/App/openapi.json" 2>/dev/null
fi
printf 'generate:\n  - types\naccessModifier: public\n' > "$WORK/theirs/Sources/App/openapi-generator-config.yaml"
echo "// The generated types." > "$WORK/theirs/Sources/App/App.swift"
cat > "$WORK/theirs/Package.swift" <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "ConsumerTheirs",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
    ],
    targets: [
        .target(
            name: "App",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT

# A real edit: one schema's description (ours: the first type's `doc:` in MollieCheckout's Settings.yaml; theirs: the description of the document's first MollieCheckout schema that has one), different each run.
EDITED_SCHEMA_FILE="$WORK/ours/Schemas/AppMollieCheckout/Settings.yaml" EDITED_SCHEMA=""
if [ -n "$DOCUMENT" ]; then
  # The schema both sides edit, and its imported file: the one whose first type links it with
  # `upstream: ref:` (that type's description is the first `doc:` edit_ours changes).
  read -r EDITED_SCHEMA EDITED_SCHEMA_FILE < <(python3 - "$DOCUMENT" "$WORK/ours/Schemas/AppWholeDocument" <<'PY'
import json, pathlib, sys
schemas = json.load(open(sys.argv[1]))["components"]["schemas"]
files = {}
for path in sorted(pathlib.Path(sys.argv[2]).glob("*.yaml")):
    first = path.read_text().split("\n      ref: ", 1)
    if len(first) == 2:
        files[first[1].split("\n", 1)[0].rsplit("#/components/schemas/", 1)[-1].rstrip('"')] = path
name = next(key for key in sorted(schemas) if "description" in schemas[key] and key in files)
print(name, files[name])
PY
)
fi
edit_ours() { python3 - "$EDITED_SCHEMA_FILE" "$1" <<'PY'
import re, sys
path, n = sys.argv[1], sys.argv[2]
text = open(path).read()
# The first type's doc line: "    doc: How a payment's checkout page is opened." (an import quotes it: "    doc: \"…\"").
def edit(m):
    body, quote = m.group(1), m.group(2)
    body = re.sub(r" \(edit \d+\)$", "", body)
    return f"    doc: {body} (edit {n}){quote}"
text, count = re.subn(r'^    doc: ([^\n]*?)("?)$', edit, text, count=1, flags=re.M)
assert count == 1, "no doc line to edit"
open(path, "w").write(text)
PY
}
edit_theirs() { python3 - "$WORK/theirs/Sources/App/openapi.json" "$1" "$EDITED_SCHEMA" <<'PY'
import json, sys
path, n, edited = sys.argv[1], sys.argv[2], sys.argv[3]
document = json.load(open(path))
schemas = document["components"]["schemas"]
name = edited or next(key for key in sorted(schemas) if key.startswith("MollieCheckout_") and "description" in schemas[key])
schemas[name]["description"] = schemas[name]["description"].split(" (edit ")[0] + f" (edit {n})"
json.dump(document, open(path, "w"), indent=2, sort_keys=False)
PY
}

# One build of SIDE's package, timed: appends its wall seconds to FILE.
timed_build() { # SIDE FILE
  # No warm-up: the first build after a clean (or an edit) is the one measured.
  python3 "$BENCH_DIR/timed.py" --no-warmup 1 - -- bash -c "cd '$WORK/$1' && swift build" | awk '{print $1}' >> "$2"
}

# The generated code's object bytes of SIDE's package (debug).
objects() { # SIDE
  local dir="$WORK/$1"
  if [ "$1" = ours ]; then
    find -L "$dir/.build/debug/" -path '*/App*.build/*' -name '*.generated.swift.o' -exec cat {} + | wc -c
  else
    # swift-openapi-generator 1.14 writes Types.swift, Types+Components+*.swift, Types+Operations.swift
    # (and empty Client.swift and Server.swift): every object in the target but our placeholder.
    find -L "$dir/.build/debug/App.build/" -name '*.swift.o' ! -name 'App.swift.o' -exec cat {} + | wc -c
  fi
}

# The two sides alternate, run by run (ours then theirs, then theirs then ours…), so that a change
# in the machine's load falls on both: RUNS clean builds each, then INCR_RUNS incremental builds.
for side in ours theirs; do (cd "$WORK/$side" && swift package resolve >/dev/null 2>&1); : > "$WORK/$side.clean"; : > "$WORK/$side.incr"; done
for run in $(seq "$RUNS"); do
  order="ours theirs"; [ $((run % 2)) -eq 0 ] && order="theirs ours"
  for side in $order; do
    (cd "$WORK/$side" && swift package clean >/dev/null 2>&1)
    timed_build "$side" "$WORK/$side.clean"
  done
done
for run in $(seq "${INCR_RUNS:-5}"); do
  order="ours theirs"; [ $((run % 2)) -eq 0 ] && order="theirs ours"
  for side in $order; do
    "edit_$side" "$run"
    timed_build "$side" "$WORK/$side.incr"
  done
done

python3 - "$WORK" "$(objects ours)" "$(objects theirs)" "$RUNS" "${INCR_RUNS:-5}" "${#MODULES[@]}" "${CLEAN_TARGET:-1}" "${INCREMENTAL_TARGET:-1}" <<'PY'
import sys
work, ours_objects, theirs_objects, runs, incr_runs = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4], sys.argv[5]
modules = int(sys.argv[6])
# The targets (ours / theirs at most): no slower and no larger by default; issue 80's for a whole document.
clean_target, incremental_target = float(sys.argv[7]), float(sys.argv[8])
def stats(path):
    values = sorted(float(line) for line in open(path) if line.strip())
    return values[len(values) // 2], values[0], values[-1]
o = stats(f"{work}/ours.clean") + stats(f"{work}/ours.incr") + (ours_objects,)
t = stats(f"{work}/theirs.clean") + stats(f"{work}/theirs.incr") + (theirs_objects,)
def verdict(ours, theirs, target=1.0):
    bound = "no slower (no larger)" if target == 1.0 else f"≤ {target:.2f}×"
    return f"{bound}: " + ("met" if ours <= theirs * target else "**missed**")
print(f"| | ours (PaySchemaPlugin, {modules} module{'s' if modules > 1 else ''}) | theirs (OpenAPIGenerator plugin) | ours / theirs | target |")
print("|---|---|---|---|---|")
print(f"| clean build (median of {runs}, alternating) | {o[0]:.1f} s ({o[1]:.1f}–{o[2]:.1f}) | {t[0]:.1f} s ({t[1]:.1f}–{t[2]:.1f}) | {o[0]/t[0]:.2f}× | {verdict(o[0], t[0], clean_target)} |")
print(f"| incremental build after one schema edit (median of {incr_runs}, alternating) | {o[3]:.2f} s ({o[4]:.2f}–{o[5]:.2f}) | {t[3]:.2f} s ({t[4]:.2f}–{t[5]:.2f}) | {o[3]/t[3]:.2f}× | {verdict(o[3], t[3], incremental_target)} |")
print(f"| generated code's objects (debug) | {int(o[6]):,} B | {int(t[6]):,} B | {o[6]/t[6]:.2f}× | {verdict(o[6], t[6])} |")
PY
