#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# What the HTML report costs (docs/harness.md "HTML report"; issue 33):
#   bench/report.sh [BUILD_DIR] [RUNS]
# runs the vector suite (BUILD_DIR/vectors/cases, every case) RUNS times
# (default 3) with `dspsim test -j$(nproc) -q` and RUNS times with
# `--html DIR` as well, alternating, and prints the best wall time of
# each (wall and CPU: user + system of the whole process tree), the
# report's share of the suite's time (target: at most 10 %) and its size.  The cost is the plot data the cases record and write
# (harness/exec/exec_plotdata.c) plus the plots (gnuplot) and pages.
# Timing is noisy on a shared machine: read the best of several runs.
set -eu
BUILD=${1:-build}
RUNS=${2:-3}
DSPSIM=$BUILD/bin/dspsim
CASES=$BUILD/vectors/cases
[ -x "$DSPSIM" ] || { echo "bench/report.sh: no $DSPSIM (build first)" >&2; exit 2; }
command -v gnuplot >/dev/null || echo "bench/report.sh: gnuplot not found: the report is drawn without plots" >&2
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
J=$(nproc)
now() { date +%s.%N; }
best_plain= best_html= cpu_plain= cpu_html=
for i in $(seq "$RUNS"); do
    for mode in plain html; do
        rm -rf "$WORK/out" "$WORK/html"
        args=()
        [ $mode = html ] && args=(--html "$WORK/html")
        /usr/bin/time -f '%e %U %S' -o "$WORK/time" \
            "$DSPSIM" test "$CASES" -j"$J" -q --out-dir "$WORK/out" "${args[@]}" 2>/dev/null || true
        read -r t u s <"$WORK/time"
        c=$(echo "$u + $s" | bc -l)
        printf '%-5s run %d: %.2f s wall, %.2f s CPU\n' $mode "$i" "$t" "$c"
        if [ $mode = plain ]; then
            [ -z "$best_plain" ] || [ "$(echo "$t < $best_plain" | bc -l)" = 1 ] && best_plain=$t
            [ -z "$cpu_plain" ] || [ "$(echo "$c < $cpu_plain" | bc -l)" = 1 ] && cpu_plain=$c
        else
            [ -z "$best_html" ] || [ "$(echo "$t < $best_html" | bc -l)" = 1 ] && best_html=$t
            [ -z "$cpu_html" ] || [ "$(echo "$c < $cpu_html" | bc -l)" = 1 ] && cpu_html=$c
        fi
    done
done
cases=$(ls "$WORK/html/cases" | wc -l)
size=$(du -sk "$WORK/html" | cut -f1)
share=$(echo "100 * ($best_html - $best_plain) / $best_plain" | bc -l)
cshare=$(echo "100 * ($cpu_html - $cpu_plain) / $cpu_plain" | bc -l)
printf 'suite: %d cases, -j%d; best of %d: %.2f s plain, %.2f s with --html (wall); %.2f s, %.2f s of CPU\n' \
    "$cases" "$J" "$RUNS" "$best_plain" "$best_html" "$cpu_plain" "$cpu_html"
printf 'report: %.1f %% of the suite'"'"'s wall time (target <= 10 %%), %.1f %% of its CPU time; %d KiB (%d KiB a case)\n' \
    "$share" "$cshare" "$size" $((size / (cases ? cases : 1)))
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs (wall times inflate on a busy machine)"
