#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# `dspsim play --pipeline A,B,C` chains and `--save-case FILE.yaml`
# (docs/cli.md, issue 12): qualified and unqualified --set keys, the error
# paths (exit 2, message naming what was typed), and a saved case that
# `dspsim run` turns into the same OUT.wav, byte for byte.
#   play_chain.sh DSPSIM WORK_DIR
# Exits 77 (skipped) without sox.
set -u
. "$(dirname "$0")/../cli/lib_expect.sh"
DSPSIM=$1 WORK=$2
command -v sox >/dev/null || { echo "SKIP: sox not installed"; exit 77; }
case $DSPSIM in /*) ;; *) DSPSIM=$PWD/$DSPSIM ;; esac
rm -rf "$WORK" && mkdir -p "$WORK" || exit 2
cd "$WORK" || exit 2
play() { "$DSPSIM" play "$@" --artifacts art; }

sox -D -n -r 48000 -c 2 -b 16 in.wav synth 4800s sine 997 vol 0.5

# a chain: src, eq_iir, volume; qualified and unqualified keys
expect_rc 0 "chain" -- play in.wav chain.wav --pipeline src,eq_iir,volume \
    --set src.out_rate=44100 --set volume.gain_db=-3 --set type=lowpass \
    --set freq_hz=5000 --save-case saved.yaml
has out "PASS in.wav (play src,eq_iir,volume)" "chain summary"
has out "p1.2 src" "chain: src first"
has out "p1.4 volume" "chain: volume third"
has out "case saved: saved.yaml" "--save-case said"
[ "$(soxi -r chain.wav)" = 44100 ] || fail "chain: rate $(soxi -r chain.wav)"
[ "$(soxi -s chain.wav)" = 4410 ] || fail "chain: $(soxi -s chain.wav) frames, want 4410"
# the saved case: dspsim run gives the same bytes, dspsim test passes it
[ -f saved.yaml ] || fail "--save-case wrote nothing"
has saved.yaml "align_outputs: true" "saved case aligned"
has saved.yaml "out_rate: 44100" "saved case keys"
has saved.yaml "input: \"$PWD/in.wav\"" "saved case input absolute"
expect_rc 0 "run the saved case" -- "$DSPSIM" run saved.yaml --out-dir runout -q
cmp -s runout/chain.wav chain.wav || fail "dspsim run saved.yaml: output differs from play's"
mkdir -p elsewhere && cp saved.yaml elsewhere/ && (cd elsewhere &&
    "$DSPSIM" test saved.yaml --out-dir tout --no-progress >out 2>&1) ||
    fail "dspsim test on the saved case from another directory"

# a chain's order: eq_fir with the single tap 1, then volume -6 dB, is
# volume -6 dB alone, bit for bit
expect_rc 0 "eq_fir,volume" -- play in.wav a.wav --pipeline eq_fir,volume \
    --set taps=1 --set gain_db=-6
expect_rc 0 "volume" -- play in.wav b.wav --set gain_db=-6
cmp -s a.wav b.wav || fail "eq_fir taps=1 then volume -6 dB differs from volume -6 dB"

# --raw is saved too: the run keeps the board's latency, as play --raw
expect_rc 0 "raw save" -- play in.wav raw.wav --raw --set gain_db=-6 --save-case raw.yaml
grep -q "align_outputs" raw.yaml && fail "--raw: the saved case aligns"
expect_rc 0 "run raw case" -- "$DSPSIM" run raw.yaml --out-dir rawout -q
cmp -s rawout/raw.wav raw.wav || fail "--raw: dspsim run output differs from play's"

# errors: exit 2, the message names what was typed, nothing written
expect_rc 2 "ambiguous key" -- play in.wav x.wav --pipeline volume,eq_iir --set gain_db=-3
has err "dspsim play: --set gain_db=-3: more than one component of the pipeline takes 'gain_db': write volume.gain_db or eq_iir.gain_db" "ambiguous key"
expect_rc 2 "key of no component" -- play in.wav x.wav --pipeline volume,eq_iir --set out_rate=16000
has err "dspsim play: --set out_rate=16000: no component of the pipeline (volume,eq_iir) takes 'out_rate'" "key of no component"
expect_rc 2 "component not in the chain" -- play in.wav x.wav --pipeline volume,eq_iir --set src.out_rate=16000
has err "dspsim play: --set 'src.out_rate=16000': 'src' is not a component of the pipeline (volume,eq_iir)" "component not in the chain"
expect_rc 2 "unknown component" -- play in.wav x.wav --pipeline volume,reverb
has err "dspsim play: --pipeline volume,reverb: unknown component 'reverb'" "unknown component"
expect_rc 2 "empty component" -- play in.wav x.wav --pipeline volume,
has err "unknown component ''" "empty component"
expect_rc 2 "twice" -- play in.wav x.wav --pipeline volume,volume
has err "dspsim play: --pipeline volume,volume: 'volume' twice" "twice"
expect_rc 2 "mixer not first" -- play in.wav in.wav x.wav --pipeline volume,mixer
has err "the mixer can only come first" "mixer not first"
expect_rc 2 "too long" -- play in.wav x.wav --pipeline volume,eq_iir,eq_fir,src,mixer
has err "dspsim play: --pipeline volume,eq_iir,eq_fir,src,mixer:" "too long"
expect_rc 2 "qualified bad value" -- play in.wav x.wav --pipeline volume,eq_iir --set volume.gain_db=50
has err "dspsim play: --set volume.gain_db=50: 50 is out of range" "qualified bad value"
expect_rc 2 "--save-case onto the input" -- play in.wav x.wav --save-case in.wav
has err "dspsim play:" "--save-case onto the input"
mkdir -p adir
expect_rc 2 "--save-case a directory" -- play in.wav x.wav --save-case adir
expect_rc 2 "--save-case = OUT" -- play in.wav x.wav --save-case x.wav
has err "dspsim play: --save-case x.wav: the same file as the output" "--save-case = OUT"
expect_rc 2 "--save-case without a name" -- play in.wav x.wav --save-case=
has err "dspsim play: --save-case needs a file name" "--save-case without a name"
# a run the firmware refuses writes neither OUT nor the case
expect_rc 2 "refused run" -- play in.wav x.wav --set gain_db=20 --save-case refused.yaml
[ -e refused.yaml ] && fail "a refused run saved its case"
[ -e x.wav ] && fail "a failed run wrote OUT"

[ $fails -eq 0 ] && echo "all chain and --save-case checks passed"
exit $((fails > 0))
