#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# Bounded memory for long runs (issue 14, docs/harness.md "Outputs and
# memory"): a tone case of 45 s of simulated audio, 8 channels at 96 kHz
# into a 32-bit port, makes 138 MB of output (4.3 M frames of 32 bytes);
# `dspsim run` must pass (length and level measured from the spool),
# write all of it, and report a peak resident memory ("host peak memory"
# of the summary, getrusage) under BOUND_KIB, which a run that kept the
# output in memory (the output alone: 135,000 KiB) cannot meet.  Then a
# snapshot in the middle of a shorter run of the same case is resumed:
# the output so far goes through the snapshot and back into a spool,
# same bytes as the whole run.  A spool that cannot be written is an
# ERROR that names the output.  Inputs are read a window at a time:
# `play`'s peak is the same for 1 s and 21 s of input (with sox).
#   memory_bound.sh DSPSIM WORK
set -u
. "$(dirname "$0")/../cli/lib_expect.sh"
DSPSIM=$1 WORK=$2
BOUND_KIB=98304                 # 96 MiB
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || exit 2

# case MS FILE: the tone case running MS ms
case_file() {
    cat >"$2" <<EOF
name: long tone $1 ms, 8 channels at 96 kHz
pipelines:
  - id: 1
    period_us: 1000
    components:
      - {id: tone1, type: tone, freq_hz: 997, level_dbfs: -20, channels: 8, rate: 96000}
      - {id: dai1, type: dai, port: ssp0}
    connect: [[tone1, dai1]]
ports:
  ssp0: {rate: 96000, channels: 8, format: s32, output: tone.wav}
duration_ms: $1
expect:
  ssp0:
    skip_ms: 10
    level_dbfs: {value: -20, tolerance: 0.05}
    length: {ms: $1, tolerance: 512}
  xruns: 0
  deadlines: {missed: 0}
EOF
}

case_file 45000 long.yaml
"$DSPSIM" run long.yaml --out-dir long >long.out 2>long.err
rc=$?
if [ $rc != 0 ]; then
    fail "45 s run: exit $rc"; sed 's/^/  | /' long.out long.err
else
    peak=$(sed -n 's/^host peak memory: \([0-9]*\) KiB$/\1/p' long.out)
    bytes=$(stat -c %s long/tone.wav 2>/dev/null || echo 0)
    # 45 s at 96 kHz, 8 x 4 bytes, within the length tolerance
    min=$(( (45 * 96000 - 512) * 32 ))
    [ "$bytes" -ge "$min" ] ||
        fail "tone.wav has $bytes bytes, fewer than $min"
    if [ -z "$peak" ]; then
        fail "no 'host peak memory' line in the summary"
    elif [ "$peak" -ge "$BOUND_KIB" ]; then
        fail "peak resident memory $peak KiB, bound $BOUND_KIB KiB"
    else
        echo "45 s run: $bytes bytes of output, peak memory $peak KiB" \
             "(bound $BOUND_KIB KiB)"
    fi
    ls -a long | grep -q '^\.dspsim-spool' &&
        fail "a spool file was left in the output directory"
fi
rm -rf long                     # 138 MB

# a snapshot at 1 s of a 3 s run: the resumed run's output is the same
case_file 3000 short.yaml
"$DSPSIM" run short.yaml --out-dir whole -q >whole.out 2>&1 ||
    fail "3 s run: $(cat whole.out)"
"$DSPSIM" run short.yaml --out-dir snap -q --snapshot-at 160000000 \
    mid.snap >snap.out 2>&1 || fail "3 s run with a snapshot: $(cat snap.out)"
"$DSPSIM" run short.yaml --out-dir resumed -q --restore mid.snap \
    >resumed.out 2>&1 || fail "resumed run: $(cat resumed.out)"
for d in snap resumed; do
    cmp -s whole/tone.wav $d/tone.wav ||
        fail "$d: tone.wav differs from the whole run's"
done
# the snapshot holds the output so far: at least 1 s of it
snap_bytes=$(stat -c %s mid.snap 2>/dev/null || echo 0)
[ "$snap_bytes" -ge $((96000 * 32)) ] ||
    fail "the snapshot has $snap_bytes bytes, less than 1 s of output"

# a spool that cannot be written (a file size limit, SIGXFSZ ignored so
# the write fails with EFBIG): an ERROR naming the output and the reason,
# no partial output file
( trap '' XFSZ; ulimit -f 1000
  "$DSPSIM" run short.yaml --out-dir efbig >efbig.out 2>&1 )
rc=$?
[ $rc = 1 ] || fail "spool write error: exit $rc, expected 1"
grep -q "^ERROR .*output 'ssp0': writing its spool file after [0-9]* frames: File too large" efbig.out ||
    { fail "spool write error: no clear message"; sed 's/^/  | /' efbig.out; }
[ -e efbig/tone.wav ] && fail "spool write error: a partial tone.wav was left"

# inputs too: read a window at a time, so `play`'s peak does not grow
# with the input's length (20 s more of 48 kHz stereo held whole would be
# 7.3 MiB of Q1.31); the interpreter, so that no translation loads
if command -v sox >/dev/null; then
    sox -n -r 48000 -c 2 -b 16 in1.wav synth 1 sine 997 vol 0.5
    sox -n -r 48000 -c 2 -b 16 in21.wav synth 21 sine 997 vol 0.5
    "$DSPSIM" play in1.wav o1.wav --engine interp >p1.out 2>&1 ||
        fail "play 1 s: exit $?"
    "$DSPSIM" play in21.wav o21.wav --engine interp >p21.out 2>&1 ||
        fail "play 21 s: exit $?"
    m1=$(awk '/^host peak memory:/ { print $4 }' p1.out)
    m21=$(awk '/^host peak memory:/ { print $4 }' p21.out)
    [ -n "$m1" ] && [ -n "$m21" ] && [ "$m21" -lt $((m1 + 2048)) ] ||
        fail "play: peak memory ${m1:-?} KiB for 1 s of input, ${m21:-?} KiB for 21 s"
fi

[ $fails = 0 ] && echo "memory_bound: all checks passed"
exit $((fails != 0))
