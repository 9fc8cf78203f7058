#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# docs/debugging.md's worked example, kept true: the audio firmware built
# with a copy of the volume kernel that carries a planted off-by-one
# (fw_bug/volume_offbyone.c, image fw_audio_volbug.elf), run on
# vectors/cases/volume_ramp_midstream.yaml.
#  1. the symptom: the output differs from the shipped firmware's, from
#     inside the gain ramp that the control at 50 ms starts;
#  2. narrowed: a snapshot at cycle 8,000,000, just before the control;
#  3. found: resumed from it under the debugger, a breakpoint on
#     vol_process_q1_31 gives its output block, a write watchpoint on the
#     word after the block stops at the store on the PLANTED line (the
#     stop's store mapped to file:line with the cross addr2line);
#     resumed so, the run ends as the uninterrupted one (output, cycles);
#  4. confirmed by the profile: vol_process_q1_31 is called as often as
#     in the shipped firmware but executes more instructions, and
#     fw_heap_free fewer (the overwritten word was the next heap block's
#     header: its free is refused, the block leaks).
# usage: example.sh DSPSIM GDB_CLIENT WAV_DIFF FW_AUDIO_ELF FW_VOLBUG_ELF
#                   PLANTED_SOURCE CASE.yaml WORKDIR
set -euo pipefail
dspsim=$1 client=$2 wav_diff=$3 fw=$4 bug=$5 src=$6 case=$7 work=$8
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v callgrind_annotate > /dev/null || fail "callgrind_annotate missing (valgrind)"
addr2line=xtensa-lx106-elf-addr2line
command -v "$addr2line" > /dev/null || fail "$addr2line missing (binutils-xtensa-lx106)"
cycles() { sed -n 's/^simulated cycles: \([0-9]*\).*/\1/p' "$1"; }
out=vol_ramp.wav

# 1. both firmwares, whole runs, profiled (a profile changes no result)
"$dspsim" run "$case" --out-dir "$work/good" --profile "$work/good.cg" \
    > "$work/good.txt"
"$dspsim" run "$case" --out-dir "$work/bug" --firmware "$bug" \
    --profile "$work/bug.cg" > "$work/bug.txt" ||
    fail "the planted firmware's run does not pass its case"
d=$("$wav_diff" "$work/good/$out" "$work/bug/$out")
first=$(sed -n 's/.*first at frame \([0-9]*\).*/\1/p' <<< "$d")
[ -n "$first" ] || fail "the planted bug changes no output ($d)"
# the control is sent at 50 ms (frame 2400), the ramp lasts 20 ms
[ "$first" -ge 2400 ] && [ "$first" -lt 3600 ] ||
    fail "the output differs first at frame $first, not in the ramp ($d)"
echo "PASS symptom: $d"

# 2. a snapshot just before the control
"$dspsim" run "$case" --out-dir "$work/snap" --firmware "$bug" \
    --snapshot-at 8000000 "$work/ramp.snap" > "$work/snap.txt"
grep -q "^snapshot taken at cycle: 8000000" "$work/snap.txt" ||
    fail "no snapshot at cycle 8000000"

# 3. the watchpoint, from the snapshot
"$client" overrun "$bug" "$work/c" vol_process_q1_31 0 -- \
    "$dspsim" run "$case" --out-dir "$work/resumed" --firmware "$bug" \
    --restore "$work/ramp.snap" --gdb 0 --gdb-wait > "$work/resumed.txt"
grep -q "^PASS overrun" "$work/resumed.txt" || fail "the client did not pass"
store=$(sed -n 's/^store at \(0x[0-9a-f]*\),.*/\1/p' "$work/resumed.txt")
line=$("$addr2line" -e "$bug" "$store")
want=$(grep -n '/\* PLANTED \*/' "$src" | cut -d: -f1)
[ -n "$want" ] || fail "no PLANTED line in $src"
[ "${line##*/}" = "${src##*/}:$want" ] ||
    fail "the watchpoint's store $store is at $line, the planted line is ${src##*/}:$want"
cmp -s "$work/bug/$out" "$work/resumed/$out" ||
    fail "the debugged resumed run's output differs from the whole run's"
[ "$(cycles "$work/bug.txt")" = "$(cycles "$work/resumed.txt")" ] ||
    fail "cycles $(cycles "$work/bug.txt") whole, $(cycles "$work/resumed.txt") resumed under the debugger"
echo "PASS watchpoint: $(grep '^overrun:' "$work/resumed.txt"), store at $store = $line"

# 4. the profile: calls (summed over the call edges) and instructions
calls() { awk -v f="$2" '$0 == "cfn=" f { getline; split($1, c, "="); n += c[2] }
                         END { print n + 0 }' "$1"; }
instr() {   # summed over the files its lines come from (inlined code)
    callgrind_annotate --threshold=100 --show=Instructions --auto=no "$1" \
        2> /dev/null | awk -v f=":$2" '
            /file:function/ { t = 1; next }
            t && substr($NF, length($NF) - length(f) + 1) == f {
                gsub(",", "", $1); n += $1; seen = 1 }
            END { if (seen) print n }'
}
for f in vol_process_q1_31 fw_heap_free; do
    cg=$(calls "$work/good.cg" $f) cb=$(calls "$work/bug.cg" $f)
    ig=$(instr "$work/good.cg" $f) ib=$(instr "$work/bug.cg" $f)
    [ -n "$ig" ] && [ -n "$ib" ] || fail "$f missing from a profile"
    [ "$cg" -gt 0 ] && [ "$cg" = "$cb" ] || fail "$f: $cg calls shipped, $cb planted"
    echo "profile: $f: $cg calls; $ig instructions shipped, $ib planted"
    case $f in
    vol_process_q1_31) [ "$ib" -gt "$ig" ] || fail "$f does no more work" ;;
    fw_heap_free) [ "$ib" -lt "$ig" ] || fail "no free refused" ;;
    esac
done
# the profile names the planted copy as the kernel's source file (DWARF
# lines of the firmware image, whose .debug_aranges libdw refuses): the
# fl= before its fn=, or an fi=/fe= within it
awk '/^fl=/ { fl = $0 } $0 == "fn=vol_process_q1_31" { t = 1; print fl; next }
     /^fn=/ { t = 0 } t && /^f[ie]=/' "$work/bug.cg" |
    grep -q "^f[lie]=.*/${src##*/}\$" ||
    fail "the profile does not name ${src##*/} as vol_process_q1_31's file"
echo "PASS profile"
