#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# Command-line handling: --help, --version, usage errors (exit 2), guest
# arguments, clean stdout/stderr separation.
# usage: usage.sh DSPSIM HELLO_ELF WORKDIR
set -u
. "$(dirname "$0")/lib_expect.sh"
dspsim=$1 hello=$2 work=$3
dir=$work/usage
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 1

# t STATUS STREAM KEYWORD -- ARGS... : run dspsim ARGS, check the exit
# status and that STREAM (out or err) contains KEYWORD
t() {
    local want=$1 stream=$2 key=$3
    shift 4
    expect_cmd "$want" "$stream" "$key" -- "$dspsim" "$@" </dev/null &&
        ok "dspsim $*"
}

t 2 err "usage: dspsim" --
for sub in exec board test run play; do
    t 0 out "dspsim $sub " -- "$sub" --version
done
t 0 out "usage: dspsim" -- --help
t 0 out "exec" -- --help
t 0 out "dspsim " -- --version
t 2 err "unknown command 'bogus'" -- bogus
t 2 err "unknown option '--bogus'" -- --bogus
t 2 err "missing PROGRAM.elf" -- exec
t 0 out "--max-insns" -- exec --help
t 2 err "unknown option '--frobnicate'" -- exec --frobnicate "$hello"
t 2 err "--max-insns needs a number" -- exec --max-insns
t 2 err "not a decimal number" -- exec --max-insns 12x "$hello"
t 2 err "not a decimal number" -- exec --max-cycles=-5 "$hello"
t 2 err "must be at least 1" -- exec --max-insns 0 "$hello"
t 2 err "too large" -- exec --max-cycles 99999999999999999999999 "$hello"
t 2 err "--trace needs a file name" -- exec --trace
t 2 err "directory '/nonexistent/dir' does not exist" -- exec --trace /nonexistent/dir/t.txt \
    "$hello"
t 3 out "hello from the guest" -- exec --max-insns=100000 "$hello"
# options after PROGRAM belong to the guest
t 3 out "hello from the guest" -- exec "$hello" --max-insns 1
t 3 out "hello from the guest" -- exec -- "$hello"

# A guest that exits normally: stdout is exactly the guest's output and
# dspsim adds nothing on stderr.
"$dspsim" exec "$hello" >out 2>err
rc=$?
if [ $rc -ne 3 ] || [ "$(cat out)" != "hello from the guest" ] || [ -s err ]
then
    fail "clean run: status $rc"; cat out err
else
    echo "ok   clean run"
fi

[ $fails -eq 0 ] && echo PASS
exit $((fails > 0))
