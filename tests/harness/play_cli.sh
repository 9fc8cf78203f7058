#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# `dspsim play` as a WAV tool (docs/cli.md, issue 12): the input's
# precision, output aligned with the input, safe writes, every argument
# checked before the run, errors in the user's terms; `run`/`test` refuse
# a bad firmware or output directory.
#   play_cli.sh DSPSIM WORK_DIR FAKE_FW_DIR
# (FAKE_FW_DIR: the stand-in firmware builds of tests/harness/guest)
# Exits 77 (skipped) without sox.
set -u
. "$(dirname "$0")/../cli/lib_expect.sh"
DSPSIM=$1 WORK=$2 FAKE=$3
command -v sox >/dev/null || { echo "SKIP: sox not installed"; exit 77; }
case $DSPSIM in /*) ;; *) DSPSIM=$PWD/$DSPSIM ;; esac
case $FAKE in /*) ;; *) FAKE=$PWD/$FAKE ;; esac
rm -rf "$WORK" && mkdir -p "$WORK" || exit 2
cd "$WORK" || exit 2
run() {         # WANT DESCRIPTION -- command...: and no internal file named
    expect_rc "$@"
    grep -q "play\.yaml" out err && fail "$2: names the internal case file"
}
same_pcm() {    # A.wav B.wav: the same samples (sox's raw decoding)
    sox "$1" -t raw a.raw && sox "$2" -t raw b.raw && cmp -s a.raw b.raw
}
play() { "$DSPSIM" play "$@" --artifacts art; }

sox -n -r 48000 -c 2 -b 24 in24.wav synth 0.25 sine 997 vol 0.9
sox -n -r 48000 -c 2 -b 32 in32.wav synth 12345s sine 997 vol 0.9
sox -R -n -r 44100 -c 2 -b 24 noise24.wav synth 4409s whitenoise vol 0.5
sox -n -r 44100 -c 1 -e floating-point -b 32 inf.wav synth 0.1 sine 1000 vol 0.9

# precision: a 0 dB pipeline keeps every bit of 24- and 32-bit input,
# aligned, with the input's frame count and bit depth
for f in in24 in32 noise24; do
    run 0 "play $f" -- play $f.wav out_$f.wav
    same_pcm $f.wav out_$f.wav || fail "$f: output samples differ from the input"
    [ "$(soxi -b out_$f.wav)" = "$(soxi -b $f.wav)" ] ||
        fail "$f: output is $(soxi -b out_$f.wav)-bit, input $(soxi -b $f.wav)-bit"
    [ "$(soxi -s out_$f.wav)" = "$(soxi -s $f.wav)" ] ||
        fail "$f: $(soxi -s out_$f.wav) frames out, $(soxi -s $f.wav) in"
done
# float input: an s32 stream, a 32-bit output holding the samples sox
# converts the floats to
run 0 "play float" -- play inf.wav out_f.wav
[ "$(soxi -b out_f.wav)" = 32 ] || fail "float: output is $(soxi -b out_f.wav)-bit"
sox -D inf.wav -b 32 -e signed inf_s32.wav
same_pcm inf_s32.wav out_f.wav || fail "float: output differs from the input at 32 bits"
# volume -6 dB at 24 bits stays 24-bit: not every sample's low byte is 0
run 0 "play -6 dB at 24 bits" -- play noise24.wav out_m6.wav --set gain_db=-6
sox out_m6.wav -t raw -e signed -b 32 m6.raw
od -An -v -t x1 -w4 m6.raw | awk '$1 != "00"' | grep -q . &&
    fail "-6 dB at 24 bits: samples of more than 24 bits"
od -An -v -t x1 -w4 m6.raw | awk '$2 != "00"' | grep -q . ||
    fail "-6 dB at 24 bits: no sample uses the low 8 of 24 bits (16-bit)"

# alignment: the measured latency printed and removed
run 0 "latency 48 kHz" -- play in24.wav o.wav
has out "latency removed: 96 frames (2.000 ms); output frames: 12000" "48 kHz latency"
run 0 "latency 44.1 kHz" -- play noise24.wav o.wav
has out "latency removed: 90 frames (2.041 ms); output frames: $(soxi -s noise24.wav)" "44.1 kHz latency"
# --raw: as the board played it: the latency (silence) first
run 0 "raw" -- play in24.wav raw.wav --raw
grep -q "latency removed" out && fail "--raw: latency line printed"
[ "$(soxi -s raw.wav)" -gt 12096 ] || fail "--raw: $(soxi -s raw.wav) frames"
sox raw.wav -t raw -e signed -b 32 head.raw trim 0 96s
od -An -v -t x4 head.raw | grep -q '[1-9a-f]' && fail "--raw: the first 96 frames are not silence"
sox raw.wav -t raw shifted.raw trim 96s 12000s
sox in24.wav -t raw a.raw
cmp -s a.raw shifted.raw || fail "--raw: the input does not follow the 96 frames of latency"
# src: round(frames x out_rate / in_rate) frames
run 0 "src 48k -> 16k" -- play in32.wav src16.wav --pipeline src --set out_rate=16000
[ "$(soxi -s src16.wav)" = 4115 ] || fail "src: $(soxi -s src16.wav) frames, want 4115"
[ "$(soxi -r src16.wav)" = 16000 ] || fail "src: rate $(soxi -r src16.wav)"

# file names that need escaping
cp in24.wav 'we"ird.wav'; cp in24.wav 'back\slash.wav'
run 0 'quote in the name' -- play 'we"ird.wav' 'o"ut.wav'
same_pcm in24.wav 'o"ut.wav' || fail 'quote: output differs'
run 0 'backslash in the name' -- play 'back\slash.wav' 'o\ut.wav'
same_pcm in24.wav 'o\ut.wav' || fail 'backslash: output differs'

# never lose or overwrite data
cp in24.wav keep.wav; ln -sf keep.wav link.wav; mkfifo fifo.wav; mkdir adir
run 2 "OUT = IN" -- play keep.wav keep.wav
has err "output 'keep.wav' is the input 'keep.wav'" "OUT = IN message"
run 2 "OUT a symlink to IN" -- play keep.wav link.wav
has err "output 'link.wav' is the input 'keep.wav'" "symlink message"
run 2 "IN a symlink to OUT" -- play link.wav keep.wav
cmp -s keep.wav in24.wav || fail "the input was modified"
run 2 "OUT a FIFO" -- play in24.wav fifo.wav
has err "exists and is not a regular file" "FIFO message"
run 2 "OUT a directory" -- play in24.wav adir
run 2 "OUT in a missing directory" -- play in24.wav nodir/o.wav
has err "directory 'nodir' does not exist" "missing directory message"
if [ "$(id -u)" != 0 ]; then
    mkdir ro && chmod 555 ro
    run 2 "OUT in a read-only directory" -- play in24.wav ro/o.wav
    has err "is not writable" "read-only directory message"
fi
touch afile
run 2 "--artifacts a regular file" -- "$DSPSIM" play in24.wav o.wav --artifacts afile
has err "--artifacts 'afile' exists and is not a directory" "--artifacts message"
# a run that fails leaves no OUT.wav, and an existing one untouched
rm -f o.wav
run 1 "firmware panic" -- play in24.wav o.wav --firmware "$FAKE/harness_fake_fw_panic.elf"
[ -e o.wav ] && fail "a failed run left an OUT.wav"
echo "old" >old.wav
run 1 "firmware panic, OUT exists" -- play in24.wav old.wav --firmware "$FAKE/harness_fake_fw_panic.elf"
[ "$(cat old.wav)" = old ] || fail "a failed run replaced an existing OUT.wav"
ls -a | grep -q '\.tmp-' && fail "temporary files left behind"

# arguments: checked before the run, errors name what the user typed
run 2 "--set injection" -- play in24.wav o.wav --set 'gain_db=-6, mute: true'
has err "--set gain_db: value '-6, mute: true' is not a single number or word" "injection message"
run 2 "--set unknown key" -- play in24.wav o.wav --set gian_db=1
has err "--set gian_db=1: unknown key 'gian_db'" "unknown key message"
run 2 "--set out of range" -- play in24.wav o.wav --set gain_db=50
has err "--set gain_db=50: 50 is out of range [-144, 40]" "range message"
run 2 "--set taps bad" -- play in24.wav o.wav --pipeline eq_fir --set 'taps=0.5],[1'
has err "--set taps: value '0.5],[1' is not a comma-separated list" "taps message"
run 0 "--set taps with spaces" -- play in24.wav o.wav --pipeline eq_fir --set 'taps=0.5, 0.5'
for v in abc 4294968296 -5 50 1e3 ''; do
    run 2 "--period-us '$v'" -- play in24.wav o.wav --period-us "$v"
    has err "--period-us" "--period-us '$v' message"
done
run 2 "out_rate not a number" -- play in24.wav o.wav --pipeline src --set out_rate=16k
has err "--set out_rate '16k': not a decimal integer" "out_rate message"
rm -f o.wav
run 2 "firmware refuses gain_db=20" -- play in24.wav o.wav --set gain_db=20
has err "the firmware refuses the volume pipeline's settings (--set gain_db=20" "refusal message"
has err "AUD_RANGE" "refusal reason"
[ -e o.wav ] && fail "a refused run left an OUT.wav"
run 2 "firmware refuses src 44.1k -> 44.1k" -- play noise24.wav o.wav --pipeline src --set out_rate=44100
has err "AUD_RATE" "src refusal reason"
run 0 "src 44.1k -> 16k" -- play noise24.wav o.wav --pipeline src --set out_rate=16000
n=$(soxi -s noise24.wav); want=$(( (n * 16000 + 22050) / 44100 ))
[ "$(soxi -s o.wav)" = "$want" ] || fail "src 44.1k -> 16k: $(soxi -s o.wav) frames, want $want"
head -c 1000 in24.wav >cut.wav
run 2 "truncated WAV" -- play cut.wav o.wav
has err "cut.wav: truncated file: its header promises 12000 frames" "truncation message"
# an input that fails part-way (read a window at a time, as the run goes):
# a FLAC whose header promises 10 s and holds 0.5 s; an error naming the
# file and what was read, no OUT.wav, and the run stops there instead of
# simulating the 10 s promised (STREAMINFO's total samples: bytes 21-25)
sox -D -n -r 48000 -c 2 -b 16 claim.flac synth 0.5 sine 997
printf '\x00\x07\x53\x00' | dd of=claim.flac bs=1 seek=22 conv=notrunc 2>/dev/null
[ "$(soxi -s claim.flac)" = 480000 ] || fail "claim.flac: header not patched"
rm -f o.wav
run 1 "input ends early" -- play claim.flac o.wav
has out "claim.flac: read 24000 of 480000 frames: file truncated" "early end message"
[ -e o.wav ] && fail "an input that ended early left an OUT.wav"
awk '/^audio seconds processed:/ { exit !($4 < 1) }' out ||
    fail "the run went on after the input failed: $(grep 'audio seconds' out)"
for cmd in play run test; do
    case $cmd in
    play) args="in24.wav o.wav" ;;
    *) cat >case.yaml <<YAML
name: one case
pipelines:
  - id: 1
    period_us: 1000
    components:
      - {id: tone1, type: tone}
      - {id: dai1, type: dai, port: ssp0}
    connect: [[tone1, dai1]]
ports:
  ssp0: {rate: 48000, channels: 2, output: out.wav}
duration_ms: 5
YAML
       args=case.yaml ;;
    esac
    run 2 "$cmd --firmware /bin/true" -- "$DSPSIM" $cmd $args --firmware /bin/true
    has err "--firmware '/bin/true' cannot be loaded" "$cmd /bin/true message"
    run 2 "$cmd --firmware missing" -- "$DSPSIM" $cmd $args --firmware /nonexistent.elf
    has err "--firmware '/nonexistent.elf': No such file or directory" "$cmd missing firmware message"
done
run 0 "test --list needs no firmware" -- "$DSPSIM" test case.yaml --list --firmware /nonexistent.elf
run 2 "run --out-dir a regular file" -- "$DSPSIM" run -q case.yaml --out-dir afile
has err "--out-dir 'afile' exists and is not a directory" "--out-dir message"
run 0 "run, outputs kept" -- "$DSPSIM" run -q case.yaml --out-dir rd
[ -s rd/out.wav ] || fail "run: no out.wav"

[ $fails -eq 0 ] && echo "PASS play_cli" && exit 0
echo "$fails failures"
exit 1
