#!/usr/bin/env bash
# Builds the libFuzzer harnesses and runs each one.
#   Fuzz/run.sh                      # every harness, 30 s each, from the committed corpus (CI)
#   Fuzz/run.sh --runs 10000000 payload
#   Fuzz/run.sh --seconds 600 schema diff
#   Fuzz/run.sh --campaign --runs 10000000 payload   # no leak scan while fuzzing (20x faster), then
#                                                    # every input of the corpus once with LeakSanitizer
# A crash, a trap, an ASan report, a leak, a timeout (> 1 s) or running out of memory (> 2 GB) is a
# finding: the reproducer lands in Fuzz/findings/ and the script fails.
set -euo pipefail
cd "$(dirname "$0")"
if [ -x /opt/swift/usr/bin/swift ] && ! command -v swift >/dev/null 2>&1; then export PATH="/opt/swift/usr/bin:$PATH"; fi

budget=(-max_total_time=30)
leaks=1
harnesses=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) budget=(-max_total_time="$2"); shift 2 ;;
    --runs) budget=(-runs="$2"); shift 2 ;;
    --campaign) leaks=0; shift ;;
    schema|payload|diff) harnesses+=("$1"); shift ;;
    *) echo "usage: Fuzz/run.sh [--seconds N | --runs N] [schema] [payload] [diff]" >&2; exit 2 ;;
  esac
done
[ ${#harnesses[@]} -gt 0 ] || harnesses=(schema payload diff)

# The harnesses are targets of the main package's manifest when PAYSCHEMA_FUZZ=1: the package's own
# sources, each module's hand-written code with its committed Generated/ (no build plugin), and
# Fuzz/Sources/. A scratch path of their own keeps the instrumented objects apart from the package's.
echo "== building the harnesses (-sanitize=fuzzer,address, release)"
for product in fuzz-schema fuzz-payload fuzz-diff fuzz-replay; do
  ( cd .. && PAYSCHEMA_FUZZ=1 swift build -c release --scratch-path Fuzz/.build/fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld --product "$product" 2>&1 ) \
    | grep -E "error|Build" || true
done
bin=".build/fuzzer/release"
replay() { ASAN_OPTIONS=detect_leaks=0 ".build/fuzzer/release/fuzz-replay" "$@"; }

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

status=0
for harness in "${harnesses[@]}"; do
  echo "== fuzz-$harness ${budget[*]}"
  log="findings/fuzz-$harness.log"
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
done
exit $status
