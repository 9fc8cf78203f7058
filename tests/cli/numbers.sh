#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# Numbers on the command line: decimal or 0x hex like the board YAML, the
# whole string, in range, never wrapped (cli_number, cli/options.c), for
# --max-insns, --max-cycles, --period-us, --cpu-mhz, --snapshot-at and a
# numeric --set; a hex value does what the same decimal value does.
# usage: numbers.sh DSPSIM HELLO_ELF LOOP_ELF FW_AUDIO_ELF WORKDIR
set -u
. "$(dirname "$0")/lib_expect.sh"
dspsim=$1 hello=$2 loop=$3 fw=$4 work=$5
dir=$work/numbers
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 1

# t STATUS KEYWORD -- ARGS...: exit status and KEYWORD on stdout+stderr
t() {
    local want=$1 key=$2
    shift 3
    expect_cmd "$want" both "$key" -- "$dspsim" "$@" </dev/null &&
        ok "dspsim $*"
}
same() {    # same FILE1 FILE2 WHAT
    if cmp -s "$1" "$2"; then echo "ok   $3"
    else fail "$3: $1 and $2 differ"; fi
}

# exec: --max-insns / --max-cycles in hex stop where the decimal does
t 124 "" -- exec --max-insns 0x1000 "$loop"; cp err hex.err
t 124 "" -- exec --max-insns 4096 "$loop"
same hex.err err "--max-insns 0x1000 = 4096"
t 124 "" -- exec --max-cycles 0X2710 "$loop"; cp err hex.err
t 124 "" -- exec --max-cycles 10000 "$loop"
same hex.err err "--max-cycles 0X2710 = 10000"
t 124 "" -- board --max-cycles 0x3e8 "$fw"; cp err hex.err
t 124 "" -- board --max-cycles 1000 "$fw"
same hex.err err "board --max-cycles 0x3e8 = 1000"
for bad in 0x 0xg 12x -5 +5 " 5" 1e3 0b1 0x1p3; do
    t 2 "is not a decimal number or 0x hex" -- exec --max-insns "$bad" "$hello"
    t 2 "is not a decimal number or 0x hex" -- board --max-cycles "$bad" "$hello"
done
t 2 "must be at least 1" -- exec --max-cycles 0x0 "$hello"
t 2 "too large" -- exec --max-insns 0x10000000000000000 "$hello"
t 2 "too large" -- exec --max-cycles 18446744073709551616 "$hello"

# play: --period-us, --cpu-mhz, --set, --snapshot-at
sox -n -r 48000 -c 2 -b 16 in.wav synth 0.01 sine 1000 vol 0.5 || exit 1
t 0 PASS -- play in.wav dec.wav --period-us 1000 --cpu-mhz 160 \
    --set gain_db=3
t 0 PASS -- play in.wav hex.wav --period-us 0x3E8 --cpu-mhz 0xa0 \
    --set gain_db=0x3
same dec.wav hex.wav "play with hex --period-us, --cpu-mhz, --set"
t 0 PASS -- play in.wav zero.wav --set gain_db=0
if cmp -s zero.wav hex.wav; then
    fail "--set gain_db=0x3 had no effect"
fi
t 0 PASS -- play in.wav r.wav --pipeline src --set out_rate=0x5622
t 0 "output frames: 221" -- play in.wav r.wav --pipeline src \
    --set out_rate=0x5622
for bad in 0x 0xz 1000x " 1000" -1000 1e3; do
    t 2 "not a decimal integer (or 0x hex)" -- play in.wav o.wav \
        --period-us "$bad"
    t 2 "not a decimal integer (or 0x hex)" -- play in.wav o.wav \
        --cpu-mhz "$bad"
done
# 2^32 + 1000 and 2^64 + 1000 would wrap to 1000
t 2 "out of range [100, 1000000]" -- play in.wav o.wav --period-us 4294968296
t 2 "out of range [100, 1000000]" -- play in.wav o.wav \
    --period-us 18446744073709552616
t 2 "out of range [100, 1000000]" -- play in.wav o.wav --period-us 0x63
t 2 "out of range [1, 1000]" -- play in.wav o.wav --cpu-mhz 0x3e9
# past the firmware's 1 GHz: refused by name before anything runs
t 2 "--cpu-mhz '1500': out of range [1, 1000]" -- play in.wav o.wav \
    --cpu-mhz 1500
t 2 "is not a 0x hex integer" -- play in.wav o.wav --set gain_db=0xq
t 2 "is not a 0x hex integer" -- play in.wav o.wav \
    --set gain_db=0x8000000000000000
t 2 "out_rate: value '0x' is not" -- play in.wav o.wav --pipeline src --set out_rate=0x
t 0 PASS -- play in.wav s.wav --snapshot-at 0x100000 hex.snap
t 0 PASS -- play in.wav s.wav --snapshot-at 1048576 dec.snap
same dec.snap hex.snap "--snapshot-at 0x100000 = 1048576"
t 2 "not a cycle count" -- play in.wav o.wav --snapshot-at 0x x.snap
t 2 "too large" -- play in.wav o.wav --snapshot-at 0x1ffffffffffffffff x.snap
[ -e o.wav ] && fail "a refused play wrote o.wav"
exit $((fails > 0))
