#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Run one conformance program and judge it.
#
#   run.sh qemu   QEMU_BINARY  PROG.elf
#   run.sh dspsim DSPSIM_BINARY PROG.elf
#
# The program passes when the run exits with status 0 within the time limit
# (CONF_TIMEOUT seconds, default 60), printed a "PASS <name>" line and no
# "FAIL" / "UNEXPECTED" line. The output is echoed and also kept next to
# the ELF as PROG.<mode>.log. Exit status 77 (CTest SKIP_RETURN_CODE) when
# the dspsim binary has not been built yet.
set -u
if [ $# -ne 3 ]; then
    echo "usage: $0 qemu|dspsim BINARY PROG.elf" >&2
    exit 2
fi
mode=$1
tool=$2
elf=$3
limit=${CONF_TIMEOUT:-60}

if [ ! -f "$elf" ]; then
    echo "run.sh: $elf does not exist (build the conformance targets first)"
    exit 1
fi
case $mode in
qemu)
    set -- "$tool" -M sim -cpu lx106 -display none -monitor none \
        -serial none -semihosting -device "loader,file=$elf,cpu-num=0"
    ;;
dspsim)
    if [ ! -x "$tool" ]; then
        echo "run.sh: SKIP: $tool has not been built"
        exit 77
    fi
    set -- "$tool" exec "$elf"
    ;;
*)
    echo "run.sh: unknown mode '$mode'" >&2
    exit 2
    ;;
esac

log=${elf%.elf}.$mode.log
timeout -k 5 "$limit" "$@" >"$log" 2>&1 </dev/null
rc=$?
cat "$log"
if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
    echo "run.sh: TIMEOUT: no exit within ${limit}s"
    exit 1
fi
if [ $rc -ne 0 ]; then
    echo "run.sh: exit status $rc (expected 0)"
    exit 1
fi
if ! grep -q '^PASS ' "$log"; then
    echo "run.sh: no PASS line in the output"
    exit 1
fi
if grep -q '^FAIL \|^UNEXPECTED' "$log"; then
    echo "run.sh: FAIL/UNEXPECTED lines in the output"
    exit 1
fi
exit 0
