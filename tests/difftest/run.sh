#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Random differential test: generate LX106 programs, run them on QEMU (the
# reference) and on dspsim, compare the outputs.  See README.md.
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src_root=$(cd "$here/../.." && pwd)

usage() {
    cat <<EOF
usage: $0 [options]
  --seed S         first program seed (default 1); programs use S, S+1, ...
  --base S --offset K
                   first seed is \$DIFFTEST_SEED+K if DIFFTEST_SEED is set in
                   the environment, else S+K (used by the CTest tests)
  --count N        number of programs (default 1)
  --cases C        cases per program (default 100)
  --len MIN MAX    instructions per case (default 50 200)
  --build DIR      build tree (default $src_root/build): bin/difftest_gen and
                   bin/dspsim are used unless given below
  --gen PATH       difftest_gen host tool
  --dspsim PATH    dspsim executable
  --cc PATH        xtensa-lx106-elf-gcc
  --qemu PATH      qemu-system-xtensa
  --self           check the harness: QEMU against QEMU -icount shift=0
                   (dspsim not needed)
  --workdir DIR    where programs and outputs go (default: a temp dir)
  --keep           keep the files of passing programs too
  --lockstep       run dspsim exec --lockstep: its fast engine is also
                   compared with its interpreter after every translated block
  --translate      make dspsim translate a page as soon as it runs
                   (DSPSIM_XLATE_HOT=1 DSPSIM_XLATE_SAMPLE=16: the quick
                   tier's code runs most of a program's second pass and its
                   loops; by default these short programs stay
                   interpreted), and fail a program none of whose
                   instructions ran translated
Exit status: 0 all agree, 1 mismatch or failure, 77 dspsim missing.
EOF
}

seed=1
base=""
offset=0
count=1
cases=100
minlen=50
maxlen=200
build="$src_root/build"
gen=""
dspsim=""
cc=xtensa-lx106-elf-gcc
qemu=qemu-system-xtensa
self=0
workdir=""
keep=0
lockstep=""
translate=0
timeout_s=60

while [ $# -gt 0 ]; do
    case "$1" in
    --seed) seed=$2; shift 2 ;;
    --base) base=$2; shift 2 ;;
    --offset) offset=$2; shift 2 ;;
    --count) count=$2; shift 2 ;;
    --cases) cases=$2; shift 2 ;;
    --len) minlen=$2; maxlen=$3; shift 3 ;;
    --build) build=$2; shift 2 ;;
    --gen) gen=$2; shift 2 ;;
    --dspsim) dspsim=$2; shift 2 ;;
    --cc) cc=$2; shift 2 ;;
    --qemu) qemu=$2; shift 2 ;;
    --self) self=1; shift ;;
    --workdir) workdir=$2; shift 2 ;;
    --keep) keep=1; shift ;;
    --lockstep) lockstep=--lockstep; timeout_s=300; shift ;;
    --translate) translate=1; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "difftest: unknown option $1" >&2; usage >&2; exit 2 ;;
    esac
done

if [ -n "$base" ]; then
    seed=$(( ${DIFFTEST_SEED:-$base} + offset ))
fi
[ -n "$gen" ] || gen="$build/bin/difftest_gen"
[ -n "$dspsim" ] || dspsim="$build/bin/dspsim"
ldscript="$src_root/tests/guest/sim.ld"

if [ ! -x "$gen" ]; then
    echo "difftest: generator $gen not found (build target difftest_gen)" >&2
    exit 1
fi
if [ "$self" = 0 ] && [ ! -x "$dspsim" ]; then
    echo "difftest: SKIPPED: dspsim executable $dspsim not found" \
         "(build it, or pass --self to check the harness on QEMU alone)"
    exit 77
fi
if [ -z "$workdir" ]; then
    workdir=$(mktemp -d "${TMPDIR:-/tmp}/difftest.XXXXXX")
fi
mkdir -p "$workdir" || exit 1

qemu_run() { # elf out [extra qemu args...]
    local elf=$1 out=$2
    shift 2
    timeout "$timeout_s" "$qemu" -M sim -cpu lx106 -display none \
        -monitor none -serial none -semihosting "$@" \
        -device loader,file="$elf",cpu-num=0 >"$out"
}

failed=0
passed=0
engine=dspsim
[ "$translate" = 1 ] && engine="dspsim (translating at once)"
[ "$self" = 1 ] && engine="QEMU -icount shift=0"
last=$((seed + count - 1))
for s in $(seq "$seed" "$last"); do
    d="$workdir/seed_$s"
    rm -rf "$d"
    mkdir -p "$d"
    if ! "$gen" gen "$s" "$d/prog.S" "$cases" "$minlen" "$maxlen"; then
        echo "difftest: seed $s: generator failed"
        failed=$((failed + 1)); continue
    fi
    if ! "$cc" -nostdlib -T "$ldscript" -o "$d/prog.elf" "$d/prog.S" \
         2>"$d/as.log"; then
        echo "difftest: seed $s: assembling $d/prog.S failed:"
        head -n 20 "$d/as.log"
        failed=$((failed + 1)); continue
    fi
    qemu_run "$d/prog.elf" "$d/expected.bin"
    rc=$?
    if [ $rc -ne 0 ]; then
        echo "difftest: seed $s: QEMU exited with $rc (files in $d)"
        failed=$((failed + 1)); continue
    fi
    if [ "$self" = 1 ]; then
        qemu_run "$d/prog.elf" "$d/actual.bin" -icount shift=0
        rc=$?
    elif [ "$translate" = 1 ]; then
        DSPSIM_XLATE_HOT=1 DSPSIM_XLATE_SAMPLE=16 \
            timeout "$timeout_s" "$dspsim" exec --stats $lockstep \
            "$d/prog.elf" >"$d/actual.bin" 2>"$d/dspsim.stderr"
        rc=$?
        # --stats: {"instructions":N,...,"xlate":{...,"insns":M,...
        tr=$(sed -n 's/.*"xlate":{[^}]*"insns":\([0-9]*\).*/\1/p' \
             "$d/dspsim.stderr" | tail -n 1)
        all=$(sed -n 's/^{"instructions":\([0-9]*\).*/\1/p' \
              "$d/dspsim.stderr" | tail -n 1)
        echo "difftest: seed $s: ${tr:-?} of ${all:-?} instructions translated"
        case ${tr:-0} in
        0) echo "difftest: seed $s: no translated code ran"; rc=1 ;;
        esac
    else
        timeout "$timeout_s" "$dspsim" exec $lockstep "$d/prog.elf" \
            >"$d/actual.bin" 2>"$d/dspsim.stderr"
        rc=$?
    fi
    if [ -n "$lockstep" ]; then
        ls_line=$(grep '^dspsim exec: lockstep: ' "$d/dspsim.stderr" | tail -n 1)
        echo "difftest: seed $s: $ls_line"
        case $ls_line in
        *" 0 of "*) echo "difftest: seed $s: no translated code ran"; rc=1 ;;
        esac
    fi
    if ! "$gen" cmp "$d/prog.S" "$d/expected.bin" "$d/actual.bin" \
         >"$d/report.txt" || [ $rc -ne 0 ]; then
        echo "difftest: seed $s: MISMATCH between QEMU and $engine"
        [ $rc -ne 0 ] && echo "$engine exited with status $rc (expected 0)"
        [ -s "$d/dspsim.stderr" ] 2>/dev/null && {
            echo "dspsim stderr:"; head -20 "$d/dspsim.stderr"; }
        cat "$d/report.txt"
        # A one-case program of the first failing case, for debugging.
        c=$(sed -n 's/^MISMATCH in case \([0-9]*\).*/\1/p' "$d/report.txt")
        if [ -n "$c" ] &&
           "$gen" gen "$s" "$d/case_$c.S" "$cases" "$minlen" "$maxlen" "$c" &&
           "$cc" -nostdlib -T "$ldscript" -o "$d/case_$c.elf" "$d/case_$c.S"; then
            echo "case $c alone: $d/case_$c.elf (its 324-byte output is" \
                 "block $c of expected.bin)"
        fi
        echo "files kept in $d (prog.S, prog.elf, expected.bin, actual.bin)"
        echo "rerun: $0 --seed $s --cases $cases --len $minlen $maxlen" \
             "--gen $gen --dspsim $dspsim"
        failed=$((failed + 1)); continue
    fi
    passed=$((passed + 1))
    [ "$keep" = 1 ] || rm -rf "$d"
done

echo "difftest: seeds $seed..$last ($cases cases each), QEMU vs $engine:" \
     "$passed programs passed, $failed failed"
[ "$keep" = 1 ] || rmdir "$workdir" 2>/dev/null
[ $failed -eq 0 ]
