#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# A missing or unloadable firmware image is bad input (exit 2) for
# `dspsim test`, `run` and `play`, with the image's path in the message,
# before anything runs: never a SKIP a CI gate would pass on.
# usage: firmware_check.sh DSPSIM WORKDIR
set -u
EXPECT_OUT=stdout EXPECT_ERR=stderr
. "$(dirname "$0")/lib_expect.sh"
. "$(dirname "$0")/lib_cases.sh"
dspsim=$1 work=$2
dir=$work/firmware_check
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 1

# t STATUS KEYWORD -- ARGS...: exit status STATUS, KEYWORD on stderr, no
# SKIP/PASS line on stdout, no output directory left
t() {
    local want=$1 key=$2
    shift 3
    rm -rf out
    expect_cmd "$want" err "$key" -- "$dspsim" "$@" </dev/null || return
    if grep -qE '^(SKIP|PASS)' stdout; then
        fail "dspsim $*: a case ran or was skipped"
        sed 's/^/  | /' stdout
    else
        ok "dspsim $*"
    fi
}

sox -n -r 48000 -c 2 -b 16 in.wav synth 0.01 sine 1000 vol 0.5 || exit 1
printf 'not an elf\n' >text.elf
mkdir adir.elf
volume_case "volume 0 dB" 0 in.wav o.wav 5 >case.yaml
case=case.yaml
# a case naming its own image: missing, or not an Xtensa ELF
sed "/^name:/a firmware: /nonexistent/fw.elf" "$case" >own_missing.yaml
sed "/^name:/a firmware: /bin/true" "$case" >own_host.yaml
sed "/^name:/a firmware: $dir/text.elf" "$case" >own_text.yaml

for sub in test run play; do
    case $sub in
    test) args=(test --no-progress --out-dir out case.yaml) ;;
    run)  args=(run case.yaml --out-dir out) ;;
    play) args=(play in.wav o.wav --artifacts out) ;;
    esac
    t 2 "'/nonexistent/fw.elf'" -- "${args[@]}" --firmware /nonexistent/fw.elf
    t 2 "'/bin/true' cannot be loaded" -- "${args[@]}" --firmware /bin/true
    t 2 "'text.elf' cannot be loaded" -- "${args[@]}" --firmware text.elf
    t 2 "'adir.elf' is not a regular file" -- "${args[@]}" \
        --firmware adir.elf
    t 2 "--firmware needs" -- "${args[@]}" --firmware=
    [ -e o.wav ] && fail "play wrote o.wav"
done
# --fail-on-skip does not turn a bad image into a pass or a skip either
t 2 "'/bin/true' cannot be loaded" -- test --no-progress --fail-on-skip \
    --firmware /bin/true case.yaml
# the case's own firmware: key
for c in test run; do
    [ $c = test ] && pre=(test --no-progress) || pre=(run)
    t 2 "/nonexistent/fw.elf" -- "${pre[@]}" own_missing.yaml
    t 2 "'/bin/true' is not a 32-bit little-endian Xtensa" -- \
        "${pre[@]}" own_host.yaml
    t 2 "text.elf' is not an ELF file" -- "${pre[@]}" own_text.yaml
done
[ -e out ] && fail "an output directory was made"
exit $((fails > 0))
