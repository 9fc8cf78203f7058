#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# docs/debugging.md's worked example of reverse execution, kept true: a
# capture case whose DAI DMA descriptor gets one bit of its destination
# flipped at 50 ms (cases/capture_desc_flip.yaml.in, a scripted fault
# standing for a stray store).
#  1. the symptom: the case fails, the capture's SNR far below its limit;
#  2. under the debugger, at the first pipeline_copy after 100 ms: the
#     descriptor's destination names the buffer the DMA fills; a write
#     watchpoint on it and reverse-continue stop before the DMA burst
#     that wrote it last, the console naming DMA channel 0 and the
#     descriptor; a write watchpoint on the descriptor's destination word
#     and reverse-continue stop before the host's write that changed it
#     (the fault, at cycle 8,103,331), the old destination printed;
#  3. run to the end: the same capture and cycles as without a debugger.
# usage: reverse_example.sh DSPSIM GDB_CLIENT FW_AUDIO_ELF CASE_IN SIGNALS WORKDIR
set -euo pipefail
dspsim=$1 client=$2 fw=$3 case_in=$4 signals=$5 work=$6
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
objdump=xtensa-lx106-elf-objdump
command -v "$objdump" > /dev/null || fail "$objdump missing (binutils-xtensa-lx106)"
cycles() { sed -n 's/^simulated cycles: \([0-9]*\).*/\1/p' "$1"; }
# the offset of desc in struct bdma, from the firmware's DWARF
"$objdump" --dwarf=info "$fw" > "$work/dwarf.txt"
desc=$(awk '
    /DW_TAG_structure_type/ { s = 0 }
    /DW_AT_name.*: bdma$/ { s = 1 }
    s && /DW_AT_name.*: desc$/ { m = 1 }
    m && /DW_AT_data_member_location/ { print $NF; exit }' "$work/dwarf.txt")
rm -f "$work/dwarf.txt"
[ -n "$desc" ] || fail "no member desc of struct bdma in $fw's DWARF"
case=$work/capture_desc_flip.yaml
sed -e "s|@SIGNALS@|$signals|" -e "s|@DESC_DST_BYTE1@|$((desc + 5))|" \
    "$case_in" > "$case"
# 1. the symptom
set +e
"$dspsim" run "$case" --out-dir "$work/plain" > "$work/plain.txt" 2>&1
st=$?
set -e
[ $st -eq 1 ] || fail "the seeded case exits $st, expected 1 (a failed check)"
grep -q "SNR .* below 80" "$work/plain.txt" || fail "no SNR failure: $(grep FAIL "$work/plain.txt")"
echo "PASS symptom: $(grep -o 'rec: SNR [^;[]*' "$work/plain.txt")"
# 2. found backwards; 3. to the end
"$client" dma-culprit "$fw" "$work/c" pipeline_copy 16000000 chans "$desc" 0 1 -- \
    "$dspsim" run "$case" --out-dir "$work/gdb" --gdb 0 --gdb-wait \
    > "$work/gdb.txt" 2>&1 || { cat "$work/gdb.txt" >&2; fail "the debugger's session"; }
grep -q "written by the host" "$work/gdb.txt" || fail "the descriptor's writer not named"
sed -n '/^at pipeline_copy/,/^PASS/p' "$work/gdb.txt"
cmp -s "$work/plain/capture.wav" "$work/gdb/capture.wav" || fail "the capture differs with the debugger"
pc=$(cycles "$work/plain.txt") gc=$(cycles "$work/gdb.txt")
[ -n "$pc" ] && [ "$pc" = "$gc" ] || fail "cycles $pc without the debugger, $gc with it"
echo "PASS example: $pc cycles and the same capture"
