#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# EQ precision and headroom against sox (issue 12):
# - eq_fir taps keep their precision (the blob's shift as block exponent):
#   a 31-tap and a 128-tap windowed-sinc low-pass through `dspsim play`
#   are within 1 LSB of `sox fir` with the same taps, on 0.9 FS noise and
#   a 0.9 FS sine (16-bit);
# - eq_iir headroom from the worst-case gain (L1 norm): a peaking +12 dB
#   on a full-scale square through `dspsim play`, and a cascade of a
#   peaking +12 dB and a low-pass through `dspsim run`, clip once at the
#   output like sox filtering with 18 dB of headroom and clipping at the
#   end (`vol 0.125 ... vol 8`): within 2 LSB (the cascade within 1).
#   play_eq.sh DSPSIM WAV_DIFF WORK_DIR
# Exits 77 (skipped) without sox.
set -u
. "$(dirname "$0")/../cli/lib_expect.sh"
DSPSIM=$1 WAV_DIFF=$2 WORK=$3
command -v sox >/dev/null || { echo "SKIP: sox not installed"; exit 77; }
case $DSPSIM in /*) ;; *) DSPSIM=$PWD/$DSPSIM ;; esac
case $WAV_DIFF in /*) ;; *) WAV_DIFF=$PWD/$WAV_DIFF ;; esac
rm -rf "$WORK" && mkdir -p "$WORK" || exit 2
cd "$WORK" || exit 2
within() {      # MAX_LSB DESCRIPTION A.wav B.wav [SKIP]: |A - B| <= MAX
    local r; r=$("$WAV_DIFF" "$3" "$4" ${5:-}) || { fail "$2: wav_diff"; return; }
    echo "$2: $r"
    local m=${r#max }; m=${m%% *}
    [ "$m" -le "$1" ] || fail "$2: $r (limit $1 LSB)"
    case $r in *" 0 frames compared"*) fail "$2: nothing compared" ;; esac
}
play() { "$DSPSIM" play "$@" --artifacts art >/dev/null 2>play.err ||
         { fail "play $*: exit $?"; cat play.err; }; }

# taps: N-tap Hamming-windowed sinc low-pass, cutoff FC (fraction of fs)
taps() {
    awk -v N="$1" -v FC="$2" 'BEGIN { pi = atan2(0, -1); m = (N - 1) / 2
        for (i = 0; i < N; i++) { t = i - m
            h = t == 0 ? 2 * FC : sin(2 * pi * FC * t) / (pi * t)
            h *= 0.54 - 0.46 * cos(2 * pi * i / (N - 1))
            printf "%s%.9f", i ? "," : "", h }
        print "" }'
}
sox -D -R -n -r 48000 -c 2 -b 16 noise.wav synth 0.3 whitenoise vol 0.9
sox -D -n -r 48000 -c 2 -b 16 sine.wav synth 0.3 sine 997 vol 0.9
for spec in "31 0.1" "128 0.05"; do
    set -- $spec
    t=$(taps "$1" "$2")
    # sox fir puts out the filter advanced by (N - 1) / 2 samples
    adv=$(( ($1 - 1) / 2 ))
    for sig in noise sine; do
        play $sig.wav fir$1_$sig.wav --pipeline eq_fir --set "taps=$t"
        sox -D $sig.wav -b 16 ref$1_$sig.wav fir ${t//,/ }
        sox fir$1_$sig.wav fir$1_${sig}_adv.wav trim ${adv}s
        within 1 "eq_fir $1 taps, $sig, vs sox fir" fir$1_${sig}_adv.wav \
            ref$1_$sig.wav
    done
done
# the 0.1 taps of the issue: 0.9 FS DC through ten taps of 0.1 is 0.9 FS
sox -D -n -r 48000 -c 1 -b 16 dc.wav synth 0.05 sine 0 vol 0 dcshift 0.9 \
    2>/dev/null
play dc.wav fir_dc.wav --pipeline eq_fir --set taps=0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1
sox -D dc.wav -b 16 ref_dc.wav fir 0.1 0.1 0.1 0.1 0.1 0.1 0.1 0.1 0.1 0.1
sox fir_dc.wav fir_dc_adv.wav trim 4s
within 0 "eq_fir ten taps of 0.1 on 0.9 FS DC" fir_dc_adv.wav ref_dc.wav 20

# full-scale square: one boosting biquad, through play
sox -D -n -r 48000 -c 2 -b 16 square.wav synth 0.3 square 200 vol 1
for spec in "1000 1" "100 4" "200 0.7"; do
    set -- $spec
    play square.wav iir_$1.wav --pipeline eq_iir --set type=peaking \
        --set freq_hz=$1 --set q=$2 --set gain_db=12
    sox -D square.wav -b 16 ref_iir_$1.wav vol 0.125 equalizer $1 ${2}q 12 \
        vol 8 2>/dev/null
    within 2 "eq_iir peaking +12 dB $1 Hz Q $2 on a full-scale square" \
        iir_$1.wav ref_iir_$1.wav
done

# a cascade: peaking +12 dB, then a low-pass: no clipping between them
cat > cascade.yaml <<YAML
name: boost then low-pass on a full-scale square
pipelines:
  - id: 1
    period_us: 1000
    components:
      - {id: host1, type: host, stream: sq}
      - id: eq1
        type: eq_iir
        biquads:
          - {type: peaking, freq_hz: 200, q: 2, gain_db: 12}
          - {type: lowpass, freq_hz: 2000, q: 0.7071}
      - {id: dai1, type: dai, port: ssp0}
    connect: [[host1, eq1], [eq1, dai1]]
streams:
  sq: {input: square.wav, format: s16}
ports:
  ssp0: {rate: 48000, channels: 2, format: s16, output: cascade.wav}
duration_ms: 250
YAML
"$DSPSIM" run cascade.yaml --out-dir run -q >run.out 2>&1 ||
    { fail "run cascade.yaml: exit $?"; cat run.out; }
# the run's output starts with the board's latency: 96 frames
# (clipping between the two stages put it 40,446 LSB away)
sox -D square.wav -b 16 ref_cascade.wav vol 0.125 equalizer 200 2q 12 \
    lowpass -2 2000 0.7071q vol 8 pad 96s 2>/dev/null
within 1 "eq_iir cascade peaking +12 dB, low-pass, full-scale square" \
    run/cascade.wav ref_cascade.wav 96

[ $fails -eq 0 ] && echo "all EQ precision checks passed"
exit $((fails > 0))
