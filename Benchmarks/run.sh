#!/usr/bin/env bash
# Runs the benchmarks and writes RESULTS.md: medians over repeated runs with min and max, the
# machine, and ratios measured side by side (the two commands alternating) in the same run.
# Targets are checked here, not in tests.
#
#   Benchmarks/run.sh                 every section
#   Benchmarks/run.sh 1 2             sections 1 and 2 only (the others keep their last results)
#   Benchmarks/run.sh --list          the sections, with what each measures
#
# Each section's table goes to results/<section>.md, stamped with the commit, the date, the
# machine's load before and after, and how long the section took; RESULTS.md is assembled from
# every section's latest file, so a table always says which run it comes from. A section that
# fails is reported (its file says so, with the end of its log) and the others still run; the
# script exits 1 when any failed. Everything is built once per run, release, in Benchmarks/.build.
set -uo pipefail
cd "$(dirname "$0")"
BENCH_DIR=$(pwd)
ROOT=$(cd .. && pwd)
RUNS=${RUNS:-5}
RESULTS_DIR="$BENCH_DIR/results"

ALL_SECTIONS=(1 1b 1c 2 2b 3 4 4b 4c 5 5b 5c 6 8 9)
declare -A TITLE=(
  [1]="Generator vs swift-openapi-generator 1.14.3 (same types)"
  [1b]="Compiling the generated code (bundled schemas without the legacy files)"
  [1c]="The providers' whole documents: both generators side by side"
  [2]="Scaling (synthetic schemas)"
  [2b]="The generator's machinery, with and without"
  [3]="YAML loading and instructions (10,000-type synthetic set)"
  [4]="Decode + validate against hand-written Codable"
  [4b]="Decode + validate against swift-openapi-generator's types (the providers' payloads)"
  [4c]="Dates: the fast path (\`FastISO8601\`) with and without"
  [5]="Incremental builds (the build plugin)"
  [5b]="Build cost for an app team: our plugin against swift-openapi-generator's"
  [5c]="The generator the plugin runs (a debug build): this commit against the previous round's"
  [6]="Flows: in memory and over loopback HTTP, side by side"
  [8]="The sandbox under load: validated and signed requests against bare Hummingbird"
  [9]="Hostile XML: one reader with limits, against libxml2"
)

if [ "${1:-}" = "--list" ]; then
  for id in "${ALL_SECTIONS[@]}"; do echo "$id	${TITLE[$id]}"; done
  exit 0
fi
SECTIONS=("$@")
[ ${#SECTIONS[@]} -eq 0 ] && SECTIONS=("${ALL_SECTIONS[@]}")
for id in "${SECTIONS[@]}"; do
  [ -n "${TITLE[$id]+set}" ] || { echo "run.sh: unknown section '$id'; sections: ${ALL_SECTIONS[*]} (run.sh --list)" >&2; exit 2; }
done
selected() { local id; for id in "${SECTIONS[@]}"; do [ "$id" = "$1" ] && return 0; done; return 1; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$RESULTS_DIR"
RUN_START=$(date +%s)
COMMIT=$(git -C "$ROOT" rev-parse --short HEAD)
if [ -n "$(git -C "$ROOT" status --porcelain --untracked-files=no)" ]; then COMMIT="$COMMIT with uncommitted changes"; fi

# Section 8 signs Amazon Pay requests with Tests/Contract/hooks.py (it imports schemathesis): the
# pinned Python packages CI installs, installed first so a missing one fails before the hour of runs.
if selected 8; then source "$ROOT/.ci/python-packages" >&2; fi

# ---------------------------------------------------------------------------------------------
# Builds, once: every product from one scratch path (Benchmarks/.build), so each module of the
# package is compiled once per run. `bench` and the peer's types are targets of the main manifest
# when PAYSCHEMA_BENCHMARKS=1; the peer's types come from swift-openapi-generator's build plugin on
# the exported bundled schemas, so `payschema` is built first to export them.
bench_build() { (cd "$ROOT" && PAYSCHEMA_BENCHMARKS=1 swift build -c release --scratch-path "$BENCH_DIR/.build" "$@" >/dev/null); }
BUILD_START=$(date +%s)
echo "== building (release, once, in Benchmarks/.build)" >&2
# Planning the build runs every build plugin of the graph, the peer's included, which needs an
# OpenAPI document: a placeholder stands in until `payschema` exports the real one.
PEER_DOCUMENT="$BENCH_DIR/Sources/PeerTypes/openapi.json"
[ -f "$PEER_DOCUMENT" ] || echo '{"openapi":"3.1.0","info":{"title":"placeholder","version":"0"},"paths":{}}' > "$PEER_DOCUMENT"
bench_build --product payschema || { echo "run.sh: building payschema failed" >&2; exit 1; }
PAYSCHEMA="$BENCH_DIR/.build/release/payschema"
"$PAYSCHEMA" export openapi --schemas "$ROOT/Schemas" --output "$PEER_DOCUMENT" 2>/dev/null
# `bench` for every section but the two that only run and compile the generators' output, which
# need the modules that output imports instead.
needs_bench=0
for id in "${SECTIONS[@]}"; do [ "$id" = 1b ] || [ "$id" = 1c ] || needs_bench=1; done
if [ $needs_bench = 1 ]; then bench_build --product bench || { echo "run.sh: building bench failed" >&2; exit 1; }; fi
if selected 1b || selected 1c; then
  for module in PaymentSchemasRuntime OpenAPIRuntime; do
    bench_build --target "$module" || { echo "run.sh: building $module failed" >&2; exit 1; }
  done
fi
BENCH="$BENCH_DIR/.build/release/bench"
if selected 1 || selected 1b || selected 1c || selected 4b; then bench_build --product swift-openapi-generator || { echo "run.sh: building swift-openapi-generator failed" >&2; exit 1; }; fi
OAG="$BENCH_DIR/.build/release/swift-openapi-generator"
if selected 8; then bench_build --product payflow || { echo "run.sh: building payflow failed" >&2; exit 1; }; fi
PAYFLOW="$BENCH_DIR/.build/release/payflow"
MODULES="$BENCH_DIR/.build/release/Modules"
BUILD_TOOK=$(( $(date +%s) - BUILD_START ))
export PAYSCHEMA

# time_runs OUTDIR COMMAND...: runs COMMAND $RUNS times after a warm-up, OUTDIR emptied before
# each run; prints "wall_median wall_min wall_max cpu_median cpu_min cpu_max peak_kib" (seconds,
# microsecond resolution: a monotonic nanosecond clock for wall time, wait4's rusage for CPU).
# side_by_side OUTDIR_A CMD_A... --vs OUTDIR_B CMD_B...: the two alternating, one line each.
time_runs() { local outdir=$1; shift; python3 "$BENCH_DIR/timed.py" "$RUNS" "$outdir" -- "$@"; }

# lines DIR: "lines code_lines" of the Swift in DIR (code lines: neither blank nor only comments).
lines() { python3 "$BENCH_DIR/codelines.py" "$1"; }

# synth N: the synthetic set of N types, written once per run.
synth() { [ -d "$WORK/syn$1" ] || "$BENCH" synth "$1" "$WORK/syn$1" >/dev/null; echo "$WORK/syn$1"; }

# ---------------------------------------------------------------------------------------------
# The sections. Each prints its Markdown body on stdout (the title and stamp are added around it).

compare() { # NAME SCHEMAS_DIR: one row of section 1, ours and theirs alternating
  local name=$1 schemas=$2
  "$PAYSCHEMA" export openapi --schemas "$schemas" --output "$WORK/$name.openapi.json" 2>/dev/null
  local both ours theirs
  both=$(python3 "$BENCH_DIR/timed.py" "$RUNS" "$WORK/ours-$name" -- "$PAYSCHEMA" generate --schemas "$schemas" --output "$WORK/ours-$name" \
    --vs "$WORK/oag-$name" -- "$OAG" generate "$WORK/$name.openapi.json" --mode types --access-modifier public --output-directory "$WORK/oag-$name")
  ours=$(sed -n 1p <<< "$both"); theirs=$(sed -n 2p <<< "$both")
  local ol al types
  ol=$(lines "$WORK/ours-$name"); al=$(lines "$WORK/oag-$name")
  types=$(python3 -c "import json;print(len(json.load(open('$WORK/$name.openapi.json'))['components']['schemas']))")
  python3 - "$name" "$types" "$ours" "$theirs" "$ol" "$al" <<'PY'
import sys
name, types = sys.argv[1], sys.argv[2]
o = [float(x) for x in sys.argv[3].split()]; t = [float(x) for x in sys.argv[4].split()]
ol = [int(x) for x in sys.argv[5].split()]; al = [int(x) for x in sys.argv[6].split()]
print(f"| {name} | {types} | {o[0]:.3f} s ({o[1]:.3f}–{o[2]:.3f}) | {t[0]:.3f} s ({t[1]:.3f}–{t[2]:.3f}) | **{t[0]/o[0]:.1f}×** "
      f"| {o[3]:.3f} s ({o[4]:.3f}–{o[5]:.3f}) | {t[3]:.3f} s ({t[4]:.3f}–{t[5]:.3f}) | **{t[3]/o[3]:.1f}×** "
      f"| {o[6]/1024:.0f} / {t[6]/1024:.0f} MiB | {ol[0]:,} / {al[0]:,} | {ol[1]:,} / {al[1]:,} ({ol[1]/al[1]:.2f}×) |")
PY
}

section_1() {
  local rows s300 s3000
  s300=$(synth 300); s3000=$(synth 3000)
  rows=$(compare bundled "$ROOT/Schemas"; compare synthetic-300 "$s300"; compare synthetic-3000 "$s3000")
  cat <<MD
Our schemas are exported to OpenAPI 3.1 (\`payschema export openapi\`, each code list such as the
ISO 4217 currencies written once as a shared component) and both tools generate from the same
types: \`payschema generate\` (models, Codable, validators, redaction, registries, operation
descriptors) and \`swift-openapi-generator generate --mode types\`. Whole process per run, the two
alternating (ours, theirs, then theirs, ours…) after one warm-up each. Our generator uses both
cores, swift-openapi-generator one, so the CPU-time ratio is the fair one for work done; wall time
is what a build waits for. Code lines are neither blank nor only comments.

| set | types | payschema wall | swift-openapi-generator wall | wall speed-up | payschema CPU | swift-openapi-generator CPU | CPU speed-up | peak memory (ours / theirs) | lines (ours / theirs) | code lines (ours / theirs) |
|---|---|---|---|---|---|---|---|---|---|---|
$rows

MD
  echo "$rows" | python3 -c "
import sys
cells = {}
for line in sys.stdin:
    parts = [c.strip() for c in line.split('|')]
    if len(parts) > 11: cells[parts[1]] = parts
cpu = float(cells['synthetic-3000'][8].strip('*×'))
def code(row):
    ours, theirs = [int(x.replace(',', '')) for x in cells[row][11].split(' (')[0].split(' / ')]
    return f'{ours:,} / {theirs:,}, ' + ('met' if ours <= theirs else 'missed')
print(f'Targets: CPU at least 50× below swift-openapi-generator\'s at 3,000 types: **{cpu:.1f}×, ' + ('met' if cpu >= 50 else 'missed') + '**; '
      f'code lines no more than its own, bundled: **{code(\"bundled\")}**; 3,000 types: **{code(\"synthetic-3000\")}**.')
"
}

compile_ours() {
  for dir in "$WORK"/compile-ours/*/; do
    local module; module=$(basename "$dir")
    swiftc -module-name "$module" -parse-as-library -Onone -wmo -swift-version 6 -I "$MODULES" -c "$dir"*.swift -o "$WORK/compile-ours/$module.o"
  done
}
compile_oag() {
  swiftc -module-name Types -parse-as-library -Onone -wmo -swift-version 6 -I "$MODULES" -c "$WORK"/compile-oag/*.swift -o "$WORK/compile-oag/Types.o"
}

section_1b() {
  rm -rf "$WORK/compile-schemas"; cp -R "$ROOT/Schemas" "$WORK/compile-schemas"; find "$WORK/compile-schemas" -name 'Legacy.yaml' -delete
  "$PAYSCHEMA" export openapi --schemas "$WORK/compile-schemas" --output "$WORK/compile.openapi.json" 2>/dev/null
  rm -rf "$WORK/compile-oag" "$WORK/compile-ours"; mkdir -p "$WORK/compile-oag" "$WORK/compile-ours"
  "$OAG" generate "$WORK/compile.openapi.json" --mode types --access-modifier public --output-directory "$WORK/compile-oag" >/dev/null 2>&1
  "$PAYSCHEMA" generate --schemas "$WORK/compile-schemas" --output "$WORK/compile-ours" >/dev/null
  local both cm cmin cmax ccpu am amin amax acpu
  both=$(python3 "$BENCH_DIR/timed.py" "$RUNS" - -- bash -c "$(declare -f compile_ours); WORK='$WORK' MODULES='$MODULES' compile_ours" \
    --vs - -- bash -c "$(declare -f compile_oag); WORK='$WORK' MODULES='$MODULES' compile_oag")
  read -r cm cmin cmax ccpu _ _ _ <<< "$(sed -n 1p <<< "$both")"
  read -r am amin amax acpu _ _ _ <<< "$(sed -n 2p <<< "$both")"
  local ours_lines ours_code oag_lines oag_code ours_obj oag_obj
  local counted; counted=$(lines "$WORK/compile-ours"); read -r ours_lines ours_code <<< "$counted"
  counted=$(lines "$WORK/compile-oag"); read -r oag_lines oag_code <<< "$counted"
  ours_obj=$(cat "$WORK"/compile-ours/*.o | wc -c | tr -d ' '); oag_obj=$(wc -c < "$WORK/compile-oag/Types.o" | tr -d ' ')
  cat <<MD
What app teams feel on every clean build: \`swiftc\` compiling the generated code of the bundled
schemas (debug, \`-Onone\`, whole module), ours (five modules, one after the other) against
swift-openapi-generator's \`--mode types\` output for the same exported OpenAPI document, both
against the release modules they import, the two alternating. The \`Legacy.yaml\` files are left
out of both (their migration shims call hand-written SDK classes, so that generated code does not
compile on its own). The synthetic sets are not used here: each record holds the previous one
inline, so either tool's output compiles in time that grows with the square of the chain.

| generated by | lines | code lines | swiftc wall | swiftc CPU | object code |
|---|---|---|---|---|---|
MD
  python3 -c "print(f'| payschema | {$ours_lines:,} | {$ours_code:,} | {$cm:.2f} s ({$cmin:.2f}–{$cmax:.2f}) | {$ccpu:.2f} s | {$ours_obj:,} B |'); print(f'| swift-openapi-generator (types) | {$oag_lines:,} | {$oag_code:,} | {$am:.2f} s ({$amin:.2f}–{$amax:.2f}) | {$acpu:.2f} s | {$oag_obj:,} B |'); print(f'| ratio (ours / theirs) | {$ours_lines/$oag_lines:.2f}× | {$ours_code/$oag_code:.2f}× | {$cm/$am:.2f}× | {$ccpu/$acpu:.2f}× | {$ours_obj/$oag_obj:.2f}× |')"
}

# provider_document NAME DOCUMENT MODULE [IMPORT OPTIONS…]: one row of section 1c.
provider_document() {
  local name=$1 document=$2 module=$3; shift 3
  local imported="$WORK/imported-$name"
  # The import, timed on its own (its output goes to a temporary folder, never committed: Mollie's
  # licence forbids copying its text, and --docs own copies none anyway).
  local import_timing
  import_timing=$(time_runs - bash -c "rm -rf '$imported' && '$PAYSCHEMA' import openapi '$document' --module $module --output '$imported/$module/$module.yaml' --all-schemas --all-operations $* 2>/dev/null")
  "$PAYSCHEMA" import openapi "$document" --module "$module" --output "$imported/$module/$module.yaml" --all-schemas --all-operations "$@" 2>/dev/null
  local types; types=$(grep -cE '^  [A-Z][A-Za-z0-9]*:$' "$imported/$module/$module.yaml" || true)
  # The peer on the document itself; where it fails, its own words say why.
  local oag_failure=""
  rm -rf "$WORK/oag-doc-$name"; mkdir -p "$WORK/oag-doc-$name"
  if ! "$OAG" generate "$document" --mode types --access-modifier public --output-directory "$WORK/oag-doc-$name" > "$WORK/oag-doc-$name.log" 2>&1; then
    oag_failure=$(grep -m1 -iE 'error|fatal' "$WORK/oag-doc-$name.log" | cut -c1-300 | tr '|' '/')
    [ -n "$oag_failure" ] || oag_failure=$(tail -n1 "$WORK/oag-doc-$name.log" | cut -c1-300 | tr '|' '/')
  fi
  local both ours theirs="" ol al=""
  if [ -z "$oag_failure" ]; then
    both=$(python3 "$BENCH_DIR/timed.py" "$RUNS" "$WORK/ours-doc-$name" -- "$PAYSCHEMA" generate --schemas "$imported" --output "$WORK/ours-doc-$name" \
      --vs "$WORK/oag-doc-$name" -- "$OAG" generate "$document" --mode types --access-modifier public --output-directory "$WORK/oag-doc-$name")
    ours=$(sed -n 1p <<< "$both"); theirs=$(sed -n 2p <<< "$both")
    al=$(lines "$WORK/oag-doc-$name")
  else
    ours=$(time_runs "$WORK/ours-doc-$name" "$PAYSCHEMA" generate --schemas "$imported" --output "$WORK/ours-doc-$name")
  fi
  ol=$(lines "$WORK/ours-doc-$name")
  # Compiling each tool's output, debug and whole module as a clean build does, alternating.
  local compile_ours compile_theirs="" objects_ours objects_theirs=""
  local ours_files=("$WORK/ours-doc-$name/$module"/*.swift)
  if [ -z "$oag_failure" ]; then
    local compiled
    compiled=$(python3 "$BENCH_DIR/timed.py" "$COMPILE_RUNS" - -- swiftc -module-name "$module" -parse-as-library -Onone -wmo -swift-version 6 -I "$MODULES" -c "${ours_files[@]}" -o "$WORK/ours-doc-$name.o" \
      --vs - -- swiftc -module-name Types -parse-as-library -Onone -wmo -swift-version 6 -I "$MODULES" -c "$WORK/oag-doc-$name"/*.swift -o "$WORK/oag-doc-$name.o")
    compile_ours=$(sed -n 1p <<< "$compiled"); compile_theirs=$(sed -n 2p <<< "$compiled")
    objects_theirs=$(wc -c < "$WORK/oag-doc-$name.o" | tr -d ' ')
  else
    compile_ours=$(python3 "$BENCH_DIR/timed.py" "$COMPILE_RUNS" - -- swiftc -module-name "$module" -parse-as-library -Onone -wmo -swift-version 6 -I "$MODULES" -c "${ours_files[@]}" -o "$WORK/ours-doc-$name.o")
  fi
  objects_ours=$(wc -c < "$WORK/ours-doc-$name.o" | tr -d ' ')
  python3 - "$name" "$types" "$import_timing" "$ours" "$theirs" "$ol" "$al" "$compile_ours" "$compile_theirs" "$objects_ours" "$objects_theirs" "$oag_failure" <<'PY'
import sys
name, types, imp, ours, theirs, ol, al, co, ct, oo, ot, failure = sys.argv[1:13]
i = [float(x) for x in imp.split()]; o = [float(x) for x in ours.split()]
ol = [int(x) for x in ol.split()]; co = [float(x) for x in co.split()]
import os
# Each process's start-up (its `--help`, CPU median), measured once by section_1c.
so, st = float(os.environ["STARTUP_OURS"]), float(os.environ["STARTUP_THEIRS"])
def span(v, k): return f"{v[k]:.3f} s ({v[k+1]:.3f}–{v[k+2]:.3f})"
if failure:
    print(f"| {name} | {types} | {span(i, 3)} | {span(o, 3)} | fails: {failure} | | | {ol[1]:,} / – | | {co[3]:.2f} s / – | | {int(oo):,} B / – |")
else:
    t = [float(x) for x in theirs.split()]; al = [int(x) for x in al.split()]; ct = [float(x) for x in ct.split()]
    beyond = f"{(t[3] - st) / max(o[3] - so, 1e-4):.1f}× ({(o[3] - so) * 1000:.0f} / {(t[3] - st) * 1000:.0f} ms)"
    print(f"| {name} | {types} | {span(i, 3)} | {span(o, 3)} | {span(t, 3)} | **{t[3]/o[3]:.1f}×** | {beyond} "
          f"| {ol[1]:,} / {al[1]:,} | **{ol[1]/al[1]:.2f}×** | {co[3]:.2f} s / {ct[3]:.2f} s | **{co[3]/ct[3]:.2f}×** | {int(oo):,} B / {int(ot):,} B ({int(oo)/int(ot):.2f}×) |")
PY
}

section_1c() {
  local contracts="$ROOT/../shared/contracts"
  [ -d "$contracts" ] || { echo "Not measured: \`../shared/contracts\` is absent on this machine."; return 0; }
  COMPILE_RUNS=${COMPILE_RUNS:-3}
  # Each generator's process start-up, for the column that leaves it out: `--help`, alternating.
  local startup
  startup=$(python3 "$BENCH_DIR/timed.py" "$RUNS" - -- "$PAYSCHEMA" --help --vs - -- "$OAG" --help)
  export STARTUP_OURS STARTUP_THEIRS
  STARTUP_OURS=$(sed -n 1p <<< "$startup" | awk '{print $4}'); STARTUP_THEIRS=$(sed -n 2p <<< "$startup" | awk '{print $4}')
  local rows
  rows=$(provider_document "PayPal Orders v2" "$contracts/paypal/checkout_orders_v2.json" PayPalOrders
    provider_document "PayPal Payments v2" "$contracts/paypal/payments_payment_v2.json" PayPalPaymentsV2
    provider_document "PayPal Webhooks v1" "$contracts/paypal/notifications_webhooks_v1.json" PayPalWebhooks
    provider_document "Mollie API" "$contracts/mollie/specs.yaml" MollieAPI --docs own --type-prefix Mollie)
  cat <<MD
Both generators on the providers' own documents, every schema and operation of each: \`payschema
import openapi\` writes our schemas from the document (timed on its own, into a temporary folder,
never committed), then \`payschema generate\` on them (models, Codable, validators, redaction,
registries, operation descriptors) against \`swift-openapi-generator generate --mode types\` on the
document itself, the two alternating after a warm-up each ($RUNS runs). CPU is the fair ratio (ours
uses both cores). Code lines are neither blank nor only comments; the compile is \`swiftc -Onone
-wmo\` of each tool's output against the release modules it imports ($COMPILE_RUNS runs, alternating;
CPU time, which another process on the machine moves less than wall time).
"types" counts the named types our import writes. Each process's start-up alone (\`--help\`, CPU,
median of $RUNS, alternating): payschema $(python3 -c "print(f'{$STARTUP_OURS * 1000:.0f}')") ms,
swift-openapi-generator $(python3 -c "print(f'{$STARTUP_THEIRS * 1000:.0f}')") ms; "beyond start-up" subtracts it from each side.

| document | types | import CPU | payschema generate CPU | swift-openapi-generator CPU | CPU speed-up | beyond start-up (ours / theirs) | code lines (ours / theirs) | code-line ratio | compile CPU (ours / theirs) | compile ratio | object code (ours / theirs) |
|---|---|---|---|---|---|---|---|---|---|---|---|
$rows

Targets (issue 80): generator CPU at least 50× below swift-openapi-generator's on each document;
code lines at most 0.8× its own; compile time at most 0.7× its own.
MD
}

section_2() {
  local rows="" per100 per10000 n m mn mx cpu mem
  for n in 100 1000 10000; do
    local set timing; set=$(synth $n)
    timing=$(time_runs "$WORK/scale-out$n" "$PAYSCHEMA" generate --schemas "$set" --output "$WORK/scale-out$n")
    read -r m mn mx cpu _ _ mem <<< "$timing"
    rows+=$(python3 -c "print(f'| $n | {$m:.3f} s ({$mn:.3f}–{$mx:.3f}) | {$cpu:.3f} s | {$m/$n*1e6:.0f} µs | {$mem/1024:.0f} MiB |')")$'\n'
    [ "$n" = 100 ] && per100=$(python3 -c "print($m/$n)")
    [ "$n" = 10000 ] && per10000=$(python3 -c "print($m/$n)")
  done
  cat <<MD
\`payschema generate\` on synthetic sets, whole process, median of $RUNS after a warm-up.

| types | payschema generate (wall) | CPU | per type (wall) | peak memory |
|---|---|---|---|---|
$rows
Time per type at 10,000 types divided by time per type at 100: **$(python3 -c "print(f'{$per10000/$per100:.2f}')")** (1.0 is
perfectly linear; above 1 means later types cost more). Wall time on a shared 2-core machine moves
with the machine; section 3's instruction counts do not.
MD
}

section_2b() {
  local rows="" set name dir both pm pmn pmx pcpu sm smn smx scpu s1000 s10000
  s1000=$(synth 1000); s10000=$(synth 10000)
  for set in bundled:"$ROOT/Schemas" synthetic-1000:"$s1000" synthetic-10000:"$s10000"; do
    name=${set%%:*}; dir=${set#*:}
    both=$(python3 "$BENCH_DIR/timed.py" "$RUNS" "$WORK/mach-par" -- "$PAYSCHEMA" generate --schemas "$dir" --output "$WORK/mach-par" \
      --vs "$WORK/mach-seq" -- env PAYSCHEMA_SEQUENTIAL=1 "$PAYSCHEMA" generate --schemas "$dir" --output "$WORK/mach-seq")
    read -r pm pmn pmx pcpu _ _ _ <<< "$(sed -n 1p <<< "$both")"
    read -r sm smn smx scpu _ _ _ <<< "$(sed -n 2p <<< "$both")"
    rows+=$(python3 -c "print(f'| $name | {$pm:.3f} s ({$pmn:.3f}–{$pmx:.3f}) | {$sm:.3f} s ({$smn:.3f}–{$smx:.3f}) | **{$sm/$pm:.2f}×** | {$pcpu:.3f} s / {$scpu:.3f} s |')")$'\n'
  done
  cat <<MD
\`ParallelMap\` runs the load, check, emit and write stages on every core (2 here);
\`PAYSCHEMA_SEQUENTIAL=1\` turns each into a plain \`map\`. The two alternate; wall time, median of $RUNS.

| schemas | ParallelMap | sequential | sequential / ParallelMap | CPU (ParallelMap / sequential) |
|---|---|---|---|---|
$rows
MD
}

section_3() {
  local set load_rows
  set=$(synth 10000)
  load_rows=$("$BENCH" load "$set" 15)
  # Instruction counts are repeatable whatever else the machine does. Each process does one thing
  # over the 10,000-type set; "none" only reads the files and is subtracted from the loader and
  # the scan. The pipeline is the whole `payschema generate` process (its own reading included).
  command -v valgrind >/dev/null || { export DEBIAN_FRONTEND=noninteractive; apt-get update -qq; apt-get install -y -qq valgrind >/dev/null; }
  # valgrind cannot read the bench binary's DWARF ("possibly corrupted debuginfo"): a copy without
  # debug sections runs instead (same code).
  objcopy --strip-debug "$BENCH" "$WORK/bench-nodebug"
  instructions() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p' | tail -1; }
  local none scan load pipe
  none=$(instructions "$WORK/bench-nodebug" load-once "$set" none)
  scan=$(instructions "$WORK/bench-nodebug" load-once "$set" scan)
  load=$(instructions "$WORK/bench-nodebug" load-once "$set" loader)
  rm -rf "$WORK/ir-out"; mkdir -p "$WORK/ir-out"
  pipe=$(instructions "$PAYSCHEMA" generate --schemas "$set" --output "$WORK/ir-out")
  cat <<MD
In process, wall clock, 15 runs:

| | median (min, max) |
|---|---|
$load_rows

Instructions (\`valgrind --tool=callgrind\`, all threads; one process per row, repeatable):

| 10,000-type set | instructions | / scan | target |
|---|---|---|---|
MD
  python3 - "$none" "$scan" "$load" "$pipe" <<'PY'
import sys
none, scan, load, pipe = (int(x) for x in sys.argv[1:])
scan_only, load_only = scan - none, load - none
def g(x): return f"{x / 1e9:.2f} G"
def v(ok): return "met" if ok else "**missed**"
print(f"| bare libyaml event scan (minus reading the files) | {g(scan_only)} | 1.00× | |")
print(f"| our loader, events → located nodes (minus reading the files) | {g(load_only)} | **{load_only / scan_only:.2f}×** | ≤ 1.35×: {v(load_only / scan_only <= 1.35)} |")
print(f"| whole `payschema generate` process (10,000 types in, Swift out) | {g(pipe)} | **{pipe / scan_only:.2f}×** | ≤ 3.6×: {v(pipe / scan_only <= 3.6)} |")
print(f"| reading the 100 files (the baseline subtracted above) | {g(none)} | | |")
PY
}

section_4() {
  local rows; rows=$("$BENCH" decode 15)
  cat <<MD
Generated models against hand-written \`Codable\` structs of the same shape (same keys, nested
types, dates decoded to \`Date\`), per decode.

$rows

Target: decoding plus validation within 1.15× of hand-written decoding alone.
MD
}

# decode_instructions BIN SUBCOMMAND PAYLOADS FOLDER...: per payload type, the instructions of one
# pass over its payloads for each side (valgrind, one process per side, 20 passes each, minus a
# process that only reads the files), as Markdown rows.
decode_instructions() {
  local bin=$1 subcommand=$2 payloads=$3; shift 3
  command -v valgrind >/dev/null || { export DEBIAN_FRONTEND=noninteractive; apt-get update -qq; apt-get install -y -qq valgrind >/dev/null; }
  objcopy --strip-debug "$bin" "$WORK/decode-nodebug"
  local folder side counts
  for folder in "$@"; do
    counts=""
    for side in none floor ours dropping theirs; do
      counts+=" $(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$WORK/decode-nodebug" "$subcommand" "$payloads" "$folder" "$side" 20 2>&1 >/dev/null \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p' | tail -1)"
    done
    python3 - "$folder" $counts <<'PY'
import sys
folder = sys.argv[1]
try:
    none, floor, ours, dropping, theirs = (int(x) for x in sys.argv[2:7])
except ValueError:
    print(f"| {folder} | not measured (a pass failed under valgrind) | | | | | | |"); sys.exit(0)
f, o, d, t = ((x - none) / 20 for x in (floor, ours, dropping, theirs))
def k(x): return f"{x / 1e3:,.0f} k"
print(f"| {folder} | {k(f)} | {k(o)} | {k(d)} | {k(t)} | **{o / f:.2f}×** | {o / t:.2f}× | {(o / d - 1) * 100:+.1f}% |")
PY
  done
}

# The types both generators write from the providers' whole documents, compiled (release) into
# `wholedecode` in a package of their own (Benchmarks/.build-whole, kept between runs so its build
# is incremental; the imports are written at benchmark time and never committed). Sets WHOLE.
whole_types_package() {
  local contracts="$ROOT/../shared/contracts" pkg="$BENCH_DIR/.build-whole" whole="$WORK/whole"
  [ -d "$contracts" ] || return 1
  rm -rf "$whole"; mkdir -p "$whole"
  "$PAYSCHEMA" import openapi "$contracts/paypal/checkout_orders_v2.json" --module PayPalOrders \
    --output "$whole/schemas/PayPalOrders/PayPalOrders.yaml" --all-schemas --all-operations >/dev/null 2>&1 || return 1
  "$PAYSCHEMA" import openapi "$contracts/mollie/specs.yaml" --module MollieAPI --docs own --type-prefix Mollie \
    --output "$whole/schemas/MollieAPI/MollieAPI.yaml" --all-schemas --all-operations >/dev/null 2>&1 || return 1
  "$PAYSCHEMA" generate --schemas "$whole/schemas" --output "$whole/Sources" >/dev/null || return 1
  "$OAG" generate "$contracts/paypal/checkout_orders_v2.json" --mode types --access-modifier public --output-directory "$whole/Sources/PeerPayPalOrders" >/dev/null 2>&1 || return 1
  "$OAG" generate "$contracts/mollie/specs.yaml" --mode types --access-modifier public --output-directory "$whole/Sources/PeerMollieAPI" >/dev/null 2>&1 || return 1
  mkdir -p "$whole/Sources/wholedecode"
  cp "$BENCH_DIR/Sources/wholedecode/main.swift" "$BENCH_DIR/Sources/bench/PayloadDecodeTable.swift" "$BENCH_DIR/Sources/bench/Stats.swift" "$whole/Sources/wholedecode/"
  cat > "$whole/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription
let runtime = Target.Dependency.product(name: "PaymentSchemasRuntime", package: "PaymentSchemas")
let openAPIRuntime = Target.Dependency.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")
let package = Package(
    name: "WholeTypes",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "PaymentSchemas", path: "$ROOT"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
    ],
    targets: [
        .target(name: "PayPalOrders", dependencies: [runtime]),
        .target(name: "MollieAPI", dependencies: [runtime]),
        .target(name: "PeerPayPalOrders", dependencies: [openAPIRuntime]),
        .target(name: "PeerMollieAPI", dependencies: [openAPIRuntime]),
        .executableTarget(
            name: "wholedecode", dependencies: ["PayPalOrders", "MollieAPI", "PeerPayPalOrders", "PeerMollieAPI", runtime, openAPIRuntime]),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT
  # Into the kept package: a file is replaced only when it changed, and one no longer written goes.
  mkdir -p "$pkg"
  local file
  (cd "$whole" && find Package.swift Sources -type f) | while read -r file; do
    mkdir -p "$pkg/$(dirname "$file")"; cmp -s "$whole/$file" "$pkg/$file" || cp "$whole/$file" "$pkg/$file"
  done
  (cd "$pkg" && find Sources -type f) | while read -r file; do [ -f "$whole/$file" ] || rm -f "$pkg/$file"; done
  (cd "$pkg" && swift build -c release --product wholedecode > "$WORK/whole-build.log" 2>&1) || { tail -n 20 "$WORK/whole-build.log" >&2; return 1; }
  WHOLE="$pkg/.build/release/wholedecode"
}

section_4b() {
  local payloads="$ROOT/../shared/real-payloads"
  [ -d "$payloads" ] || { echo "Not measured: \`../shared/real-payloads\` is absent on this machine."; return 0; }
  local rows bundled_ir whole_rows whole_ir folders
  rows=$("$BENCH" peer-decode "$payloads" 15)
  folders=$(cd "$payloads" && find . -path './*/valid/*.json' | cut -d/ -f2 | sort -u)
  # shellcheck disable=SC2086
  bundled_ir=$(decode_instructions "$BENCH" peer-decode-pass "$payloads" $folders)
  if whole_types_package; then
    whole_rows=$("$WHOLE" table "$payloads" 15)
    whole_ir=$(decode_instructions "$WHOLE" pass "$payloads" MollieCheckout.MollieError MollieCheckout.MollieIssuer MollieCheckout.MolliePayment \
      PayPalPayments.ConfirmPaymentSourceRequest PayPalPayments.ErrorResponse PayPalPayments.OrderResponse)
  else
    whole_rows="Not measured: importing, generating or building the whole documents' types failed (the end of its log is on run.sh's standard error)."
  fi
  cat <<MD
Every JSON payload the providers published (\`../shared/real-payloads/<Module.Type>/valid/\`, read in
place), read four ways in one process, the four rotating which goes first: our generated type
(\`PayWire.decodeJSON\` and \`validate()\`, keeping the members no field models), the same with those
members dropped (the whole timed loop in one \`PayStrictReading.discardingUnknownMembers\` scope:
what keeping them costs),
swift-openapi-generator's type (\`JSONDecoder\` with its \`ISO8601DateTranscoder\`, as its
\`Converter\` reads a body) and the floor: our own JSON parser reading the same bytes into its value
tree with no type (\`PayJSONParser\`). Time to read every payload of the type once, median of 15
runs. Then the same passes counted in instructions (\`valgrind --tool=callgrind\`, one process per
side, 20 passes, minus a process that only reads the files; k = thousands per pass).

**The providers' whole types.** Both generators on PayPal's Orders v2 document and Mollie's API
document, every schema and operation: ours from \`payschema import openapi --all-schemas
--all-operations\` then \`payschema generate\` (imported at benchmark time, never committed), theirs
from \`swift-openapi-generator generate --mode types\` on the document itself, both compiled with
\`-c release\` into one executable (\`Benchmarks/Sources/wholedecode/main.swift\`). Each row names the
document's schema both types come from. Amazon Pay publishes no document: its types are in the
bundled table below.

$whole_rows

| payload type (whole types) | bare parse | ours: decode + validate | ours, dropping | theirs: decode | ours / bare parse | ours / theirs | keeping costs |
|---|---|---|---|---|---|---|---|
$whole_ir

**The bundled types.** Ours against the type swift-openapi-generator's build plugin generates from
their export (\`Components.Schemas.<Module>_<Type>\`).

$rows

| payload type (bundled types) | bare parse | ours: decode + validate | ours, dropping | theirs: decode | ours / bare parse | ours / theirs | keeping costs |
|---|---|---|---|---|---|---|---|
$bundled_ir

Targets (issue 80): ours (decode + validate) at most 0.7× swift-openapi-generator's decode on every
type with a payload (median over the payloads), at most 2.5× the bare parse of the same bytes
(instructions); keeping unmodelled members at most 10% of decode + validate.
MD
}

section_4c() {
  local rows; rows=$("$BENCH" dates 15)
  cat <<MD
The three standard date formats read and written by the runtime's own code, against the same
formats through \`DateFormatter\` (what \`PayDateFormat\` uses for any other pattern). Each row
first checks that both sides read and write the same date. Microseconds per date, median of 15
runs of 10,000.

| format | read, fast path | read, DateFormatter | read speed-up | write, fast path | write, DateFormatter | write speed-up |
|---|---|---|---|---|---|---|
$rows
MD
}

section_5() {
  local noop touched
  (cd "$ROOT" && swift build >/dev/null 2>&1)
  noop=$(cd "$ROOT" && swift build 2>&1 | grep -c "Generating Swift for" || true)
  touch "$ROOT/Schemas/MollieCheckout/Settings.yaml"
  touched=$(cd "$ROOT" && swift build 2>&1 | grep "Generating Swift for" | sed 's/.*Generating Swift for \([A-Za-z]*\).*/\1/' | sort -u | tr '\n' ' ')
  cat <<MD
The package's own debug build (\`swift build\` in the repository), as a developer runs it:

- Generator runs on a no-op \`swift build\` after a full build: **$noop** (target 0).
- After touching \`Schemas/MollieCheckout/Settings.yaml\`, modules regenerated: **$touched**(target: MollieCheckout only).
MD
}

section_5b() {
  local rows whole_rows="" document="$ROOT/../shared/contracts/paypal/checkout_orders_v2.json"
  rows=$(RUNS=${BUILD_RUNS:-5} bash "$BENCH_DIR/build_cost.sh" "$ROOT" "$WORK/consumers")
  if [ -f "$document" ]; then
    whole_rows=$(RUNS=${BUILD_RUNS:-5} CLEAN_TARGET=0.6 INCREMENTAL_TARGET=0.2 bash "$BENCH_DIR/build_cost.sh" "$ROOT" "$WORK/consumers-whole" "$document")
  else
    whole_rows="Not measured: \`../shared/contracts\` is absent on this machine."
  fi
  cat <<MD
Two consumer packages made by \`Benchmarks/build_cost.sh\`, debug builds, dependencies resolved and
fetched beforehand, the two packages alternating build by build. A clean build (\`swift package
clean\`, then \`swift build\`) builds the generator, runs it and compiles the runtime and the
generated code; the incremental build follows an edit of one type's description.

**PayPal's whole Orders v2 document** (issue 80): ours, one target with \`PaySchemaPlugin\` on the
schemas \`payschema import openapi --all-schemas --all-operations --split\` writes from it (one
file per component and one for the operations, so the plugin writes one Swift file each; at
benchmark time, never committed) and the \`PaymentSchemasRuntime\` product; theirs, one target with
swift-openapi-generator 1.14.3's \`OpenAPIGenerator\` plugin (types) on the document itself and
\`swift-openapi-runtime\`. The edit: the description of the same schema on both sides (the first
by name that has one and a type of its own in the import; ours in its imported file, theirs in the
document).

$whole_rows

**The bundled schemas**: ours, five targets (one per bundled module, without the \`Legacy.yaml\`
files) with \`PaySchemaPlugin\`; theirs, one target with the \`OpenAPIGenerator\` plugin on the
exported document of the same schemas. The edit: ours \`Settings.yaml\`; theirs the document.

$rows
MD
}

# Section 5c's "previous round": the last full run of the round before issue 80 (RESULTS.md at
# 25897fb7), the generator this round's changes are measured against.
PREVIOUS_ROUND=25897fb7
section_5c() {
  # The previous round's generator, built as an app's `swift build` builds the plugin's tool
  # (debug), once: its source and build are kept in Benchmarks/.build-previous-round-<commit>.
  local previous="$BENCH_DIR/.build-previous-round-$PREVIOUS_ROUND"
  if [ ! -x "$previous/build/debug/payschema" ]; then
    echo "== building the previous round's payschema ($PREVIOUS_ROUND, debug)" >&2
    rm -rf "$previous/source"; mkdir -p "$previous/source"
    git -C "$ROOT" archive "$PREVIOUS_ROUND" | tar -x -C "$previous/source"
    (cd "$previous/source" && swift build --product payschema --scratch-path "$previous/build" >/dev/null)
  fi
  echo "== building this commit's payschema (debug)" >&2
  (cd "$ROOT" && swift build --product payschema >/dev/null)
  local old="$previous/build/debug/payschema" new="$ROOT/.build/debug/payschema" rows="" name schemas both
  # The same input for both: the previous round's bundled schemas (today's use keys it does not
  # know) and a synthetic set both read.
  for name in bundled synthetic-300; do
    if [ "$name" = bundled ]; then schemas="$previous/source/Schemas"; else schemas=$(synth 300); fi
    both=$(RUNS=${DEBUG_RUNS:-11} python3 "$BENCH_DIR/timed.py" "${DEBUG_RUNS:-11}" "$WORK/debug-new-$name" -- "$new" generate --schemas "$schemas" --output "$WORK/debug-new-$name" \
      --vs "$WORK/debug-old-$name" -- "$old" generate --schemas "$schemas" --output "$WORK/debug-old-$name")
    rows+=$(python3 - "$name" "$(sed -n 1p <<< "$both")" "$(sed -n 2p <<< "$both")" <<'PY'
import sys
name = sys.argv[1]
n = [float(x) for x in sys.argv[2].split()]; o = [float(x) for x in sys.argv[3].split()]
print(f"| {name} | {n[0]*1000:.0f} ms ({n[1]*1000:.0f}–{n[2]*1000:.0f}) | {o[0]*1000:.0f} ms ({o[1]*1000:.0f}–{o[2]*1000:.0f}) "
      f"| **{n[0]/o[0]:.2f}×** | {n[3]*1000:.0f} ms ({n[4]*1000:.0f}–{n[5]*1000:.0f}) | {o[3]*1000:.0f} ms ({o[4]*1000:.0f}–{o[5]*1000:.0f}) "
      f"| **{n[3]/o[3]:.2f}×** | {'met' if n[3] <= o[3] else '**missed**'} |")
PY
)
    rows+=$'\n'
  done
  cat <<MD
\`payschema generate\` built in debug, as an app's \`swift build\` builds the build plugin's tool:
this commit's against the previous round's (**$PREVIOUS_ROUND**, the last full run before issue 80,
built from its own source with \`swift build --product payschema\`), ${DEBUG_RUNS:-11} runs each after
a warm-up, the two alternating, on the same schemas: the previous round's bundled schemas (the
current ones use keys it does not know) and the synthetic set of 300 types. Whole process per run.

| schemas | wall, this commit | wall, previous round | this / previous | CPU, this commit | CPU, previous round | this / previous | target: no slower (CPU) |
|---|---|---|---|---|---|---|---|
$rows
MD
}

section_6() {
  local rows; rows=$("$BENCH" flows 1 5)
  cat <<MD
Completed happy-path flows per second, each flow in a fresh mock world: in memory, over the HTTP
sandbox (Hummingbird on loopback) with the server-side transport (AsyncHTTPClient,
\`ServerHTTPTransport\`) and, for comparison, with URLSession (\`URLSessionTransport\`). Each figure
is the median of 5 samples of 1 s (min–max in parentheses); each round measures the three in a
rotated order. "At once" keeps that many flows in flight for the whole second.

| flow | in memory (flows/s) | AsyncHTTPClient (flows/s) | URLSession (flows/s) | AsyncHTTPClient / in memory | AsyncHTTPClient / URLSession |
|---|---|---|---|---|---|
$rows

Target: at 200 concurrent flows, at least one third of the in-memory rate over HTTP, for every
provider (the verdict is on each "200 at once" row).
MD
}

section_8() {
  command -v wrk >/dev/null || { export DEBIAN_FRONTEND=noninteractive; apt-get update -qq; apt-get install -y -qq wrk >/dev/null; }
  local load serve
  load=$(python3 "$BENCH_DIR/sandbox_throughput.py" --payflow "$PAYFLOW" --bench "$BENCH")
  serve=$("$BENCH" serve 3000)
  cat <<MD
$load

Where a validated confirm's and a signed Amazon Pay GET's time goes inside the provider, without
the socket (\`bench serve\`: \`MockProviderTransport.serve\` of the same request in a loop, one task,
microseconds per request, median of 7 runs of 3,000; the RSA-PSS verification is the 2048-bit
public-key operation Amazon's signature requires):

| step | time per request |
|---|---|
$serve
MD
}

section_9() {
  local rows; rows=$("$BENCH" xml-hostile "${XML_TIMEOUT:-30}")
  cat <<MD
Three hostile documents, each under the 8 MiB payload limit and each read in its own process (peak
resident memory the read added, from \`VmHWM\`): 600,000 attributes on the root, 1.5 M character
references in one field, 1.5 M empty elements. "Ours" is \`PayResponse(xml:)\` with the standard
\`PayPayloadLimits\` and with limits raised above the document; libxml2's \`XMLParser\` is stopped
after ${XML_TIMEOUT:-30} s. Target: each document rejected or read in under a second and under
100 MB with the standard limits.

$rows
MD
}

# ---------------------------------------------------------------------------------------------
# RESULTS.md: the machine, this run's sections and durations, then every section's latest table.
# Also written when the run is stopped (INT, TERM): with the sections done so far, and saying so.
STOPPED=""
assemble() {
CPU=$(grep -m1 "model name" /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
MEM=$(free -g | awk '/Mem:/ {print $2 " GiB"}')
SWIFT=$(swift --version 2>&1 | head -1)
TOTAL=$(( $(date +%s) - RUN_START ))
{
  cat <<MD
# Benchmark results

Written by \`Benchmarks/run.sh\`. Machine: $(nproc) cores ($CPU), $MEM, $SWIFT, release builds.
Times: wall clock from a monotonic nanosecond clock and CPU time (user + system, all threads and
child processes) from \`wait4\`'s rusage, both to the microsecond; every figure is the median of at
least five samples (min–max in parentheses) unless its section says otherwise, and the two sides
of a comparison alternate after a warm-up each. These machines are shared and noisy: trust ratios
and instruction counts over absolute times. Each section says the commit, date and machine load it
was measured at; \`run.sh 1 2\` reruns sections 1 and 2 alone and leaves the others as they were.

The last run (\`run.sh ${SECTIONS[*]}\`) at **$COMMIT**, $(date -u +"%Y-%m-%d %H:%M UTC"): ${TOTAL} s in all, ${BUILD_TOOK} s of it building.${STOPPED}

| section | took | result |
|---|---|---|
MD
  [ -f "$WORK/durations" ] && while IFS=$'\t' read -r id took status; do
    echo "| $id. ${TITLE[$id]} | ${took} s | $([ "$status" = 0 ] && echo ok || echo "**failed**") |"
  done < "$WORK/durations"
  echo
  echo "Notes on these figures and on earlier runs (each naming its run) are in [NOTES.md](NOTES.md)."
  echo
  for id in "${ALL_SECTIONS[@]}"; do
    [ -f "$RESULTS_DIR/$id.md" ] && { cat "$RESULTS_DIR/$id.md"; echo; }
  done
} > "$BENCH_DIR/RESULTS.md"
echo "wrote $BENCH_DIR/RESULTS.md (${TOTAL} s)" >&2
}
stop() {
  STOPPED=" The run was stopped during section ${CURRENT:-?}; the sections after it keep their earlier results."
  assemble
  exit 130
}
trap stop INT TERM

# ---------------------------------------------------------------------------------------------
# Running the selected sections, each on its own: a failure is written down and the run goes on.
FAILED=()
for id in "${SECTIONS[@]}"; do
  CURRENT=$id
  echo "== section $id: ${TITLE[$id]}" >&2
  start=$(date +%s); load_before=$(cut -d' ' -f1-3 /proc/loadavg)
  ( set -euo pipefail; shopt -s inherit_errexit; "section_$id" ) > "$WORK/section-$id.md" 2> >(tee "$WORK/section-$id.log" >&2)
  status=$?
  took=$(( $(date +%s) - start )); load_after=$(cut -d' ' -f1-3 /proc/loadavg)
  {
    echo "## $id. ${TITLE[$id]}"
    echo
    echo "_Measured by \`run.sh\` at commit **$COMMIT** on $(date -u +"%Y-%m-%d %H:%M UTC"); load average (1, 5, 15 min) $load_before before, $load_after after; the section took ${took} s._"
    echo
    if [ $status -eq 0 ]; then
      cat "$WORK/section-$id.md"
    else
      echo "**This section failed in this run** (exit $status); the end of its log:"
      echo
      echo '```'
      tail -n 20 "$WORK/section-$id.log"
      echo '```'
    fi
  } > "$RESULTS_DIR/$id.md"
  [ $status -eq 0 ] || { FAILED+=("$id"); echo "run.sh: section $id failed (exit $status); going on" >&2; }
  echo "$id	$took	$status" >> "$WORK/durations"
done

assemble
[ ${#FAILED[@]} -eq 0 ] || { echo "run.sh: failed sections: ${FAILED[*]}" >&2; exit 1; }
