#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The translator's compiler runs at the simulation's own priority when the
# simulation waits for it (DSPSIM_XLATE_SYNC=1: a nice-19 compiler would
# starve behind any busy process, as it did in parallel test runs) and at
# nice 19 when it builds in the background while the simulation goes on.
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
run() {  # MODE SYNC
    DSPSIM_TEST_MODE=$1 DSPSIM_CC=$tmp/cc DSPSIM_CACHE_DIR=$tmp/cache.$1 \
    DSPSIM_XLATE_SYNC=$2 DSPSIM_XLATE_OPT=0 DSPSIM_XLATE_DEBUG=1 \
        "$dspsim" exec --engine fast --max-insns 3000000 "$elf" \
        >"$tmp/$1.out" 2>"$tmp/$1.err"
    rc=$?
    [ $rc -eq 124 ] || { echo "FAIL: $1 run: exit $rc"; cat "$tmp/$1.err"; fail=1; }
}
run fg 1
run bg 0
# the background builder outlives the run: wait for its first compile
for i in $(seq 1 120); do
    grep -q " bg$" "$tmp/nice.log" 2>/dev/null && break
    sleep 0.5
done
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
# let a background builder still running finish before the files go
for i in $(seq 1 120); do
    ls "$tmp"/cache.bg/xlate/*.lock >/dev/null 2>&1 || break
    sleep 0.5
done
[ $fail -eq 0 ] && echo "xlate_priority.sh: PASS (run at nice $base; foreground compiles at $fg, background at $bg)"
exit $fail
