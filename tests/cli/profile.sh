#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# --profile FILE (docs/profile.md): the callgrind profile of `dspsim exec`
# and `dspsim play` opens in callgrind_annotate without warnings, its
# exclusive cycles add up to the run's simulated cycles exactly, calls
# carry their inclusive cost, a known hot kernel tops it, and profiling
# changes neither the cycles nor the output.
# usage: profile.sh DSPSIM BENCH_MIXED_ELF FW_AUDIO_ELF CASE.yaml WORKDIR
set -euo pipefail
dspsim=$1 mixed=$2 fw=$3 case=$4 work=$5
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v callgrind_annotate >/dev/null || fail "callgrind_annotate missing (valgrind)"
command -v sox >/dev/null || fail "sox missing"

# sum of the exclusive costs (lines after calls= are inclusive call costs)
exclusive() {
    awk '/^calls=/ { skip = 1; next }
         /^[0-9]/ { if (skip) { skip = 0; next } c += $2; i += $3 }
         END { printf "%d %d\n", c, i }' "$1"
}
annotate_clean() {
    callgrind_annotate "$@" > "$work/annotate.txt" 2>&1 ||
        fail "callgrind_annotate failed on $1"
    if grep -qi "warning" "$work/annotate.txt"; then
        cat "$work/annotate.txt" >&2
        fail "callgrind_annotate warns about $1"
    fi
}

# 1. exec: a budget-stopped run of the mixed benchmark (calls, recursion)
set +e
"$dspsim" exec --stats --max-insns 3000000 --profile "$work/mixed.cg" "$mixed" \
    > /dev/null 2> "$work/mixed.err"
rc=$?
set -e
[ "$rc" = 124 ] || fail "exec: exit $rc, wanted 124 (budget)"
cycles=$(sed -n 's/.*"cycles":\([0-9]*\).*/\1/p' "$work/mixed.err" | head -1)
[ -n "$cycles" ] || fail "exec --stats printed no cycles"
read -r c i < <(exclusive "$work/mixed.cg")
[ "$c" = "$cycles" ] || fail "exec: exclusive cycles $c != simulated $cycles"
[ "$i" = 3000000 ] || fail "exec: exclusive instructions $i != 3000000"
annotate_clean "$work/mixed.cg"
grep -q "^cfn=main" "$work/mixed.cg" || fail "exec: no call to main"
grep -q "^cfn=quicksort" "$work/mixed.cg" || fail "exec: no call to quicksort"
# main's inclusive cost (its call from _start) plus _start's own = total
main_incl=$(awk '/^cfn=main$/ { getline; getline; print $2; exit }' "$work/mixed.cg")
start_excl=$(awk '/^fn=_start$/ { f = 1; next } /^fn=/ { f = 0 }
                  f && /^cfn=/ { f = 0 } f && /^[0-9]/ { s += $2 }
                  END { print s + 0 }' "$work/mixed.cg")
[ $((main_incl + start_excl)) = "$cycles" ] ||
    fail "exec: main inclusive $main_incl + _start $start_excl != $cycles"
# the same cycles without the profile (a profile never changes them)
set +e
"$dspsim" exec --stats --max-insns 3000000 "$mixed" > /dev/null 2> "$work/plain.err"
set -e
plain=$(sed -n 's/.*"cycles":\([0-9]*\).*/\1/p' "$work/plain.err" | head -1)
[ "$plain" = "$cycles" ] || fail "exec: $plain cycles unprofiled, $cycles profiled"

# 2. play through a 31-tap FIR: the FIR kernel tops the busy functions
sox -n -r 48000 -c 2 -b 16 "$work/in.wav" synth 0.3 sine 997 vol 0.5
taps=$(printf '0.03%.0s,' $(seq 31)); taps=${taps%,}
"$dspsim" play "$work/in.wav" "$work/plain.wav" --pipeline eq_fir \
    --set "taps=$taps" --artifacts "$work/a1" > "$work/plain.txt"
"$dspsim" play "$work/in.wav" "$work/prof.wav" --pipeline eq_fir \
    --set "taps=$taps" --artifacts "$work/a2" --profile "$work/play.cg" \
    > "$work/prof.txt"
cmp -s "$work/plain.wav" "$work/prof.wav" || fail "play: output differs when profiled"
pc=$(sed -n 's/^simulated cycles: \([0-9]*\).*/\1/p' "$work/prof.txt")
uc=$(sed -n 's/^simulated cycles: \([0-9]*\).*/\1/p' "$work/plain.txt")
[ -n "$pc" ] && [ "$pc" = "$uc" ] || fail "play: cycles $uc unprofiled, $pc profiled"
read -r c i < <(exclusive "$work/play.cg")
[ "$c" = "$pc" ] || fail "play: exclusive cycles $c != simulated $pc"
annotate_clean "$work/play.cg"
top=$(awk '/file:function/ { t = 1; next } t && NF >= 5 && $0 !~ /arch_idle/ {
               sub(/.*:/, "", $NF); print $NF; exit }' "$work/annotate.txt")
[ "$top" = fir_process_q1_31 ] || fail "play: busiest function is '$top', not the FIR kernel"
grep -q "^fn=<interrupt level 1>" "$work/play.cg" ||
    fail "play: interrupts have no entry of their own"
# the summary's share of each component: the FIR the largest, the shares
# within the pipeline's MCPS
awk '/^MCPS:/ { total = $2 }
     /^  p[0-9]+\.[0-9]+ [a-z_]+: / { sub(/:$/, "", $2); m = $3 + 0; sum += m
                                      if (m > best) { best = m; who = $2 } }
     END { if (who != "eq_fir" || sum > total + 0.01 || sum < total / 2) {
               printf "components: top %s, sum %.3f of %.3f MCPS\n", who, sum, total
               exit 1 } }' "$work/prof.txt" ||
    fail "play: per-component MCPS wrong (see above)"

# 3. board (a cycle budget) and run (a vector case): the sums again
set +e
"$dspsim" board --stats --max-cycles 5000000 --profile "$work/board.cg" "$fw" \
    > /dev/null 2> "$work/board.err"
rc=$?
set -e
[ "$rc" = 124 ] || fail "board: exit $rc, wanted 124 (budget)"
read -r c i < <(exclusive "$work/board.cg")
[ "$c" = 5000000 ] || fail "board: exclusive cycles $c != 5000000"
annotate_clean "$work/board.cg"
"$dspsim" run "$case" --out-dir "$work/run" --profile "$work/run.cg" \
    > "$work/run.txt"
rc_cycles=$(sed -n 's/^simulated cycles: \([0-9]*\).*/\1/p' "$work/run.txt")
read -r c i < <(exclusive "$work/run.cg")
[ -n "$rc_cycles" ] && [ "$c" = "$rc_cycles" ] ||
    fail "run: exclusive cycles $c != simulated $rc_cycles"
annotate_clean "$work/run.cg"

# 4. an output path that cannot be written: refused before the run
set +e
"$dspsim" play "$work/in.wav" "$work/x.wav" --artifacts "$work/a3" \
    --profile "$work/missing/dir/p.cg" > /dev/null 2> "$work/bad.err"
rc=$?
set -e
[ "$rc" = 2 ] || fail "play --profile in a missing directory: exit $rc, wanted 2"
[ ! -e "$work/x.wav" ] || fail "play ran although --profile is unwritable"
for sub in exec board; do
    set +e
    "$dspsim" "$sub" --profile "$work/missing/dir/p.cg" "$mixed" \
        > /dev/null 2> "$work/bad_$sub.err"
    rc=$?
    set -e
    [ "$rc" = 2 ] || fail "$sub --profile in a missing directory: exit $rc, wanted 2"
    grep -q "does not exist" "$work/bad_$sub.err" ||
        fail "$sub: no message naming the missing directory"
done
# a profile that would overwrite the program it profiles: refused
cp "$mixed" "$work/prog.elf"
set +e
"$dspsim" exec --profile "$work/prog.elf" "$work/prog.elf" > /dev/null 2>&1
rc=$?
set -e
[ "$rc" = 2 ] && cmp -s "$mixed" "$work/prog.elf" ||
    fail "exec --profile PROGRAM: exit $rc, or the program was overwritten"
echo "profile: ok"
