#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# `dspsim test -j 2` shares the direct back end's units between its cases
# (xt_xlate_share_begin, docs/performance.md "A test suite"): the same
# verdicts and the same output bytes as with sharing off
# (DSPSIM_XLATE_SHARE=0), each unit emitted at most once in the suite
# (no key emitted twice), the cases after the first running units another
# case emitted (every shared key is one the suite emitted), and fewer
# emissions than without sharing.  Each series on an empty cache.
#   test_share.sh DSPSIM FW_AUDIO.elf CASES_DIR WORK_DIR
set -u
. "$(dirname "$0")/../cli/lib_expect.sh"
DSPSIM=$1 FW=$2 CASES=$3 WORK=$4
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || exit 2
# cases of several pipelines, which run many of the same firmware pages
cases=()
for c in volume_gain volume_playback eq_iir_peaking mixer_gains \
         src_48k_to_44k1 tone_generator fault_dma_desc_error volume_s24_port; do
    [ -e "$CASES/$c.yaml" ] || { fail "missing case $CASES/$c.yaml"; continue; }
    cases+=("$CASES/$c.yaml")
done

run() { # run NAME [ENV=VALUE]: the suite, -j 2, with the translator's log
    local name=$1
    shift
    rm -rf "cache.$name"
    env "$@" DSPSIM_CACHE_DIR="$WORK/cache.$name" DSPSIM_XLATE_DEBUG=1 \
        DSPSIM_ENGINE=fast "$DSPSIM" test "${cases[@]}" -j 2 --firmware "$FW" \
        --no-progress --out-dir "out.$name" >"$name.out" 2>"$name.err"
    echo "rc $?" >>"$name.out"
    # verdicts without host seconds
    grep -E '^(PASS|FAIL|ERROR|SKIP)|cases:|^rc ' "$name.out" |
        sed 's/ ([0-9.]* s)$//' >"$name.sum"
}
run share
run noshare DSPSIM_XLATE_SHARE=0

expect "the suite passed with sharing" grep -qx "rc 0" share.out
expect "same verdicts with and without sharing" cmp -s share.sum noshare.sum ||
    diff share.sum noshare.sum
if diff -r out.share out.noshare >diff.txt; then
    ok "same output bytes with and without sharing"
else
    fail "outputs differ with sharing:"
    head -n 20 diff.txt
fi

# "page P live (x64): N heads, key K" (emitted) or "... (shared)"
grep -E 'live \(x64\): .* key [0-9a-f]+$' share.err | awk '{ print $NF }' |
    sort >share.emitted
grep -E 'live \(x64\): .* key [0-9a-f]+ \(shared\)$' share.err |
    awk '{ print $(NF - 1) }' | sort -u >share.shared
grep -E 'live \(x64\): .* key [0-9a-f]+$' noshare.err | wc -l >noshare.count
emitted=$(wc -l <share.emitted) shared=$(grep -c '(shared)' share.err)
alone=$(cat noshare.count)
expect "units were emitted ($emitted)" [ "$emitted" -gt 0 ]
dups=$(uniq -d share.emitted | wc -l)
expect "no unit emitted twice in the suite ($dups keys were)" [ "$dups" -eq 0 ]
expect "cases ran units another case emitted ($shared)" [ "$shared" -gt 0 ]
missing=$(comm -23 share.shared share.emitted | wc -l)
expect "every shared unit was emitted by a case of the suite ($missing not)" \
    [ "$missing" -eq 0 ]
expect "sharing off: nothing shared" [ "$(grep -c '(shared)' noshare.err)" -eq 0 ]
expect "fewer emissions with sharing ($emitted) than without ($alone)" \
    [ "$emitted" -lt "$alone" ]
expect "as many units installed with sharing as without" \
    [ "$((emitted + shared))" -eq "$alone" ]
[ $fails -eq 0 ] && echo "test_share.sh: PASS ($emitted emitted, $shared shared, $alone without sharing)"
exit $((fails > 0))
