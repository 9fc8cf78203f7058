#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# Option parsing with getopt_long (docs/cli.md, "Options"): for every
# subcommand, `--opt VALUE` and `--opt=VALUE` are the same, a missing
# value names the option, `--flag=VALUE` of a flag is refused, bundled
# short options work, `--` ends the options, unknown options are exit 2;
# exec and board stop at PROGRAM (the rest goes to the guest), the
# harness commands take options anywhere.
# usage: getopt.sh DSPSIM HELLO_ELF FW_ELF CASE_YAML WAV WORKDIR
set -u
. "$(dirname "$0")/lib_expect.sh"
dspsim=$1 hello=$2 fw=$3 case=$4 wav=$5 work=$6
dir=$work/getopt
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 1

# t STATUS STREAM TEXT -- ARGS...: exit STATUS, STREAM (out|err) holds TEXT
t() {
    local want=$1 stream=$2 key=$3
    shift 4
    expect_cmd "$want" "$stream" "$key" -- "$dspsim" "$@" </dev/null &&
        ok "dspsim $*"
}

# ---- exec
t 124 err "budget exhausted: 50 instructions" -- exec --max-insns 50 "$hello"
t 124 err "budget exhausted: 50 instructions" -- exec --max-insns=50 "$hello"
t 2 err "dspsim exec: --max-insns needs a number" -- exec --max-insns=
t 2 err "dspsim exec: --trace needs a file name" -- exec --trace= "$hello"
t 2 err "dspsim exec: option '--stats' takes no value" -- exec --stats=1 "$hello"
t 2 err "dspsim exec: unknown option '-x'" -- exec -x "$hello"
t 2 err "dspsim exec: unknown option '--max'" -- exec --max 5 "$hello"
t 0 out "usage: dspsim exec" -- exec -qh
# options stop at PROGRAM: --bogus after it is the guest's argument
t 3 out "hello" -- exec -q "$hello" --bogus
t 3 out "hello" -- exec -- "$hello"
t 2 err "dspsim exec: --engine: 'nope'" -- exec --engine=nope "$hello"

# ---- board
t 124 err "cycle budget exhausted: 1000 cycles" -- board --max-cycles=1000 "$fw"
t 124 err "cycle budget exhausted: 1000 cycles" -- board -q --max-cycles 1000 "$fw"
t 2 err "dspsim board: --board needs a file name" -- board --board
t 2 err "dspsim board: --snapshot-at needs a cycle and a file" -- board --snapshot-at 10
t 2 err "dspsim board: --restore needs a snapshot file" -- board --restore
t 2 err "dspsim board: option '--markers' takes no value" -- board --markers=yes "$fw"
t 2 err "dspsim board: --gdb: 'x' is not a port number" -- board --gdb=x "$fw"

# ---- test
t 0 out "eq_fir_average" -- test --list --jobs=2 "$case"
t 0 out "eq_fir_average" -- test "$case" --list -j 2
t 0 out "eq_fir_average" -- test -j2 --list -- "$case"
t 2 err "dspsim test: -j needs a number of jobs 1..1024, got 'x'" -- test -jx "$case"
t 2 err "dspsim test: --filter needs a pattern" -- test "$case" --filter
t 2 err "dspsim test: option '--list=1' takes no value" -- test --list=1 "$case"
t 2 err "dspsim test: unknown option '--bogus'" -- test "$case" --bogus

# ---- run (options before or after the case)
t 0 out "artifacts: r1" -- run --out-dir=r1 "$case"
t 0 out "artifacts: r2" -- run "$case" --out-dir r2
t 2 err "dspsim run: --out-dir needs a value" -- run "$case" --out-dir
t 2 err "dspsim run: one case file only" -- run -q "$case" "$case"
t 2 err "dspsim run: option '--quiet' takes no value" -- run --quiet=1 "$case"
t 2 err "dspsim run: --snapshot-at needs a cycle and a file" -- run "$case" --snapshot-at

# ---- play
t 0 out "PASS" -- play "$wav" a.wav --set=gain_db=-6 --period-us=500
t 0 out "PASS" -- play --set gain_db=-6 "$wav" b.wav --period-us 500
cmp -s a.wav b.wav && echo "ok   play: --opt=VALUE and --opt VALUE give the same output" ||
    fail "play: --opt=VALUE and --opt VALUE differ"
t 2 err "dspsim play: --set needs a value" -- play "$wav" c.wav --set
t 2 err "dspsim play: --save-case needs a file name" -- play "$wav" c.wav --save-case=
t 2 err "dspsim play: too many files" -- play "$wav" c.wav d.wav e.wav
t 2 err "dspsim play: option '--raw' takes no value" -- play --raw=1 "$wav" c.wav
t 2 err "dspsim play: unknown option '-z'" -- play -vz "$wav" c.wav

exit $((fails > 0))
