#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# `dspsim play --pipeline src --set src.quality=high` (issue 12): a 24-bit
# 997 Hz -1 dBFS stereo sine, 1 s, at 48 -> 44.1, 44.1 -> 48, 96 -> 48,
# 48 -> 96, 48 -> 32, 44.1 -> 16 and 8 -> 44.1 kHz, default and high: exit
# 0, no deadline misses (quality=high runs on the clock play picks), THD+N
# by the harness's metric (tools/wav_thdn) <= -100 dB for quality=high
# (docs/components.md) and >= 9 dB better than the default; quality=default gives the bytes of no key; a
# bad value is exit 2 naming it; --save-case keeps the key and `dspsim
# run` on the saved case gives the same bytes.
#   play_src_hq.sh DSPSIM WAV_THDN WORK_DIR
# Exits 77 (skipped) without sox.
set -u
DSPSIM=$1 THDN=$2 WORK=$3
command -v sox >/dev/null || { echo "SKIP: sox not installed"; exit 77; }
case $DSPSIM in /*) ;; *) DSPSIM=$PWD/$DSPSIM ;; esac
case $THDN in /*) ;; *) THDN=$PWD/$THDN ;; esac
rm -rf "$WORK" && mkdir -p "$WORK" || exit 2
cd "$WORK" || exit 2
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
for r in 48000 44100 96000 8000; do
    sox -n -r $r -c 2 -b 24 in$r.wav synth 1 sine 997 vol -1dB || exit 2
done
# in out limit(dB) for quality=high
while read -r a b lim; do
    for q in default high; do
        "$DSPSIM" play in$a.wav o$q.wav --pipeline src --set src.out_rate=$b \
            --set src.quality=$q --artifacts art >out$q 2>&1 ||
            { fail "$a -> $b $q: exit $?"; sed 's/^/  | /' out$q; continue; }
        grep -q "^deadline misses: 0$" out$q ||
            fail "$a -> $b $q: $(grep 'deadline misses' out$q)"
        t=$("$THDN" o$q.wav 997) || fail "$a -> $b $q: wav_thdn: $t"
        eval "t_$q=\${t#thdn }"
        echo "$a -> $b quality=$q: THD+N ${t#thdn } dB," \
             "$(grep -o 'p1.2 src: .*' out$q), $(grep -o 'worst period load.*' out$q)" \
             "$(grep -o '^core clock: [0-9]* MHz' out$q)"
    done
    awk -v h="$t_high" -v d="$t_default" -v l="$lim" \
        'BEGIN { exit !(h <= l && h <= d - 9) }' ||
        fail "$a -> $b: THD+N high $t_high dB, default $t_default dB (limit $lim)"
done <<'PAIRS'
48000 44100 -100
44100 48000 -100
96000 48000 -100
48000 96000 -100
48000 32000 -100
44100 16000 -100
8000 44100 -100
PAIRS
# quality=default is the default
"$DSPSIM" play in48000.wav d1.wav --pipeline src --set out_rate=44100 \
    --artifacts art >/dev/null 2>&1 || fail "no quality key: exit $?"
"$DSPSIM" play in48000.wav d2.wav --pipeline src --set out_rate=44100 \
    --set quality=default --artifacts art >/dev/null 2>&1 ||
    fail "quality=default: exit $?"
cmp -s d1.wav d2.wav || fail "quality=default differs from no key"
# a bad value: exit 2, named
"$DSPSIM" play in48000.wav bad.wav --pipeline src --set out_rate=44100 \
    --set src.quality=best --artifacts art >out 2>err
rc=$?
[ $rc -eq 2 ] || fail "quality=best: exit $rc, want 2"
grep -q "quality" err && grep -q "best" err ||
    { fail "quality=best: the message names neither key nor value"; cat err; }
[ -e bad.wav ] && fail "quality=best: wrote bad.wav"
# --save-case round trip
"$DSPSIM" play in48000.wav s.wav --pipeline src --set out_rate=44100 \
    --set quality=high --save-case saved.yaml --artifacts art >/dev/null 2>&1 ||
    fail "save-case run: exit $?"
grep -q "quality: high" saved.yaml || fail "saved case lost quality: high"
"$DSPSIM" run saved.yaml --out-dir runout -q >/dev/null 2>&1 ||
    fail "dspsim run saved.yaml: exit $?"
cmp -s runout/s.wav s.wav || fail "dspsim run saved.yaml: output differs from play's"
echo "$fails failures"
[ $fails -eq 0 ]
