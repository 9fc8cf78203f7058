#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# --engine fast|interp on every subcommand that runs code: the same output,
# instruction and cycle counts on both; a bad name is a usage error (2)
# naming the option; DSPSIM_ENGINE selects the engine too, and --engine
# wins over it.
# usage: engine.sh DSPSIM HELLO_ELF LOOP_ELF
set -u
. "$(dirname "$0")/lib_expect.sh"
dspsim=$1 hello=$2 loop=$3
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
export DSPSIM_CACHE_DIR=$tmp/cache
stat_of() { grep '^{' "$1" | sed 's/,"host_seconds":[^,]*,"mips":[^,]*//; s/,"xlate".*//'; }

for e in fast interp; do
    "$dspsim" exec --engine $e --stats "$hello" >"$tmp/$e.out" 2>"$tmp/$e.err"
    expect "exec --engine $e: the guest's exit status 3" [ $? -eq 3 ]
    expect "exec --engine $e: engine in --stats" grep -q "\"engine\":\"$e\"" "$tmp/$e.err"
    "$dspsim" exec --engine=$e --max-insns 200000 --stats "$loop" \
        >/dev/null 2>"$tmp/loop_$e.err"
    expect "exec --engine=$e: budget exit 124" [ $? -eq 124 ]
done
expect "exec: same output on both engines" cmp -s "$tmp/fast.out" "$tmp/interp.out"
expect "exec: same counts on both engines" \
    [ "$(stat_of "$tmp/fast.err" | sed 's/"fast"/E/')" = "$(stat_of "$tmp/interp.err" | sed 's/"interp"/E/')" ]
expect "exec: same report at the budget" \
    [ "$(grep -v '^{' "$tmp/loop_fast.err")" = "$(grep -v '^{' "$tmp/loop_interp.err")" ]
DSPSIM_ENGINE=interp "$dspsim" exec --stats "$hello" >/dev/null 2>"$tmp/env.err"
expect "DSPSIM_ENGINE=interp" grep -q '"engine":"interp"' "$tmp/env.err"
# --engine is a value: it wins over DSPSIM_ENGINE naming the other one
for env in fast interp; do
    other=$([ $env = fast ] && echo interp || echo fast)
    DSPSIM_ENGINE=$env "$dspsim" exec --engine $other --stats "$hello" \
        >/dev/null 2>"$tmp/over.err"
    expect "exec --engine $other with DSPSIM_ENGINE=$env: exit 3" [ $? -eq 3 ]
    expect "exec --engine $other with DSPSIM_ENGINE=$env: engine in --stats" \
        grep -q "\"engine\":\"$other\"" "$tmp/over.err"
    # --lockstep: the fast engine against a reference interpreter opened
    # as such, whatever --engine and DSPSIM_ENGINE say
    DSPSIM_ENGINE=$env "$dspsim" exec --engine $env --lockstep "$hello" \
        >/dev/null 2>"$tmp/lock.err"
    expect "exec --lockstep with DSPSIM_ENGINE=$env: exit 3" [ $? -eq 3 ]
    expect "exec --lockstep with DSPSIM_ENGINE=$env: agree" \
        grep -q "^dspsim exec: lockstep: agree after" "$tmp/lock.err"
done

for sub in exec board test run play; do
    "$dspsim" $sub --engine turbo x.elf >/dev/null 2>"$tmp/bad.err" </dev/null
    rc=$?
    expect "$sub --engine turbo: exit 2 (got $rc)" [ $rc -eq 2 ]
    expect "$sub --engine turbo: message" \
        grep -q "^dspsim $sub: --engine: 'turbo' is not an engine (fast or interp)$" "$tmp/bad.err"
done
"$dspsim" board --engine >/dev/null 2>"$tmp/bad.err"
expect "board --engine without a value: exit 2" [ $? -eq 2 ]
[ $fails -eq 0 ] && echo "engine.sh: PASS"
exit $((fails > 0))
