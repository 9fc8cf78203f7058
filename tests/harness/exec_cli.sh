#!/bin/bash
# Exit statuses and artifacts of `dspsim run`, `dspsim play` and
# `dspsim test` with the IPC case execution (docs/cli.md):
#   exec_cli.sh DSPSIM INVALID_CASES_DIR SIGNALS_DIR WORK_DIR FAKE_FW_DIR
# (FAKE_FW_DIR: the stand-in firmware builds of tests/harness/guest)
# Exits 77 (skipped) when the audio firmware image is not built.
set -u
DSPSIM=$1 INVALID=$2 SIG=$3 WORK=$4 FAKE=$5
fails=0
fail() { echo "FAIL $*"; fails=$((fails + 1)); }
expect_rc() {   # WANT DESCRIPTION -- command...
    local want=$1 what=$2; shift 3
    "$@" >"$WORK/out" 2>"$WORK/err"; local rc=$?
    if [ $rc -ne "$want" ]; then
        fail "$what: exit $rc, want $want"
        sed 's/^/  | /' "$WORK/out" "$WORK/err"
    fi
}
has() {         # FILE TEXT DESCRIPTION
    grep -qF -- "$2" "$1" || { fail "$3: '$2' not in output"; sed 's/^/  | /' "$1"; }
}
rm -rf "$WORK" && mkdir -p "$WORK" || exit 2

# invalid cases: exit 2, FILE:LINE:COL, nothing run
expect_rc 2 "bad YAML" -- "$DSPSIM" test "$INVALID/bad_yaml.yml" --out-dir "$WORK/t"
has "$WORK/err" "bad_yaml.yml:8:1: YAML syntax error" "bad YAML diagnosis"
expect_rc 2 "unknown key" -- "$DSPSIM" test "$INVALID/unknown_key.yml" --out-dir "$WORK/t"
has "$WORK/err" "unknown key 'gian'" "unknown key diagnosis"
expect_rc 2 "run bad YAML" -- "$DSPSIM" run "$INVALID/bad_yaml.yml"
expect_rc 2 "run usage" -- "$DSPSIM" run
expect_rc 2 "play usage" -- "$DSPSIM" play only_one.wav
expect_rc 2 "play unknown pipeline" -- "$DSPSIM" play "$SIG/sine_997hz_48k_s16_stereo.wav" "$WORK/o.wav" --pipeline nope
has "$WORK/err" "unknown pipeline 'nope'" "unknown pipeline message"
expect_rc 2 "play bad --set" -- "$DSPSIM" play "$SIG/sine_997hz_48k_s16_stereo.wav" "$WORK/o.wav" --set gian_db=1
has "$WORK/err" "unknown key 'gian_db'" "bad --set diagnosis"

# the firmware must exist for the rest
"$DSPSIM" play "$SIG/sine_997hz_48k_s16_stereo.wav" "$WORK/p/o.wav" \
    --set gain_db=-6 --artifacts "$WORK/pa" >"$WORK/out" 2>"$WORK/err"
rc=$?
if [ $rc -eq 2 ] && grep -q "^SKIP .*not built" "$WORK/out"; then
    echo "SKIP: $(cat "$WORK/out")"
    exit 77
fi
[ $rc -eq 0 ] || { fail "play volume: exit $rc"; sed 's/^/  | /' "$WORK/out" "$WORK/err"; }
for k in "audio seconds processed: 1.000" "simulated cycles:" "MCPS:" \
         "worst period load:" "deadline misses: 0" "xruns: 0" \
         "real-time factor:"; do
    has "$WORK/out" "$k" "play summary"
done
[ -s "$WORK/p/o.wav" ] || fail "play: no output file"
[ -s "$WORK/pa/timeline.json" ] || fail "play: no timeline"

# deterministic: the same run twice gives the same bytes
"$DSPSIM" play "$SIG/sine_997hz_48k_s16_stereo.wav" "$WORK/p2/o.wav" \
    --set gain_db=-6 --artifacts "$WORK/pa2" >/dev/null 2>&1
cmp -s "$WORK/p/o.wav" "$WORK/p2/o.wav" || fail "play output differs between runs"
cmp -s "$WORK/pa/timeline.json" "$WORK/pa2/timeline.json" ||
    fail "timeline differs between runs"

# a case that fails a check: exit 1, artifacts named and present
cat >"$WORK/fails.yaml" <<YAML
name: deliberately wrong expectation
pipelines:
  - id: 1
    period_us: 1000
    components:
      - {id: host1, type: host, stream: music}
      - {id: vol1, type: volume, gain_db: -6}
      - {id: dai1, type: dai, port: ssp0}
    connect: [[host1, vol1], [vol1, dai1]]
streams:
  music: {input: $SIG/sine_997hz_48k_s16_stereo.wav}
ports:
  ssp0: {rate: 48000, channels: 2, format: s32, output: out.wav}
duration_ms: 50
expect:
  ssp0: {reference: $SIG/sine_997hz_48k_s32_stereo.wav, gain_db: -3}
YAML
expect_rc 1 "run failing case" -- "$DSPSIM" run -q "$WORK/fails.yaml" --out-dir "$WORK/f"
has "$WORK/out" "FAIL " "run failing case result"
has "$WORK/out" "expected -3.00 +- 0.10" "gain diagnosis"
has "$WORK/out" "[artifacts: $WORK/f]" "artifact directory named"
for a in out.wav ssp0.diff.wav firmware.log timeline.json; do
    [ -s "$WORK/f/$a" ] || fail "artifact $a missing"
done
has "$WORK/f/firmware.log" "firmware trace ring" "firmware log"
# the same through dspsim test: exit 1, same artifacts
expect_rc 1 "test failing case" -- "$DSPSIM" test "$WORK/fails.yaml" --out-dir "$WORK/tf" --no-progress
[ -s "$WORK/tf/$(echo "$WORK/fails" | sed 's|^/||')/timeline.json" ] ||
    fail "dspsim test: no timeline artifact ($(find "$WORK/tf" -name timeline.json))"

# a firmware that never sends FW_READY, one that panics on PIPE_NEW, one
# that does not know the audio commands: exit 1 with a diagnosis
expect_rc 1 "no FW_READY" -- "$DSPSIM" run -q "$WORK/fails.yaml" --out-dir "$WORK/n" \
    --firmware "$FAKE/harness_fake_fw_noready.elf"
has "$WORK/out" "ERROR " "no FW_READY result"
has "$WORK/out" "no FW_READY within 1000000 cycles of reset (timeout)" "boot timeout diagnosis"
[ -s "$WORK/n/firmware.log" ] || fail "no firmware.log after a boot timeout"
expect_rc 1 "panic" -- "$DSPSIM" run -q "$WORK/fails.yaml" --out-dir "$WORK/p" \
    --firmware "$FAKE/harness_fake_fw_panic.elf"
has "$WORK/out" "firmware panic notified" "panic result"
has "$WORK/out" "[artifacts: $WORK/p]" "panic artifacts named"
has "$WORK/p/firmware.log" "SoftwarePanic (cause 256)" "panic report in firmware.log"
has "$WORK/p/firmware.log" "fake_fw.c:42: fake crash" "panic location"
has "$WORK/p/firmware.log" "firmware trace ring" "trace lines after a panic"
expect_rc 1 "wrong protocol" -- "$DSPSIM" run -q "$WORK/fails.yaml" --out-dir "$WORK/v" \
    --firmware "$FAKE/harness_fake_fw_badver.elf"
has "$WORK/out" "IPC protocol 9.1" "protocol version diagnosis"
expect_rc 1 "unknown command" -- "$DSPSIM" run -q "$WORK/fails.yaml" --out-dir "$WORK/u" \
    --firmware "$FAKE/harness_fake_fw.elf"
has "$WORK/out" "FAIL " "unknown command result"
has "$WORK/out" "AUD_PIPE_NEW (0x101) failed: E_UNKNOWN (-100)" "unknown command diagnosis"

[ $fails -eq 0 ] && echo "PASS exec_cli" && exit 0
echo "$fails failures"
exit 1
