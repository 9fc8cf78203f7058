#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# The audio firmware playing WAVs on the board through the harness, once
# on the reference interpreter and once on the fast engine (translating
# eagerly, in the foreground): the outputs must be byte-identical and the
# summaries must give the same cycles, MCPS, worst period, misses and
# xruns; the fast run must have run translated code.  The translator
# keeps its default sampling (what users run); its compile level comes
# from the environment (DSPSIM_XLATE_OPT, -O0 in the test suite).
#   play_engines.sh DSPSIM FW_AUDIO.elf
set -u
dspsim=$1 fw=$2
[ -x "$dspsim" ] || { echo "play_engines.sh: SKIP: $dspsim not built"; exit 77; }
command -v sox >/dev/null || { echo "play_engines.sh: sox is missing"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cache=${LOCKSTEP_CACHE:-$tmp/cache}
sox -n -r 48000 -c 2 -b 24 "$tmp/in.wav" synth 0.4 sine 997 vol 0.8 || exit 1
fail=0
run() {  # run NAME ENGINE PIPELINE SETS...
    local name=$1 engine=$2 pipe=$3
    shift 3
    local sets=()
    for s in "$@"; do sets+=(--set "$s"); done
    DSPSIM_CACHE_DIR=$cache DSPSIM_XLATE_SYNC=1 DSPSIM_XLATE_DEBUG=1 \
        "$dspsim" play "$tmp/in.wav" "$tmp/$name.wav" --pipeline "$pipe" \
        "${sets[@]}" --engine "$engine" --firmware "$fw" \
        --artifacts "$tmp/art_$name" >"$tmp/$name.out" 2>"$tmp/$name.err"
}
for p in "volume gain_db=-6" "eq_iir type=peaking freq_hz=1000 q=0.7 gain_db=6" \
         "src out_rate=44100"; do
    set -- $p
    pipe=$1
    shift
    run "${pipe}_interp" interp "$pipe" "$@" || { echo "FAIL: $pipe interp run"; cat "$tmp/${pipe}_interp.err"; fail=1; continue; }
    run "${pipe}_fast" fast "$pipe" "$@" || { echo "FAIL: $pipe fast run"; cat "$tmp/${pipe}_fast.err"; fail=1; continue; }
    if ! cmp "$tmp/${pipe}_interp.wav" "$tmp/${pipe}_fast.wav"; then
        echo "FAIL: $pipe: the outputs differ"; fail=1
    fi
    for key in "simulated cycles" "MCPS" "worst period load" "deadline misses" "xruns"; do
        a=$(grep "^$key" "$tmp/${pipe}_interp.out")
        b=$(grep "^$key" "$tmp/${pipe}_fast.out")
        if [ -z "$a" ] || [ "$a" != "$b" ]; then
            echo "FAIL: $pipe: '$key' differs: interp '$a', fast '$b'"; fail=1
        fi
    done
    line=$(grep 'of [0-9]* instructions,' "$tmp/${pipe}_fast.err" | tail -1)
    n=$(echo "$line" | sed -n 's/.* \([0-9][0-9]*\) of [0-9]* instructions,.*/\1/p')
    if [ -z "$n" ] || [ "$n" -eq 0 ]; then
        echo "FAIL: $pipe: the fast engine ran no translated code ($line)"; fail=1
    else
        echo "$pipe: same output and figures; $line"
    fi
done
[ $fail -eq 0 ] && echo "play_engines.sh: PASS"
exit $fail
