#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# `dspsim board` on a panicking firmware image: exit status 3, the decoded
# panic report (cause, symbolized EPC1, EXCVADDR) and the trace ring on
# stderr; --trace-log writes the ring to a file.
#   cli_panic.sh DSPSIM IMAGE.elf WORKDIR
set -u
dspsim=$1 elf=$2 w=$3
mkdir -p "$w"
"$dspsim" board --trace-log "$w/trace.txt" "$elf" >"$w/out" 2>"$w/err"
rc=$?
cat "$w/err"
fail=0
[ $rc -eq 3 ] || { echo "FAIL exit status $rc, want 3"; fail=1; }
for s in "firmware panic: LoadStorePIFAddrError (cause 15) in task 1" \
         "epc1     0x" "read_config_word+0x" "excvaddr 0x00000010" \
         "return-address candidates" "firmware trace ring:" "panic-record"; do
    grep -qF "$s" "$w/err" || { echo "FAIL stderr lacks '$s'"; fail=1; }
done
grep -q "ERROR 0x0103 panic-record" "$w/trace.txt" ||
    { echo "FAIL --trace-log file lacks the panic entry"; fail=1; }
[ $fail -eq 0 ] && echo "PASS cli_panic"
exit $fail
