#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# First-run benchmark: how dspsim's default (fast) engine does on an EMPTY
# translation cache and on the runs after it, against QEMU and against
# dspsim's interpreter, for a bare-metal guest (exec), the harness's test
# suite (test) and `dspsim play`; and how many processes each dspsim
# command left alive when it returned.  See bench/README.md, "First runs".
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src_root=$(cd "$here/.." && pwd)

usage() {
    cat <<EOF
usage: $0 [-B BUILD_DIR] [-r REPEATS] [--cpu N] [--quick] [-h]
  -B DIR     build tree (default $src_root/build): DIR/bin/dspsim, the
             guests DIR/bench/bench_{fir,mixed,null}.elf and the firmware
             DIR/firmware/fw_audio.elf
  -r N       repeat every measurement N times (each series of dspsim runs
             on its own fresh cache) and keep the fastest (default 1)
  --cpu N    run everything on host CPU N (taskset): dspsim, its
             compiles, QEMU and the suite's workers share that one CPU;
             on a machine whose CPUs differ in speed (bench/cpu_check.sh)
             the ratios then compare like with like
  --quick    a smoke run: 2 s of audio instead of 10 s, 10 cases of the
             test suite instead of all, QEMU start-up from 3 runs not 5
  -h         this help
Environment: QEMU (default qemu-system-xtensa).
Sections: (a) dspsim exec of bench_fir and bench_mixed on an empty cache
and the two runs after it, against QEMU and QEMU -icount shift=0;
(b) dspsim test vectors/cases -j 2 on an empty cache and the run after
it, against --engine interp; (c) dspsim play of a sine through volume and
through SRC 48 -> 44.1 kHz, empty cache and the two runs after it, against
--engine interp, as real-time factors; (d) with every dspsim run, the
processes it left alive (found by a marker in their environment).
Exit status: 0 done and every output agreed; 1 an output differed between
engines (or a run failed); 2 usage or something missing.
EOF
}

build="$src_root/build"
repeats=1
cpu=""
quick=0
qemu=${QEMU:-qemu-system-xtensa}
while [ $# -gt 0 ]; do
    case "$1" in
    -B) [ $# -ge 2 ] || { usage >&2; exit 2; }; build=$2; shift 2 ;;
    -r) [ $# -ge 2 ] || { usage >&2; exit 2; }; repeats=$2; shift 2 ;;
    --cpu) [ $# -ge 2 ] || { usage >&2; exit 2; }; cpu=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "first-run.sh: unknown argument $1" >&2; usage >&2; exit 2 ;;
    esac
done
case "$repeats" in
'' | *[!0-9]* | 0) echo "first-run.sh: -r takes a count >= 1, not '$repeats'" >&2
                   exit 2 ;;
esac
if [ -n "$cpu" ]; then
    case "$cpu" in
    '' | *[!0-9]*) echo "first-run.sh: --cpu takes a CPU number, not '$cpu'" >&2
                   exit 2 ;;
    esac
    command -v taskset >/dev/null 2>&1 ||
        { echo "first-run.sh: --cpu needs taskset (util-linux)" >&2; exit 2; }
    # this shell and every process it starts run on that CPU only
    taskset -pc "$cpu" $$ >/dev/null 2>&1 ||
        { echo "first-run.sh: cannot run on CPU $cpu" >&2; exit 2; }
fi
case $build in /*) ;; *) build=$PWD/$build ;; esac
dspsim=$build/bin/dspsim
fw=$build/firmware/fw_audio.elf
cases_dir=$src_root/vectors/cases
for f in "$dspsim" "$fw" "$build/bench/bench_null.elf" \
         "$build/bench/bench_fir.elf" "$build/bench/bench_mixed.elf"; do
    if [ ! -e "$f" ]; then
        echo "first-run.sh: $f not found; build first:" \
             "BUILD_DIR=${build#"$src_root"/} ci/build.sh" >&2
        exit 2
    fi
done
for t in "$qemu" sox; do
    if ! command -v "$t" >/dev/null 2>&1; then
        echo "first-run.sh: $t not found" >&2
        exit 2
    fi
done

if [ $quick = 1 ]; then
    audio_s=2 startups=3
else
    audio_s=10 startups=5
fi

# ---------------------------------------------------------------------------
# Processes left alive.  Every dspsim command runs with two markers in its
# environment: DSPSIM_LEFTOVER_TAG, its own, and DSPSIM_LEFTOVER_SESSION,
# this script's.  Whatever it starts inherits them, so /proc/PID/environ
# finds them after it has returned, detached or not.  This shell never has
# them in its own environment (they are set for the command only), so the
# scan does not find itself.
unset DSPSIM_LEFTOVER_TAG DSPSIM_LEFTOVER_SESSION
session=firstrun-$$-$RANDOM$RANDOM

# marked_pids VAR=VALUE: live processes whose environment holds VAR=VALUE
marked_pids() {
    grep -lsxzF -- "$1" /proc/[0-9]*/environ 2>/dev/null |
        sed -n 's|^/proc/\([0-9][0-9]*\)/environ$|\1|p' |
        grep -vx -e "$$"
}

# leftovers TAG: sets left_n (processes of command TAG alive now) and
# left_what ("sh×3 cc1×1": their names)
leftovers() {
    local pids p c
    pids=$(marked_pids "DSPSIM_LEFTOVER_TAG=$1")
    left_n=$(wc -w <<<"$pids")
    left_what=""
    [ "$left_n" -gt 0 ] || return 0
    left_what=$(for p in $pids; do
                    c=$(cat "/proc/$p/comm" 2>/dev/null) && echo "$c"
                done | sort | uniq -c | awk '{ printf "%s%s×%s", s, $2, $1; s = " " }')
}

# kill_marked VAR=VALUE: TERM, then KILL, whatever holds it, until nothing
# does (a builder shell may start a new compiler in between)
kill_marked() {
    local pids i
    for i in 1 2 3 4 5 6 7 8 9 10; do
        pids=$(marked_pids "$1")
        [ -n "$pids" ] || return 0
        # shellcheck disable=SC2086
        if [ "$i" -le 3 ]; then kill -TERM $pids 2>/dev/null
        else kill -KILL $pids 2>/dev/null; fi
        sleep 0.2
    done
    pids=$(marked_pids "$1")
    [ -z "$pids" ] || echo "first-run.sh: WARNING: could not kill: $pids" >&2
}
kill_session() { kill_marked "DSPSIM_LEFTOVER_SESSION=$session"; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/first-run.XXXXXX") || exit 2
cleanup() {
    kill_session
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
cd "$tmp" || exit 2

now_ns() { date +%s%N; }
secs_since() { awk -v a="$1" -v b="$(now_ns)" 'BEGIN { printf "%.3f", (b - a) / 1e9 }'; }
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }'; }
max() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b + 0 > a + 0) ? b : a }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b + 0 <= 0) print "n/a"; else printf "%.2fx", a / b }'; }

# dsp_run NAME CACHE CMD...: run a dspsim command with the markers, CACHE
# as DSPSIM_CACHE_DIR, stdout/stderr into NAME.out/NAME.err; sets run_rc,
# run_wall (s) and left_n/left_what (processes it left alive)
n_cmd=0
dsp_run() {
    local name=$1 cache=$2 t0 tag
    shift 2
    n_cmd=$((n_cmd + 1))
    tag=$session-$n_cmd
    t0=$(now_ns)
    env DSPSIM_LEFTOVER_SESSION="$session" DSPSIM_LEFTOVER_TAG="$tag" \
        DSPSIM_CACHE_DIR="$cache" "$@" >"$name.out" 2>"$name.err" </dev/null
    run_rc=$?
    run_wall=$(secs_since "$t0")
    leftovers "$tag"
}

status=0
mismatch() { echo "first-run.sh: MISMATCH: $*" >&2; status=1; }
note_left() {
    [ "$left_n" -gt 0 ] && echo "    $1: $left_n process(es) left alive: $left_what"
    return 0
}
fresh_cache() { mktemp -d "$tmp/cache.XXXXXX"; }
runs=(empty 2nd 3rd)

echo "first-run.sh: build $build, repeats $repeats$([ $quick = 1 ] && echo ', --quick')"
echo "first-run.sh: load average now: $(cut -d' ' -f1-3 /proc/loadavg)"
[ -z "$cpu" ] || echo "first-run.sh: everything runs on CPU $cpu (--cpu)"
. "$here/cpu_check.sh"
echo "first-run.sh: $(cpu_check)"
echo

# ---------------------------------------------------------------------------
# (a) exec guests: QEMU as bench/run.sh runs it, then dspsim on an empty
# cache and twice more on it.
qemu_base=("$qemu" -M sim -cpu lx106 -display none -monitor none -serial none
           -semihosting)
# qemu_best NAME MODE ELF: fastest wall time of $repeats runs -> best;
# output in NAME.out, exit status in NAME.rc
qemu_best() {
    local name=$1 mode=$2 elf=$3 i t0 cmd
    best=""
    for ((i = 0; i < repeats; i++)); do
        cmd=("${qemu_base[@]}")
        [ "$mode" = icount ] && cmd+=(-icount shift=0)
        cmd+=(-device "loader,file=$elf,cpu-num=0")
        t0=$(now_ns)
        "${cmd[@]}" >"$name.out" 2>"$name.err" </dev/null
        echo $? >"$name.rc"
        best=$(min "$best" "$(secs_since "$t0")")
    done
}
start_plain="" start_icount=""
for ((s = 0; s < startups; s++)); do
    qemu_best null.plain plain "$build/bench/bench_null.elf"
    start_plain=$(min "$start_plain" "$best")
    qemu_best null.icount icount "$build/bench/bench_null.elf"
    start_icount=$(min "$start_icount" "$best")
done
echo "(a) QEMU start-up subtracted: ${start_plain}s (plain), ${start_icount}s (-icount shift=0)"

sub_start() { awk -v a="$1" -v s="$2" 'BEGIN { t = a - s; if (t < 1e-3) t = 1e-3; printf "%.3f", t }'; }
json_num() { sed -n "s/.*\"$1\"[[:space:]]*:[[:space:]]*\([0-9.eE+-][0-9.eE+-]*\).*/\1/p" <<<"$2"; }

rows_a=()
for b in fir mixed; do
    elf=$build/bench/bench_$b.elf
    qemu_best "$b.qemu" plain "$elf"
    t_qemu=$(sub_start "$best" "$start_plain")
    qemu_best "$b.icount" icount "$elf"
    t_icount=$(sub_start "$best" "$start_icount")
    if ! cmp -s "$b.qemu.out" "$b.icount.out" || ! cmp -s "$b.qemu.rc" "$b.icount.rc"; then
        mismatch "$b: QEMU and QEMU -icount printed different things"
    fi
    [ "$(cat "$b.qemu.rc")" = 0 ] || mismatch "$b: QEMU exited with $(cat "$b.qemu.rc")"
    echo "(a) $b: QEMU ${t_qemu}s, -icount ${t_icount}s: $(head -n 1 "$b.qemu.out")"
    declare -A hs=() wall=() left=() what=()
    ref_counts=""
    for ((rep = 0; rep < repeats; rep++)); do
        cache=$(fresh_cache)
        for r in "${runs[@]}"; do
            dsp_run "$b.$r" "$cache" "$dspsim" exec --stats "$elf"
            stats=$(grep '^{' "$b.$r.err" | tail -n 1)
            h=$(json_num host_seconds "$stats")
            [ -n "$h" ] || h=$run_wall
            counts="$(json_num instructions "$stats") $(json_num cycles "$stats")"
            hs[$r]=$(min "${hs[$r]:-}" "$h")
            wall[$r]=$(min "${wall[$r]:-}" "$run_wall")
            left[$r]=$(max "${left[$r]:-}" "$left_n")
            [ "$left_n" -gt 0 ] && what[$r]=$left_what
            echo "$run_rc" >"$b.$r.rc"
            if ! cmp -s "$b.qemu.out" "$b.$r.out" || ! cmp -s "$b.qemu.rc" "$b.$r.rc"; then
                mismatch "$b: dspsim ($r run) and QEMU differ:" \
                    "qemu (exit $(cat "$b.qemu.rc")): $(head -c 200 "$b.qemu.out");" \
                    "dspsim (exit $run_rc): $(head -c 200 "$b.$r.out")" \
                    "$(grep -v '^{' "$b.$r.err" | head -c 300)"
            fi
            if [ -z "$ref_counts" ]; then ref_counts=$counts
            elif [ "$counts" != "$ref_counts" ]; then
                mismatch "$b: instructions/cycles differ between dspsim runs:" \
                    "$ref_counts vs $counts ($r run)"
            fi
            printf '    dspsim %-5s run: host %7.3fs  wall %7.3fs  left alive %s\n' \
                "$r" "$h" "$run_wall" "$left_n${left_what:+ ($left_what)}"
        done
        kill_session    # the series is over: nothing of it runs on
    done
    for r in "${runs[@]}"; do
        rows_a+=("$(printf '%-6s %-6s %9.3f %9.3f %9.3f %9.3f %9s %9s %5s  %s' \
            "$b" "$r" "${hs[$r]}" "${wall[$r]}" "$t_qemu" "$t_icount" \
            "$(ratio "$t_qemu" "${hs[$r]}")" "$(ratio "$t_icount" "${hs[$r]}")" \
            "${left[$r]}" "${what[$r]:-}")")
    done
    unset hs wall left what
done
echo

# ---------------------------------------------------------------------------
# (b) the test suite, -j 2: fast on an empty cache and the run after it,
# against the interpreter.
if [ $quick = 1 ]; then
    mapfile -t suite < <(find "$cases_dir" -name invalid -prune -o \
                         -name '*.yaml' -print | LC_ALL=C sort | head -n 10)
    suite_what="${#suite[@]} cases of vectors/cases"
else
    suite=("$cases_dir")
    suite_what="vectors/cases"
fi
# the per-case result lines, the summary without its seconds
results_of() { grep -E '^(PASS|FAIL|SKIP|ERROR)|cases:' "$1" | sed 's/ ([0-9.]* s)$//'; }
declare -A tw=() tl=() twhat=()
for ((rep = 0; rep < repeats; rep++)); do
    cache=$(fresh_cache)
    for r in empty 2nd; do
        dsp_run "suite.$r" "$cache" "$dspsim" test "${suite[@]}" -j 2 \
            --out-dir "$tmp/suite-out" --no-progress
        echo "$run_rc" >"suite.$r.rc"
        tw[$r]=$(min "${tw[$r]:-}" "$run_wall")
        tl[$r]=$(max "${tl[$r]:-}" "$left_n")
        [ "$left_n" -gt 0 ] && twhat[$r]=$left_what
        printf '(b) test fast   %-5s run: wall %7.3fs  exit %s  left alive %s\n' \
            "$r" "$run_wall" "$run_rc" "$left_n${left_what:+ ($left_what)}"
    done
    kill_session
    dsp_run suite.interp "$(fresh_cache)" "$dspsim" test "${suite[@]}" -j 2 \
        --out-dir "$tmp/suite-out" --no-progress --engine interp
    echo "$run_rc" >suite.interp.rc
    tw[interp]=$(min "${tw[interp]:-}" "$run_wall")
    tl[interp]=$(max "${tl[interp]:-}" "$left_n")
    [ "$left_n" -gt 0 ] && twhat[interp]=$left_what
    printf '(b) test interp       run: wall %7.3fs  exit %s  left alive %s\n' \
        "$run_wall" "$run_rc" "$left_n${left_what:+ ($left_what)}"
    kill_session
    for r in empty 2nd; do
        if [ "$(results_of "suite.$r.out")" != "$(results_of suite.interp.out)" ] ||
           ! cmp -s "suite.$r.rc" suite.interp.rc; then
            mismatch "test: the fast engine's $r run and the interpreter's results differ:"
            diff <(results_of "suite.$r.out") <(results_of suite.interp.out) | head -n 20 >&2
        fi
    done
done
suite_summary=$(grep 'cases:' suite.interp.out | tail -n 1)
rows_b=()
for r in empty 2nd interp; do
    e=fast; [ $r = interp ] && e=interp
    rows_b+=("$(printf '%-7s %-6s %9.3f %10s %5s  %s' "$e" \
        "$([ $r = interp ] && echo - || echo $r)" "${tw[$r]}" \
        "$(ratio "${tw[interp]}" "${tw[$r]}")" "${tl[$r]}" "${twhat[$r]:-}")")
done
echo

# ---------------------------------------------------------------------------
# (c) play: a sine through volume and through SRC 48 -> 44.1 kHz.
sox -n -r 48000 -c 2 -b 16 "$tmp/in.wav" synth "$audio_s" sine 997 vol 0.5 ||
    { echo "first-run.sh: sox could not make the input" >&2; exit 2; }
rtf_of() { sed -n 's/^real-time factor: \([0-9.][0-9.]*\).*/\1/p' "$1" | tail -n 1; }
rows_c=()
for p in volume src; do
    case $p in
    volume) popts=(--pipeline volume --set gain_db=-6); pname="volume -6 dB" ;;
    src) popts=(--pipeline src --set out_rate=44100); pname="src 48->44.1k" ;;
    esac
    declare -A pr=() pw=() pl=() pwhat=()
    for ((rep = 0; rep < repeats; rep++)); do
        dsp_run "play.$p.interp" "$(fresh_cache)" "$dspsim" play "$tmp/in.wav" \
            "$tmp/$p.interp.wav" "${popts[@]}" --firmware "$fw" \
            --artifacts "$tmp/play-art" --engine interp
        [ $run_rc = 0 ] || mismatch "play $p --engine interp: exit $run_rc: $(head -c 300 "play.$p.interp.err")"
        rtf=$(rtf_of "play.$p.interp.out")
        pr[interp]=$(max "${pr[interp]:-}" "${rtf:-0}")
        pw[interp]=$(min "${pw[interp]:-}" "$run_wall")
        pl[interp]=$(max "${pl[interp]:-}" "$left_n")
        [ "$left_n" -gt 0 ] && pwhat[interp]=$left_what
        printf '(c) play %-6s interp      run: rtf %7s  wall %7.3fs  left alive %s\n' \
            "$p" "${rtf:-?}" "$run_wall" "$left_n${left_what:+ ($left_what)}"
        kill_session
        cache=$(fresh_cache)
        for r in "${runs[@]}"; do
            dsp_run "play.$p.$r" "$cache" "$dspsim" play "$tmp/in.wav" \
                "$tmp/$p.$r.wav" "${popts[@]}" --firmware "$fw" \
                --artifacts "$tmp/play-art"
            [ $run_rc = 0 ] || mismatch "play $p ($r run): exit $run_rc: $(head -c 300 "play.$p.$r.err")"
            if ! cmp -s "$tmp/$p.$r.wav" "$tmp/$p.interp.wav"; then
                mismatch "play $p: the fast engine's $r run wrote another WAV than the interpreter"
            fi
            rtf=$(rtf_of "play.$p.$r.out")
            pr[$r]=$(max "${pr[$r]:-}" "${rtf:-0}")
            pw[$r]=$(min "${pw[$r]:-}" "$run_wall")
            pl[$r]=$(max "${pl[$r]:-}" "$left_n")
            [ "$left_n" -gt 0 ] && pwhat[$r]=$left_what
            printf '(c) play %-6s fast %-5s run: rtf %7s  wall %7.3fs  left alive %s\n' \
                "$p" "$r" "${rtf:-?}" "$run_wall" "$left_n${left_what:+ ($left_what)}"
        done
        kill_session
    done
    for r in "${runs[@]}" interp; do
        e=fast; [ $r = interp ] && e=interp
        wrtf=$(awk -v a="$audio_s" -v w="${pw[$r]}" 'BEGIN { printf "%.2f", a / w }')
        rows_c+=("$(printf '%-14s %-7s %-6s %9s %9s %9.3f %10s %5s  %s' "$pname" "$e" \
            "$([ $r = interp ] && echo - || echo $r)" "${pr[$r]}" "$wrtf" "${pw[$r]}" \
            "$(ratio "${pr[$r]}" "${pr[interp]}")" "${pl[$r]}" "${pwhat[$r]:-}")")
    done
    unset pr pw pl pwhat
done

# ---------------------------------------------------------------------------
echo
echo "=== (a) dspsim exec (default engine) vs QEMU; fastest of $repeats ==="
printf '%-6s %-6s %9s %9s %9s %9s %9s %9s %5s\n' guest run "dspsim s" "wall s" \
    "qemu s" "icount s" "vs QEMU" "vs icount" left
printf '%s\n' "${rows_a[@]}"
echo
echo "=== (b) dspsim test $suite_what -j 2, wall time; fastest of $repeats ==="
echo "    ($suite_summary)"
printf '%-7s %-6s %9s %10s %5s\n' engine run "wall s" "vs interp" left
printf '%s\n' "${rows_b[@]}"
echo
echo "=== (c) dspsim play ${audio_s} s 48 kHz stereo; best of $repeats ==="
printf '%-14s %-7s %-6s %9s %9s %9s %10s %5s\n' pipeline engine run "rtf" \
    "rtf wall" "wall s" "vs interp" left
printf '%s\n' "${rows_c[@]}"
echo
cat <<EOF
run: empty = a fresh DSPSIM_CACHE_DIR; 2nd, 3rd = the runs right after it
on the same cache (the first run's leftover compiles, if any, still going).
dspsim s: host_seconds from --stats; wall s: the whole command.  QEMU:
wall time minus its start-up.  vs QEMU / vs icount = QEMU time / dspsim
time; vs interp = interp time / fast time (test) or fast rtf / interp rtf
(play): above 1 = the default engine is faster.  rtf = play's own
real-time factor (audio s / host s); rtf wall = audio s / wall s.
left = processes the command left alive when it returned (the most over
the repeats; killed before the next measurement), with their names.
Read the ratios, not the absolute times: they move with the machine's load
(load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)).
$(cpu_check)
EOF
[ $status = 0 ] || echo "SOME OUTPUTS DIFFER OR A RUN FAILED (see above)"
exit $status
