#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# `dspsim test` runs its cases in long-lived workers (harness/runner/
# run_pool.c): every case's results are the same as with a process per
# case (DSPSIM_TEST_WORKERS=0) whatever ran before it in its worker.  The
# vector suite and a failing copy of one of its cases (artifacts written)
# run two ways: one worker for every case (-j 1: each case after all the
# ones before it, in one process) and a process per case (-j 2); the
# console lines, the JSON and JUnit reports (host times and
# timestamps aside) and every byte of the cases' outputs (with --html's
# plot data) must be the same.  Each series on an empty cache.
#   test_workers.sh DSPSIM CASES_DIR WORK_DIR  (each case on its own image)
set -u
. "$(dirname "$0")/../cli/lib_expect.sh"
DSPSIM=$1 CASES=$2 WORK=$3
[ -d "$CASES" ] || { echo "SKIP: $CASES not found"; exit 77; }
case $DSPSIM in /*) ;; *) DSPSIM=$PWD/$DSPSIM ;; esac
CASES=$(cd "$CASES" && pwd) || exit 2
rm -rf "$WORK" && mkdir -p "$WORK/extra" && cd "$WORK" || exit 2
signals=$(cd "$CASES/../signals" && pwd) || exit 2
# a case that fails (gain -6 dB, expected -5): its outputs, diff and log
sed -e "s|\.\./signals/|$signals/|" -e 's/gain_db: {value: -6,/gain_db: {value: -5,/' \
    -e 's/^name: .*/name: volume gain expected wrong/' \
    "$CASES/volume_gain.yaml" >extra/volume_gain_wrong.yaml
grep -q 'value: -5' extra/volume_gain_wrong.yaml || fail "could not make the failing case"

run() { # run NAME -j N [ENV=VALUE...]: in directory NAME (the same paths)
    local name=$1 j=$2
    shift 2
    rm -rf "$name" && mkdir "$name" && ln -s ../extra "$name/extra" || exit 2
    (cd "$name" &&
        env "$@" DSPSIM_CACHE_DIR="$WORK/$name/cache" "$DSPSIM" test "$CASES" \
            extra -j "$j" --no-progress --out-dir out --json r.json \
            --junit r.xml --html html >out.txt 2>err.txt
        echo "rc $?" >>out.txt)
    sed 's/ ([0-9.]* s\(, shard [0-9/]*\)\?)$//' "$name/out.txt" >"$name.sum"
    # the reports without host seconds and timestamps
    grep -vE '^ *"(seconds|timestamp)": ' "$name/r.json" >"$name.json"
    sed -E 's/ (time|timestamp)="[^"]*"//g' "$name/r.xml" >"$name.xml"
}
run one 1
run percase 2 DSPSIM_TEST_WORKERS=0

expect "the failing case failed ($(grep -c '^FAIL' one/out.txt) FAIL lines)" \
    grep -q '^FAIL .*volume_gain_wrong.yaml' one/out.txt
expect "exit 1 (a case failed)" grep -qx 'rc 1' one/out.txt
expect "no case errored" [ "$(grep -c '^ERROR' one/out.txt)" -eq 0 ]
expect "the suite's other cases passed" \
    [ "$(grep -c '^PASS' one/out.txt)" -eq "$(find "$CASES" -name invalid -prune -o -name '*.yaml' -print | wc -l)" ]
expect "the failing case's artifacts were written" \
    [ -n "$(find one/out -path '*volume_gain_wrong*' -name firmware.log)" ]
for w in one; do
    if cmp -s "$w.sum" percase.sum; then
        ok "$w: same console lines and exit status as a process per case"
    else
        fail "$w: console lines differ:"; diff "$w.sum" percase.sum | head -n 20
    fi
    if cmp -s "$w.json" percase.json; then
        ok "$w: same JSON report"
    else
        fail "$w: JSON reports differ:"; diff "$w.json" percase.json | head -n 20
    fi
    if cmp -s "$w.xml" percase.xml; then
        ok "$w: same JUnit report"
    else
        fail "$w: JUnit reports differ:"; diff "$w.xml" percase.xml | head -n 20
    fi
    if diff -r "$w/out" percase/out >"$w.diff"; then
        ok "$w: same output bytes ($(find "$w/out" -type f | wc -l) files)"
    else
        fail "$w: outputs differ:"; head -n 20 "$w.diff"
    fi
done
[ $fails -eq 0 ] && echo "test_workers.sh: PASS"
exit $((fails > 0))
