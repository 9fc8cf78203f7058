# SPDX-License-Identifier: BSD-3-Clause
# Sourced by the benches: cpu_check prints how long one fixed shell loop
# takes pinned to each host CPU (taskset), e.g.
#   CPU check: cpu0 0.31 s, cpu1 0.19 s (a fixed loop pinned to each)
# On a VM one CPU can be shared with other work and run its programs
# half as fast for a while (docs/performance.md, "this round, fifth"): a
# series that lands one side of a comparison there is unequal.  A hint
# of the moment only (the loop touches no memory; the slowdown seen was
# larger on programs that do).  Nothing when taskset is missing.
cpu_check() {
    command -v taskset >/dev/null 2>&1 || return 0
    local line="" c t0 t1
    for ((c = 0; c < $(nproc); c++)); do
        t0=$(date +%s.%N)
        taskset -c "$c" bash -c 'for ((i = 0; i < 200000; i++)); do :; done' ||
            return 0
        t1=$(date +%s.%N)
        line+="${line:+, }cpu$c $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s"
    done
    echo "CPU check: $line (a fixed loop pinned to each)"
}
