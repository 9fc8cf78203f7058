#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# --trace: one line "CYCLE\tPC\tSYMBOL\tMNEMONIC\tOPERANDS" per instruction;
# the PC, symbol and disassembly of a straight-line program must match
# objdump's listing, cycles start at 0 and increase.
# usage: trace.sh DSPSIM OBJDUMP TINY_ELF WORKDIR
set -u
dspsim=$1 objdump=$2 elf=$3 work=$4
dir=$work/trace
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 1
fail=0

"$dspsim" exec --trace trace.txt "$elf" >out 2>err
rc=$?
cat err
[ $rc -eq 7 ] || { echo "FAIL: exit status $rc, expected 7"; fail=1; }
[ -s out ] && { echo "FAIL: unexpected stdout"; cat out; fail=1; }
cat trace.txt

# Expected: objdump -d of _start, as "PC\tSYMBOL\tMNEMONIC\tOPERANDS".
"$objdump" -d "$elf" | awk -F'\t' '
    function hex(s,   i, v) {
        v = 0
        for (i = 1; i <= length(s); i++)
            v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
        return v
    }
    /^[0-9a-f]+ <_start>:/ { on = 1; split($0, w, " "); base = hex(w[1]); next }
    /^$/ { on = 0 }
    on && /^ *[0-9a-f]+:/ {
        pc = $1; sub(/^ */, "", pc); sub(/:$/, "", pc)
        off = hex(pc) - base
        sym = off ? sprintf("_start+0x%x", off) : "_start"
        printf "%s\t%s\t%s\t%s\n", pc, sym, $3, $4
    }' >expected.txt
cut -f 2- trace.txt >actual.txt
if ! diff -u expected.txt actual.txt; then
    echo "FAIL: trace PC/symbol/disassembly differ from objdump"
    fail=1
fi
n=$(wc -l <expected.txt)
[ "$n" -eq 5 ] || { echo "FAIL: expected 5 instructions, objdump has $n"; fail=1; }
awk -F'\t' '
    NF != 5 { print "FAIL: line " NR " has " NF " fields"; bad = 1 }
    $1 !~ /^[0-9]+$/ { print "FAIL: line " NR " cycle not decimal"; bad = 1 }
    $2 !~ /^[0-9a-f]+$/ || length($2) != 8 {
        print "FAIL: line " NR " pc format"; bad = 1
    }
    NR == 1 && $1 != 0 { print "FAIL: first cycle is " $1; bad = 1 }
    NR > 1 && $1 + 0 <= prev { print "FAIL: cycles not increasing"; bad = 1 }
    { prev = $1 + 0 }
    END { exit bad }' trace.txt || fail=1

[ $fail -eq 0 ] && echo PASS
exit $fail
