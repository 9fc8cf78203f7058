#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# `dspsim play` keeps every input frame, aligned (docs/cli.md): at 0 dB
# the output WAV is byte-identical to the input (same canonical 44-byte
# header, every sample, no latency, no tail) for input lengths of every
# remainder modulo the period (spread over 0..2 whole periods), 1, 2 and
# 3 periods, and lengths that once failed, at 44.1, 48 and 96 kHz (and
# 16 kHz).  The period is 1 ms: 48 or 96 frames, 44 or 45 at 44.1 kHz.
#   play_frames.sh DSPSIM WORK_DIR [STRIDE]
# STRIDE n checks every nth remainder only (the sanitizer build); the
# whole periods and the lengths that once failed always run.
# Exits 77 (skipped) without sox (it makes the noise).
set -u
DSPSIM=$1 WORK=$2 STRIDE=${3:-1}
command -v sox >/dev/null || { echo "SKIP: sox not installed"; exit 77; }
case $DSPSIM in /*) ;; *) DSPSIM=$PWD/$DSPSIM ;; esac
rm -rf "$WORK" && mkdir -p "$WORK" || exit 2
cd "$WORK" || exit 2

le16() {        # little-endian bytes, no subshell
    local e; printf -v e '\\x%02x\\x%02x' $(($1 & 255)) $(($1 >> 8 & 255))
    printf "$e"
}
le32() { le16 $(($1 & 65535)); le16 $(($1 >> 16 & 65535)); }
wav() {         # RATE FRAMES OUT: s16 stereo noise, canonical header
    local rate=$1 bytes=$(($2 * 4))
    { printf 'RIFF'; le32 $((36 + bytes)); printf 'WAVEfmt '; le32 16
      le16 1; le16 2; le32 "$rate"; le32 $((rate * 4)); le16 4; le16 16
      printf 'data'; le32 "$bytes"; head -c "$bytes" "noise$rate.raw"; } >"$3"
}

fails=0 runs=0
check() {       # RATE FRAMES
    local rate=$1 n=$2
    wav "$rate" "$n" in.wav
    runs=$((runs + 1))
    "$DSPSIM" play in.wav out.wav --artifacts art >log 2>&1
    local rc=$?
    if [ $rc -ne 0 ]; then
        echo "FAIL $rate Hz, $n frames: exit $rc"; sed 's/^/  | /' log
        fails=$((fails + 1))
    elif ! cmp -s in.wav out.wav; then
        echo "FAIL $rate Hz, $n frames: output differs from the input" \
             "($(stat -c %s out.wav) bytes, want $(stat -c %s in.wav))"
        fails=$((fails + 1))
    elif ! grep -q "^latency removed: [1-9][0-9]* frames" log; then
        echo "FAIL $rate Hz, $n frames: no latency line"; fails=$((fails + 1))
    fi
    rm -f out.wav
}

for rate in 16000 44100 48000 96000; do
    p=$(((rate + 999) / 1000))          # frames of the largest period
    sox -R -n -r "$rate" -c 2 -b 16 -t raw "noise$rate.raw" \
        synth 1200s whitenoise vol 0.5 2>/dev/null || exit 2
done
for rate in 44100 48000 96000; do
    p=$(((rate + 999) / 1000))
    for r in $(seq 1 "$STRIDE" $((p - 1))); do
        check "$rate" $((r + p * (r % 3)))
    done
    for k in 1 2 3; do check "$rate" $((k * p)); done
done
# lengths that once ended in "the trace shows N jobs, the firmware's
# statistics ..." (issue 12)
for n in 168 184; do check 16000 "$n"; done
for n in 465 509 441 442; do check 44100 "$n"; done
for n in 506 507 26 27; do check 48000 "$n"; done
for n in 1021 1022 1023 1117 1118 1119; do check 96000 "$n"; done

[ $fails -eq 0 ] && echo "PASS play_frames ($runs lengths)" && exit 0
echo "$fails of $runs lengths failed"
exit 1
