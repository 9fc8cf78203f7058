#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Reverse execution benchmark (docs/debugging.md, "Reverse execution"):
# `dspsim play` of SECONDS of a 48 kHz stereo sine through volume with a
# debugger (tests/gdb/gdb_client's bench-bc session): to the STOP at the
# end of the stream (the second stop at aud_cmd_trigger), then one
# reverse-continue over the whole run back to the start of the history;
# prints the host time of each, the checkpoints' memory ('monitor
# reverse') and the memory per simulated second, and checks the output
# against a run without the debugger.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src_root=$(cd "$here/.." && pwd)
usage() {
    cat <<EOF2
usage: $0 [-B BUILD_DIR] [-s SECONDS] [-h] [-- PLAY_OPTIONS...]
  -B DIR      build tree (default $src_root/build): DIR/bin/dspsim,
              DIR/bin/gdb_client, DIR/firmware/fw_audio.elf
  -s SECONDS  audio length (default 10)
  PLAY_OPTIONS go to dspsim play (e.g. --reverse-every 2000000,
              --engine interp, --reverse-mem 64)
Exit status: 0 done and the output agreed; 1 a run failed or the output
differed; 2 usage or something missing.
EOF2
}
build="$src_root/build"
secs=10
while [ $# -gt 0 ]; do
    case $1 in
    -B) build=$2; shift 2 ;;
    -s) secs=$2; shift 2 ;;
    -h) usage; exit 0 ;;
    --) shift; break ;;
    *) usage >&2; exit 2 ;;
    esac
done
dspsim=$build/bin/dspsim client=$build/bin/gdb_client
fw=$build/firmware/fw_audio.elf
for f in "$dspsim" "$client" "$fw"; do
    [ -e "$f" ] || { echo "missing: $f (build first)" >&2; exit 2; }
done
command -v sox > /dev/null || { echo "missing: sox" >&2; exit 2; }
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT
sox -D -n -r 48000 -c 2 -b 16 "$work/in.wav" synth "$secs" sine 997 vol 0.5
t0=$(date +%s.%N)
"$dspsim" play "$work/in.wav" "$work/plain.wav" --set gain_db=-6 "$@" \
    > "$work/plain.txt" || { echo "FAIL: the plain run"; exit 1; }
t1=$(date +%s.%N)
"$client" bench-bc "$fw" "$work/c" aud_cmd_trigger 0 -- \
    "$dspsim" play "$work/in.wav" "$work/gdb.wav" --set gain_db=-6 \
    --gdb 0 --gdb-wait "$@" > "$work/gdb.txt" ||
    { echo "FAIL: the session"; cat "$work/c/child.err"; exit 1; }
cmp -s "$work/plain.wav" "$work/gdb.wav" ||
    { echo "FAIL: the output differs with the debugger"; exit 1; }
cyc() { sed -n 's/^simulated cycles: \([0-9]*\).*/\1/p' "$1"; }
[ "$(cyc "$work/plain.txt")" = "$(cyc "$work/gdb.txt")" ] ||
    { echo "FAIL: cycles differ with the debugger"; exit 1; }
echo "play of ${secs} s through volume, $(cyc "$work/plain.txt") cycles"
printf 'without a debugger: %.3f s of host time\n' "$(echo "$t1 - $t0" | bc -l)"
grep -E '^(forward|reverse-continue):' "$work/gdb.txt"
grep -m1 '^reverse execution:' "$work/gdb.txt"
bytes=$(sed -n 's/^reverse execution: .*, \([0-9][0-9]*\) bytes (.*/\1/p' "$work/gdb.txt" | head -1)
if [ -n "$bytes" ]; then
    printf 'checkpoint memory: %s bytes, %.2f MiB per simulated second\n' \
        "$bytes" "$(echo "$bytes / 1048576 / $secs" | bc -l)"
fi
echo "the output and cycles as without the debugger"
