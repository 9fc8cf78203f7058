#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Several cores' cost (docs/performance.md, "Several cores"): the vector
# case smp_four_cores (a tone -> volume -> SSP pipeline on each of 4
# cores) run for SECONDS of audio, against four runs of one core, each
# with one of its pipelines (the same work in four processes of one
# core), side by side, REPEAT times each; prints the host CPU time
# (user + system) of each and the ratio four cores / four single runs
# (the issue's target: within 1.25x).
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src_root=$(cd "$here/.." && pwd)
usage() {
    cat <<EOF2
usage: $0 [-B BUILD_DIR] [-s SECONDS] [-r REPEAT] [-h] [-- RUN_OPTIONS...]
  -B DIR      build tree (default $src_root/build)
  -s SECONDS  audio length of each run (default 2)
  -r REPEAT   runs of each kind (default 3; the best is kept)
  RUN_OPTIONS go to dspsim run (e.g. --engine interp)
Exit status: 0 done; 1 a run failed; 2 usage or something missing.
EOF2
}
build="$src_root/build" secs=2 repeat=3
while [ $# -gt 0 ]; do
    case $1 in
    -B) build=$2; shift 2 ;;
    -s) secs=$2; shift 2 ;;
    -r) repeat=$2; shift 2 ;;
    -h) usage; exit 0 ;;
    --) shift; break ;;
    *) usage >&2; exit 2 ;;
    esac
done
dspsim=$build/bin/dspsim
case4=$src_root/vectors/cases/smp_four_cores.yaml
for f in "$dspsim" "$case4" "$build/firmware/fw_audio_smp.elf"; do
    [ -e "$f" ] || { echo "missing: $f (build first)" >&2; exit 2; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-smp.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
ms=$(awk -v s="$secs" 'BEGIN { printf "%d", s * 1000 }')
# the 4-core case at SECONDS, without its expectations (only the time
# counts here), its signals found from the vector tree
sed -e "s/^duration_ms: .*/duration_ms: $ms/" -e '/^expect:/,$d' \
    "$case4" > "$work/four.yaml"
# one pipeline of it on a board of one core (its port's output only)
one() { # K: pipeline K+1 on core 0, port ssp K
    awk -v k="$1" '
        /^board:/ { print "board: {cores: 1, ssp_ports: 4}"; next }
        /^pipelines:/ { print; inp = 1; next }
        /^ports:/ { inp = 0; inpo = 1; print; next }
        /^duration_ms:/ { inpo = 0 }
        inp && /^  - id:/ { n++ }
        inp { if (n == k + 1) { sub(/core: [0-9]+/, "core: 0"); print }; next }
        inpo { if ($0 ~ "ssp" k ":") print; next }
        { print }' "$work/four.yaml" > "$work/one$1.yaml"
}
for k in 0 1 2 3; do one $k; done
# user + system seconds of this subshell's children (bash's times)
child_cpu() { # (a builtin redirected, not piped: a pipe's side is a subshell)
    times > "$work/times.$BASHPID"
    awk 'NR == 2 { split($1, u, "m"); split($2, s, "m");
        printf "%.3f\n", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$work/times.$BASHPID"
}
best4="" best1=""
for i in $(seq 1 "$repeat"); do
    t=$( ("$dspsim" run "$work/four.yaml" --out-dir "$work/o4" -q "$@" \
        > /dev/null 2>&1 || exit 1; child_cpu) ) ||
        { echo "the 4-core run failed" >&2; exit 1; }
    best4=$(awk -v a="$t" -v b="$best4" 'BEGIN { print (b == "" || a < b) ? a : b }')
    t=$( (for k in 0 1 2 3; do
            "$dspsim" run "$work/one$k.yaml" --out-dir "$work/o1$k" -q "$@" ||
                exit 1
        done > /dev/null 2>&1
        child_cpu) ) ||
        { echo "a one-core run failed" >&2; exit 1; }
    best1=$(awk -v a="$t" -v b="$best1" 'BEGIN { print (b == "" || a < b) ? a : b }')
done
for k in 0 1 2 3; do
    cmp -s "$work/o4/smp_four_c$k.wav" "$work/o1$k/smp_four_c$k.wav" ||
X
done
printf '%s s of audio: 4 cores %.3f s CPU; 4 runs of 1 core %.3f s CPU; ratio %.2f (target <= 1.25)\n' \
    "$secs" "$best4" "$best1" "$(awk -v a="$best4" -v b="$best1" 'BEGIN { print a / b }')"
