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

echo "== building (release)" >&2
(cd "$ROOT" && swift build -c release --product payschema >/dev/null)
swift build -c release --product bench >/dev/null
swift build -c release --product swift-openapi-generator >/dev/null
PAYSCHEMA="$ROOT/.build/release/payschema"
OAG="$BENCH_DIR/.build/release/swift-openapi-generator"
BENCH="$BENCH_DIR/.build/release/bench"

# time_runs LABEL -- COMMAND...: runs COMMAND $RUNS times in a fresh output folder ($OUT), prints
# "median min max peakKB" (seconds) to stdout.
time_runs() {
  shift
  local samples="$WORK/samples"; : > "$samples"
  for _ in $(seq "$RUNS"); do
    rm -rf "$OUT"; mkdir -p "$OUT"
    if ! /usr/bin/time -f "%e %M" -o "$WORK/t" "$@" >"$WORK/command.log" 2>&1; then
      echo "failed: $*" >&2; tail -5 "$WORK/command.log" >&2; exit 1
    fi
    tail -1 "$WORK/t" >> "$samples"
  done
  python3 - "$samples" <<'PY'
import sys
rows=[l.split() for l in open(sys.argv[1]) if l.strip()]
wall=sorted(float(r[0]) for r in rows); mem=max(int(r[1]) for r in rows)
print(f"{wall[len(wall)//2]:.3f} {wall[0]:.3f} {wall[-1]:.3f} {mem}")
PY
}

lines() { find "$1" -name '*.swift' -exec cat {} + | wc -l | tr -d ' '; }

compare() { # NAME SCHEMAS_DIR
  local name=$1 schemas=$2
  "$PAYSCHEMA" export openapi --schemas "$schemas" --output "$WORK/$name.openapi.json" 2>/dev/null
  OUT="$WORK/ours-$name"; read -r om omin omax omem < <(time_runs x "$PAYSCHEMA" generate --schemas "$schemas" --output "$OUT")
  local ol; ol=$(lines "$OUT")
  OUT="$WORK/oag-$name"; read -r am amin amax amem < <(time_runs x "$OAG" generate "$WORK/$name.openapi.json" --mode types --access-modifier public --output-directory "$OUT")
  local al; al=$(lines "$OUT")
  local types; types=$(python3 -c "import json;print(len(json.load(open('$WORK/$name.openapi.json'))['components']['schemas']))")
  python3 - <<PY
om,omin,omax,am,amin,amax=$om,$omin,$omax,$am,$amin,$amax
print(f"| $name | $types | {om:.3f} s ({omin:.3f}–{omax:.3f}) | {am:.3f} s ({amin:.3f}–{amax:.3f}) | **{am/om:.1f}×** | {$omem/1024:.0f} / {$amem/1024:.0f} MiB | $ol / $al |")
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
OUT="$WORK/compile-scratch"; read -r cm cmin cmax cmem < <(time_runs x bash -c "$(declare -f compile_ours); WORK='$WORK' MODULES='$MODULES' compile_ours")
read -r am2 amin2 amax2 amem2 < <(time_runs x bash -c "$(declare -f compile_oag); WORK='$WORK' MODULES='$MODULES' compile_oag")
OURS_LINES=$(lines "$WORK/compile-ours"); OAG_LINES=$(lines "$WORK/compile-oag")
OURS_OBJ=$(cat "$WORK"/compile-ours/*.o | wc -c | tr -d ' '); OAG_OBJ=$(wc -c < "$WORK/compile-oag/Types.o" | tr -d ' ')
COMPILE_ROWS=$(python3 -c "print(f'| payschema | $OURS_LINES | {$cm:.2f} s ({$cmin:.2f}–{$cmax:.2f}) | {$OURS_OBJ:,} B |'); print(f'| swift-openapi-generator (types) | $OAG_LINES | {$am2:.2f} s ({$amin2:.2f}–{$amax2:.2f}) | {$OAG_OBJ:,} B |'); print(f'| ratio (ours / theirs) | {$OURS_LINES/$OAG_LINES:.2f}× | {$cm/$am2:.2f}× | {$OURS_OBJ/$OAG_OBJ:.2f}× |')")

echo "== scaling" >&2
SCALE_ROWS=""
for n in 100 1000 10000; do
  "$BENCH" synth $n "$WORK/scale$n"
  OUT="$WORK/scale-out$n"; read -r m mn mx mem < <(time_runs x "$PAYSCHEMA" generate --schemas "$WORK/scale$n" --output "$OUT")
  SCALE_ROWS+=$(python3 -c "print(f'| $n | {$m:.3f} s ({$mn:.3f}–{$mx:.3f}) | {$m/$n*1e6:.0f} µs | {$mem/1024:.0f} MiB |')")$'\n'
  eval "PER_$n=\$(python3 -c 'print($m/$n)')"
done
LINEAR=$(python3 -c "print(f'{$PER_10000/$PER_100:.2f}')")

echo "== YAML loading" >&2
LOAD_ROWS=$("$BENCH" load "$WORK/scale10000" 15)

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
FLOW_ROWS=$("$BENCH" flows 1)

CPU=$(grep -m1 "model name" /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
MEM=$(free -g | awk '/Mem:/ {print $2 " GiB"}')
SWIFT=$(swift --version 2>&1 | head -1)
echo "== sandbox throughput (wrk)" >&2
(cd "$ROOT" && swift build -c release --product payflow >/dev/null)
command -v wrk >/dev/null || { export DEBIAN_FRONTEND=noninteractive; apt-get update -qq; apt-get install -y -qq wrk >/dev/null; }
SANDBOX_ROWS=$(python3 "$BENCH_DIR/sandbox_throughput.py" --payflow "$ROOT/.build/release/payflow" --bench "$BENCH")

cat > RESULTS.md <<MD
# Benchmark results

Written by \`Benchmarks/run.sh\` on $(date -u +"%Y-%m-%d %H:%M UTC"). Machine: $(nproc) cores ($CPU), $MEM,
$SWIFT, release builds. Each figure is the median of $RUNS runs (min–max in parentheses) unless
stated; ratios compare figures measured side by side in this run. These machines are shared and
noisy: trust ratios over absolute times.

## 1. Generator vs swift-openapi-generator 1.14.3 (same types)

Our schemas are exported to OpenAPI 3.1 (\`payschema export openapi\`) and both tools generate from
the same types: \`payschema generate\` (models, Codable, validators, redaction, registries, operation
descriptors) and \`swift-openapi-generator generate --mode types\`. Wall time per run of the whole
process; peak memory is the largest resident set of any run.

| set | types | payschema | swift-openapi-generator | speed-up | peak memory (ours / theirs) | lines of Swift (ours / theirs) |
|---|---|---|---|---|---|---|
$GEN_ROWS

Target: at least 50× faster at 3,000 types.

## 1b. Compiling the generated code (bundled schemas without the legacy files)

What app teams feel on every clean build: \`swiftc\` compiling the generated code of the bundled
schemas (debug, \`-Onone\`, whole module), ours (five modules, one after the other) against
swift-openapi-generator's \`--mode types\` output for the same exported OpenAPI document. The
\`Legacy.yaml\` files are left out of both (their migration shims call hand-written SDK classes, so
that generated code does not compile on its own). The synthetic sets are not used here: each record
holds the previous one inline, so either tool's output compiles in time that grows with the square
of the chain (60 types: about a minute and 4 GB for both).

| generated by | lines | swiftc | object code |
|---|---|---|---|
$COMPILE_ROWS

## 2. Scaling (synthetic schemas)

| types | payschema generate | per type | peak memory |
|---|---|---|---|
$SCALE_ROWS
Time per type at 10,000 types divided by time per type at 100: **$LINEAR** (1.0 is perfectly
linear; above 1 means later types cost more). Target: 10,000 types under a second.

## 3. YAML loading (10,000-type synthetic set)

| | median (min, max) |
|---|---|
$LOAD_ROWS

Target: our loader within 1.5× of the bare libyaml scan.

## 4. Decode + validate

Generated models against hand-written \`Codable\` structs of the same shape (same keys, nested
types, dates decoded to \`Date\`), per decode.

$DECODE_ROWS

Target: decoding plus validation within 1.15× of hand-written decoding alone.

## 5. Incremental builds (the build plugin)

- Generator runs on a no-op \`swift build\` after a full build: **$NOOP** (target 0).
- After touching \`Schemas/MollieCheckout/Settings.yaml\`, modules regenerated: **$TOUCHED**

## 6. Flows: in memory and over loopback HTTP, side by side

Completed happy-path flows per second, each in a fresh mock world (1 second per provider and
transport), in memory and over the HTTP sandbox (Hummingbird + URLSessionTransport on loopback), in
one run; the last row runs 200 flows at once:

| flow | in memory | over HTTP | ratio |
|---|---|---|---|
$FLOW_ROWS

## 8. The sandbox under load: validated and signed requests against bare Hummingbird

$SANDBOX_ROWS
MD
echo "wrote $BENCH_DIR/RESULTS.md" >&2
{ echo; cat NOTES.md; } >> RESULTS.md
