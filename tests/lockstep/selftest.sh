#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The lockstep checker must catch a wrong translation: with
# DSPSIM_XLATE_SELFTEST=1 the translator charges one cycle too many for
# every conditional branch, and `dspsim exec --lockstep` must stop at the
# first translated block that runs one, with exit status 70 and a report
# that names the block, the differing cycle count and the instructions.
# TIERS (quick or opt) is the translation tier whose code is wrong.
# MODE 2 (DSPSIM_XLATE_SELFTEST=2): the direct back end's jump from one
# page's unit into another's charges one cycle too many instead; the
# checker must stop at a block that ran one (its listing need not hold a
# conditional branch).  MODE 3 (DSPSIM_XLATE_SELFTEST=3): a branch the
# translator runs without a branch (if-converted: a forward branch over
# one or two instructions) charges one cycle too many on its side not
# taken; the checker must stop at a block that ran it (its listing holds
# the branch): single-block runs run those branches' code too.
#   selftest.sh DSPSIM PROG.elf [TIERS [MODE]]
set -u
dspsim=$1 elf=$2 tiers=${3:-quick} mode=${4:-1}
[ -x "$dspsim" ] || { echo "selftest.sh: SKIP: $dspsim not built"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
DSPSIM_CACHE_DIR=$tmp/cache DSPSIM_XLATE_SELFTEST=$mode DSPSIM_XLATE_TIERS=$tiers \
    "$dspsim" exec --lockstep "$elf" >"$tmp/out" 2>"$tmp/err" </dev/null
rc=$?
cat "$tmp/err"
fail=0
check() {  # check DESCRIPTION COMMAND...
    d=$1; shift
    if ! "$@"; then echo "selftest.sh: FAIL: $d"; fail=1; fi
}
check "exit status 70 (got $rc)" [ "$rc" -eq 70 ]
check "divergence line" grep -q '^dspsim exec: lockstep: the engines diverge in the block that starts at pc [0-9a-f]\{8\}' "$tmp/err"
check "cycle counts named" grep -q '^  instructions fast [0-9]* interp [0-9]*, cycles fast [0-9]* interp [0-9]*$' "$tmp/err"
check "block listing" grep -q '^  the block as the interpreter ran it:$' "$tmp/err"
[ "$mode" != 2 ] && check "a conditional branch in the listing" grep -qE '^ +[0-9a-f]{8} .*	?b(eq|ne|lt|ge|any|none|all|nall|bc|bs)' "$tmp/err"
check "summary says DIVERGED" grep -q '^dspsim exec: lockstep: DIVERGED after' "$tmp/err"
case $tiers in
quick) check "the wrong code was the quick tier's" grep -q '(quick [1-9][0-9]*, optimised 0,' "$tmp/err" ;;
opt) check "the wrong code was the optimising tier's" grep -q '(quick 0, optimised [1-9][0-9]*,' "$tmp/err" ;;
esac
[ $fail -eq 0 ] && echo "selftest.sh: PASS"
exit $fail
