#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# The reports of `dspsim test` from real runs (docs/harness.md "Reports"),
# read back with jansson (tools/json_get.c) and xmllint:
#   reports_cli.sh DSPSIM JSON_GET XMLLINT WORK_DIR FAKE_FW_DIR
# the measured figures of each check and of the run, the firmware log and
# decoded panic report of a failed case (JSON log, JUnit system-out),
# classnames relative to the search root, timestamp and hostname, and
# valid files for a case file name that is not UTF-8; the timeline's
# irq and idle tracks, event count and summary line, same with either
# engine.
set -u
. "$(dirname "$0")/../cli/lib_expect.sh"
. "$(dirname "$0")/../cli/lib_cases.sh"
DSPSIM=$1 JG=$2 XMLLINT=$3 WORK=$4 FAKE=$5
# want FILE PATH VALUE: the JSON value at PATH is VALUE
want() {
    local got; got=$("$JG" "$1" "$2") || { fail "$1: no $2"; return; }
    [ "$got" = "$3" ] || fail "$1: $2 is '$got', want '$3'"
}
# within FILE PATH LO HI: a number at PATH in [LO, HI]
within() {
    local got; got=$("$JG" "$1" "$2") || { fail "$1: no $2"; return; }
    awk -v v="$got" -v lo="$3" -v hi="$4" 'BEGIN { exit !(v >= lo && v <= hi) }' ||
        fail "$1: $2 = $got, not in [$3, $4]"
}
# xpath FILE EXPR TEXT: xmllint's value of EXPR holds TEXT
xpath() {
    local got; got=$("$XMLLINT" --xpath "$2" "$1" 2>&1) ||
        { fail "$1: xpath $2: $got"; return; }
    case "$got" in *"$3"*) ;; *) fail "$1: $2 = '$got', want '$3'";; esac
}
[ -x "$XMLLINT" ] || { echo "FAIL xmllint not found: install libxml2-utils"; exit 1; }
rm -rf "$WORK" && mkdir -p "$WORK/cases/sub" || exit 2
# the input: 0.1 s of a 997 Hz sine, 16-bit stereo at 48 kHz (sox)
sox -n -r 48000 -c 2 -b 16 "$WORK/in.wav" synth 0.1 sine 997 vol 0.5 ||
    { echo "FAIL sox could not make the input"; exit 1; }

case_text() {   # NAME GAIN_EXPECTED
volume_case "$1" -6 "$WORK/in.wav" out.wav 50
cat <<YAML
expect:
  ssp0: {skip_ms: 10, gain_db: {value: $2, tolerance: 0.1}, thdn_db: {max: -60, freq_hz: 997}}
  deadlines: {missed: 0, max_load_pct: 90}
YAML
}
case_text "volume passes" -6 > "$WORK/cases/sub/pass.yaml"
case_text "volume fails" -3 > "$WORK/cases/sub/fails.yaml"
odd=$(printf 'odd\xff\xfe.yaml')
case_text "odd name" -6 > "$WORK/cases/$odd"

J=$WORK/r.json X=$WORK/r.xml
"$DSPSIM" test "$WORK/cases" --json "$J" --junit "$X" --no-progress \
    --out-dir "$WORK/out" >"$WORK/out.txt" 2>&1
rc=$?
[ $rc -eq 1 ] || { fail "dspsim test: exit $rc, want 1"; sed 's/^/  | /' "$WORK/out.txt"; }
[ -s "$J" ] && [ -s "$X" ] || { echo "FAIL no reports"; exit 1; }
ls "$WORK"/*.tmp.* >/dev/null 2>&1 && fail "temporary report files left"

# JSON: valid, the run's timestamp and host
"$JG" "$J" "" >/dev/null || fail "JSON report not valid"
"$JG" "$J" timestamp | grep -Eq '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$' ||
    fail "JSON timestamp: $("$JG" "$J" timestamp)"
want "$J" hostname "$(hostname)"
want "$J" summary/failed 1
# the failing case: sorted by path, the non-UTF-8 name comes first
F='cases/[name=volume fails]'
want "$J" "$F/status" failed
want "$J" "$F/classname" sub.fails
want "$J" "$F/checks/[check=gain_db]/subject" ssp0
within "$J" "$F/checks/[check=gain_db]/value" -6.1 -5.9
within "$J" "$F/checks/[check=gain_db]/min" -3.11 -3.09
want "$J" "$F/checks/[check=gain_db]/passed" false
want "$J" "$F/checks/[check=thdn_db]/passed" true
within "$J" "$F/checks/[check=thdn_db]/value" -200 -60
want "$J" "$F/checks/[check=missed]/subject" "pipeline 1"
want "$J" "$F/checks/[check=missed]/value" 0
within "$J" "$F/checks/[check=max_load_pct]/value" 0.1 90
within "$J" "$F/run/cycles" 1000000 100000000
want "$J" "$F/run/cpu_hz" 160000000
want "$J" "$F/run/pipelines/0/period_cycles" 160000
within "$J" "$F/run/pipelines/0/worst_cycles" 1 160000
want "$J" "$F/run/deadline_misses" 0
within "$J" "$F/run/components/[name=p1.2 volume]/mcps" 0.001 100
"$JG" "$J" "$F/log" | grep -q "firmware trace ring" || fail "JSON log: no trace"
"$JG" "$J" "$F/log" | grep -q "result: failed: ssp0: gain" || fail "JSON log: no result"
P='cases/[name=volume passes]'
want "$J" "$P/status" passed
want "$J" "$P/classname" sub.pass
"$JG" "$J" "$P/log" >/dev/null 2>&1 && fail "a passed case has a log"
within "$J" "$P/checks/[check=gain_db]/value" -6.1 -5.9
# the non-UTF-8 file name: U+FFFD in path, the exact bytes in path_hex
O='cases/[name=odd name]'
want "$J" "$O/path_hex" "$(printf '%s' "$WORK/cases/$odd" | od -An -tx1 | tr -d ' \n')"
want "$J" "$O/classname" "$(printf 'odd\xef\xbf\xbd\xef\xbf\xbd')"

# JUnit: well-formed; suite timestamp and hostname; time per case; the
# failed case's log in system-out; classnames from the search root
"$XMLLINT" --noout "$X" || fail "JUnit report not well-formed"
xpath "$X" 'string(//testsuite/@hostname)' "$(hostname)"
xpath "$X" 'string(//testsuite/@timestamp)' "T"
xpath "$X" 'count(//testcase[@time])' 3
xpath "$X" 'string(//testcase[@name="volume fails"]/@classname)' sub.fails
xpath "$X" 'string(//testcase[@name="volume fails"]/failure/@message)' "gain"
xpath "$X" 'string(//testcase[@name="volume fails"]/system-out)' "firmware trace ring"
xpath "$X" 'count(//testcase[@name="volume passes"]/system-out)' 0

# a firmware that panics: the decoded panic report in both reports
"$DSPSIM" test "$WORK/cases/sub/pass.yaml" --json "$WORK/p.json" \
    --junit "$WORK/p.xml" --no-progress --out-dir "$WORK/pout" \
    --firmware "$FAKE/harness_fake_fw_panic.elf" >"$WORK/p.txt" 2>&1
want "$WORK/p.json" cases/0/status error
want "$WORK/p.json" cases/0/classname pass
"$JG" "$WORK/p.json" cases/0/log | grep -q "SoftwarePanic (cause 256)" ||
    fail "JSON log: no panic report"
"$JG" "$WORK/p.json" cases/0/log | grep -q "fake_fw.c:42: fake crash" ||
    fail "JSON log: no panic location"
xpath "$WORK/p.xml" 'string(//testcase/system-out)' "SoftwarePanic (cause 256)"

# an unwritable report: exit 2, named, no partial file
"$DSPSIM" test "$WORK/cases/sub/pass.yaml" --json "$WORK/none/r.json" \
    --no-progress --out-dir "$WORK/out" >/dev/null 2>"$WORK/err.txt"
rc=$?
[ $rc -eq 2 ] || fail "unwritable --json: exit $rc, want 2"
grep -q "none/r.json: cannot create" "$WORK/err.txt" || fail "unwritable --json not named"

# the timeline of `play --timeline`: the CPU's tracks (ISR spans on
# "irq", WAITI spans on "idle"), its event count in otherData and the
# summary, and the same file with either engine
for eng in fast interp; do
    "$DSPSIM" play "$WORK/in.wav" "$WORK/out-$eng.wav" --engine $eng \
        --artifacts "$WORK/art-$eng" --timeline "$WORK/tl-$eng.json" \
        >"$WORK/play-$eng.txt" 2>&1 || fail "play --engine $eng failed"
done
T=$WORK/tl-fast.json
want "$T" 'traceEvents/#[args.name=irq]' 1
want "$T" 'traceEvents/#[args.name=idle]' 1
want "$T" 'traceEvents/[name=ISR]/ph' X
"$JG" "$T" 'traceEvents/[name=ISR]/args/detail' | grep -q '^lines 0x[0-9a-f]' ||
    fail "ISR span without its lines"
within "$T" 'traceEvents/#[name=ISR]' 100 100000
within "$T" 'traceEvents/#[name=WAITI]' 50 100000
within "$T" 'traceEvents/[name=WAITI]/dur' 0 1000
want "$T" otherData/dropped_events 0
n=$("$JG" "$T" otherData/events)
grep -q "^timeline: $n events\$" "$WORK/play-fast.txt" ||
    fail "summary: no 'timeline: $n events' line"
cmp -s "$T" "$WORK/tl-interp.json" || fail "timeline differs between engines"
grep -q "^timeline: $n events\$" "$WORK/art-fast/firmware.log" ||
    fail "firmware.log: no 'timeline: $n events' line"

[ $fails -eq 0 ] && echo "reports: all checks passed"
exit $((fails > 0))
