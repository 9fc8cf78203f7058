#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# Quiet time (docs/board.md, DMA timing) changes how the simulator carries
# out SSP ticks and DMA bursts while the firmware idles, never what
# happens: with it on (the default) and off (DSPSIM_BOARD_QUIET=0) the
# same playback through three pipelines, a capture case, an injected
# overrun and an audio clock step give the same output bytes, summaries (cycles, MCPS,
# worst period, misses, xruns), firmware logs and timelines (every DMA
# burst, IRQ and marker with its cycle).  Without a timeline (no DMA
# observer) the SSP and DMA also stream whole runs of ticks while the
# firmware idles: plays without --timeline check that too.
#   play_quiet.sh DSPSIM CASES_DIR WORK_DIR
# Exits 77 (skipped) without sox.
set -u
DSPSIM=$1 CASES=$2 WORK=$3
command -v sox >/dev/null || { echo "SKIP: sox not installed"; exit 77; }
case $DSPSIM in /*) ;; *) DSPSIM=$PWD/$DSPSIM ;; esac
case $CASES in /*) ;; *) CASES=$PWD/$CASES ;; esac
rm -rf "$WORK" && mkdir -p "$WORK" || exit 2
cd "$WORK" || exit 2
sox -n -r 48000 -c 2 -b 24 in.wav synth 0.3 sine 997 vol 0.8 || exit 2
fails=0
same() {  # NAME: the two runs' files agree
    local n=$1 f
    for f in out.wav summary timeline.json art/firmware.log; do
        [ -e "on_$n/$f" ] || [ -e "off_$n/$f" ] || continue
        cmp -s "on_$n/$f" "off_$n/$f" ||
            { echo "FAIL $n: $f differs with quiet time on and off"; fails=$((fails + 1)); }
    done
}
play() {  # NAME ARGS...: both ways (a NAME ending in _bare: no timeline)
    local n=$1 q
    shift
    for q in on off; do
        mkdir -p "${q}_$n"
        env $([ $q = off ] && echo DSPSIM_BOARD_QUIET=0) \
            "$DSPSIM" play in.wav "${q}_$n/out.wav" "$@" \
            $(case $n in *_bare) ;; *) echo --timeline "${q}_$n/timeline.json" ;; esac) \
            --artifacts "${q}_$n/art" \
            >"${q}_$n/log" 2>&1 ||
            { echo "FAIL $n ($q): exit $?"; sed 's/^/  | /' "${q}_$n/log"; fails=$((fails + 1)); }
        # host-side figures apart: the host time and what the fast engine
        # translated (its pages and build times, not the results)
        grep -v -e '^real-time factor' -e '^host peak memory' -e '^artifacts' \
            "${q}_$n/log" | sed 's/^\(engine: [a-z]*\) (translated: .*/\1/' \
            >"${q}_$n/summary"
    done
    same "$n"
}
play volume --pipeline volume --set gain_db=-6
play src --pipeline src --set out_rate=44100
play eq --pipeline eq_iir --set type=peaking --set freq_hz=1000 --set q=0.7 --set gain_db=6
play volume_bare --pipeline volume --set gain_db=-6
play src_bare --pipeline src --set out_rate=44100
run() {  # NAME CASE: dspsim run both ways
    local n=$1 c=$CASES/$2 q
    for q in on off; do
        env $([ $q = off ] && echo DSPSIM_BOARD_QUIET=0) \
            "$DSPSIM" run "$c" --out-dir "${q}_$n" >"${q}_$n.log" 2>&1
        echo "exit $?" >>"${q}_$n.log"
        [ -d "${q}_$n" ] ||
            { echo "FAIL $n ($q): no output directory"; cat "${q}_$n.log"; fails=$((fails + 1)); return; }
        grep -v -e 'real-time factor' -e 'host peak memory' -e "${q}_$n" \
            "${q}_$n.log" | sed 's/^\(engine: [a-z]*\) (translated: .*/\1/' \
            >"${q}_$n/summary"
    done
    [ "$(ls "on_$n" | wc -l)" -gt 2 ] ||
        { echo "FAIL $n: $(ls "on_$n")"; fails=$((fails + 1)); }
    for f in $(cd "on_$n" && ls); do
        [ "$f" = report.html ] && continue # its host time (summary: filtered)
        cmp -s "on_$n/$f" "off_$n/$f" ||
            { echo "FAIL $n: $f differs with quiet time on and off"; fails=$((fails + 1)); }
    done
}
run capture capture.yaml
run overrun fault_ssp_overrun.yaml
run drift fault_clock_step.yaml
[ $fails -eq 0 ] && echo "PASS play_quiet: the same bytes, figures, logs and timelines" && exit 0
exit 1
