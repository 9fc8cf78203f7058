#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# One CLI convention (docs/cli.md, "Messages"): every message a subcommand
# prints on stderr starts with "dspsim SUB: " -- usage errors, load and
# run errors, the GDB server's lines, the lockstep verdict, case-file
# diagnostics.  Checks the first stderr line of a handful of error runs
# of every subcommand, and that no line anywhere starts with the old
# "dspsim: " or "lockstep: ".
# usage: prefixes.sh DSPSIM HELLO_ELF LOOP_ELF FW_ELF CASE_YAML WORKDIR
set -u
dspsim=$1 hello=$2 loop=$3 fw=$4 case=$5 work=$6
dir=$work/prefixes
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 1
fail=0

printf 'name: bad\npipelines: [\n' >bad.yaml

# p STATUS SUB -- ARGS... : dspsim SUB ARGS exits STATUS and its stderr
# starts with "dspsim SUB: "; no stderr line starts with "dspsim: " or
# "lockstep: "
p() {
    local want=$1 sub=$2
    shift 3
    "$dspsim" "$sub" "$@" >out 2>err </dev/null
    local rc=$?
    local first
    first=$(head -n 1 err)
    if [ $rc -ne "$want" ]; then
        echo "FAIL dspsim $sub $*: exit status $rc, expected $want"; cat err
        fail=1
    elif [ "${first#"dspsim $sub: "}" = "$first" ]; then
        echo "FAIL dspsim $sub $*: first stderr line lacks 'dspsim $sub: ':"
        cat err
        fail=1
    elif grep -qE '^(dspsim: |lockstep: )' err; then
        echo "FAIL dspsim $sub $*: a line without the subcommand:"
        grep -E '^(dspsim: |lockstep: )' err
        fail=1
    else
        echo "ok   dspsim $sub $*: $first"
    fi
}

# exec: usage, load, budget, lockstep verdict, GDB server
p 2 exec -- --bogus "$hello"
p 2 exec -- --max-insns abc "$hello"
p 2 exec --
p 2 exec -- --gdb-wait "$hello"
p 2 exec -- /nonexistent.elf
p 2 exec -- "$dir/bad.yaml"
p 2 exec -- --trace /nonexistent/dir/trace.txt "$hello"
p 124 exec -- --max-insns 1000 "$loop"
p 3 exec -- --lockstep "$hello"
p 3 exec -- --gdb 0 "$hello"

# board: usage, board file, load, budget, lockstep, GDB server
p 2 board -- --bogus "$fw"
p 2 board -- --max-cycles 0 "$fw"
p 2 board --
p 2 board -- --board /nonexistent.yaml "$fw"
p 2 board -- "$hello"
p 124 board -- --max-cycles 1000 "$fw"
p 124 board -- --lockstep --max-cycles 20000 "$fw"
p 124 board -- --gdb 0 --max-cycles 1000 "$fw"

# test: usage, paths, firmware, invalid case
p 2 test -- --bogus
p 2 test -- -j abc "$case"
p 2 test -- /nonexistent
p 2 test -- --firmware /nonexistent.elf "$case"
p 2 test -- bad.yaml --no-progress

# run: usage, missing or invalid case, firmware, output directory
p 2 run --
p 2 run -- --bogus "$case"
p 2 run -- /nonexistent.yaml
p 2 run -- bad.yaml
p 2 run -- "$case" bad.yaml
p 2 run -- "$case" --firmware /nonexistent.elf
p 2 run -- "$case" --out-dir "$dir/bad.yaml"

# play: usage, numbers, inputs, pipeline, firmware
p 2 play --
p 2 play -- --bogus in.wav out.wav
p 2 play -- --period-us abc in.wav out.wav
p 2 play -- /nonexistent.wav out.wav
p 2 play -- --pipeline nosuch in.wav out.wav
p 2 play -- --set gain_db in.wav out.wav
p 2 play -- --gdb-wait in.wav out.wav

exit $fail
