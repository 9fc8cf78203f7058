#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Run dspsim with --lockstep and judge the run.
#
#   check.sh DSPSIM STATUS MIN_PERCENT exec|board ARGS...
#
# Passes when dspsim exits with STATUS, prints "dspsim exec|board: lockstep: agree" and the
# fast engine ran at least MIN_PERCENT of the instructions in translated
# code (so the comparison covered translated blocks, not only the
# interpreter).  The translations are built in a cache of their own under
# the build tree ($LOCKSTEP_CACHE, else a temporary one).
set -u
[ $# -ge 5 ] || { echo "usage: $0 DSPSIM STATUS MIN_PERCENT exec|board ARGS..." >&2; exit 2; }
dspsim=$1 want=$2 min=$3
shift 3
[ -x "$dspsim" ] || { echo "check.sh: SKIP: $dspsim not built"; exit 77; }
sub=$1
shift
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
DSPSIM_CACHE_DIR=${LOCKSTEP_CACHE:-$tmp/cache}
export DSPSIM_CACHE_DIR
"$dspsim" "$sub" --lockstep "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
rc=$?
cat "$tmp/out"
cat "$tmp/err"
fail=0
if [ "$rc" -ne "$want" ]; then
    echo "check.sh: FAIL: exit status $rc, expected $want"
    fail=1
fi
line=$(grep "^dspsim $sub: lockstep: agree" "$tmp/err")
if [ -z "$line" ]; then
    echo "check.sh: FAIL: no 'lockstep: agree' line"
    exit 1
fi
# "... N of M instructions translated"
pct=$(echo "$line" | sed -n 's/.* \([0-9][0-9]*\) of \([0-9][0-9]*\) instructions translated.*/\1 \2/p' |
      awk '{ if ($2 > 0) printf "%d", 100 * $1 / $2; else print 0 }')
if [ -z "$pct" ] || [ "$pct" -lt "$min" ]; then
    echo "check.sh: FAIL: ${pct:-?}% of the instructions ran translated, expected at least $min%"
    fail=1
fi
# LS_TIERS=switch: quick units were replaced by optimised ones during the
# run, and both ran instructions under the comparison
if [ "${LS_TIERS:-}" = switch ]; then
    set -- $(echo "$line" | sed -n 's/.*(quick \([0-9]*\), optimised \([0-9]*\), \([0-9]*\) promotions).*/\1 \2 \3/p')
    if [ $# -ne 3 ] || [ "$1" -eq 0 ] || [ "$2" -eq 0 ] || [ "$3" -eq 0 ]; then
        echo "check.sh: FAIL: expected both tiers and promotions, got '${*:-?}'"
        fail=1
    fi
fi
[ $fail -eq 0 ] && echo "check.sh: PASS ($pct% translated)"
exit $fail
