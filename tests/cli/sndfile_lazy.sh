#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# libsndfile is loaded when a sound file is first opened
# (harness/audio/sndfile_dl.h), not at start-up: `dspsim exec` runs
# without mapping it (the dynamic loader's LD_DEBUG=libs trace names no
# libsndfile), `dspsim play` loads it and plays; and where it cannot be
# loaded (an unloadable libsndfile.so.1 first in LD_LIBRARY_PATH), play
# fails with exit status 2, says so, and writes no output.
#
# usage: sndfile_lazy.sh DSPSIM FW_AUDIO_ELF NULL_ELF INPUT_WAV
# Exit 0 pass, 1 fail, 77 skipped (an input missing).
set -u
if [ $# -ne 4 ]; then
    echo "usage: $0 DSPSIM FW_AUDIO_ELF NULL_ELF INPUT_WAV" >&2
    exit 2
fi
dspsim=$1 fw=$2 null=$3 wav=$4
for f in "$dspsim" "$fw" "$null" "$wav"; do
    [ -e "$f" ] || { echo "SKIP: $f not found"; exit 77; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0

LD_DEBUG=libs "$dspsim" exec "$null" >"$work/exec.out" 2>"$work/exec.ld"
rc=$?
if [ $rc -ne 0 ]; then
    echo "FAIL: exec exited $rc"; fail=1
elif grep -q 'libsndfile' "$work/exec.ld"; then
    echo "FAIL: exec loaded libsndfile:"; grep 'libsndfile' "$work/exec.ld" | head -3
    fail=1
elif ! grep -q 'calling init' "$work/exec.ld"; then
    echo "FAIL: no LD_DEBUG=libs trace to look at"; fail=1
fi

LD_DEBUG=libs "$dspsim" play "$wav" "$work/out.wav" --firmware "$fw" \
    >/dev/null 2>"$work/play.ld"
rc=$?
if [ $rc -ne 0 ] || [ ! -s "$work/out.wav" ]; then
    echo "FAIL: play exited $rc, output: $(ls -l "$work/out.wav" 2>&1)"; fail=1
elif ! grep -q 'calling init: .*libsndfile' "$work/play.ld"; then
    echo "FAIL: play did not load libsndfile"; fail=1
fi

mkdir "$work/lib"
: >"$work/lib/libsndfile.so.1"
LD_LIBRARY_PATH="$work/lib" "$dspsim" play "$wav" "$work/none.wav" \
    --firmware "$fw" >/dev/null 2>"$work/none.err"
rc=$?
if [ $rc -ne 2 ]; then
    echo "FAIL: play without a loadable libsndfile exited $rc, not 2"; fail=1
fi
if ! grep -q 'cannot load libsndfile.so.1' "$work/none.err"; then
    echo "FAIL: the error does not say libsndfile could not be loaded:"
    cat "$work/none.err"; fail=1
fi
if [ -e "$work/none.wav" ]; then
    echo "FAIL: an output was written"; fail=1
fi
[ $fail -eq 0 ] && echo "PASS: libsndfile loaded on first use only"
exit $fail
