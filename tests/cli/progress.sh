#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# The progress line (docs/cli.md, "Progress line"): on a terminal (a pty
# made by script(1)), play/run draw "dspsim SUB: A s of audio, Fx real
# time" and exec/board "dspsim SUB: N cycles, M MIPS" with '\r', erase it
# (ESC [ K) before anything else is printed; nothing with -q, nothing when
# stderr is not a terminal, nothing for a run shorter than the 1 s delay;
# and the run is the same (bytes, cycles, instructions) either way.
# DSPSIM_PROGRESS_DELAY=0 shows the line from the first redraw so that
# short runs exercise it.
# usage: progress.sh DSPSIM LOOP_ELF HELLO_ELF FW_ELF WAV CASE WORKDIR
# Exit 0 passed, 1 failed, 77 skipped (no pty can be made here).
set -u
dspsim=$1 loop=$2 hello=$3 fw=$4 wav=$5 case=$6 work=$7
dir=$work/progress
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 1
command -v script >/dev/null ||
    { echo "FAIL: script(1) (util-linux/bsdutils) is not installed"; exit 1; }
# Can script(1) make a pty here?  A container or chroot without a devpts
# (/dev/pts, /dev/ptmx) cannot: the test is then skipped (exit 77, CTest's
# SKIP_RETURN_CODE) with the reason.  Any other failure of the probe is a
# failure of the test.
if ! script -qec true /dev/null </dev/null >pty_probe.txt 2>&1; then
    if grep -qiE 'pseudo-?terminal|openpty|posix_openpt|/dev/ptmx|/dev/pts' \
        pty_probe.txt || [ ! -c /dev/ptmx ] || [ ! -d /dev/pts ]; then
        echo "SKIP: no pseudo-terminal can be made here (script -qec true:" \
            "$(tr '\n' ' ' <pty_probe.txt | sed 's/ *$//')); the progress" \
            "line needs one"
        exit 77
    fi
    echo "FAIL: script -qec true /dev/null failed:"
    cat pty_probe.txt
    exit 1
fi
fail=0
bad() { echo "FAIL: $*"; fail=1; }
ok() { echo "ok   $*"; }

# tty OUT CMD...: run CMD on a pty, its terminal output in OUT
tty() {
    local out=$1
    shift
    local cmd
    printf -v cmd '%q ' "$@"
    DSPSIM_PROGRESS_DELAY=0 script -qec "$cmd" /dev/null >"$out" </dev/null
}
# has FILE REGEX (perl): present
has() { grep -qP -- "$2" "$1"; }

# a progress line that is not erased or redrawn before the next output
# ("real time" / "MIPS" then ESC [ K, not followed by '\r')
dangling='(real time|MIPS)\x1b\[K(?!\r)'

# ---- play
tty play_tty.txt "$dspsim" play "$wav" tty.wav
"$dspsim" play "$wav" pipe.wav >play_pipe.out 2>play_pipe.err
if has play_tty.txt '\rdspsim play: [0-9]+\.[0-9]{3} s of audio, [0-9.]+x real time\x1b\[K'; then
    ok "play: progress line on a terminal"
else
    bad "play: no progress line on a terminal:"; cat -v play_tty.txt
fi
has play_tty.txt "$dangling" && bad "play: progress line not erased"
has play_tty.txt '\r\x1b\[KPASS ' && ok "play: erased before the result" ||
    bad "play: the result line does not follow an erase"
cmp -s tty.wav pipe.wav && ok "play: same bytes on a terminal" ||
    bad "play: OUT.wav differs with the progress line"
c1=$(grep -a '^simulated cycles:' play_tty.txt | tr -d '\r')
c2=$(grep '^simulated cycles:' play_pipe.out)
[ -n "$c1" ] && [ "$c1" = "$c2" ] && ok "play: same cycles ($c2)" ||
    bad "play: cycles differ: '$c1' vs '$c2'"
grep -q $'\r' play_pipe.err play_pipe.out && bad "play: a '\\r' when not a terminal"
grep -q 'of audio' play_pipe.err && bad "play: progress when not a terminal"
tty play_q.txt "$dspsim" play -q "$wav" q.wav
grep -q 'of audio' play_q.txt && bad "play -q: progress line shown" ||
    ok "play -q: no progress line"
cmp -s q.wav pipe.wav || bad "play -q: OUT.wav differs"

# ---- run (its log lines are on stderr too: the line is erased first)
tty run_tty.txt "$dspsim" run "$case" --out-dir r1
has run_tty.txt '\rdspsim run: [0-9.]+ s of audio, [0-9.]+x real time\x1b\[K' &&
    ok "run: progress line on a terminal" ||
    { bad "run: no progress line:"; cat -v run_tty.txt; }
has run_tty.txt "$dangling" && bad "run: progress line not erased before a log line"
tty run_q.txt "$dspsim" run -q "$case" --out-dir r2
grep -q 'of audio' run_q.txt && bad "run -q: progress line shown" ||
    ok "run -q: no progress line"

# ---- exec and board: a progress line on a terminal (erased at the end),
# the same instructions and cycles (--stats) as off one, none with -q
cycles_progress() {   # SUBCOMMAND PROGRAM
    local sub=$1 prog=$2 s1 s2
    tty "${sub}_tty.txt" "$dspsim" "$sub" --stats --max-cycles 30000000 "$prog"
    "$dspsim" "$sub" --stats --max-cycles 30000000 "$prog" >"$sub.out" \
        2>"$sub.err"
    has "${sub}_tty.txt" "\\rdspsim $sub: [0-9]+ cycles, [0-9.]+ MIPS\\x1b\\[K" &&
        ok "$sub: progress line on a terminal" ||
        { bad "$sub: no progress line:"; cat -v "${sub}_tty.txt"; }
    has "${sub}_tty.txt" "$dangling" && bad "$sub: progress line not erased"
    s1=$(grep -ao '"instructions":[0-9]*,"cycles":[0-9]*' "${sub}_tty.txt")
    s2=$(grep -o '"instructions":[0-9]*,"cycles":[0-9]*' "$sub.err")
    [ -n "$s1" ] && [ "$s1" = "$s2" ] && ok "$sub: same counts ($s2)" ||
        bad "$sub: counts differ: '$s1' vs '$s2'"
    grep -q 'MIPS' "$sub.err" && bad "$sub: progress when not a terminal"
    tty "${sub}_q.txt" "$dspsim" "$sub" -q --max-cycles 30000000 "$prog"
    grep -q 'MIPS' "${sub}_q.txt" && bad "$sub -q: progress line shown" ||
        ok "$sub -q: no progress line"
}
cycles_progress exec "$loop"
# the default delay: a short run shows nothing
script -qec "$(printf '%q ' "$dspsim" exec "$hello")" /dev/null \
    >exec_short.txt </dev/null
grep -q 'MIPS' exec_short.txt && bad "exec: progress for a run under 1 s" ||
    ok "exec: no progress for a short run"

cycles_progress board "$fw"

exit $fail
