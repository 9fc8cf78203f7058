#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# faults_engines.sh DSPSIM CASES_DIR OUT_DIR: every fault vector case
# (CASES_DIR/fault_*.yaml, issue 14) run with both CPU engines (fast and
# interp) must give the same result, the same simulated cycles, the same
# fault report and the same output bytes: injected faults are
# deterministic whatever the engine (docs/harness.md "Faults").
set -u
dspsim=$1 dir=$2 out=$3
rm -rf "$out"
mkdir -p "$out"
n=0
for c in "$dir"/fault_*.yaml; do
    name=$(basename "$c" .yaml)
    for eng in fast interp; do
        DSPSIM_ENGINE=$eng "$dspsim" run "$c" --out-dir "$out/$eng/$name" \
            > "$out/$name.$eng.txt" 2>&1
        echo "rc $?" >> "$out/$name.$eng.txt"
        grep -E '^(PASS|FAIL|ERROR)|^simulated cycles|^xruns|^rc ' \
            "$out/$name.$eng.txt" > "$out/$name.$eng.sum"
        grep -E '^(cycles|faults|fault effects|  cycle )' \
            "$out/$eng/$name/firmware.log" >> "$out/$name.$eng.sum"
    done
    grep -q '^simulated cycles' "$out/$name.fast.sum" ||
        { echo "FAIL: $name: no summary"; cat "$out/$name.fast.txt"; exit 1; }
    diff "$out/$name.fast.sum" "$out/$name.interp.sum" ||
        { echo "FAIL: $name: the engines differ"; exit 1; }
    for w in "$out/fast/$name"/*.wav; do
        [ -e "$w" ] || continue
        cmp "$w" "$out/interp/$name/$(basename "$w")" ||
            { echo "FAIL: $name: output $(basename "$w") differs"; exit 1; }
    done
    n=$((n + 1))
done
[ $n -gt 0 ] || { echo "FAIL: no fault_*.yaml in $dir"; exit 1; }
echo "PASS: $n fault cases identical with both engines"
