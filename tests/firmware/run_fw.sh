#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Run one firmware test image and judge it.
#
#   run_fw.sh qemu|dspsim TOOL PROG.elf [EXPECTED_STATUS]
#
# Passes when the run exits with EXPECTED_STATUS (default 0) within
# FW_TIMEOUT seconds (default 60), printed no "FAIL" line, and either
#  - printed a "PASS " line (self-checking programs), or
#  - every "EXPECT key=value" line the program printed is matched by a
#    "PANIC ... key=value ..." line (panic tests: the program announces what
#    the panic record must say, then faults).
# Exit status 77 (CTest SKIP_RETURN_CODE) when dspsim has not been built.
set -u
[ $# -ge 3 ] || { echo "usage: $0 qemu|dspsim TOOL PROG.elf [STATUS]" >&2; exit 2; }
mode=$1 tool=$2 elf=$3 want=${4:-0}
limit=${FW_TIMEOUT:-60}
[ -f "$elf" ] || { echo "run_fw.sh: $elf does not exist"; exit 1; }
case $mode in
qemu)
    # -icount: QEMU's virtual clock (and so CCOUNT and the timer) follows
    # the instructions executed instead of the host clock, so interrupt and
    # deadline timing do not depend on how loaded the host is; sleep=off:
    # while the core waits (WAITI) the clock jumps to the next timer event
    # instead of following the host's sleep, which a loaded host stretches
    set -- "$tool" -M sim -cpu lx106 -display none -monitor none \
        -serial none -semihosting -icount shift=0,sleep=off \
        -device "loader,file=$elf,cpu-num=0" ;;
dspsim)
    [ -x "$tool" ] || { echo "run_fw.sh: SKIP: $tool not built"; exit 77; }
    set -- "$tool" exec "$elf" ;;
*)  echo "run_fw.sh: unknown mode $mode" >&2; exit 2 ;;
esac
log=${elf%.elf}.$mode.log
timeout -k 5 "$limit" "$@" >"$log" 2>&1 </dev/null
rc=$?
cat "$log"
if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
    echo "run_fw.sh: TIMEOUT after ${limit}s"; exit 1
fi
if [ "$rc" -ne "$want" ]; then
    echo "run_fw.sh: exit status $rc (expected $want)"; exit 1
fi
if grep -q '^FAIL' "$log"; then
    echo "run_fw.sh: FAIL lines in the output"; exit 1
fi
if grep -q '^EXPECT ' "$log"; then
    for kv in $(sed -n 's/^EXPECT //p' "$log"); do
        if ! grep '^PANIC ' "$log" | tr ' ' '\n' | grep -qx "$kv"; then
            echo "run_fw.sh: panic record lacks $kv"; exit 1
        fi
    done
    echo "run_fw.sh: panic record matches every EXPECT"
    exit 0
fi
grep -q '^PASS ' "$log" || { echo "run_fw.sh: no PASS line"; exit 1; }
exit 0
