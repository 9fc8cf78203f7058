#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Cases on several cores (issue 32, vectors/cases/smp_*.yaml):
#  - each runs byte- and cycle-identical with both engines (outputs,
#    the cycle-stamped timeline, the summary's cycles) and PASSes;
#  - --race finds nothing on them, with the same bytes as without;
#  - the chain split across two cores gives the bytes of the same two
#    pipelines on one core;
#  - the timeline has one set of tracks per core, the summary per-core
#    MCPS and loads; a per-core limit that does not hold fails the case;
#  - the split chain's consumer core (released by the producer's
#    notification) is busy with its own work only;
#  - `dspsim test --json` has per core the figures the summary prints;
#  - faults on a pipeline of core 1 (smp_fault_core1.yaml): reported and
#    recovered, no race; its panic (smp_panic_core1.yaml) decoded from the
#    panic record and said to be core 1's; a stopped link producer's
#    consumer runs on (smp_link_xrun.yaml, the watchdog);
#  - --race on one core, a core the board lacks, a firmware of protocol
#    1.6 are clear errors; `dspsim play --cores 2 --set src.core=1 --race`.
#
# usage: smp_cases.sh DSPSIM CASES_DIR SIGNALS_DIR SINGLE_CORE_FW WORKDIR JSON_GET
set -u
. "$(dirname "$0")/../cli/lib_expect.sh"
dspsim=$1 cases=$2 sig=$3 fw1=$4 work=$5 json_get=$6
[ -x "$dspsim" ] || { echo "SKIP: $dspsim not built"; exit 77; }
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1
cycles() { grep '^simulated cycles:' "$1"; }

for c in smp_two_pipelines smp_split_chain smp_four_cores smp_fault_core1 \
    smp_panic_core1 smp_link_xrun; do
    for e in fast interp; do
        EXPECT_OUT=$c.$e.out EXPECT_ERR=$c.$e.err expect_rc 0 "$c ($e)" -- \
            env DSPSIM_ENGINE=$e "$dspsim" run "$cases/$c.yaml" \
            --out-dir "$c.$e"
    done
    for f in timeline.json $(cd "$c.fast" && ls *.wav); do
        if cmp -s "$c.fast/$f" "$c.interp/$f"; then
            ok "$c: $f the same with both engines"
        else
            fail "$c: $f differs between the engines"
        fi
    done
    [ "$(cycles $c.fast.out)" = "$(cycles $c.interp.out)" ] &&
        [ -n "$(cycles $c.fast.out)" ] &&
        ok "$c: the same cycles with both engines" ||
        fail "$c: cycles differ: $(cycles $c.fast.out) / $(cycles $c.interp.out)"
    has "$c.fast.out" "core 1: 1 pipeline" "$c: per-core summary"
    # (a panicked firmware answers no CORE_STATS)
    [ $c = smp_panic_core1 ] ||
        has "$c.fast.out" "its kernel's idle count)" "$c: CORE_STATS busy figures"
    has "$c.fast/timeline.json" '"core 1: task' "$c: core 1's task track"
    has "$c.fast/timeline.json" '"core 1: idle' "$c: core 1's idle track"
    EXPECT_OUT=$c.race.out EXPECT_ERR=$c.race.err expect_rc 0 "$c --race" -- \
        "$dspsim" run --race "$cases/$c.yaml" --out-dir "$c.race"
    has "$c.race.out" "races between cores: 0 (--race)" "$c: no race"
    for f in $(cd "$c.fast" && ls *.wav); do
        cmp -s "$c.fast/$f" "$c.race/$f" ||
            fail "$c: $f differs with --race"
    done
done
has smp_four_cores.fast.out "core 3: 1 pipeline" "four cores: core 3's line"
# faults on core 1's pipeline (DMA and SSP interrupts on core 0): the
# underrun and the DMA error reported by its job and recovered
has smp_fault_core1.fast.err "xrun: pipeline 2 component 6: AUD_UNDERRUN" \
    "core 1: the SSP underrun reported"
has smp_fault_core1.fast.err "xrun: pipeline 2 component 6: AUD_DMA" \
    "core 1: the DMA error reported"
grep -q "xrun: pipeline 1" smp_fault_core1.fast.err &&
    fail "core 0's pipeline had an xrun" || ok "core 0's pipeline played on"

# the link's producer stopped: its consumer, released by the watchdog,
# plays every period to the end without an xrun
has smp_link_xrun.fast.err "pipeline 2: 299 periods, worst" \
    "link producer stopped: the consumer ran every period"
grep -q "xrun: pipeline 2" smp_link_xrun.fast.err &&
    fail "link producer stopped: the consumer had an xrun" ||
    ok "link producer stopped: no xrun of the consumer"

# core 1's panic through the panic record: unexpected, the decoded report
# names the core
sed -e '/^expect:/,$d' -e "s|\.\./signals/|$sig/|" \
    "$cases/smp_panic_core1.yaml" >panic.yaml
echo "expect: {xruns: 0}" >>panic.yaml
expect_cmd 1 out "firmware panic notified" -- \
    "$dspsim" run panic.yaml --out-dir panic
has panic/firmware.log "firmware panic: LoadStorePIFAddrError (cause 15) in task 3" \
    "core 1's panic record decoded"
has panic/firmware.log "  on core 1 (its panic marker)" "the panic said to be core 1's"

# the chain split across cores = the same two pipelines on one core
expect_rc 0 "split chain on one core" -- \
    "$dspsim" run "$cases/smp_split_chain_1core.yaml" --out-dir one
if cmp -s smp_split_chain.fast/smp_split_chain.wav \
    one/smp_split_chain_1core.wav; then
    ok "split chain: the same bytes on two cores as on one"
else
    fail "split chain: two cores and one core differ"
fi

# the consumer of the split chain (core 0) is released by the producer's
# notification: its core's busy cycles are its own work, no spinning on
# the producer (when it was released with the producer and waited on its
# semaphore: busy 40.3 MCPS for components of 3.3)
comp=$(awk '/^  p2\.[0-9]+ [a-z]+: [0-9.]+ MCPS/ { s += $3 } END { print s + 0 }' \
    smp_split_chain.fast.out)
busy=$(sed -n 's/^core 0: .*; busy [0-9.]*% (\([0-9.]*\) MCPS.*/\1/p' \
    smp_split_chain.fast.out)
if [ -n "$busy" ] && awk -v b="$busy" -v c="$comp" 'BEGIN { exit !(c > 0 && b < 2 * c) }'; then
    ok "split chain: core 0 busy $busy MCPS for components of $comp: no spinning"
else
    fail "split chain: core 0 busy '$busy' MCPS for components of $comp MCPS"
fi
grep -qE '^core 1: 1 pipeline, 4[0-9]\.' smp_split_chain.fast.out &&
    ok "split chain: the producer's core does the SRC's work" ||
    fail "split chain: core 1's line: $(grep '^core 1:' smp_split_chain.fast.out)"

# the JSON report: per core the numbers of the summary's "core K:" line
expect_rc 0 "dspsim test --json --html" -- "$dspsim" test -q -j 2 \
    --json r.json --html h --out-dir t "$cases/smp_split_chain.yaml" "$cases/smp_four_cores.yaml" \
    "$cases/volume_gain.yaml"
for c in smp_split_chain smp_four_cores; do
    name=$(sed -n 's/^name: //p' "$cases/$c.yaml")
    run="cases/[name=$name]/run"
    n=$("$json_get" r.json "$run/cores" | sed -n 's/^array //p')
    [ "$n" = "$(grep -c '^core [0-9]*:' $c.fast.out)" ] &&
        ok "$c: JSON has the summary's $n cores" ||
        fail "$c: JSON cores '$n'"
    for ((k = 0; k < ${n:-0}; k++)); do
        g() { "$json_get" r.json "$run/cores/$k/$1"; }
        np=$(g pipelines | sed -n 's/^array //p')
        line=$(printf 'core %s: %s pipeline%s, %.3f MCPS, worst period load %.1f%%, %s deadline misses; busy %.1f%% (%.3f MCPS, its kernel'"'"'s idle count)' \
            "$(g core)" "$np" "$([ "$np" = 1 ] || echo s)" "$(g mcps)" \
            "$(g worst_load_pct)" "$(g deadline_misses)" "$(g busy_pct)" \
            "$(g busy_mcps)")
        grep -qxF "$line" $c.fast.out && ok "$c: JSON core $k = summary" ||
            fail "$c: JSON core $k: '$line' not in the summary: $(grep "^core $k:" $c.fast.out)"
    done
done
# the HTML report: the case page's per-core table and the index's cell,
# with the JSON's figures (as the report writes figures: 6 decimals)
fig() { printf '%.6f' "$1" | sed 's/0*$//; s/\.$//'; }
split="cases/[name=src chain split across two cores]/run/cores"
for k in 0 1; do
    busy=$(fig "$("$json_get" r.json "$split/$k/busy_pct")")
    mcps=$(fig "$("$json_get" r.json "$split/$k/mcps")")
    tr '<' '\n' <h/cases/smp_split_chain.html |
        sed -n "/^tr class=\"core\" data-core=\"$k\"/,/^\/tr>/p" >core$k.html
    has core$k.html "data-field=\"busy_pct\" data-value=\"$busy\"" \
        "HTML case page: core $k's busy share"
    has core$k.html "data-field=\"mcps\" data-value=\"$mcps\"" \
        "HTML case page: core $k's MCPS"
    has h/index.html "<span data-core=\"$k\">$k: $mcps MCPS" \
        "HTML index: core $k's MCPS"
done
grep -q 'id="cores"' h/cases/volume_gain.html &&
    fail "HTML: a per-core table for a case on one core" ||
    ok "HTML: no per-core table on one core"
[ "$("$json_get" r.json 'cases/[name=src chain split across two cores]/run/cores/1/pipelines/0')" = 1 ] &&
    ok "split chain: pipeline 1 on core 1 in the JSON" ||
    fail "split chain: core 1's pipelines in the JSON"
"$json_get" r.json "cases/[name=$(sed -n 's/^name: //p' "$cases/volume_gain.yaml")]/run/cores" \
    >/dev/null 2>&1 && fail "one core: a cores array in the JSON" ||
    ok "one core: no cores array in the JSON"

# a per-core limit that does not hold
sed -e 's/1: {missed: 0, max_load_pct: 25}/1: {missed: 0, max_load_pct: 0.5}/' \
    "$cases/smp_two_pipelines.yaml" >tight.yaml
sed -i "s|\.\./signals/|$sig/|" tight.yaml
expect_cmd 1 err "core 1: worst period load" -- \
    "$dspsim" run -q tight.yaml --out-dir tight

# errors
expect_cmd 2 err "--race needs a board of 2 or more cores" -- \
    "$dspsim" run --race "$cases/volume_gain.yaml" --out-dir v1
expect_cmd 1 err "need 1.7" -- \
    "$dspsim" run -q --firmware "$fw1" "$cases/smp_two_pipelines.yaml" \
    --out-dir old

# play: a chain placed on two cores
expect_cmd 0 out "core 1: 1 pipeline" -- \
    "$dspsim" play "$sig/sine_997hz_48k_s16_stereo.wav" p.wav \
    --pipeline src,volume --set out_rate=16000 --cores 2 \
    --set src.core=1 --race
has "$EXPECT_OUT" "races between cores: 0" "play --race: no race"
expect_cmd 2 err "the board has 2 cores" -- \
    "$dspsim" play "$sig/sine_997hz_48k_s16_stereo.wav" p2.wav \
    --cores 2 --set volume.core=2
expect_cmd 2 err "--race needs --cores" -- \
    "$dspsim" play "$sig/sine_997hz_48k_s16_stereo.wav" p3.wav --race
exit $((fails > 0))
