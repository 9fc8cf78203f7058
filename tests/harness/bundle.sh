#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# Failure bundles (docs/harness.md "Failure bundles", issue 31):
#   bundle.sh DSPSIM FIRMWARE SIGNALS_DIR JSON_GET GDB_CLIENT SOURCE_DIR
#             BUILD_DIR WORK
# A case that cannot meet its load limit, with a board file, a FIR taps
# file, an input and a reference next to it, fails under `dspsim test
# --bundle-failures`; its bundle, moved to another directory and replayed
# by a copy of dspsim with the case, its files and the firmware deleted,
# gives the same verdict, cycles and output bytes, also with --profile,
# --snapshot-at, --restore and a debugger stopping in it (--gdb); a
# SIGTERM leaves nothing in TMPDIR.  `run --bundle` makes the same
# bundle.  Then 29 damaged bundles made from the good one are
# each refused with exit 2 and a message naming the problem, and nothing
# is written outside the output directory (nor left in TMPDIR).
set -u
. "$(dirname "$0")/../cli/lib_expect.sh"
DSPSIM=$1 FW=$2 SIG=$3 JSON_GET=$4 CLIENT=$5 SRC_TREE=$6 BUILD_TREE=$7 WORK=$8
EXPECT_OUT=$WORK/out EXPECT_ERR=$WORK/err
rm -rf "$WORK" && mkdir -p "$WORK" || exit 2
[ -r "$FW" ] || { echo "SKIP: the audio firmware is not built ($FW)"; exit 77; }

# ---- the failing case, in a directory of its own ----------------------
S=$WORK/src
mkdir -p "$S/cases/fir" "$S/sig" || exit 2
cp "$FW" "$S/fw.elf" &&
    cp "$SIG/noise_white_48k_s16_stereo_m20.wav" "$S/sig/noise.wav" || exit 2
printf 'name: slow\ncpu_hz: 120000000\n' >"$S/cases/fir/slow.board"
printf '0.1, -0.3, 1.2, -0.3, 0.1\n' >"$S/cases/fir/taps.txt"
write_case() { # the case; $1: its reference line
    cat >"$S/cases/fir/fail.yaml" <<EOF
name: FIR over its load limit
board: slow.board
pipelines:
  - id: 1
    period_us: 1000
    components:
      - {id: host1, type: host, stream: noise}
      - {id: fir1, type: eq_fir, taps_file: taps.txt}
      - {id: dai1, type: dai, port: ssp0}
    connect: [[host1, fir1], [fir1, dai1]]
streams:
  noise: {input: ../../sig/noise.wav}
ports:
  ssp0: {rate: 48000, channels: 2, format: s24, output: fir.wav}
duration_ms: 100
expect:
  ssp0:
$1
  deadlines: {missed: 0, max_load_pct: 0.01}
EOF
}
# first a run that passes the reference check, to have a reference
write_case "    length: {frames: 4800, tolerance: 480}"
(cd "$S" && "$DSPSIM" run cases/fir/fail.yaml --firmware fw.elf \
    --out-dir "$WORK/pre" -q) 2>/dev/null
[ -s "$WORK/pre/fir.wav" ] || { fail "no output to make a reference of"; exit 1; }
cp "$WORK/pre/fir.wav" "$S/sig/ref.wav"
write_case "    reference: ../../sig/ref.wav"

# ---- dspsim test --bundle-failures ----------------------------------
(cd "$S" && expect_rc 1 "test --bundle-failures" -- "$DSPSIM" test cases \
    --firmware fw.elf --out-dir "$WORK/t" --bundle-failures "$WORK/b" \
    --json "$WORK/t.json" -j1) || fail "test --bundle-failures"
has "$WORK/out" "bundle: $WORK/b/cases/fir/fail.tar (cases/fir/fail.yaml)" \
    "the bundle's line"
G=$WORK/b/cases/fir/fail.tar
[ -s "$G" ] || { fail "no bundle at $G"; exit 1; }
cycles=$("$JSON_GET" "$WORK/t.json" cases/0/run/cycles)
[ -n "$cycles" ] && [ "$cycles" -gt 0 ] || fail "no cycles in the report"
[ "$("$JSON_GET" "$WORK/t.json" cases/0/status)" = failed ] ||
    fail "the case did not fail"
# a plain tar: GNU tar lists it, its members have the digests listed
mkdir -p "$WORK/x"
if tar -C "$WORK/x" -xf "$G"; then
    ok "tar extracts the bundle"
else
    fail "tar cannot extract the bundle"
fi
for m in bundle.json case/fail.yaml firmware/fw.elf inputs/1/slow.board \
         inputs/3/taps.txt inputs/2/noise.wav inputs/4/ref.wav; do
    [ -f "$WORK/x/$m" ] || fail "member $m missing"
done
for m in case/fail.yaml firmware/fw.elf inputs/2/noise.wav; do
    d=$(cd "$WORK/x" && sha256sum "$m" | cut -d' ' -f1)
    grep -q "\"sha256\": \"$d\"" "$WORK/x/bundle.json" ||
        fail "bundle.json lacks the SHA-256 of $m"
done
# no path of the source or build tree, nor of the case's directory
for p in "$SRC_TREE" "$BUILD_TREE" "$S"; do
    ! grep -qF "$p" "$WORK/x/bundle.json" || fail "bundle.json names $p"
done
has "$WORK/x/bundle.json" '"status": "failed"' "bundled verdict"
has "$WORK/x/bundle.json" "\"cycles\": $cycles" "bundled cycles"

# ---- replayed elsewhere: a copy of dspsim, the originals gone ---------
E=$WORK/elsewhere
mkdir -p "$E/bin" "$E/run" "$E/tmp"
cp "$DSPSIM" "$E/bin/dspsim" && cp "$G" "$E/run/failure.tar" || exit 2
cp "$WORK/t/cases/fir/fail/fir.wav" "$WORK/original.wav"
rm -rf "$S" "$WORK/t" "$WORK/pre"
(cd "$E/run" && TMPDIR=$E/tmp expect_rc 1 "replay" -- "$E/bin/dspsim" \
    run failure.tar --out-dir o) || fail "replay"
has "$WORK/out" "simulated cycles: $cycles " "replay cycles"
has "$WORK/out" "bundle: the bundled run reproduced: failed, $cycles cycles, 1 output byte-identical" \
    "replay verdict"
has "$WORK/out" "FAIL failure.tar (FIR over its load limit): pipeline 1: worst period load" \
    "replay result line"
cmp "$E/run/o/fir.wav" "$WORK/original.wav" && ok "replay: same output bytes" ||
    fail "replay: output differs from the original run's"
[ -z "$(ls -A "$E/tmp")" ] || fail "replay left $(ls -A "$E/tmp") in TMPDIR"
[ "$(ls -A "$E/run")" = "$(printf 'failure.tar\no')" ] ||
    fail "replay wrote outside its output directory: $(ls -A "$E/run")"
# the other engine, the same run; -q: nothing but the verdict's status
(cd "$E/run" && TMPDIR=$E/tmp expect_rc 1 "replay --engine interp -q" -- \
    "$E/bin/dspsim" run failure.tar --out-dir o2 --engine interp -q) ||
    fail "replay --engine interp"
[ ! -s "$WORK/out" ] || fail "replay -q printed on stdout"
! grep -q "differs" "$WORK/err" || fail "replay with interp differs"
cmp -s "$E/run/o2/fir.wav" "$WORK/original.wav" || fail "interp: output differs"
# --profile, --snapshot-at, then --restore of that snapshot, and the
# debugger stopping twice in the FIR: the same run
(cd "$E/run" && TMPDIR=$E/tmp expect_rc 1 "replay --profile --snapshot-at" \
    -- "$E/bin/dspsim" run failure.tar --out-dir o5 --profile prof.out \
    --snapshot-at 5000000 snap.bin) || fail "replay --profile --snapshot-at"
has "$WORK/out" "bundle: the bundled run reproduced: failed, $cycles cycles" \
    "replay --profile --snapshot-at"
grep -q "^fn=" "$E/run/prof.out" || fail "replay --profile: no profile"
(cd "$E/run" && TMPDIR=$E/tmp expect_rc 1 "replay --restore" -- \
    "$E/bin/dspsim" run failure.tar --out-dir o6 --restore snap.bin) ||
    fail "replay --restore"
has "$WORK/out" "restored from a snapshot at cycle:" "replay --restore"
has "$WORK/out" "bundle: the bundled run reproduced: failed, $cycles cycles" \
    "replay --restore"
cmp -s "$E/run/o6/fir.wav" "$WORK/original.wav" || fail "--restore: output differs"
(cd "$E/run" && TMPDIR=$E/tmp "$CLIENT" bp-continue "$FW" "$WORK/gdb" \
    eq_fir_copy 2 1 -- "$E/bin/dspsim" run failure.tar --out-dir o7 \
    --gdb 0 --gdb-wait >"$WORK/gdb.out") || fail "replay --gdb: the client"
has "$WORK/gdb.out" "bundle: the bundled run reproduced: failed, $cycles cycles" \
    "replay --gdb"
cmp -s "$E/run/o7/fir.wav" "$WORK/original.wav" || fail "--gdb: output differs"
[ -z "$(ls -A "$E/tmp")" ] || fail "replays left $(ls -A "$E/tmp") in TMPDIR"
# a replay ended by a signal (waiting for its debugger) removes its files
TMPDIR=$E/tmp "$E/bin/dspsim" run "$E/run/failure.tar" --out-dir "$E/o8" \
    --gdb 0 --gdb-wait >/dev/null 2>"$WORK/sig.err" &
pid=$!
for _ in $(seq 100); do
    grep -q "waiting for a debugger" "$WORK/sig.err" && break
    sleep 0.1
done
[ -n "$(ls -A "$E/tmp")" ] || fail "SIGTERM: no extraction while it waits"
kill -TERM "$pid"
wait "$pid"
rc=$?
[ "$rc" -eq 143 ] || fail "SIGTERM: exit status $rc, expected 143"
[ -z "$(ls -A "$E/tmp")" ] && ok "SIGTERM: the extraction removed" ||
    fail "SIGTERM left $(ls -A "$E/tmp") in TMPDIR"
rm -f "$E/run/prof.out" "$E/run/snap.bin"

# --firmware and --bundle with a bundle: refused
expect_cmd 2 err "--firmware with a bundle: refused" -- "$E/bin/dspsim" \
    run "$E/run/failure.tar" --firmware "$FW" --out-dir "$E/run/o3"
expect_cmd 2 err "--bundle with a bundle: refused" -- "$E/bin/dspsim" \
    run "$E/run/failure.tar" --bundle "$E/run/again.tar" --out-dir "$E/run/o3"
[ ! -e "$E/run/o3" ] || fail "a refused run made its output directory"

# ---- dspsim run CASE --bundle FILE: a bundle of the same run ----------
R=$WORK/runbundle
mkdir -p "$R/cases/fir" "$R/sig"
cp "$WORK/x/case/fail.yaml" "$WORK/x/inputs/1/slow.board" \
    "$WORK/x/inputs/3/taps.txt" "$R/cases/fir/" &&
    cp "$WORK/x/inputs/2/noise.wav" "$WORK/x/inputs/4/ref.wav" "$R/sig/" &&
    cp "$WORK/x/firmware/fw.elf" "$R/" || exit 2
(cd "$R" && expect_rc 1 "run --bundle" -- "$DSPSIM" run cases/fir/fail.yaml \
    --firmware fw.elf --out-dir o --bundle r.tar) || fail "run --bundle"
has "$WORK/out" "bundle: r.tar" "run --bundle line"
(cd "$E/run" && TMPDIR=$E/tmp expect_rc 1 "replay run --bundle" -- \
    "$E/bin/dspsim" run "$R/r.tar" --out-dir o4) || fail "replay run --bundle"
has "$WORK/out" "bundle: the bundled run reproduced: failed, $cycles cycles" \
    "run --bundle replay"
cmp -s "$E/run/o4/fir.wav" "$WORK/original.wav" || fail "run --bundle: output differs"

# ---- damaged bundles -------------------------------------------------
D=$WORK/damaged
mkdir -p "$D"
X=$WORK/x
order=$(tar -tf "$G")
size=$(stat -c %s "$G")
# the header offset of each member, in order
declare -A hdr
off=0
for m in $order; do
    hdr[$m]=$off
    s=$(stat -c %s "$X/$m")
    off=$((off + 512 + (s + 511) / 512 * 512))
done
retar() { # OUT MEMBERS...: a ustar archive of X's files, in that order
    local out=$1
    shift
    tar --format=ustar -C "$X" -cf "$out" "$@"
}
with_manifest() { # OUT SED-EXPR: the bundle with bundle.json edited
    local out=$1 expr=$2
    rm -rf "$D/m" && cp -r "$X" "$D/m"
    sed -i "$expr" "$D/m/bundle.json"
    # shellcheck disable=SC2086
    tar --format=ustar -C "$D/m" -cf "$out" $order
}
poke() { # FILE OFFSET BYTES...: overwrite bytes in place
    local f=$1 at=$2
    shift 2
    printf "$@" | dd of="$f" bs=1 seek="$at" conv=notrunc status=none
}
fix_sum() { # FILE HEADER_OFFSET: the header's checksum made right again
    local f=$1 at=$2 sum
    poke "$f" $((at + 148)) '        '
    sum=$(dd if="$f" bs=1 skip="$at" count=512 status=none | od -An -v -tu1 |
        awk '{ for (i = 1; i <= NF; i++) s += $i } END { print s }')
    poke "$f" $((at + 148)) '%06o\0 ' "$sum"
}
fw_off=${hdr[firmware/fw.elf]}
n=0
bad() { # NAME FILE EXPECTED-TEXT: refused, nothing written outside o/
    local name=$1 file=$2 text=$3 d=$D/run.$n t=$D/tmp.$n
    n=$((n + 1))
    mkdir -p "$d" "$t"
    (cd "$d" && TMPDIR=$t expect_rc 2 "damaged: $name" -- "$DSPSIM" run \
        "$file" --out-dir o) || { fail "damaged: $name"; return; }
    has "$WORK/err" "$text" "damaged: $name" || return
    has "$WORK/err" "refused" "damaged: $name"
    [ -z "$(ls -A "$d")" ] || fail "damaged: $name: wrote $(ls -A "$d")"
    [ -z "$(ls -A "$t")" ] || fail "damaged: $name: left $(ls -A "$t") in TMPDIR"
    ok "damaged: $name"
}

echo 'name: not a bundle' >"$D/text.tar"
bad "not a tar at all" "$D/text.tar" "not a tar archive"
: >"$D/empty.tar"
bad "empty file" "$D/empty.tar" "the file is empty"
for cut in 100 700 $((fw_off + 300)) $((fw_off + 100000)) $((size - 1024)) \
           $((size - 512)); do
    head -c "$cut" "$G" >"$D/cut$cut.tar"
done
bad "cut in the first header" "$D/cut100.tar" "less than one 512-byte header"
bad "cut in bundle.json" "$D/cut700.tar" "truncated"
bad "cut in a header" "$D/cut$((fw_off + 300)).tar" "inside the header of member 3"
bad "cut in the firmware" "$D/cut$((fw_off + 100000)).tar" "truncated: the file ends at byte"
bad "no end-of-archive marker" "$D/cut$((size - 1024)).tar" "without the end-of-archive marker"
bad "half an end-of-archive marker" "$D/cut$((size - 512)).tar" "end-of-archive marker"
cp "$G" "$D/hsum.tar" && poke "$D/hsum.tar" $((fw_off + 3)) 'X'
bad "header checksum" "$D/hsum.tar" "has a bad checksum"
cp "$G" "$D/data.tar" && poke "$D/data.tar" $((fw_off + 512 + 4000)) '\377\001'
bad "a flipped firmware byte" "$D/data.tar" "member 'firmware/fw.elf' is damaged: its SHA-256"
with_manifest "$D/v2.tar" 's/"format_version": 1/"format_version": 2/'
bad "another format version" "$D/v2.tar" "bundle format version 2; this dspsim reads version 1"
with_manifest "$D/ver.tar" 's/"dspsim_version": "[^"]*"/"dspsim_version": "9.9.9"/'
bad "another dspsim version" "$D/ver.tar" "made by dspsim 9.9.9"
with_manifest "$D/build.tar" 's/"build_id": "[^"]*"/"build_id": "0123456789abcdef"/'
bad "another dspsim build" "$D/build.tar" "(build 0123456789abcdef); this is dspsim"
with_manifest "$D/json.tar" '1s/{/[/'
bad "bundle.json not JSON" "$D/json.tar" "bundle.json: not valid JSON"
with_manifest "$D/bytes.tar" "s/\"bytes\": $(stat -c %s "$X/firmware/fw.elf"),/\"bytes\": 17,/"
bad "a size bundle.json does not give" "$D/bytes.tar" "bundle.json says 17"
# shellcheck disable=SC2046
retar "$D/missing.tar" $(echo "$order" | grep -v inputs/4/ref.wav)
bad "a member missing" "$D/missing.tar" "member 'inputs/4/ref.wav' is missing"
echo extra >"$X/extra.txt"
# shellcheck disable=SC2086
retar "$D/extra.tar" $order extra.txt
bad "an unexpected member" "$D/extra.tar" "unexpected member 'extra.txt'"
cp "$G" "$D/dup.tar" && tar -C "$X" -rf "$D/dup.tar" inputs/3/taps.txt
bad "a member twice" "$D/dup.tar" "member 'inputs/3/taps.txt' twice"
# shellcheck disable=SC2046
retar "$D/order.tar" $(echo "$order" | grep -v bundle.json) bundle.json
bad "bundle.json not first" "$D/order.tar" "its first member is 'case/fail.yaml', not the file bundle.json"
# names that leave the extraction directory; links, devices, FIFOs
mkdir -p "$D/esc/in"
echo evil >"$D/esc/evil"
cp "$G" "$D/dotdot.tar" && (cd "$D/esc/in" && tar -P -rf "$D/dotdot.tar" ../evil)
bad "a '..' member" "$D/dotdot.tar" "member '../evil': its name has a '..' component"
cp "$G" "$D/abs.tar" && tar -P -rf "$D/abs.tar" "$D/esc/evil"
bad "an absolute member" "$D/abs.tar" "its name has an absolute path"
rm -rf "$D/m" && cp -r "$X" "$D/m" && ln -sf /etc/passwd "$D/m/inputs/3/taps.txt"
# shellcheck disable=SC2086
tar --format=ustar -C "$D/m" -cf "$D/symlink.tar" $order
bad "a symbolic link" "$D/symlink.tar" "member 'inputs/3/taps.txt' is a symbolic link"
rm -rf "$D/m" && cp -r "$X" "$D/m" && ln "$D/m/inputs/3/taps.txt" "$D/m/hard"
# shellcheck disable=SC2086
tar --format=ustar -C "$D/m" -cf "$D/hard.tar" $order hard
bad "a hard link" "$D/hard.tar" "member 'hard' is a hard link"
cp "$G" "$D/dev.tar" && tar -P -rf "$D/dev.tar" /dev/null
bad "a device" "$D/dev.tar" "member '/dev/null' is a character device"
mkfifo "$D/esc/fifo" && cp "$G" "$D/fifo.tar" && tar -C "$D/esc" -rf "$D/fifo.tar" fifo
bad "a FIFO" "$D/fifo.tar" "member 'fifo' is a FIFO"
# shellcheck disable=SC2086
tar --format=pax -C "$X" -cf "$D/pax.tar" $order
bad "a pax archive" "$D/pax.tar" "its first member is a pax extended header"
# a firmware header that claims 8 GiB (checksum made right)
cp "$G" "$D/huge.tar" && poke "$D/huge.tar" $((fw_off + 124)) '77777777777' &&
    fix_sum "$D/huge.tar" "$fw_off"
bad "an oversized member" "$D/huge.tar" "over the limit of 1073741824 bytes a member"
cp "$G" "$D/tail.tar" && echo garbage >>"$D/tail.tar"
bad "data after the end" "$D/tail.tar" "data after the end of the archive"
mkdir -p "$D/esc/zzz" && cp "$G" "$D/dir.tar" && tar -C "$D/esc" -rf "$D/dir.tar" zzz
bad "a directory nothing is in" "$D/dir.tar" "unexpected member 'zzz/'"
[ ! -e "$D/evil" ] && [ ! -e "$D/run.0/../evil" ] || fail "a member escaped"
[ "$n" -ge 20 ] || fail "only $n damaged bundles"
echo "$n damaged bundles"
exit $((fails > 0))
