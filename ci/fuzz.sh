#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# ci/fuzz.sh SECONDS [NAME...]: builds the libFuzzer harnesses of
# tests/fuzz (clang, ASan + UBSan, -DDSPSIM_FUZZ=ON in build-fuzz/) and
# runs each NAME (default: all) for SECONDS seconds, FUZZ_PARALLEL (2) at
# a time.  Fails on any crash, sanitizer report, leak, timeout (an input
# taking over 1 s) or out-of-memory (over 512 MiB).  Each harness's corpus
# (build-fuzz/corpus/NAME, kept between runs) starts from its seeds
# (tests/fuzz/seeds/NAME), the inputs of crashes found before
# (tests/fuzz/regressions/NAME) and, for fuzz_case, the vector cases;
# crashing inputs land in build-fuzz/artifacts/NAME/, logs in
# build-fuzz/logs/NAME.log; one summary line per harness (executions,
# coverage edges, features, corpus size).  docs/reliability.md.
set -euo pipefail
cd "$(dirname "$0")/.."
SECS=${1:?usage: ci/fuzz.sh SECONDS [NAME...]}
shift
NAMES=("$@")
((${#NAMES[@]})) || NAMES=(case board elf wav ipc topology semihost gdb snapshot bundle)
B=${FUZZ_BUILD_DIR:-build-fuzz}
PAR=${FUZZ_PARALLEL:-2}
ROOT=$(pwd)

mkdir -p "$B"
CC=${FUZZ_CC:-clang} cmake -S . -B "$B" -DDSPSIM_FUZZ=ON \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$B/configure.log" 2>&1 ||
  { cat "$B/configure.log"; exit 1; }
targets=()
for n in "${NAMES[@]}"; do targets+=("fuzz_$n"); done
cmake --build "$B" -j"${FUZZ_JOBS:-2}" --target "${targets[@]}"

run_one() {
  local n=$1
  local corpus=$ROOT/$B/corpus/$n art=$ROOT/$B/artifacts/$n/
  local log=$ROOT/$B/logs/$n.log
  mkdir -p "$corpus" "$art" "$ROOT/$B/logs"
  local dirs=("$ROOT/tests/fuzz/seeds/$n")
  [ -d "$ROOT/tests/fuzz/regressions/$n" ] && dirs+=("$ROOT/tests/fuzz/regressions/$n")
  if [ "$n" = case ]; then
    while IFS= read -r d; do dirs+=("$d"); done < <(find "$ROOT/vectors/cases" -type d)
  fi
  [ "$n" = board ] && dirs+=("$ROOT/tests/board/boards")
  local dict=()
  case $n in
    case|board|wav|elf|bundle) dict=(-dict="$ROOT/tests/fuzz/dict/$n.dict") ;;
    ipc|topology) dict=(-dict="$ROOT/tests/fuzz/dict/ipc.dict") ;;
  esac
  local rc=0
  ( cd "$ROOT/$B" &&
    ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:quarantine_size_mb=64} \
    "./bin/fuzz_$n" -max_total_time="$SECS" -timeout=1 -rss_limit_mb=512 \
      -malloc_limit_mb=512 -print_final_stats=1 -artifact_prefix="$art" \
      "${dict[@]}" "$corpus" "${dirs[@]}" ) >"$log" 2>&1 || rc=$?
  local execs cov ft units
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2 || true)
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2 || true)
  units=$(find "$corpus" -type f | wc -l)
  if [ $rc -ne 0 ]; then
    echo "FAIL fuzz_$n (exit $rc): $(grep -m1 -E 'ERROR|SUMMARY|Test unit written' "$log" || tail -1 "$log")"
    echo "     log: $B/logs/$n.log; artifacts: $B/artifacts/$n/"
    grep -E 'Test unit written|SUMMARY' "$log" | sed 's/^/     /' || true
    return 1
  fi
  echo "ok   fuzz_$n: ${SECS}s, ${execs:-?} executions, cov ${cov:-?}, ft ${ft:-?}, corpus $units"
}

fail=0
pids=()
for n in "${NAMES[@]}"; do
  run_one "$n" &
  pids+=($!)
  if ((${#pids[@]} >= PAR)); then
    wait "${pids[0]}" || fail=1
    pids=("${pids[@]:1}")
  fi
done
for p in "${pids[@]}"; do wait "$p" || fail=1; done
exit $fail
