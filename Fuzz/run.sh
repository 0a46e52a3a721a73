#!/usr/bin/env bash
# Builds the libFuzzer harnesses and runs each one.
#   Fuzz/run.sh                      # every harness, 20 s each, from the committed corpus (CI)
#   Fuzz/run.sh --runs 10000000 payload
#   Fuzz/run.sh --seconds 600 schema diff
#   Fuzz/run.sh --campaign --runs 10000000 payload   # no leak scan while fuzzing (20x faster), then
#                                                    # every input of the corpus once with LeakSanitizer
#   Fuzz/run.sh --release …          # every module optimized (campaigns; the default optimizes the
#                                    # vocabulary, runtime and generator only: Package.swift,
#                                    # `optimizedForFuzzing`, a third of the build time)
# A crash, a trap, an ASan report, a leak, a timeout (> 1 s) or running out of memory (> 2 GB) is a
# finding: the reproducer lands in Fuzz/findings/ and the script fails.
set -euo pipefail
cd "$(dirname "$0")"
if [ -x /opt/swift/usr/bin/swift ] && ! command -v swift >/dev/null 2>&1; then export PATH="/opt/swift/usr/bin:$PATH"; fi

budget=(-max_total_time=20)
leaks=1
configuration=debug
harnesses=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) budget=(-max_total_time="$2"); shift 2 ;;
    --runs) budget=(-runs="$2"); shift 2 ;;
    --campaign) leaks=0; shift ;;
    --release) configuration=release; shift ;;
    schema|payload|diff) harnesses+=("$1"); shift ;;
    *) echo "usage: Fuzz/run.sh [--release] [--campaign] [--seconds N | --runs N] [schema] [payload] [diff]" >&2; exit 2 ;;
  esac
done
[ ${#harnesses[@]} -gt 0 ] || harnesses=(schema payload diff)

# The harnesses are targets of the main package's manifest when PAYSCHEMA_FUZZ=1: the package's own
# sources, each module's hand-written code with its committed Generated/ (no build plugin), and
# Fuzz/Sources/. A scratch path of their own keeps the instrumented objects apart from the package's.
# One build of every harness: the debug configuration with the vocabulary, the runtime and the
# generator optimized (PAYSCHEMA_FUZZ_OPTIMIZE=core), or everything optimized with --release.
echo "== building the harnesses (-sanitize=fuzzer,address, $configuration$( [ "$configuration" = debug ] && echo ", the core optimized"))"
optimize=core
[ "$configuration" = release ] && optimize=all
build_log="$(mktemp)"
if ! ( cd .. && PAYSCHEMA_FUZZ=1 PAYSCHEMA_FUZZ_OPTIMIZE="$optimize" swift build -c "$configuration" --scratch-path Fuzz/.build/fuzzer \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld >"$build_log" 2>&1 ); then
  grep -E "error" "$build_log" | head -20 >&2
  echo "error: the harnesses did not build" >&2
  exit 1
fi
grep -E "Build complete" "$build_log" || true
bin=".build/fuzzer/$configuration"
replay() { ASAN_OPTIONS=detect_leaks=0 "$bin/fuzz-replay" "$@"; }

# Seeds: the schemas, the package's payload corpus and the providers' own payloads.
seeds="$(mktemp -d)"
trap 'rm -rf "$seeds"' EXIT
mkdir -p "$seeds/schema" "$seeds/diff" corpus/schema corpus/payload corpus/diff findings
for file in ../Schemas/*/*.yaml; do cp "$file" "$seeds/schema/$(basename "$(dirname "$file")")-$(basename "$file")"; done
replay seeds "$seeds/payload" ../Tests/GeneratedModelsTests/Payloads $( [ -d ../../shared/real-payloads ] && echo ../../shared/real-payloads )
for file in ../Schemas/*/*.yaml; do
  { cat "$file"; printf '\n---8<---\n'; sed 's/required: true/required: false/' "$file"; } > "$seeds/diff/$(basename "$(dirname "$file")")-$(basename "$file")"
done

# A campaign records no allocation stacks and keeps a small quarantine: the schema and diff harnesses
# allocate so much that ASan's stack unwinding per malloc and a 256 MB quarantine halved their speed
# (≈670 → ≈1,200 executions/s, Fuzz/RESULTS.md). Findings still stop the run; their reproducers are
# then replayed with the default options for full reports.
asan_speed=""
[ "$leaks" = 0 ] && asan_speed=":malloc_context_size=0:quarantine_size_mb=8"

# One harness: its regressions, its run, and (campaigns) the leak scan; returns 1 on a finding.
fuzz_one() {
  local harness="$1" status=0
  echo "== fuzz-$harness ${budget[*]}"
  local log="findings/fuzz-$harness.log"
  # Reproducers of fixed findings run first: each must pass.
  for reproducer in regressions/"$harness"/*; do
    [ -e "$reproducer" ] || continue
    ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS="suppressions=$PWD/lsan.supp:print_suppressions=0" "$bin/fuzz-$harness" "$reproducer" >/dev/null 2>&1 \
      || { echo "error: regression $reproducer fails again" >&2; status=1; }
  done
  if ! ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1$asan_speed" LSAN_OPTIONS="suppressions=$PWD/lsan.supp:print_suppressions=0" "$bin/fuzz-$harness" "corpus/$harness" "$seeds/$harness" \
      -dict="dict/$harness.dict" "${budget[@]}" -detect_leaks=$leaks -timeout=1 -rss_limit_mb=2048 -max_len=65536 \
      -artifact_prefix="findings/$harness-" -print_final_stats=1 > "$log" 2>&1; then
    echo "error: fuzz-$harness found a problem; the reproducer is in Fuzz/findings/:" >&2
    grep -E "ERROR|==[0-9]+==|Fatal|panic|Test unit written" "$log" | head -20 >&2
    status=1
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb|cov: " "$log" | tail -3
  if [ "$leaks" = 0 ]; then
    # The leak scan the campaign skipped: each corpus input once, LeakSanitizer on.
    if ! ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS="suppressions=$PWD/lsan.supp:print_suppressions=0" "$bin/fuzz-$harness" -runs=0 "corpus/$harness" \
        -artifact_prefix="findings/$harness-" > "findings/fuzz-$harness-leaks.log" 2>&1; then
      echo "error: a corpus input of fuzz-$harness leaks; see Fuzz/findings/" >&2
      status=1
    else
      echo "leak scan of corpus/$harness: $(ls "corpus/$harness" | wc -l | tr -d ' ') inputs, no leak"
    fi
  fi
  return $status
}

# Each harness is one process on one core: two run at once (CI's two cores), each printing its
# output when it ends, in the order given.
for harness in "${harnesses[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n || true; done
  rm -f "findings/fuzz-$harness.status"
  { fuzz_one "$harness"; echo $? > "findings/fuzz-$harness.status"; } > "findings/fuzz-$harness.out" 2>&1 &
done
wait
status=0
for harness in "${harnesses[@]}"; do
  cat "findings/fuzz-$harness.out"
  [ "$(cat "findings/fuzz-$harness.status" 2>/dev/null)" = 0 ] || status=1
done
exit $status
