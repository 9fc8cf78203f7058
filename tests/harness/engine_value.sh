#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# --engine is a value carried to the board's CPU, not the environment:
# with DSPSIM_ENGINE naming one engine, `--engine` naming the other wins
# for `dspsim play` and `dspsim run` (the summary's "engine:" line), for
# every case of `dspsim test -j 2` (run/engine in the JSON report, the
# cases run in forked children) and for `dspsim board` (--stats); without
# --engine, DSPSIM_ENGINE still chooses.
#   engine_value.sh DSPSIM FW_AUDIO.elf JSON_GET WORK_DIR
set -u
. "$(dirname "$0")/../cli/lib_expect.sh"
. "$(dirname "$0")/../cli/lib_cases.sh"
DSPSIM=$1 FW=$2 JG=$3 WORK=$4
[ -x "$DSPSIM" ] || { echo "engine_value.sh: SKIP: $DSPSIM not built"; exit 77; }
command -v sox >/dev/null || { echo "FAIL sox is missing"; exit 1; }
rm -rf "$WORK" && mkdir -p "$WORK/cases" && cd "$WORK" || exit 2
export DSPSIM_CACHE_DIR=$WORK/cache
sox -n -r 48000 -c 2 -b 16 in.wav synth 0.05 sine 997 vol 0.5 ||
    { echo "FAIL sox could not make the input"; exit 1; }
for n in a b c; do
    volume_case "case $n" -6 "$WORK/in.wav" "out_$n.wav" 30 >"cases/$n.yaml"
done

for env in fast interp; do
    other=$([ $env = fast ] && echo interp || echo fast)
    export DSPSIM_ENGINE=$env
    # play: the option, then the environment alone
    expect_rc 0 "play --engine $other (DSPSIM_ENGINE=$env)" -- \
        "$DSPSIM" play in.wav "play_$other.wav" --engine $other \
        --firmware "$FW" --artifacts "art_play_$env"
    has "$EXPECT_OUT" "engine: $other" "play --engine $other, DSPSIM_ENGINE=$env"
    # the fast engine says what it translated, the interpreter nothing
    if [ $other = fast ]; then
        has "$EXPECT_OUT" "engine: fast (translated: " "play --engine fast: its translations"
    else
        expect "play --engine interp: no translation line" \
            grep -qx "engine: interp" "$EXPECT_OUT"
    fi
    expect_rc 0 "play (DSPSIM_ENGINE=$env)" -- \
        "$DSPSIM" play in.wav "play_env_$env.wav" --firmware "$FW" \
        --artifacts "art_play_env_$env"
    has "$EXPECT_OUT" "engine: $env" "play without --engine, DSPSIM_ENGINE=$env"
    # run: --engine after the case file (taken anywhere on the line)
    expect_rc 0 "run --engine $other (DSPSIM_ENGINE=$env)" -- \
        "$DSPSIM" run cases/a.yaml --firmware "$FW" \
        --out-dir "run_$env" --engine=$other
    has "$EXPECT_OUT" "engine: $other" "run --engine=$other, DSPSIM_ENGINE=$env"
    # test -j 2: every case, each in a child
    expect_rc 0 "test -j 2 --engine $other (DSPSIM_ENGINE=$env)" -- \
        "$DSPSIM" test --engine $other -j 2 cases --firmware "$FW" \
        --json "test_$env.json" --no-progress --out-dir "test_$env"
    for n in a b c; do
        got=$("$JG" "test_$env.json" "cases/[name=case $n]/run/engine")
        expect "test --engine $other, DSPSIM_ENGINE=$env: case $n ran on $other (got '$got')" \
            [ "$got" = "$other" ]
    done
    # board: --stats names the engine
    expect_rc 124 "board --engine $other (DSPSIM_ENGINE=$env)" -- \
        "$DSPSIM" board --engine $other --max-cycles 100000 --stats -q "$FW"
    has "$EXPECT_ERR" "\"engine\":\"$other\"" "board --engine $other, DSPSIM_ENGINE=$env"
    expect_rc 124 "board (DSPSIM_ENGINE=$env)" -- \
        "$DSPSIM" board --max-cycles 100000 --stats -q "$FW"
    has "$EXPECT_ERR" "\"engine\":\"$env\"" "board without --engine, DSPSIM_ENGINE=$env"
done
[ $fails -eq 0 ] && echo "engine_value.sh: PASS"
exit $((fails > 0))
