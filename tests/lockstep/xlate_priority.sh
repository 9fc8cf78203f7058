#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The translator's compiler runs at the simulation's own priority when the
# simulation waits for it (DSPSIM_XLATE_SYNC=1: a nice-19 compiler would
# starve behind any busy process, as it did in parallel test runs) and at
# nice 19 when it builds in the background while the simulation goes on
# (the optimising tier alone here, DSPSIM_XLATE_TIERS=opt, so that the
# host compiler builds the first units).  Either way the compiler is the
# run's: when the run returns, no compiler of it is left.
#   xlate_priority.sh DSPSIM PROGRAM.elf
set -u
dspsim=$1 elf=$2
[ -x "$dspsim" ] || { echo "xlate_priority.sh: SKIP: $dspsim not built"; exit 77; }
command -v cc >/dev/null || { echo "xlate_priority.sh: SKIP: no host cc"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# a compiler that records its niceness, then compiles
cat >"$tmp/cc" <<EOS
#!/bin/sh
echo "\$(nice) \$DSPSIM_TEST_MODE" >>"$tmp/nice.log"
exec cc "\$@"
EOS
chmod +x "$tmp/cc"
base=$(nice)
fail=0
run() {  # MODE SYNC INSNS
    DSPSIM_TEST_MODE=$1 DSPSIM_CC=$tmp/cc DSPSIM_CACHE_DIR=$tmp/cache.$1 \
    DSPSIM_XLATE_SYNC=$2 DSPSIM_XLATE_OPT=0 DSPSIM_XLATE_DEBUG=1 \
    DSPSIM_XLATE_TIERS=opt DSPSIM_ENGINE=fast \
        "$dspsim" exec --max-insns "$3" "$elf" \
        >"$tmp/$1.out" 2>"$tmp/$1.err"
    rc=$?
    [ $rc -eq 124 ] || { echo "FAIL: $1 run: exit $rc"; cat "$tmp/$1.err"; fail=1; }
}
run fg 1 3000000
# the background run: until its compiler has started (however loaded the
# machine), then killed: the compiler must go with it (the shell gets
# SIGTERM when the engine's thread dies, and kills its process group)
DSPSIM_TEST_MODE=bg DSPSIM_CC=$tmp/cc DSPSIM_CACHE_DIR=$tmp/cache.bg \
DSPSIM_XLATE_OPT=0 DSPSIM_XLATE_DEBUG=1 DSPSIM_XLATE_TIERS=opt \
DSPSIM_ENGINE=fast DSPSIM_PRIORITY_TAG=$$ \
    "$dspsim" exec "$elf" >"$tmp/bg.out" 2>"$tmp/bg.err" &
bgpid=$!
for i in $(seq 1 600); do
    grep -q " bg$" "$tmp/nice.log" 2>/dev/null && break
    kill -0 $bgpid 2>/dev/null || break
    sleep 0.2
done
kill -TERM $bgpid 2>/dev/null
wait $bgpid 2>/dev/null
left=""
for i in $(seq 1 50); do
    left=$(grep -lsxzF "DSPSIM_PRIORITY_TAG=$$" /proc/[0-9]*/environ 2>/dev/null |
           sed 's|/proc/\([0-9]*\)/environ|\1|' | grep -vx "$$" | tr '\n' ' ')
    [ -z "$left" ] && break
    sleep 0.1
done
if [ -n "$left" ]; then
    echo "FAIL: processes of the killed run still alive: $left"
    for p in $left; do tr '\0' ' ' </proc/$p/cmdline 2>/dev/null; echo; done
    kill -KILL $left 2>/dev/null
    fail=1
fi
fg=$(grep " fg$" "$tmp/nice.log" | head -1 | cut -d' ' -f1)
bg=$(grep " bg$" "$tmp/nice.log" | head -1 | cut -d' ' -f1)
if [ -z "$fg" ]; then
    echo "FAIL: the foreground run compiled nothing"; cat "$tmp/fg.err"; fail=1
elif [ "$fg" != "$base" ]; then
    echo "FAIL: a foreground compile ran at nice $fg, the run at $base"; fail=1
fi
if [ -z "$bg" ]; then
    echo "FAIL: the background run compiled nothing"; cat "$tmp/bg.err"; fail=1
elif [ "$base" -lt 19 ] && [ "$bg" -le "$base" ]; then
    echo "FAIL: a background compile ran at nice $bg, not below the run ($base)"; fail=1
fi
# nothing of the background build is left: no claim, no C file, no
# temporary object
left=$(ls "$tmp"/cache.bg/xlate/ | grep -E '\.(lock|c|tmp)$')
if [ -n "$left" ]; then
    echo "FAIL: the background build left files behind: $left"; fail=1
fi
[ $fail -eq 0 ] && echo "xlate_priority.sh: PASS (run at nice $base; foreground compiles at $fg, background at $bg)"
exit $fail
