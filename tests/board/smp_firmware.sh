#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The single-core audio firmware on a board of 2 cores (core 1 stays in
# reset) plays and captures the same bytes at the same cycles as on the
# board of one core: the several-core run loop (rounds, exact device
# accesses, no quiet time or lazy events) changes nothing for a program
# that runs on core 0 alone.  Compares each case's output WAV and its
# timeline (cycle-stamped) byte for byte.
#
# usage: smp_firmware.sh DSPSIM CASES_DIR BOARDS_DIR WORKDIR
set -u
. "$(dirname "$0")/../cli/lib_expect.sh"
dspsim=$1 cases=$2 boards=$3 work=$4
[ -x "$dspsim" ] || { echo "SKIP: $dspsim not built"; exit 77; }
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1
signals=$(cd "$cases/../signals" && pwd) || { echo "SKIP: no signals"; exit 77; }
for c in eq_fir_average capture; do
    for n in 1 2; do
        # the case with its signals' absolute path, and on 2 cores the
        # board file
        sed -e "s|\.\./signals/|$signals/|" "$cases/$c.yaml" >"$c.$n.yaml"
        [ $n = 2 ] && printf 'board: {file: %s}\n' "$boards/cores2.yaml" \
            >>"$c.$n.yaml"
        EXPECT_OUT=$c.$n.out EXPECT_ERR=$c.$n.err expect_rc 0 \
            "$c on $n core(s)" -- "$dspsim" run -q "$c.$n.yaml" \
            --out-dir "out.$c.$n"
    done
    for f in timeline.json $(cd "out.$c.1" && ls *.wav); do
        if cmp -s "out.$c.1/$f" "out.$c.2/$f"; then
            ok "$c: $f the same on 1 and 2 cores"
        else
            fail "$c: $f differs between 1 and 2 cores"
        fi
    done
done
exit $((fails > 0))
