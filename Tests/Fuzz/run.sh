#!/usr/bin/env bash
# Builds the fuzzers (release with -g, libFuzzer + AddressSanitizer) and runs each for
# SECONDS_PER_TARGET seconds (default 60) on a copy of its seeds from Corpus/fuzz/<target>/,
# then prints the executions per target. Exits non-zero if any fuzzer finds a failure; its
# input is then left under the work directory printed (see README.md to minimise and keep it).
#
#   Tests/Fuzz/run.sh [SECONDS_PER_TARGET]
#
# The fuzzers build Caret with its TinyShapes trait (4-byte chunks, nodes of four, invariants
# checked after every edit); FUZZ_SHAPES=standard builds the standard storage instead (in a
# scratch directory of its own).
#
# Environment: FUZZ_SHAPES (tiny, the default, or standard), FUZZ_TARGETS (default "FuzzEdits FuzzUTF8 FuzzMovement FuzzBidi FuzzInput FuzzChangeSet FuzzFiles FuzzRangeSet FuzzSearch"), FUZZ_ARGS (extra libFuzzer flags,
# e.g. "-jobs=2 -workers=2"), FUZZ_WORK (work directory; default a new temp dir, removed when
# every target passes unless FUZZ_KEEP=1).
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
targets=(${FUZZ_TARGETS:-FuzzEdits FuzzUTF8 FuzzMovement FuzzBidi FuzzInput FuzzChangeSet FuzzFiles FuzzRangeSet FuzzSearch})
flags=(-c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -g)
case "${FUZZ_SHAPES:-tiny}" in
  tiny) ;;
  standard) flags+=(--disable-default-traits --scratch-path .build/standard-shapes) ;;
  *) echo "run.sh: FUZZ_SHAPES is tiny or standard" >&2; exit 2 ;;
esac

# (ld.gold's "Cannot export local symbol '__asan_extra_spill_area'" warnings are harmless.)
build_log=$(mktemp)
if ! swift build "${flags[@]}" > "$build_log" 2>&1; then
  cat "$build_log"; rm -f "$build_log"
  echo "run.sh: build failed" >&2
  exit 2
fi
grep -v "Cannot export local symbol '__asan_extra_spill_area'" "$build_log" || true
rm -f "$build_log"
bin=$(swift build "${flags[@]}" --show-bin-path)

work=${FUZZ_WORK:-$(mktemp -d "${TMPDIR:-/tmp}/caret-fuzz.XXXXXX")}
# The Swift runtime's crash handler fights ASan's; libFuzzer's own report is what we want.
export SWIFT_BACKTRACE=enable=no
failed=()
summary=()
for target in "${targets[@]}"; do
  dir="$work/$target"
  mkdir -p "$dir/corpus" "$dir/artifacts"
  touch "$dir/.started"   # artifacts older than this come from earlier runs in a kept FUZZ_WORK
  cp ../../Corpus/fuzz/"$target"/* "$dir/corpus/"
  echo "== $target: ${seconds}s on $dir/corpus"
  status=0
  # shellcheck disable=SC2086
  "$bin/$target" -max_total_time="$seconds" -timeout=60 -print_final_stats=1 \
    -artifact_prefix="$dir/artifacts/" ${FUZZ_ARGS:-} "$dir/corpus" > "$dir/log" 2>&1 || status=$?
  executions=$(awk '/stat::number_of_executed_units/ { n += $2 } END { print n + 0 }' "$dir/log")
  summary+=("$target: $executions executions in ${seconds}s")
  echo "$target: $executions executions (exit $status)"
  # A slow unit (libFuzzer reports one past 10 s) is not a failure: on a shared host a stall
  # of the process makes one out of a unit that runs in milliseconds. A real hang still fails
  # as a timeout (-timeout=60). Slow units are listed so they can be looked at.
  found=$(find "$dir/artifacts" -type f -newer "$dir/.started" ! -name 'slow-unit-*')
  slow=$(find "$dir/artifacts" -type f -newer "$dir/.started" -name 'slow-unit-*')
  if [ -n "$slow" ]; then echo "slow units (not failures; rerun each alone to time it):"; echo "$slow"; fi
  if [ "$status" -ne 0 ] || [ -n "$found" ]; then
    failed+=("$target")
    grep -E "Fatal error|ERROR: (AddressSanitizer|libFuzzer)|SUMMARY" "$dir/log" | head -5 || true
    echo "artifacts:"; echo "$found"
    echo "log: $dir/log"
  fi
done

echo "== executions per target (AddressSanitizer, ${FUZZ_SHAPES:-tiny} shapes)"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED: ${failed[*]} (work directory kept: $work)" >&2
  exit 1
fi
[ "${FUZZ_KEEP:-0}" = 1 ] || [ -n "${FUZZ_WORK:-}" ] || rm -rf "$work"
