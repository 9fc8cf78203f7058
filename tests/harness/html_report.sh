#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# The HTML report (docs/harness.md "HTML report"; issue 33):
#   html_report.sh DSPSIM HTML_FIGURES VECTORS_CASES SIGNALS WORK
# `dspsim test --html` on a small suite with a failing case: the pages,
# their figures equal to the --json report's (tools/html_figures.c), the
# failing case first, plots inline (SVG) with the failed figure on its
# plot, nothing fetched from elsewhere, no temporary file left; without
# gnuplot (or with one that exits or hangs) the same run with tables and
# a one-line notice; --html on a
# file is exit 2; `dspsim run` leaves report.html in its artifacts, `play
# --report FILE.html` writes one.
set -u
. "$(dirname "$0")/../cli/lib_expect.sh"
. "$(dirname "$0")/lib_html_suite.sh"
DSPSIM=$1 FIG=$2 V=$3 SIG=$4 WORK=$5
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || exit 2
html_suite "$V" "$WORK" || { echo "FAIL cannot make the suite"; exit 1; }
command -v gnuplot >/dev/null ||
    { echo "SKIP gnuplot not found (ci/install-deps.sh installs gnuplot-nox)"; exit 77; }

# the report, with its JSON twin
expect_rc 1 "dspsim test --html (a case fails)" -- \
    "$DSPSIM" test "${SUITE[@]}" -j2 --no-progress --out-dir "$WORK/res" \
    --json "$WORK/r.json" --html "$WORK/html"
H=$WORK/html
[ -s "$H/index.html" ] || { echo "FAIL no index.html"; exit 1; }
n_pages=$(ls "$H"/cases/*.html | wc -l)
[ "$n_pages" -eq "${#SUITE[@]}" ] || fail "$n_pages case pages for ${#SUITE[@]} cases"
find "$H" "$WORK/res" -name '*.tmp.*' -o -name '.dspsim-plots-*' | grep -q . &&
    fail "temporary files left: $(find "$H" -name '*.tmp.*' -o -name '.dspsim-plots-*')"

# the figures equal the JSON report's, failures first
if "$FIG" "$WORK/r.json" "$H" >fig.txt; then ok "$(tail -1 fig.txt)"
else fail "figures differ from the JSON report"; sed 's/^/  | /' fig.txt; fi

# the failing case: first row, its page, the figure on its plot
first=$(grep -o '<tr class="case" data-status="[a-z]*" data-path="[^"]*"' "$H/index.html" | head -1)
case $first in *'"failed"'*thdn_fail.yaml*) ok "failing case first" ;;
*) fail "first row is not the failing case: $first" ;; esac
P=$H/cases/thdn_fail.html
[ -f "$P" ] || { ls "$H/cases"; fail "no page thdn_fail.html"; }
value=$(grep -o 'data-check="thdn_db" data-value="[^"]*"' "$P" | head -1 | sed 's/.*data-value="//; s/"//')
[ -n "$value" ] || fail "no thdn_db figure on the failing page"
awk -v v="$value" 'BEGIN { exit !(v > -130 && v < -100) }' || fail "thdn_db $value is not the out-of-limit figure"
# the plot (inline SVG between its figure tags) holds "thdn_db = VALUE dB (max -130): FAIL"
sed -n '/<figure class="plot" id="plot-spectrum-ssp0"/,/<\/figure>/p' "$P" >spectrum.svg
has spectrum.svg "<svg" "spectrum plot inline"
has spectrum.svg "thdn_db = $value dB (max -130): FAIL" "the failed figure on the spectrum plot"
# every case that ran has plots; plots per kind
for p in "$H"/cases/*.html; do
    grep -q '<figure class="plot"' "$p" || fail "$p: no plot"
done
has "$H/cases/eq_iir_lowpass_response.html" 'id="plot-response-ssp0"' "response plot"
has "$H/cases/src_48k_to_16k_chain.html" 'id="plot-src-pass-src1"' "SRC passband plot"
has "$H/cases/src_48k_to_16k_chain.html" 'id="plot-src-stop-src1"' "SRC stopband plot"
has "$H/cases/src_48k_to_16k_chain.html" 'passband ripple = ' "SRC ripple on its plot"
has "$H/cases/src_48k_to_16k_chain.html" 'stopband = -' "SRC attenuation on its plot"
has "$H/cases/overload_eq_iir.html" 'id="plot-load-1"' "load plot"
has "$H/cases/overload_eq_iir.html" 'id="plot-components"' "components plot"
# one pair of bars a component of the JSON report, named as it names them
ncomp=$(python3 -c 'import json,sys; print(len([c for c in json.load(open(sys.argv[1]))["cases"] if c["path"].endswith("overload_eq_iir.yaml")][0]["run"]["components"]))' "$WORK/r.json" 2>/dev/null)
sed -n '/<figure class="plot" id="plot-components"/,/<\/figure>/p' "$H/cases/overload_eq_iir.html" >comps.svg
[ -n "$ncomp" ] && [ "$ncomp" -gt 0 ] && [ "$(grep -c '<text>p[0-9]*\.[0-9]* [a-z_]*</text>' comps.svg)" -eq "$ncomp" ] &&
    ok "components plot: $ncomp components" || fail "components plot: $ncomp components in the JSON, $(grep -c '<text>p[0-9]*\.[0-9]* [a-z_]*</text>' comps.svg) named"
has "$H/cases/overload_eq_iir.html" 'xrun (' "xruns marked on the load plot"
has "$H/cases/fault_dma_stall.html" 'fault (' "faults marked on the load plot"
has "$H/cases/ipc_error_gain_range.html" 'IPC error reply (' "IPC errors marked"
has "$P" 'id="log"' "the failing case's log excerpt"
if [ -f "$V/sox/volume_m6.yaml" ]; then
    has "$H/cases/volume_m6.html" 'id="plot-diff-ssp0"' "difference plot"
    has "$H/cases/volume_m6.html" 'tolerance_lsb' "tolerance on the difference plot"
fi
# the inline SVGs: every reference (xlink:href='#X', url(#X)) names an id on its
# page, prefixed with its plot's number (unique across the plots of a
# page); gnuplot's empty groups are left out
for p in "$H"/cases/*.html; do
    refs=$(grep -o "xlink:href='#[^']*\|url(#[^)]*" "$p" | sed "s/^xlink:href='#//; s/^url(#//" | sort -u)
    [ -n "$refs" ] || { fail "$p: no reference in its plots"; continue; }
    for r in $refs; do
        case $r in p[0-9]*-*) ;; *) fail "$p: reference #$r not prefixed" ;; esac
        grep -q "id=['\"]$r['\"]" "$p" || fail "$p: #$r names no id"
    done
    grep -Pzq '<g [^>]*>\n</g>\n' "$p" && fail "$p: an empty group left"
done
# offline: nothing fetched (no src=, no http(s) link but text)
grep -l 'src="http\|href="http\|<link \|@import' "$H"/index.html "$H"/cases/*.html &&
    fail "a page fetches something"

# no plotting tool: tables and a notice, the same exit status
EXPECT_ERR=err2 expect_rc 1 "dspsim test --html without gnuplot" -- env DSPSIM_GNUPLOT=none \
    "$DSPSIM" test "$WORK/fail" --no-progress --out-dir "$WORK/res2" --html "$WORK/html2"
has err2 "plots not drawn" "the notice on stderr"
has "$WORK/html2/index.html" 'class="notice"' "the notice on the index"
has "$WORK/html2/cases/thdn_fail.html" 'data-check="thdn_db"' "the tables without plots"
grep -q '<svg' "$WORK/html2/cases/thdn_fail.html" && fail "plots without gnuplot?"
EXPECT_ERR=err3 expect_rc 1 "a gnuplot that cannot run" -- env DSPSIM_GNUPLOT=/nonexistent/gnuplot \
    "$DSPSIM" test "$WORK/fail" --no-progress -q --out-dir "$WORK/res2" --html "$WORK/html3"
[ -s "$WORK/html3/index.html" ] || fail "no report with a missing gnuplot"

# a gnuplot that dies or hangs: the tables and a one-line notice, the same
# exit status, nothing left running, no temporary directory left
printf '#!/bin/sh\nexit 3\n' >"$WORK/gp_exits" && chmod +x "$WORK/gp_exits"
EXPECT_ERR=err5 expect_rc 1 "a gnuplot that exits at once" -- env DSPSIM_GNUPLOT="$WORK/gp_exits" \
    "$DSPSIM" test "$WORK/fail" "$V/tone_generator.yaml" --no-progress --out-dir "$WORK/res5" --html "$WORK/html5"
has err5 "plots: $WORK/gp_exits ended (status 3)" "its notice on stderr"
[ "$(grep -c 'plots:' err5)" -eq 1 ] || fail "not one line of notice: $(cat err5)"
has "$WORK/html5/index.html" 'class="notice"' "its notice on the index"
for p in "$WORK/html5/cases/thdn_fail.html" "$WORK/html5/cases/tone_generator.html"; do
    has "$p" 'data-check="thdn_db"' "$(basename "$p"): the tables"
    has "$p" 'class="notice"' "$(basename "$p"): the notice"
done
printf '#!/bin/sh\nexec sleep 987.25\n' >"$WORK/gp_hangs" && chmod +x "$WORK/gp_hangs"
t0=$(date +%s)
EXPECT_ERR=err6 expect_rc 1 "a gnuplot that hangs" -- env DSPSIM_GNUPLOT="$WORK/gp_hangs" DSPSIM_GNUPLOT_TIMEOUT=1 \
    "$DSPSIM" test "$WORK/fail" "$V/tone_generator.yaml" --no-progress --out-dir "$WORK/res6" --html "$WORK/html6"
has err6 "plots: $WORK/gp_hangs killed: no answer in 1 s" "its notice on stderr"
[ $(($(date +%s) - t0)) -lt 60 ] || fail "a hung gnuplot held the run $(($(date +%s) - t0)) s"
pgrep -f 'sleep 987.25' >/dev/null && { pkill -f 'sleep 987.25'; fail "the hung gnuplot outlived the run"; }
has "$WORK/html6/cases/tone_generator.html" 'class="notice"' "the notice on a page after the hang"
grep -q '<svg' "$WORK/html6/cases/tone_generator.html" && fail "plots from a hung gnuplot?"
find "$WORK/html5" "$WORK/html6" -name '.dspsim-plots-*' | grep -q . && fail "a session's directory left"

# the log around a failure, by time: the overload held to no xrun fails on
# its first xrun; the excerpt marks the AUD_XRUN line at the time of the
# first xrun event of its plot data, with what came before and after
sed -e 's/^  xruns: {min: 50, max: 100}/  xruns: 0/' -e "s#\.\./signals/#$SIG/#" \
    "$V/overload_eq_iir.yaml" >"$WORK/xrun_fail.yaml"
expect_rc 1 "an xrun fails the case" -- "$DSPSIM" test "$WORK/xrun_fail.yaml" -q \
    --out-dir "$WORK/res4" --html "$WORK/html4"
P4=$WORK/html4/cases/xrun_fail.html
has "$P4" 'id="log-excerpt"' "the excerpt around the failure"
t_ex=$(grep -o 'id="log-excerpt" data-t="[^"]*"' "$P4" | sed 's/.*data-t="//; s/"//')
t_xrun=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(min(e["t_s"] for e in d["events"] if e["kind"]=="xrun"))' \
    "$(find "$WORK/res4" -name plotdata.json)" 2>/dev/null)
awk -v a="$t_ex" -v b="$t_xrun" 'BEGIN { exit !(a != "" && (a - b) < 1e-6 && (b - a) < 1e-6) }' &&
    ok "the excerpt is at the first xrun ($t_ex s)" || fail "excerpt at '$t_ex' s, first xrun at '$t_xrun' s"
sed -n '/id="log-excerpt"/,/<\/pre>/p' "$P4" >excerpt.txt
grep '^&gt;&gt;' excerpt.txt | grep -q 'AUD_XRUN' && ok "the failure's line marked" || fail "no marked AUD_XRUN line"
[ "$(grep -c '' excerpt.txt)" -ge 30 ] || fail "a short excerpt: $(grep -c '' excerpt.txt) lines"
grep -q 'id="log-excerpt"' "$H/cases/tone_generator.html" && fail "an excerpt on a passed case"

# --html on a file: exit 2 before anything runs
touch "$WORK/afile"
expect_cmd 2 err "is not a directory (--html)" -- \
    "$DSPSIM" test "$WORK/fail" --no-progress --out-dir "$WORK/res3" --html "$WORK/afile"
[ -d "$WORK/res3" ] && fail "ran although --html was refused"

# dspsim run: report.html in the artifacts; play --report
expect_rc 1 "dspsim run" -- "$DSPSIM" run "$WORK/fail/thdn_fail.yaml" --out-dir "$WORK/run"
has "$WORK/run/report.html" "thdn_db = $value dB (max -130): FAIL" "dspsim run's page"
has "$WORK/run/report.html" 'href="tone.wav"' "the output linked"
has "$WORK/run/report.html" 'href="timeline.json"' "the timeline linked"
expect_rc 0 "dspsim play --report" -- "$DSPSIM" play "$SIG/sine_997hz_48k_s16_stereo.wav" \
    "$WORK/play.wav" --report "$WORK/play.html"
has "$WORK/play.html" 'id="plot-spectrum-ssp0"' "play's page: spectrum"
has "$WORK/play.html" 'id="plot-load-1"' "play's page: load"
has "$WORK/play.html" 'href="play.wav"' "play's page: OUT.wav linked"
expect_cmd 2 err "the same file as the output" -- "$DSPSIM" play \
    "$SIG/sine_997hz_48k_s16_stereo.wav" "$WORK/play2.wav" --report "$WORK/play2.wav"
exit $((fails > 0))
