#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# A promotion the exit waited for in vain is not waited for again
# (docs/performance.md, "Nothing outlives the command"): with a compiler
# that never finishes in time (it sleeps first), the first run promotes
# its hot page and is not waited for; the second promotes it at once (an
# earlier run did), waits at its exit, gives it up and marks the page
# late; the third neither promotes it at once nor waits.  No compiler is
# left running after any of them.
#   exit_wait.sh DSPSIM BENCH_FIR_ELF WORK_DIR
set -u
DSPSIM=$1 ELF=$2 WORK=$3
case $DSPSIM in /*) ;; *) DSPSIM=$PWD/$DSPSIM ;; esac
command -v cc >/dev/null || { echo "SKIP: no host compiler"; exit 77; }
rm -rf "$WORK" && mkdir -p "$WORK/cache" || exit 2
cat >"$WORK/slowcc" <<'CC'
#!/bin/sh
sleep 60
exec cc "$@"
CC
chmod +x "$WORK/slowcc"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
run() {  # N: one run, its log in WORK/runN.log
    env DSPSIM_CC="$WORK/slowcc" DSPSIM_CACHE_DIR="$WORK/cache" \
        DSPSIM_XLATE_PROMOTE=100000 DSPSIM_XLATE_EXIT_WAIT=5000 \
        DSPSIM_XLATE_DEBUG=1 \
        "$DSPSIM" exec --max-insns 20000000 "$ELF" >"$WORK/run$1.log" 2>&1
    local rc=$?
    [ $rc = 124 ] || fail "run $1: exit $rc, not 124 (the instruction budget)"
    if pgrep -f "$WORK/slowcc" >/dev/null; then
        fail "run $1 left its compiler running"
        pkill -f "$WORK/slowcc"
    fi
}
has() { grep -q -- "$2" "$WORK/run$1.log"; }
hot_marks() { ls "$WORK"/cache/xlate/*.so.hot 2>/dev/null; }

run 1
has 1 'promoted after [1-9]' || fail "run 1 promoted nothing"
has 1 'did not finish at exit' && fail "run 1 waited for its first promotion"
[ -n "$(hot_marks)" ] || fail "run 1 left no hot mark"
for m in $(hot_marks); do [ -s "$m" ] && fail "run 1: $m is not empty"; done

run 2
has 2 'promoted after 0 instructions' || fail "run 2 did not promote at once"
has 2 'did not finish at exit; not waited for again' ||
    fail "run 2 did not give its promotion up at exit"
grep -qx late $(hot_marks) || fail "run 2 marked no page late"

run 3
has 3 'promoted after 0 instructions' && fail "run 3 promoted a late page at once"
has 3 'did not finish at exit' && fail "run 3 waited at exit"
grep -qx late $(hot_marks) || fail "run 3 dropped the late mark"

if [ $fails != 0 ]; then
    for n in 1 2 3; do echo "--- run $n"; grep -v '^xlate: page .* live' "$WORK/run$n.log" | head -20; done
    exit 1
fi
echo "exit_wait: ok"
