#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# What the HTML report costs (docs/harness.md "HTML report"; issue 33):
#   bench/report.sh [--cpu N] [BUILD_DIR] [RUNS]
# runs the vector suite (BUILD_DIR/vectors/cases, every case) RUNS times
# (default 3) in each of three ways, interleaved (their order turning
# from round to round), with
# `dspsim test -j$(nproc) -q`:
#   plain   no report
#   data    --html DIR with DSPSIM_DYGRAPHS=none: the plot data the cases
#           record and write (harness/exec/exec_plotdata.c) and the pages
#           with their tables, without plots
#   html    --html DIR: the same with the plots: each page also holds its
#           plot data and the plots' specifications (drawn by the browser
#           with dygraphs when the page is opened, not here), and the
#           library is copied into DIR once
# and prints the best wall time and the best CPU time (user + system of
# the whole process tree) of each, the report's share of the suite's time
# (target: at most 10 %), split into data + pages and the plots, and the
# report's size.  Timing is noisy on a shared machine: read the best of
# several runs, and the CPU times (less disturbed by other work than the
# wall times, though a busy machine inflates them too).  --cpu N runs
# everything on host CPU N (taskset): on a machine whose CPUs differ in
# speed (bench/cpu_check.sh) the three ways then compare like with like.
set -eu
cpu=""
if [ "${1:-}" = --cpu ]; then
    [ $# -ge 2 ] && [ -n "$2" ] && [ -z "${2//[0-9]/}" ] ||
        { echo "bench/report.sh: --cpu takes a CPU number" >&2; exit 2; }
    command -v taskset >/dev/null 2>&1 ||
        { echo "bench/report.sh: --cpu needs taskset (util-linux)" >&2; exit 2; }
    cpu=$2
    shift 2
    # this shell and every process it starts run on that CPU only
    taskset -pc "$cpu" $$ >/dev/null 2>&1 ||
        { echo "bench/report.sh: cannot run on CPU $cpu" >&2; exit 2; }
fi
BUILD=${1:-build}
RUNS=${2:-3}
DSPSIM=$BUILD/bin/dspsim
CASES=$BUILD/vectors/cases
[ -x "$DSPSIM" ] || { echo "bench/report.sh: no $DSPSIM (build first)" >&2; exit 2; }
[ -f /usr/share/javascript/dygraphs/dygraph.min.js ] || [ -n "${DSPSIM_DYGRAPHS:-}" ] ||
    echo "bench/report.sh: dygraphs not found (libjs-dygraphs): the report is made without plots" >&2
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
J=$(nproc)
declare -A wall cpu
min() { if [ -z "${1:-}" ] || [ "$(echo "$2 < $1" | bc -l)" = 1 ]; then echo "$2"; else echo "$1"; fi; }
# the order of the modes turns every round (plain data html, data html
# plain, html plain data): what a run leaves the next (the files to write
# back, the caches) falls on each mode alike
orders=("plain data html" "data html plain" "html plain data")
for i in $(seq "$RUNS"); do
    for mode in ${orders[$(((i - 1) % 3))]}; do
        rm -rf "$WORK/out" "$WORK/html"
        args=()
        [ $mode = plain ] || args=(--html "$WORK/html")
        lib=${DSPSIM_DYGRAPHS:-}
        [ $mode = data ] && lib=none
        DSPSIM_DYGRAPHS=$lib /usr/bin/time -f '%e %U %S' -o "$WORK/time" \
            "$DSPSIM" test "$CASES" -j"$J" -q --out-dir "$WORK/out" "${args[@]}" 2>/dev/null || true
        read -r t u s <"$WORK/time"
        c=$(echo "$u + $s" | bc -l)
        printf '%-5s run %d: %.2f s wall, %.2f s CPU\n' $mode "$i" "$t" "$c"
        wall[$mode]=$(min "${wall[$mode]:-}" "$t")
        cpu[$mode]=$(min "${cpu[$mode]:-}" "$c")
        if [ $mode = html ]; then # the report's size: the full one's
            cases=$(ls "$WORK/html/cases" | wc -l)
            size=$(du -sk "$WORK/html" | cut -f1)
        fi
    done
done
pct() { echo "100 * ($1 - $2) / $3" | bc -l; }
printf 'suite: %d cases, -j%d; best of %d: %.2f s plain, %.2f s with --html and no plots, %.2f s with --html (wall); %.2f s, %.2f s, %.2f s of CPU\n' \
    "$cases" "$J" "$RUNS" "${wall[plain]}" "${wall[data]}" "${wall[html]}" "${cpu[plain]}" "${cpu[data]}" "${cpu[html]}"
printf 'report: %.1f %% of the suite'"'"'s wall time (target <= 10 %%), %.1f %% of its CPU time\n' \
    "$(pct "${wall[html]}" "${wall[plain]}" "${wall[plain]}")" "$(pct "${cpu[html]}" "${cpu[plain]}" "${cpu[plain]}")"
printf '  plot data and pages: %.1f %% wall, %.1f %% CPU; plots (data and specifications in the pages): %.1f %% wall, %.1f %% CPU\n' \
    "$(pct "${wall[data]}" "${wall[plain]}" "${wall[plain]}")" "$(pct "${cpu[data]}" "${cpu[plain]}" "${cpu[plain]}")" \
    "$(pct "${wall[html]}" "${wall[data]}" "${wall[plain]}")" "$(pct "${cpu[html]}" "${cpu[data]}" "${cpu[plain]}")"
printf 'size: %d KiB (%d KiB a case)\n' "$size" $((size / (cases ? cases : 1)))
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs (wall times inflate on a busy machine)"
[ -z "$cpu" ] || echo "everything ran on CPU $cpu (--cpu)"
. "$(dirname "${BASH_SOURCE[0]}")/cpu_check.sh"
cpu_check
