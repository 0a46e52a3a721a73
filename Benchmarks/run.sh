#!/usr/bin/env bash
# Runs every benchmark and writes RESULTS.md: medians over repeated runs with min and max, the
# machine, and ratios measured side by side in the same run. Targets are checked here, not in tests.
set -euo pipefail
cd "$(dirname "$0")"
BENCH_DIR=$(pwd)
ROOT=$(cd .. && pwd)
RUNS=${RUNS:-5}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# Section 8 signs Amazon Pay requests with Tests/Contract/hooks.py (it imports schemathesis): the
# pinned Python packages CI installs, installed first so a missing one fails before the hour of runs.
source "$ROOT/.ci/python-packages" >&2

echo "== building (release)" >&2
(cd "$ROOT" && swift build -c release --product payschema >/dev/null)
# The peer's types for `bench peer-decode`: swift-openapi-generator's build plugin on the exported
# bundled schemas (written here, not committed: it is derived).
"$ROOT/.build/release/payschema" export openapi --schemas "$ROOT/Schemas" --output "$BENCH_DIR/Sources/PeerTypes/openapi.json" 2>/dev/null
# `bench` and the peer's types are targets of the main manifest when PAYSCHEMA_BENCHMARKS=1, built
# in a scratch path of their own (Benchmarks/.build).
bench_build() { (cd "$ROOT" && PAYSCHEMA_BENCHMARKS=1 swift build -c release --scratch-path "$BENCH_DIR/.build" "$@" >/dev/null); }
bench_build --product bench
bench_build --product swift-openapi-generator
PAYSCHEMA="$ROOT/.build/release/payschema"
OAG="$BENCH_DIR/.build/release/swift-openapi-generator"
BENCH="$BENCH_DIR/.build/release/bench"

COMMIT=$(git -C "$ROOT" rev-parse --short HEAD)
if [ -n "$(git -C "$ROOT" status --porcelain --untracked-files=no)" ]; then COMMIT="$COMMIT with uncommitted changes"; fi

# time_runs OUTDIR COMMAND...: runs COMMAND $RUNS times, OUTDIR emptied before each run; prints
# "wall_median wall_min wall_max cpu_median cpu_min cpu_max peak_kib" (seconds, microsecond
# resolution: a monotonic nanosecond clock for wall time, wait4's rusage for CPU time).
time_runs() {
  local outdir=$1; shift
  python3 "$BENCH_DIR/timed.py" "$RUNS" "$outdir" -- "$@"
}

# lines DIR: "lines code_lines" of the Swift in DIR (code lines: neither blank nor only comments).
lines() { python3 "$BENCH_DIR/codelines.py" "$1"; }

compare() { # NAME SCHEMAS_DIR
  local name=$1 schemas=$2
  "$PAYSCHEMA" export openapi --schemas "$schemas" --output "$WORK/$name.openapi.json" 2>/dev/null
  local ours theirs
  ours=$(time_runs "$WORK/ours-$name" "$PAYSCHEMA" generate --schemas "$schemas" --output "$WORK/ours-$name")
  theirs=$(time_runs "$WORK/oag-$name" "$OAG" generate "$WORK/$name.openapi.json" --mode types --access-modifier public --output-directory "$WORK/oag-$name")
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

echo "== generator vs swift-openapi-generator" >&2
"$BENCH" synth 300 "$WORK/syn300"
"$BENCH" synth 3000 "$WORK/syn3000"
GEN_ROWS=$(compare bundled "$ROOT/Schemas"; compare synthetic-300 "$WORK/syn300"; compare synthetic-3000 "$WORK/syn3000")

echo "== compiling the generated code" >&2
# swiftc on the generated code of the bundled schemas, debug (-Onone) and whole-module as a clean
# app build compiles it: ours (five modules, one after the other) against swift-openapi-generator's
# Types for the same OpenAPI document, both against the release modules they import. The legacy
# files are left out of both: their shims call the hand-written SDK classes, so their generated
# code does not compile on its own. (The synthetic sets are no use here: each record holds the
# previous one inline, so the compile time of either tool's output grows with the square of the
# chain; 60 types already take a minute and 4 GB.)
MODULES="$BENCH_DIR/.build/release/Modules"
rm -rf "$WORK/compile-schemas"; cp -R "$ROOT/Schemas" "$WORK/compile-schemas"; find "$WORK/compile-schemas" -name 'Legacy.yaml' -delete
"$PAYSCHEMA" export openapi --schemas "$WORK/compile-schemas" --output "$WORK/compile.openapi.json" 2>/dev/null
rm -rf "$WORK/compile-oag" "$WORK/compile-ours"; mkdir -p "$WORK/compile-oag" "$WORK/compile-ours"
"$OAG" generate "$WORK/compile.openapi.json" --mode types --access-modifier public --output-directory "$WORK/compile-oag" >/dev/null 2>&1
"$PAYSCHEMA" generate --schemas "$WORK/compile-schemas" --output "$WORK/compile-ours" >/dev/null
compile_ours() {
  for dir in "$WORK"/compile-ours/*/; do
    local module; module=$(basename "$dir")
    swiftc -module-name "$module" -parse-as-library -Onone -wmo -swift-version 6 -I "$MODULES" -c "$dir"*.swift -o "$WORK/compile-ours/$module.o"
  done
}
compile_oag() {
  swiftc -module-name Types -parse-as-library -Onone -wmo -swift-version 6 -I "$MODULES" -c "$WORK"/compile-oag/*.swift -o "$WORK/compile-oag/Types.o"
}
read -r cm cmin cmax ccpu _ _ cmem < <(time_runs - bash -c "$(declare -f compile_ours); WORK='$WORK' MODULES='$MODULES' compile_ours")
read -r am2 amin2 amax2 acpu2 _ _ amem2 < <(time_runs - bash -c "$(declare -f compile_oag); WORK='$WORK' MODULES='$MODULES' compile_oag")
read -r OURS_LINES OURS_CODE < <(lines "$WORK/compile-ours"); read -r OAG_LINES OAG_CODE < <(lines "$WORK/compile-oag")
OURS_OBJ=$(cat "$WORK"/compile-ours/*.o | wc -c | tr -d ' '); OAG_OBJ=$(wc -c < "$WORK/compile-oag/Types.o" | tr -d ' ')
COMPILE_ROWS=$(python3 -c "print(f'| payschema | {$OURS_LINES:,} | {$OURS_CODE:,} | {$cm:.2f} s ({$cmin:.2f}–{$cmax:.2f}) | {$ccpu:.2f} s | {$OURS_OBJ:,} B |'); print(f'| swift-openapi-generator (types) | {$OAG_LINES:,} | {$OAG_CODE:,} | {$am2:.2f} s ({$amin2:.2f}–{$amax2:.2f}) | {$acpu2:.2f} s | {$OAG_OBJ:,} B |'); print(f'| ratio (ours / theirs) | {$OURS_LINES/$OAG_LINES:.2f}× | {$OURS_CODE/$OAG_CODE:.2f}× | {$cm/$am2:.2f}× | {$ccpu/$acpu2:.2f}× | {$OURS_OBJ/$OAG_OBJ:.2f}× |')")

echo "== scaling" >&2
SCALE_ROWS=""
for n in 100 1000 10000; do
  "$BENCH" synth $n "$WORK/scale$n"
  read -r m mn mx cpu _ _ mem < <(time_runs "$WORK/scale-out$n" "$PAYSCHEMA" generate --schemas "$WORK/scale$n" --output "$WORK/scale-out$n")
  SCALE_ROWS+=$(python3 -c "print(f'| $n | {$m:.3f} s ({$mn:.3f}–{$mx:.3f}) | {$cpu:.3f} s | {$m/$n*1e6:.0f} µs | {$mem/1024:.0f} MiB |')")$'\n'
  eval "PER_$n=\$(python3 -c 'print($m/$n)')"
done
LINEAR=$(python3 -c "print(f'{$PER_10000/$PER_100:.2f}')")

echo "== the generator's machinery, with and without" >&2
# ParallelMap runs the load, check, emit and write stages on every core; PAYSCHEMA_SEQUENTIAL=1
# makes each a plain map. Both sides alternate in this run, on the same inputs.
MACHINERY_ROWS=""
for set in bundled:"$ROOT/Schemas" synthetic-1000:"$WORK/scale1000" synthetic-10000:"$WORK/scale10000"; do
  name=${set%%:*}; dir=${set#*:}
  read -r pm pmn pmx pcpu _ _ pmem < <(time_runs "$WORK/mach-par" "$PAYSCHEMA" generate --schemas "$dir" --output "$WORK/mach-par")
  read -r sm smn smx scpu _ _ smem < <(time_runs "$WORK/mach-seq" env PAYSCHEMA_SEQUENTIAL=1 "$PAYSCHEMA" generate --schemas "$dir" --output "$WORK/mach-seq")
  MACHINERY_ROWS+=$(python3 -c "print(f'| $name | {$pm:.3f} s ({$pmn:.3f}–{$pmx:.3f}) | {$sm:.3f} s ({$smn:.3f}–{$smx:.3f}) | **{$sm/$pm:.2f}×** | {$pcpu:.3f} s / {$scpu:.3f} s |')")$'\n'
done

echo "== YAML loading" >&2
LOAD_ROWS=$("$BENCH" load "$WORK/scale10000" 15)

echo "== instructions (callgrind): loader and pipeline against the bare scan" >&2
# Instruction counts are repeatable whatever else the machine does. Each process does one thing
# over the 10,000-type set; "none" only reads the files and is subtracted from the loader and the
# scan. The pipeline is the whole \`payschema generate\` process (its own reading included).
command -v valgrind >/dev/null || { export DEBIAN_FRONTEND=noninteractive; apt-get update -qq; apt-get install -y -qq valgrind >/dev/null; }
# valgrind cannot read the bench binary's DWARF ("possibly corrupted debuginfo"): a copy without
# debug sections runs instead (same code).
objcopy --strip-debug "$BENCH" "$WORK/bench-nodebug"
instructions() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p' | tail -1; }
IR_NONE=$(instructions "$WORK/bench-nodebug" load-once "$WORK/scale10000" none)
IR_SCAN=$(instructions "$WORK/bench-nodebug" load-once "$WORK/scale10000" scan)
IR_LOAD=$(instructions "$WORK/bench-nodebug" load-once "$WORK/scale10000" loader)
rm -rf "$WORK/ir-out"; mkdir -p "$WORK/ir-out"
IR_PIPE=$(instructions "$PAYSCHEMA" generate --schemas "$WORK/scale10000" --output "$WORK/ir-out")
IR_ROWS=$(python3 - "$IR_NONE" "$IR_SCAN" "$IR_LOAD" "$IR_PIPE" <<'PY'
import sys
none, scan, load, pipe = (int(x) for x in sys.argv[1:])
scan_only, load_only = scan - none, load - none
def g(x): return f"{x / 1e9:.2f} G"
def v(ok): return "met" if ok else "**missed**"
print(f"| bare libyaml event scan (minus reading the files) | {g(scan_only)} | 1.00× | |")
print(f"| our loader, events → located nodes (minus reading the files) | {g(load_only)} | **{load_only / scan_only:.2f}×** | ≤ 1.5×: {v(load_only / scan_only <= 1.5)} |")
print(f"| whole \`payschema generate\` process (10,000 types in, Swift out) | {g(pipe)} | **{pipe / scan_only:.2f}×** | ≤ 5×: {v(pipe / scan_only <= 5)} |")
print(f"| reading the 100 files (the baseline subtracted above) | {g(none)} | | |")
PY
)

echo "== decode + validate" >&2
DECODE_ROWS=$("$BENCH" decode 15)

echo "== incremental build" >&2
cd "$ROOT"
swift build >/dev/null 2>&1
NOOP=$(swift build 2>&1 | grep -c "Generating Swift for" || true)
touch Schemas/MollieCheckout/Settings.yaml
TOUCHED=$(swift build 2>&1 | grep "Generating Swift for" | sed 's/.*Generating Swift for \([A-Za-z]*\).*/\1/' | sort -u | tr '\n' ' ')
cd "$BENCH_DIR"

echo "== flows" >&2
FLOW_ROWS=$("$BENCH" flows 2)

echo "== decode against the peer" >&2
PAYLOADS="$ROOT/../shared/real-payloads"
if [ -d "$PAYLOADS" ]; then
  PEER_ROWS=$("$BENCH" peer-decode "$PAYLOADS" 15)
else
  PEER_ROWS="Not measured: \`../shared/real-payloads\` is absent on this machine."
fi

echo "== build cost: our plugin against swift-openapi-generator's, in a consumer package" >&2
BUILD_ROWS=$(RUNS=${BUILD_RUNS:-3} bash "$BENCH_DIR/build_cost.sh" "$ROOT" "$WORK/consumers")

CPU=$(grep -m1 "model name" /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
MEM=$(free -g | awk '/Mem:/ {print $2 " GiB"}')
SWIFT=$(swift --version 2>&1 | head -1)
echo "== sandbox throughput (wrk)" >&2
(cd "$ROOT" && swift build -c release --product payflow >/dev/null)
command -v wrk >/dev/null || { export DEBIAN_FRONTEND=noninteractive; apt-get update -qq; apt-get install -y -qq wrk >/dev/null; }
SANDBOX_ROWS=$(python3 "$BENCH_DIR/sandbox_throughput.py" --payflow "$ROOT/.build/release/payflow" --bench "$BENCH")
SERVE_ROWS=$("$BENCH" serve 3000)
echo "== dates: the fast path with and without" >&2
DATE_ROWS=$("$BENCH" dates 15)
echo "== hostile XML: the package's reader against libxml2" >&2
XML_ROWS=$("$BENCH" xml-hostile "${XML_TIMEOUT:-30}")

cat > RESULTS.md <<MD
# Benchmark results

Written by \`Benchmarks/run.sh\` on $(date -u +"%Y-%m-%d %H:%M UTC") at commit **$COMMIT**: every table
below comes from this one run of this commit. Machine: $(nproc) cores ($CPU), $MEM, $SWIFT, release
builds. Times: wall clock from a monotonic nanosecond clock and CPU time (user + system, all
threads and child processes) from \`wait4\`'s rusage, both to the microsecond, median of $RUNS runs
(min–max in parentheses) unless stated; ratios compare figures measured side by side in this run.
These machines are shared and noisy: trust ratios over absolute times.

## 1. Generator vs swift-openapi-generator 1.14.3 (same types)

Our schemas are exported to OpenAPI 3.1 (\`payschema export openapi\`, each code list such as the
ISO 4217 currencies written once as a shared component) and both tools generate from the same
types: \`payschema generate\` (models, Codable, validators, redaction, registries, operation
descriptors) and \`swift-openapi-generator generate --mode types\`. Whole process per run. Our
generator uses both cores, swift-openapi-generator one, so the CPU-time ratio is the fair one for
work done; wall time is what a build waits for. Code lines are neither blank nor only comments.

| set | types | payschema wall | swift-openapi-generator wall | wall speed-up | payschema CPU | swift-openapi-generator CPU | CPU speed-up | peak memory (ours / theirs) | lines (ours / theirs) | code lines (ours / theirs) |
|---|---|---|---|---|---|---|---|---|---|---|
$GEN_ROWS

Targets: at least 50× swift-openapi-generator's CPU time at 3,000 types: **$(echo "$GEN_ROWS" | python3 -c "
import sys
for line in sys.stdin:
    cells = [c.strip() for c in line.split('|')]
    if len(cells) > 8 and cells[1] == 'synthetic-3000':
        ratio = float(cells[8].strip('*×'))
        print(f'{ratio:.1f}×, ' + ('met' if ratio >= 50 else 'missed'))
")**; code lines no more than swift-openapi-generator's for the bundled types: **$(echo "$GEN_ROWS" | python3 -c "
import sys
for line in sys.stdin:
    cells = [c.strip() for c in line.split('|')]
    if len(cells) > 11 and cells[1] == 'bundled':
        ours, theirs = [int(x.replace(',', '')) for x in cells[11].split(' (')[0].split(' / ')]
        print(f'{ours:,} / {theirs:,}, ' + ('met' if ours <= theirs else 'missed'))
")**.

## 1b. Compiling the generated code (bundled schemas without the legacy files)

What app teams feel on every clean build: \`swiftc\` compiling the generated code of the bundled
schemas (debug, \`-Onone\`, whole module), ours (five modules, one after the other) against
swift-openapi-generator's \`--mode types\` output for the same exported OpenAPI document. The
\`Legacy.yaml\` files are left out of both (their migration shims call hand-written SDK classes, so
that generated code does not compile on its own). The synthetic sets are not used here: each record
holds the previous one inline, so either tool's output compiles in time that grows with the square
of the chain (60 types: about a minute and 4 GB for both).

| generated by | lines | code lines | swiftc wall | swiftc CPU | object code |
|---|---|---|---|---|---|
$COMPILE_ROWS

## 2. Scaling (synthetic schemas)

| types | payschema generate (wall) | CPU | per type (wall) | peak memory |
|---|---|---|---|---|
$SCALE_ROWS
Time per type at 10,000 types divided by time per type at 100: **$LINEAR** (1.0 is perfectly
linear; above 1 means later types cost more). Target: 10,000 types under a second.

## 2b. The generator's machinery, with and without (same run)

\`ParallelMap\` runs the load, check, emit and write stages on every core (2 here);
\`PAYSCHEMA_SEQUENTIAL=1\` turns each into a plain \`map\`. Wall time, median of $RUNS.

| schemas | ParallelMap | sequential | sequential / ParallelMap | CPU (ParallelMap / sequential) |
|---|---|---|---|---|
$MACHINERY_ROWS
Two binaries in one run, issue 27 (\`Benchmarks/NOTES.md\` has every figure): \`FieldDecl\`'s
copy-on-write box stays (without it, 10,000 types take 328 MiB instead of 210 MiB and 1,000 types
about 25% longer). The FNV fingerprints of the YAML loader's duplicate-key index stay too: without
them (a \`[String: Int]\` per mapping) wall time could not tell the difference, but section 3's
instruction count did (loader 1.81× the scan against 1.52×).

## 3. YAML loading (10,000-type synthetic set)

| | median (min, max) |
|---|---|
$LOAD_ROWS

Target: our loader within 1.5× of the bare libyaml scan (wall clock, in process, 15 runs).

Instructions (\`valgrind --tool=callgrind\`, all threads; one process per row, repeatable):

| 10,000-type set | instructions | / scan | target |
|---|---|---|---|
$IR_ROWS

## 4. Decode + validate against hand-written Codable

Generated models against hand-written \`Codable\` structs of the same shape (same keys, nested
types, dates decoded to \`Date\`), per decode.

$DECODE_ROWS

Target: decoding plus validation within 1.15× of hand-written decoding alone.

## 4b. Decode + validate against swift-openapi-generator's types (the providers' payloads)

Every JSON payload the providers published (\`../shared/real-payloads/<Module.Type>/valid/\`, read in
place) decoded and validated with our generated type, against decoding alone with the type
swift-openapi-generator's build plugin generates from the exported document
(\`Components.Schemas.<Module>_<Type>\`, a \`JSONDecoder\` with its \`ISO8601DateTranscoder\`, as its
\`Converter\` reads a body), in one process, alternating which side runs first. Time to read every
payload of the type once, median of 15 runs.

$PEER_ROWS

Target: ours (decode + validate) at most 1.0× theirs (decode alone).

## 4c. Dates: the fast path (\`FastISO8601\`) with and without

The three standard date formats read and written by the runtime's own code, against the same
formats (same patterns, read patterns and zone) through \`DateFormatter\`, which is what
\`PayDateFormat\` uses for any other pattern and what the standard ones would cost without the fast
path. Each row first checks that both sides read and write the same date. Microseconds per date,
median of 15 runs of 10,000.

| format | read, fast path | read, DateFormatter | read speed-up | write, fast path | write, DateFormatter | write speed-up |
|---|---|---|---|---|---|---|
$DATE_ROWS

## 5. Incremental builds (the build plugin)

- Generator runs on a no-op \`swift build\` after a full build: **$NOOP** (target 0).
- After touching \`Schemas/MollieCheckout/Settings.yaml\`, modules regenerated: **$TOUCHED**

## 5b. Build cost for an app team: our plugin against swift-openapi-generator's

Two consumer packages made by \`Benchmarks/build_cost.sh\`: ours, five targets (one per bundled
module, without the \`Legacy.yaml\` files) with \`PaySchemaPlugin\` and the \`PaymentSchemasRuntime\`
product; theirs, one target with swift-openapi-generator 1.14.3's \`OpenAPIGenerator\` plugin
(types) on the exported document of the same schemas and \`swift-openapi-runtime\`. Debug builds,
dependencies resolved and fetched beforehand. A clean build (\`swift package clean\`, then \`swift
build\`) builds the generator, runs it and compiles the runtime and the generated code; the
incremental build follows an edit of one type's description (ours: \`Settings.yaml\`; theirs: the
document).

$BUILD_ROWS

## 6. Flows: in memory and over loopback HTTP, side by side

Completed happy-path flows per second, each flow in a fresh mock world, 2 s per figure: in memory,
over the HTTP sandbox (Hummingbird on loopback) with the server-side transport (AsyncHTTPClient,
\`ServerHTTPTransport\`: one pool per provider, up to 256 connections per host) and, for
comparison, with URLSession (\`URLSessionTransport\`, what the sandbox's clients used before), in
one run. "At once" keeps that many flows in flight for the whole 2 s.

| flow | in memory (flows/s) | AsyncHTTPClient (flows/s) | URLSession (flows/s) | AsyncHTTPClient / in memory | AsyncHTTPClient / URLSession |
|---|---|---|---|---|---|
$FLOW_ROWS

Target: at 200 concurrent flows, at least one third of the in-memory rate over HTTP, for every
provider (the verdict is on each "200 at once" row).

## 8. The sandbox under load: validated and signed requests against bare Hummingbird

$SANDBOX_ROWS

Where a validated confirm's and a signed Amazon Pay GET's time goes inside the provider, without
the socket (\`bench serve\`: \`MockProviderTransport.serve\` of the same request in a loop, one task,
microseconds per request, median of 7 runs of 3,000; the parts timed alone on the same request and
answer, with Foundation's coders on the confirm's answer for scale; the RSA-PSS verification is the
2048-bit public-key operation Amazon's signature requires, what \`openssl speed rsa2048\` measures as
one verify):

| step | time per request |
|---|---|
$SERVE_ROWS

## 9. Hostile XML: one reader with limits, against libxml2

The three documents of issue 27, each under the 8 MiB payload limit and each read in its own
process (peak resident memory the read added, from \`VmHWM\`): 600,000 attributes on the root, 1.5 M
character references in one field, 1.5 M empty elements. "Ours" is \`PayResponse(xml:)\`, which
reads the document once with \`PayXMLReader\` and decodes its tree, with the standard
\`PayPayloadLimits\` (what apps and the sandbox run) and with limits raised above the document (the
reader reading all of it). libxml2's \`XMLParser\` is what the runtime ran before (after a check pass
of its own); it is stopped after ${XML_TIMEOUT:-30} s. Target: each document rejected or read in
under a second and under 100 MB with the standard limits.

$XML_ROWS
MD
echo "wrote $BENCH_DIR/RESULTS.md" >&2
{ echo; cat NOTES.md; } >> RESULTS.md
