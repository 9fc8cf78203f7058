#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# Every output a subcommand writes is checked before the run starts: a
# directory where a file goes, a file where a directory goes, a missing
# directory, or an input named as an output is exit 2 with a message
# naming the option, and nothing runs (no guest output, no case line, no
# file written).
# usage: outputs_check.sh DSPSIM HELLO_ELF FW_AUDIO_ELF WORKDIR
set -u
EXPECT_OUT=stdout EXPECT_ERR=stderr
. "$(dirname "$0")/lib_expect.sh"
. "$(dirname "$0")/lib_cases.sh"
dspsim=$1 hello=$2 fw=$3 work=$4
dir=$work/outputs_check
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 1

# t KEYWORD -- ARGS...: exit 2, KEYWORD on stderr, nothing on stdout,
# no o.wav, out/ or ran/ made
t() {
    local key=$1
    shift 2
    rm -rf o.wav out ran
    expect_cmd 2 err "$key" -- "$dspsim" "$@" </dev/null || return
    if [ -s stdout ] || [ -e o.wav ] || [ -e out ] || [ -e ran ]; then
        fail "dspsim $*: something ran or was written"
        sed 's/^/  | /' stdout
    else
        ok "dspsim $*"
    fi
}

sox -n -r 48000 -c 2 -b 16 in.wav synth 0.01 sine 1000 vol 0.5 || exit 1
cp "$hello" hello.elf
mkdir adir
volume_case "volume 0 dB" 0 in.wav o.wav 5 >case.yaml
cp case.yaml case.keep

# exec: --trace, --profile, --snapshot-at
t "'adir' exists and is not a regular file" -- exec --trace adir hello.elf
t "directory '/nonexistent' does not exist" -- exec --trace /nonexistent/t \
    hello.elf
t "is the input" -- exec --trace hello.elf hello.elf
t "'adir' exists and is not a regular file" -- exec --profile adir hello.elf
t "'adir' exists and is not a regular file" -- exec --snapshot-at 100 adir \
    hello.elf
cmp -s "$hello" hello.elf || fail "the program was overwritten"

# board: --trace-log, --profile, --snapshot-at (the budget would stop
# the run with 124 after it started)
B=(board --max-cycles 100000)
t "'adir' exists and is not a regular file" -- "${B[@]}" --trace-log adir "$fw"
t "directory '/nonexistent' does not exist" -- "${B[@]}" \
    --trace-log /nonexistent/t "$fw"
t "'adir' exists and is not a regular file" -- "${B[@]}" --profile adir "$fw"
t "'adir' exists and is not a regular file" -- "${B[@]}" \
    --snapshot-at 100 adir "$fw"

# test: --json, --junit, --out-dir
T=(test --no-progress --out-dir ran)
t "adir: cannot create: it exists and is not a regular file (--json)" -- "${T[@]}" \
    --json adir case.yaml
t "/nonexistent/r.xml: cannot create: directory '/nonexistent' does not" -- \
    "${T[@]}" --junit /nonexistent/r.xml case.yaml
t "case.yaml: refused: it is the case file 'case.yaml' (--json)" -- "${T[@]}" --json case.yaml \
    case.yaml
t "adir/../case.yaml: refused: it is the case file" -- "${T[@]}" \
    --junit adir/../case.yaml case.yaml
t "--out-dir 'in.wav' exists and is not a directory" -- test --no-progress \
    --out-dir in.wav case.yaml
cmp -s case.yaml case.keep || fail "the case was overwritten"
# a report beside the --out-dir, in a directory the run creates: taken
"$dspsim" test --no-progress --out-dir new/ran --json new/r.json \
    --junit new/r.xml case.yaml >stdout 2>stderr
if [ $? -ne 0 ] || [ ! -s new/r.json ] || [ ! -s new/r.xml ]; then
    fail "reports in the directory --out-dir creates"
    sed 's/^/  | /' stderr
else
    echo "ok   reports in the directory --out-dir creates"
fi

# run: --out-dir, --profile, --snapshot-at
t "'in.wav'" -- run case.yaml --out-dir in.wav
t "'adir' exists and is not a regular file" -- run case.yaml --out-dir ran \
    --profile adir
t "'adir' exists and is not a regular file" -- run case.yaml --out-dir ran \
    --snapshot-at 100 adir
t "is the input" -- run case.yaml --out-dir ran --profile case.yaml

# play: OUT, --timeline, --profile, --save-case, --snapshot-at, --artifacts
P=(play in.wav o.wav --artifacts out)
t "'adir' exists and is not a regular file" -- play in.wav adir --artifacts out
t "directory '/nonexistent' does not exist" -- play in.wav /nonexistent/o.wav \
    --artifacts out
t "'adir' exists and is not a regular file" -- "${P[@]}" --timeline adir
t "directory '/nonexistent' does not exist" -- "${P[@]}" \
    --timeline /nonexistent/t.json
t "is the input" -- "${P[@]}" --timeline in.wav
t "'adir' exists and is not a regular file" -- "${P[@]}" --profile adir
t "'adir' exists and is not a regular file" -- "${P[@]}" --save-case adir
t "is the input" -- "${P[@]}" --save-case in.wav
t "'adir' exists and is not a regular file" -- "${P[@]}" --snapshot-at 100 adir
t "--artifacts 'case.yaml' exists and is not a directory" -- \
    play in.wav o.wav --artifacts case.yaml
exit $((fails > 0))
