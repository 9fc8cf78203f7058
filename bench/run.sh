#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Run the guest benchmarks under QEMU, QEMU -icount shift=0 and dspsim,
# check that all three print the same output, and print a speed table.
# See bench/README.md.
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src_root=$(cd "$here/.." && pwd)

usage() {
    cat <<EOF
usage: $0 [-B BUILD_DIR] [-r REPEATS] [--cpu N] [--dspsim PATH] [--qemu PATH]
          [BENCH...]
  -B DIR        build tree (default $src_root/build); the guests are
                DIR/bench/bench_<name>.elf, dspsim is DIR/bin/dspsim
  -r N          run each engine N times and keep the fastest (default 1)
  --cpu N       run everything on host CPU N (taskset): on a machine whose
                cores differ in speed, the ratios then compare like with
                like
  --dspsim PATH dspsim executable (default DIR/bin/dspsim)
  --qemu PATH   qemu-system-xtensa (default: from PATH)
  BENCH         benchmark names (default: fir mixed)
Exit status: 0 if every engine printed the same output and exit status,
1 on a mismatch or a failed run, 2 on usage or missing guest programs.
EOF
}

build="$src_root/build"
repeats=1
dspsim=""
cpu=""
qemu=${QEMU:-qemu-system-xtensa}
benches=()
while [ $# -gt 0 ]; do
    case "$1" in
    -B) build=$2; shift 2 ;;
    -r) repeats=$2; shift 2 ;;
    --cpu) cpu=$2; shift 2 ;;
    --dspsim) dspsim=$2; shift 2 ;;
    --qemu) qemu=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    -*) echo "run.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    *) benches+=("$1"); shift ;;
    esac
done
[ ${#benches[@]} -gt 0 ] || benches=(fir mixed)
if [ -n "$cpu" ]; then
    case "$cpu" in
    *[!0-9]*) echo "run.sh: --cpu takes a CPU number, not '$cpu'" >&2; exit 2 ;;
    esac
    if ! command -v taskset >/dev/null 2>&1; then
        echo "run.sh: --cpu needs taskset (util-linux)" >&2
        exit 2
    fi
    # this shell and every process it starts run on that CPU only
    if ! taskset -pc "$cpu" $$ >/dev/null 2>&1; then
        echo "run.sh: cannot run on CPU $cpu" >&2
        exit 2
    fi
fi
[ -n "$dspsim" ] || dspsim="$build/bin/dspsim"

for b in null "${benches[@]}"; do
    if [ ! -f "$build/bench/bench_$b.elf" ]; then
        echo "run.sh: $build/bench/bench_$b.elf not found;" \
             "build the guests first: cmake --build $build --target bench" >&2
        exit 2
    fi
done
if ! command -v "$qemu" >/dev/null 2>&1; then
    echo "run.sh: $qemu not found" >&2
    exit 2
fi
have_dspsim=1
if [ ! -x "$dspsim" ]; then
    have_dspsim=0
    echo "run.sh: NOTE: dspsim not found at $dspsim (build target dspsim)." >&2
    echo "run.sh: running QEMU only; no guest instruction counts." >&2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

now_ns() { date +%s%N; }

# run_timed OUTFILE ERRFILE CMD... -> sets run_rc and run_secs (wall time)
run_timed() {
    local out=$1 err=$2 t0 t1
    shift 2
    t0=$(now_ns)
    "$@" >"$out" 2>"$err"
    run_rc=$?
    t1=$(now_ns)
    run_secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", (b - a) / 1e9 }')
}

qemu_base=("$qemu" -M sim -cpu lx106 -display none -monitor none -serial none
           -semihosting)

min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }'; }

# best_of NAME MODE ELF: run an engine $repeats times; sets best (seconds),
# and leaves the output in $tmp/NAME.out, exit status in $tmp/NAME.rc.
best_of() {
    local name=$1 mode=$2 elf=$3 i cmd
    best=""
    for ((i = 0; i < repeats; i++)); do
        case $mode in
        dspsim) cmd=("$dspsim" exec --engine fast --stats "$elf") ;;
        interp) cmd=("$dspsim" exec --engine interp --stats "$elf") ;;
        plain) cmd=("${qemu_base[@]}" -device "loader,file=$elf,cpu-num=0") ;;
        icount) cmd=("${qemu_base[@]}" -icount shift=0
                     -device "loader,file=$elf,cpu-num=0") ;;
        esac
        run_timed "$tmp/$name.out" "$tmp/$name.err" "${cmd[@]}"
        echo "$run_rc" >"$tmp/$name.rc"
        best=$(min "$best" "$run_secs")
    done
}

# QEMU start-up time: fastest of 5 runs of a guest that exits at once.
startup_plain=""
startup_icount=""
for i in 1 2 3 4 5; do
    best_of null_plain plain "$build/bench/bench_null.elf"
    startup_plain=$(min "$startup_plain" "$best")
    best_of null_icount icount "$build/bench/bench_null.elf"
    startup_icount=$(min "$startup_icount" "$best")
done
echo "QEMU start-up time subtracted: ${startup_plain}s (plain)," \
     "${startup_icount}s (-icount shift=0)"
echo

status=0
rows=()
for b in "${benches[@]}"; do
    elf="$build/bench/bench_$b.elf"
    insns=""
    best_of "$b.qemu" plain "$elf"
    t_qemu=$(awk -v a="$best" -v s="$startup_plain" 'BEGIN { t = a - s; if (t < 1e-3) t = 1e-3; printf "%.3f", t }')
    best_of "$b.icount" icount "$elf"
    t_icount=$(awk -v a="$best" -v s="$startup_icount" 'BEGIN { t = a - s; if (t < 1e-3) t = 1e-3; printf "%.3f", t }')
    engines=(qemu icount)
    if [ $have_dspsim = 1 ]; then
        # one untimed run fills the translation cache (the fast engine
        # compiles hot code in the background; later runs load it); in
        # the foreground here, so that every unit is in the cache before
        # the timed runs, however loaded the machine
        DSPSIM_XLATE_SYNC=1 run_timed "$tmp/warm.out" "$tmp/warm.err" \
            "$dspsim" exec --stats "$elf"
        for m in dspsim interp; do
            best_of "$b.$m" $m "$elf"
            t=$best
            stats=$(grep '^{' "$tmp/$b.$m.err" | tail -n 1)
            n=$(sed -n 's/.*"instructions"[[:space:]]*:[[:space:]]*\([0-9][0-9]*\).*/\1/p' <<<"$stats")
            c=$(sed -n 's/.*"cycles"[[:space:]]*:[[:space:]]*\([0-9][0-9]*\).*/\1/p' <<<"$stats")
            hs=$(sed -n 's/.*"host_seconds"[[:space:]]*:[[:space:]]*\([0-9.eE+-][0-9.eE+-]*\).*/\1/p' <<<"$stats")
            if [ -n "$hs" ]; then
                t=$(awk -v a="$hs" 'BEGIN { printf "%.3f", a }')
            else
                echo "run.sh: $b: no host_seconds in dspsim --stats output;" \
                     "using wall time" >&2
            fi
            if [ -z "$n" ]; then
                echo "run.sh: $b: no instruction count in dspsim --stats output" \
                     "(stderr: $(head -c 300 "$tmp/$b.$m.err"))" >&2
            fi
            if [ $m = dspsim ]; then
                t_dspsim=$t insns=$n cyc_fast=$c
            else
                t_interp=$t
                if [ "$n" != "$insns" ] || [ "$c" != "$cyc_fast" ]; then
                    echo "run.sh: $b: the engines disagree: fast $insns" \
                         "instructions $cyc_fast cycles, interp $n instructions" \
                         "$c cycles" >&2
                    status=1
                fi
            fi
        done
        engines+=(dspsim interp)
    fi

    # All engines must print the same thing and exit the same way.
    for e in "${engines[@]}"; do
        if ! cmp -s "$tmp/$b.qemu.out" "$tmp/$b.$e.out" ||
           ! cmp -s "$tmp/$b.qemu.rc" "$tmp/$b.$e.rc"; then
            echo "run.sh: $b: OUTPUT MISMATCH between qemu and $e:" >&2
            echo "  qemu (exit $(cat "$tmp/$b.qemu.rc")): $(head -c 200 "$tmp/$b.qemu.out")" >&2
            echo "  $e (exit $(cat "$tmp/$b.$e.rc")): $(head -c 200 "$tmp/$b.$e.out")" >&2
            [ "$e" = dspsim ] || [ "$e" = interp ] &&
                echo "  dspsim stderr: $(head -c 300 "$tmp/$b.$e.err")" >&2
            status=1
        fi
    done
    if [ "$(cat "$tmp/$b.qemu.rc")" != 0 ]; then
        echo "run.sh: $b: QEMU exited with status $(cat "$tmp/$b.qemu.rc")" >&2
        status=1
    fi
    echo "$b: $(head -n 1 "$tmp/$b.qemu.out")"

    for e in "${engines[@]}"; do
        case $e in
        qemu) name="qemu"; t=$t_qemu ;;
        icount) name="qemu-icount"; t=$t_icount ;;
        dspsim) name="dspsim-fast"; t=$t_dspsim ;;
        interp) name="dspsim-interp"; t=$t_interp ;;
        esac
        rows+=("$(awk -v b="$b" -v e="$name" -v n="${insns:-}" -v t="$t" -v q="$t_qemu" -v i="$t_icount" 'BEGIN {
            if (n == "") { ns = "n/a"; rate = "n/a" }
            else { ns = n; rate = sprintf("%.1f M", n / t / 1e6) }
            printf "%-10s %-14s %14s %10.3f %14s %10.2fx %10.2fx", b, e, ns, t, rate, q / t, i / t }')")
    done
done

echo
printf "%-10s %-14s %14s %10s %14s %11s %11s\n" benchmark engine "guest insns" \
    "host s" "insns/s" "vs QEMU" "vs icount"
for r in "${rows[@]}"; do
    echo "$r"
done
echo
echo "host s: QEMU wall time minus its start-up time; dspsim: host_seconds" \
     "from --stats."
echo "guest insns: dspsim's count, used for every engine (same program," \
     "same path); 'vs QEMU' / 'vs icount' = QEMU's (-icount shift=0) time /" \
     "engine time (>1: faster).  dspsim-fast: after one untimed run that" \
     "fills the translation cache; both dspsim engines must report the same" \
     "instructions and cycles."
[ $have_dspsim = 1 ] || echo "NOTE: dspsim missing ($dspsim): QEMU-only" \
    "table, instruction counts unavailable."
[ $status = 0 ] || echo "SOME OUTPUTS DIFFER OR A RUN FAILED (see above)"
exit $status
