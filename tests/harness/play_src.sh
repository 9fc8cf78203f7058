#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# `dspsim play --pipeline src` for every pair of the twelve rates (issue
# 12): exit 0, no deadline misses (a pair the default 160 MHz core cannot
# carry runs on the clock play picks and says so), the output frames
# round(frames x out / in), and the SRC's group delay removed: a 997 Hz
# sine in and out line up within one sample (sine_lag).
#   play_src.sh DSPSIM SINE_LAG WORK_DIR [STRIDE]
# STRIDE n runs every nth pair only (the sanitizer build: the same host
# code at a fraction of the time; the optimised build runs them all).
# Exits 77 (skipped) without sox.
set -u
DSPSIM=$1 LAG=$2 WORK=$3 STRIDE=${4:-1}
command -v sox >/dev/null || { echo "SKIP: sox not installed"; exit 77; }
case $DSPSIM in /*) ;; *) DSPSIM=$PWD/$DSPSIM ;; esac
case $LAG in /*) ;; *) LAG=$PWD/$LAG ;; esac
rm -rf "$WORK" && mkdir -p "$WORK" || exit 2
cd "$WORK" || exit 2
rates="8000 11025 16000 22050 24000 32000 44100 48000 88200 96000 176400 192000"
for r in $rates; do
    sox -n -r $r -c 2 -b 16 in$r.wav synth 0.06 sine 997 vol 0.89 || exit 2
done
fails=0 n=0 fast=0 i=0
for a in $rates; do
    frames=$(soxi -s in$a.wav)
    for b in $rates; do
        [ $a = $b ] && continue
        i=$((i + 1))
        [ $(((i - 1) % STRIDE)) -eq 0 ] || continue
        n=$((n + 1))
        "$DSPSIM" play in$a.wav o$a-$b.wav --pipeline src --set out_rate=$b \
            --artifacts art$a-$b >out 2>err
        rc=$?
        what="$a -> $b"
        if [ $rc -ne 0 ]; then
            echo "FAIL $what: exit $rc"; sed 's/^/  | /' out err
            fails=$((fails + 1)); continue
        fi
        grep -q "^xruns: 0$" out ||
            { echo "FAIL $what: $(grep "^xruns" out)"; fails=$((fails + 1)); }
        grep -q "^deadline misses: 0$" out ||
            { echo "FAIL $what: $(grep 'deadline misses' out)"; fails=$((fails + 1)); }
        grep -q "^core clock:" out && fast=$((fast + 1))
        want=$(( (frames * b + a / 2) / a ))
        got=$(soxi -s o$a-$b.wav)
        [ "$got" = "$want" ] ||
            { echo "FAIL $what: $got frames, want $want"; fails=$((fails + 1)); }
        lag=$("$LAG" in$a.wav o$a-$b.wav 997 2>&1) ||
            { echo "FAIL $what: $lag"; fails=$((fails + 1)); }
        echo "$what: $(grep -o 'worst period load.*' out), $lag" \
             "$(grep -o '^core clock: [0-9]* MHz' out)"
        rm -rf o$a-$b.wav art$a-$b
    done
done
# a pair the default clock cannot carry: the clock is said; --cpu-mhz
# keeps the user's clock (and 160 MHz misses deadlines there)
"$DSPSIM" play in192000.wav o.wav --pipeline src --set out_rate=176400 \
    --artifacts art >out 2>&1
grep -q "^core clock: 400 MHz (SRC 192000 -> 176400 Hz" out ||
    { echo "FAIL: no core clock line"; cat out; fails=$((fails + 1)); }
"$DSPSIM" play in192000.wav o.wav --pipeline src --set out_rate=176400 \
    --cpu-mhz 160 --artifacts art >out 2>&1
grep -q "^core clock" out && { echo "FAIL: --cpu-mhz 160 still picked a clock"; fails=$((fails + 1)); }
grep -q "(160000000 Hz)" out || { echo "FAIL: --cpu-mhz 160 not used"; fails=$((fails + 1)); }
grep -q "^deadline misses: 0$" out &&
    { echo "FAIL: 192 -> 176.4 kHz at 160 MHz shows no misses"; fails=$((fails + 1)); }
echo "$n pairs, $fast on a faster core, $fails failures"
[ $n -eq $(((132 + STRIDE - 1) / STRIDE)) ] || fails=$((fails + 1))
[ $fails -eq 0 ]
