#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# No dspsim command leaves a process behind: exec, board, play, run and
# test, each on an empty translation cache (a fresh DSPSIM_CACHE_DIR) and
# then again on the same cache, must have no process they started (the
# fast engine's compiles, test's case children, ...) still alive when
# they return; nor a file in its TMPDIR (a compiler killed by a cancel
# leaves its ccXXXX.s there unless its job has a directory of its own),
# nor a job's temporary file, claim or directory in the cache.
#
# How: each command runs with a marker of its own in its environment
# (DSPSIM_LEFTOVER_TAG=<random>), which every process it starts inherits;
# when it has returned, /proc/[0-9]*/environ is scanned for the marker
# (this shell never has it in its own environment, so neither the scan
# nor this script count).  A process found there and still there 0.1 s
# later is a leftover: its command line is printed and it is killed, so
# that the test leaves nothing behind whatever the result.
#
# usage: no_leftovers.sh DSPSIM FW_AUDIO_ELF BENCH_FIR_ELF VECTORS_DIR
#   VECTORS_DIR: the source tree's vectors/ (cases in VECTORS_DIR/cases)
# Exit 0 no leftovers, 1 some (or a command failed), 77 skipped (dspsim,
# an ELF or the cases missing).
set -u
. "$(dirname "$0")/lib_expect.sh"
if [ $# -ne 4 ]; then
    echo "usage: $0 DSPSIM FW_AUDIO_ELF BENCH_FIR_ELF VECTORS_DIR" >&2
    exit 2
fi
dspsim=$1 fw=$2 fir=$3 vectors=$4
for f in "$fw" "$fir"; do
    if [ ! -f "$f" ]; then
        echo "SKIP: $f not found (build the firmware and the bench guests)"
        exit 77
    fi
done
if [ ! -x "$dspsim" ]; then
    echo "SKIP: $dspsim not found"
    exit 77
fi
if [ ! -d "$vectors/cases" ]; then
    echo "SKIP: $vectors/cases not found"
    exit 77
fi
case $dspsim in /*) ;; *) dspsim=$PWD/$dspsim ;; esac
case $fw in /*) ;; *) fw=$PWD/$fw ;; esac
case $fir in /*) ;; *) fir=$PWD/$fir ;; esac
case $vectors in /*) ;; *) vectors=$PWD/$vectors ;; esac
# the scanning shell must not carry a marker itself
unset DSPSIM_LEFTOVER_TAG DSPSIM_LEFTOVER_SESSION

tmp=$(mktemp -d "${TMPDIR:-/tmp}/no_leftovers.XXXXXX") || exit 1
# one marker for the whole script too, so that the exit trap finds
# anything any command left (even if the script is interrupted)
session=noleft-$$-$RANDOM$RANDOM

# marked_pids VAR=VALUE: pids of live processes whose environment holds
# VAR=VALUE, one a line (not this shell nor its subshells: they lack it)
marked_pids() {
    grep -lsxzF -- "$1" /proc/[0-9]*/environ 2>/dev/null |
        sed -n 's|^/proc/\([0-9][0-9]*\)/environ$|\1|p' |
        grep -vx -e "$$" -e "$BASHPID"
}

# kill_marked VAR=VALUE: TERM then KILL every process holding it, until
# none is left (a builder shell may start a new compiler meanwhile)
kill_marked() {
    local pids i
    for i in 1 2 3 4 5 6 7 8 9 10; do
        pids=$(marked_pids "$1")
        [ -n "$pids" ] || return 0
        if [ "$i" -le 3 ]; then
            # shellcheck disable=SC2086
            kill -TERM $pids 2>/dev/null
        else
            # shellcheck disable=SC2086
            kill -KILL $pids 2>/dev/null
        fi
        sleep 0.2
    done
    pids=$(marked_pids "$1")
    [ -z "$pids" ] || echo "WARNING: could not kill: $pids" >&2
}

# cmdline_of PID: its command line on one line, cut to 200 characters; a
# `sh -c SCRIPT` shows the script's first line and then its arguments
cmdline_of() {
    local a=()
    mapfile -d '' -t a <"/proc/$1/cmdline" 2>/dev/null
    [ ${#a[@]} -gt 0 ] || { echo "(gone)"; return; }
    if [ ${#a[@]} -ge 3 ] && [ "${a[1]}" = -c ]; then
        a[2]="'${a[2]%%$'\n'*}...'"
    fi
    local line="${a[*]}"
    line=${line//$'\n'/ }
    echo "${line:0:200}"
}

cleanup() {
    kill_marked "DSPSIM_LEFTOVER_SESSION=$session"
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

cd "$tmp" || exit 1
EXPECT_OUT=$tmp/out EXPECT_ERR=$tmp/err

# 2 s of 48 kHz stereo, for play
have_sox=0
if command -v sox >/dev/null 2>&1 &&
   sox -n -r 48000 -c 2 -b 16 "$tmp/in.wav" synth 2 sine 997 vol 0.5 \
       2>/dev/null; then
    have_sox=1
else
    echo "NOTE: sox missing or failed: play is not checked"
fi

# A handful of short cases for `test`, one for `run`
cases=()
for c in eq_fir_average eq_iir_peaking capture fault_dma_stall; do
    [ -f "$vectors/cases/$c.yaml" ] && cases+=("$vectors/cases/$c.yaml")
done
if [ ${#cases[@]} -eq 0 ]; then
    echo "SKIP: none of the expected cases in $vectors/cases"
    exit 77
fi

n=0
summary=()
# check NAME ALLOWED_STATUSES CACHE COMMAND...: run COMMAND with its own
# marker and CACHE as DSPSIM_CACHE_DIR, then count what it left alive
check() {
    local name=$1 allowed=$2 cache=$3 tag pids p rc count scratch left
    shift 3
    n=$((n + 1))
    tag=$session-$n
    scratch=$(mktemp -d "$tmp/scratch.XXXXXX")
    env DSPSIM_LEFTOVER_SESSION="$session" DSPSIM_LEFTOVER_TAG="$tag" \
        TMPDIR="$scratch" DSPSIM_CACHE_DIR="$cache" "$@" \
        >"$EXPECT_OUT" 2>"$EXPECT_ERR" </dev/null
    rc=$?
    # right after it returned, and still there a moment later (not a
    # process in the middle of its exit)
    pids=$(marked_pids "DSPSIM_LEFTOVER_TAG=$tag")
    if [ -n "$pids" ]; then
        sleep 0.1
        local still=()
        for p in $pids; do
            grep -qsxzF -- "DSPSIM_LEFTOVER_TAG=$tag" "/proc/$p/environ" &&
                still+=("$p")
        done
        pids=${still[*]:-}
    fi
    count=$(wc -w <<<"$pids")
    summary+=("$(printf '%-40s %3d left alive' "$name" "$count")")
    case " $allowed " in
    *" $rc "*) ;;
    *) fail "$name: exit status $rc, expected one of: $allowed"
       sed 's/^/  | /' "$EXPECT_OUT" "$EXPECT_ERR" | tail -n 20 ;;
    esac
    if [ "$count" -gt 0 ]; then
        fail "$name: $count process(es) still alive after it returned:"
        for p in $pids; do
            printf '  | %6s %s\n' "$p" "$(cmdline_of "$p")"
        done
        kill_marked "DSPSIM_LEFTOVER_TAG=$tag"
    else
        ok "$name: nothing left alive"
    fi
    left=$(ls -A "$scratch")
    [ -z "$left" ] && ok "$name: nothing left in TMPDIR" ||
        fail "$name: left in TMPDIR: $left"
    left=$(cd "$cache" && find . \( -name 'tmp.*' -o -name '*.tmp' \
        -o -name '*.so.lock' -o -name '*.c' \) -print | head -n 5)
    [ -z "$left" ] && ok "$name: no job file left in the cache" ||
        fail "$name: left in the cache: $left"
}

# each command: empty cache (a fresh directory), then again on it
both() {
    local name=$1 allowed=$2 cache
    shift 2
    cache=$(mktemp -d "$tmp/cache.XXXXXX")
    check "$name (empty cache)" "$allowed" "$cache" "$@"
    check "$name (warm cache)" "$allowed" "$cache" "$@"
}

# exec: hot long enough to start compiles; 124 = the budget
both "exec bench_fir" "124 0" "$dspsim" exec --max-insns 300000000 "$fir"
# board: the audio firmware with no host; 124 the cycle budget, 123 idle
both "board fw_audio" "124 123 0" "$dspsim" board --max-cycles 200000000 "$fw"
if [ $have_sox = 1 ]; then
    both "play volume" "0" "$dspsim" play "$tmp/in.wav" "$tmp/vol.wav" \
        --pipeline volume --set gain_db=-6 --firmware "$fw" \
        --artifacts "$tmp/play-vol" -q
    both "play src 48->44.1 kHz" "0" "$dspsim" play "$tmp/in.wav" \
        "$tmp/src.wav" --pipeline src --set out_rate=44100 --firmware "$fw" \
        --artifacts "$tmp/play-src" -q
fi
both "run ${cases[0]##*/}" "0 1" "$dspsim" run "${cases[0]}" \
    --out-dir "$tmp/run-out" --firmware "$fw" -q
both "test ${#cases[@]} cases -j 2" "0 1" "$dspsim" test "${cases[@]}" -j 2 \
    --out-dir "$tmp/test-out" --firmware "$fw" --no-progress

echo
echo "processes left alive after each command:"
printf '  %s\n' "${summary[@]}"
[ $fails -eq 0 ] && echo "no_leftovers.sh: PASS"
exit $((fails > 0))
