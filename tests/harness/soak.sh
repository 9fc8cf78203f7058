#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# soak.sh DSPSIM CASE OUT_DIR: the soak of issue 14 (docs/harness.md
# "Soak").  Runs CASE (ten minutes of simulated audio, random controls and
# faults, the topology rebuilt every 20 s with the firmware's heap checked
# after each teardown and every pipeline's progress checked) twice with
# `dspsim test`, the second with --html (issue 33); both runs must pass and
# their outputs be identical byte for byte (recording the plot data only
# looks), and the soak's page stay under 3 MB.
set -u
dspsim=$1 case=$2 out=$3
name=$(basename "$case" .yaml)
rm -rf "$out"
for run in 1 2; do
    html=()
    [ $run = 2 ] && html=(--html "$out/html")
    "$dspsim" test "$case" --out-dir "$out/run$run" --no-progress \
        --json "$out/run$run.json" "${html[@]}" || { echo "FAIL: run $run"; exit 1; }
done
page=$(ls "$out"/html/cases/*.html 2>/dev/null | head -1)
[ -n "$page" ] || { echo "FAIL: no HTML page of the soak"; exit 1; }
size=$(stat -c %s "$page")
[ "$size" -lt 3145728 ] || { echo "FAIL: the soak's page is $size bytes (3 MB at most)"; exit 1; }
echo "soak's HTML page: $size bytes"
a=$(find "$out/run1" -name soak.wav | head -1)
b=$(find "$out/run2" -name soak.wav | head -1)
[ -n "$a" ] && [ -n "$b" ] || { echo "FAIL: no soak.wav output"; exit 1; }
cmp "$a" "$b" || { echo "FAIL: the rerun's output differs"; exit 1; }
echo "PASS: $name twice, identical output ($(stat -c %s "$a") bytes)"
