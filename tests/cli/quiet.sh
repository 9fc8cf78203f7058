#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# -q (--quiet) on every subcommand (docs/cli.md, "Quiet"): a successful
# run prints nothing on stdout or stderr; a failing one still prints its
# error and exits non-zero; every --help says what -q does.  And `play`
# writes OUT.wav and nothing else: in an empty directory, with TMPDIR an
# empty directory too, a run leaves exactly OUT.wav (its scratch
# artifacts removed), with --artifacts DIR the artifacts are in DIR.
#
# usage: quiet.sh DSPSIM EXEC_OK_ELF BOARD_OK_ELF FW_AUDIO_ELF CASE.yaml WORK
#   EXEC_OK_ELF, BOARD_OK_ELF: programs that print nothing and exit 0 on
#   `exec` and on `board`.  Exit 77 (skipped) without sox.
set -u
. "$(dirname "$0")/lib_expect.sh"
if [ $# -ne 6 ]; then
    echo "usage: $0 DSPSIM EXEC_OK_ELF BOARD_OK_ELF FW_AUDIO_ELF CASE.yaml WORK" >&2
    exit 2
fi
dspsim=$1 exec_ok=$2 board_ok=$3 fw=$4 case=$5 work=$6
command -v sox >/dev/null || { echo "SKIP: sox not installed"; exit 77; }
for v in dspsim exec_ok board_ok fw case work; do
    case ${!v} in /*) ;; *) printf -v "$v" '%s' "$PWD/${!v}" ;; esac
done
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
EXPECT_OUT=$work/out EXPECT_ERR=$work/err
sox -n -r 48000 -c 2 -b 16 in.wav synth 0.05 sine 1000 vol 0.5 || exit 2

# silent STATUS WHAT -- COMMAND...: exit STATUS, nothing on stdout/stderr
silent() {
    local want=$1 what=$2
    shift 3
    expect_rc "$want" "$what" -- "$@" || return
    if [ -s "$EXPECT_OUT" ] || [ -s "$EXPECT_ERR" ]; then
        fail "$what: printed something with -q"
        sed 's/^/  | /' "$EXPECT_OUT" "$EXPECT_ERR"
    else
        ok "$what: nothing printed"
    fi
}
# loud STATUS TEXT WHAT -- COMMAND...: exit STATUS, TEXT on stderr,
# nothing on stdout
loud() {
    local want=$1 text=$2 what=$3
    shift 4
    expect_rc "$want" "$what" -- "$@" || return
    has "$EXPECT_ERR" "$text" "$what" || return
    if [ -s "$EXPECT_OUT" ]; then
        fail "$what: printed on stdout with -q"
        sed 's/^/  | /' "$EXPECT_OUT"
    else
        ok "$what: the error on stderr, exit $want"
    fi
}

# ---- every --help says what -q does
for sub in exec board test run play; do
    expect_cmd 0 out "nothing on stdout or stderr but errors" -- \
        "$dspsim" "$sub" --help && ok "$sub --help describes -q"
done

# ---- successful runs: nothing at all (-q before or after the operands)
silent 0 "exec -q" -- "$dspsim" exec -q "$exec_ok"
silent 0 "exec --quiet --lockstep" -- "$dspsim" exec --quiet --lockstep "$exec_ok"
silent 0 "board -q" -- "$dspsim" board -q "$board_ok"
silent 0 "play -q" -- "$dspsim" play in.wav out.wav -q --firmware "$fw" \
    --save-case saved.yaml
[ -s out.wav ] && [ -s saved.yaml ] || fail "play -q: out.wav or saved.yaml not written"
silent 0 "play --quiet --artifacts" -- "$dspsim" play --quiet in.wav out2.wav \
    --firmware "$fw" --artifacts art_q
silent 0 "run -q" -- "$dspsim" run -q "$case" --out-dir run_q --firmware "$fw"
silent 0 "run --quiet (saved case)" -- "$dspsim" run saved.yaml --quiet \
    --out-dir run_saved
silent 0 "test -q" -- "$dspsim" test -q "$case" --out-dir test_q \
    --firmware "$fw" --json test_q.json
[ -s test_q.json ] || fail "test -q: no --json report"

# ---- failing runs: the error on stderr, the exit status
loud 2 "dspsim exec:" "exec -q missing program" -- \
    "$dspsim" exec -q "$work/missing.elf"
loud 2 "dspsim board:" "board -q missing program" -- \
    "$dspsim" board -q "$work/missing.elf"
loud 2 "dspsim play:" "play -q missing input" -- \
    "$dspsim" play -q "$work/missing.wav" x.wav --firmware "$fw"
[ -e x.wav ] && fail "play -q missing input: wrote x.wav"
loud 2 "dspsim run:" "run -q missing case" -- \
    "$dspsim" run -q "$work/missing.yaml" --out-dir run_missing
loud 2 "dspsim test:" "test -q missing path" -- \
    "$dspsim" test -q "$work/missing.yaml" --out-dir test_missing
loud 2 "dspsim test:" "test -q unloadable firmware" -- \
    "$dspsim" test -q "$case" --firmware /bin/true --out-dir test_bad
loud 2 "dspsim play:" "play -q bad --set" -- \
    "$dspsim" play -q in.wav y.wav --set gain_db=abc --firmware "$fw"
# a run that ends in a stop: exit 124 and its message
loud 124 "budget exhausted" "exec -q budget" -- \
    "$dspsim" exec -q --max-insns 1 "$exec_ok"

# ---- play writes OUT.wav and nothing else
mkdir -p empty scratch_tmp
(cd empty && TMPDIR="$work/scratch_tmp" "$dspsim" play ../in.wav out.wav \
    --firmware "$fw" >"$work/out" 2>"$work/err")
rc=$?
left=$(cd empty && ls -A | tr '\n' ' ')
if [ $rc != 0 ]; then
    fail "play in an empty directory: exit $rc"; sed 's/^/  | /' out err
elif [ "$left" != "out.wav " ]; then
    fail "play in an empty directory left '$left', expected only out.wav"
else
    ok "play in an empty directory leaves only out.wav"
fi
has out "PASS " "play summary without -q"
grep -q '^artifacts:' out && fail "play without --artifacts names an artifacts directory"
left=$(ls -A scratch_tmp)
[ -z "$left" ] && ok "play removed its scratch directory" ||
    fail "play left '$left' in TMPDIR"
# -q too
(cd empty && rm -f out.wav && TMPDIR="$work/scratch_tmp" \
    "$dspsim" play -q ../in.wav out.wav --firmware "$fw") >out 2>err
left=$(cd empty && ls -A | tr '\n' ' ')
[ "$left" = "out.wav " ] && [ ! -s out ] && [ ! -s err ] ||
    fail "play -q in an empty directory: left '$left', printed $(cat out err)"
# --artifacts DIR: DIR gets them, named in the summary
mkdir -p with_art
(cd with_art && "$dspsim" play ../in.wav out.wav --firmware "$fw" \
    --artifacts art >"$work/out" 2>"$work/err") ||
    fail "play --artifacts: exit $?"
left=$(cd with_art && ls -A | tr '\n' ' ')
[ "$left" = "art out.wav " ] || fail "play --artifacts art left '$left'"
[ -s with_art/art/firmware.log ] && ok "play --artifacts DIR: firmware.log in DIR" ||
    fail "play --artifacts DIR: no DIR/firmware.log"
has out "artifacts: art" "play --artifacts names DIR"
[ -s art_q/firmware.log ] || fail "play -q --artifacts: no firmware.log"

[ $fails -eq 0 ] && echo "quiet.sh: PASS"
exit $((fails > 0))
