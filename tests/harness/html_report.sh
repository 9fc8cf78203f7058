#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# The HTML report (docs/harness.md "HTML report"; issue 33):
#   html_report.sh DSPSIM HTML_FIGURES VECTORS_CASES SIGNALS WORK
# `dspsim test --html` on a small suite with a failing case: the pages,
# their figures equal to the --json report's (tools/html_figures.c), the
# failing case first, every plot of each kind with its specification and
# the data it draws in the page (plots are drawn by the browser with
# dygraphs: html_browser.sh draws them), the failed figure in its plot's
# caption, the library written once (DIR/dygraph.min.js, the Debian
# file's bytes) and loaded relatively, nothing fetched from elsewhere, no
# temporary file left; without the library (DSPSIM_DYGRAPHS=none, or a
# missing file) the same run with tables and a one-line notice; --html on
# a file is exit 2; `dspsim run` leaves report.html in its artifacts,
# `play --report FILE.html` writes one, both with the library inline.
set -u
. "$(dirname "$0")/../cli/lib_expect.sh"
. "$(dirname "$0")/lib_html_suite.sh"
DSPSIM=$1 FIG=$2 V=$3 SIG=$4 WORK=$5
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || exit 2
html_suite "$V" "$WORK" || { echo "FAIL cannot make the suite"; exit 1; }
LIB=/usr/share/javascript/dygraphs/dygraph.min.js
[ -f "$LIB" ] ||
    { echo "SKIP dygraphs not found (ci/install-deps.sh installs libjs-dygraphs)"; exit 77; }
# plots_ok PAGE: each plot's specification, the data it draws (every curve's
# arrays in the page's plot data, of equal length, some number in them) and
# its figure; prints "ID KIND..." a plot
plots_ok() {
    python3 - "$1" <<'PY'
import json, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
def block(name):
    m = re.search(r'<script type="application/json" id="%s">(.*?)</script>' % name, page, re.S)
    return json.loads(m.group(1).replace("<\\/", "</")) if m else None
data, specs = block("dspsim-plotdata"), block("dspsim-plots")
if specs is None or data is None:
    sys.exit("no plot data or specifications")
def at(path):
    v = data
    for k in path:
        v = v[k]
    return v
bad = 0
for s in specs:
    kinds = []
    for x in s["series"]:
        if "x" in x:
            xs, ys = at(x["x"]), at(x["y"])
            if len(xs) != len(ys) or not any(isinstance(v, (int, float)) for v in ys):
                print("BAD %s: %s: %d x, %d y" % (s["id"], x["label"], len(xs), len(ys))); bad = 1
            kinds.append("curve")
        elif "c" in x: kinds.append("const")
        elif "ev" in x: kinds.append("events")
        elif "bars" in x: kinds.append("bars")
        elif "pts" in x: kinds.append("points")
    if '<figure class="plot" id="plot-%s"' % s["id"] not in page:
        print("BAD %s: no figure" % s["id"]); bad = 1
    print(s["id"], " ".join(kinds), " ".join(s.get("names", [])))
sys.exit(bad)
PY
}

# the report, with its JSON twin
expect_rc 1 "dspsim test --html (a case fails)" -- \
    "$DSPSIM" test "${SUITE[@]}" -j2 --no-progress --out-dir "$WORK/res" \
    --json "$WORK/r.json" --html "$WORK/html"
H=$WORK/html
[ -s "$H/index.html" ] || { echo "FAIL no index.html"; exit 1; }
n_pages=$(ls "$H"/cases/*.html | wc -l)
[ "$n_pages" -eq "${#SUITE[@]}" ] || fail "$n_pages case pages for ${#SUITE[@]} cases"
find "$H" "$WORK/res" -name '*.tmp.*' | grep -q . &&
    fail "temporary files left: $(find "$H" "$WORK/res" -name '*.tmp.*')"

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
# the plot's caption (between its figure tags) holds "thdn_db = VALUE dB (max -130): FAIL"
sed -n '/<figure class="plot" id="plot-spectrum-ssp0"/,/<\/figure>/p' "$P" >spectrum.html
has spectrum.html '<div class="graph">' "spectrum plot"
has spectrum.html "<li class=\"fail\">ssp0: thdn_db = $value dB (max -130): FAIL</li>" "the failed figure in the spectrum plot's caption"
# every case that ran has plots, each with its data; plots per kind
for p in "$H"/cases/*.html; do
    b=$(basename "$p" .html)
    plots_ok "$p" >"plots-$b.txt" || { fail "$b: plots"; sed 's/^/  | /' "plots-$b.txt"; }
    grep -q '<script src="../dygraph.min.js"></script>' "$p" || fail "$b: the library not loaded"
done
cmp -s "$LIB" "$H/dygraph.min.js" && ok "the library written once into the report" ||
    fail "$H/dygraph.min.js is not $LIB"
plot() { # CASE ID KINDS: the plot with series of these kinds, in order
    grep -q "^$2 $3" "plots-$1.txt" && ok "$1: $2 ($3)" || { fail "$1: no plot $2 with $3"; sed 's/^/  | /' "plots-$1.txt"; }
}
plot thdn_fail spectrum-ssp0 "curve const const"
plot thdn_fail level-ssp0 "curve"
plot eq_iir_lowpass_response response-ssp0 "curve points points"
plot src_48k_to_16k_chain src-pass-src1 "curve points points points"
plot src_48k_to_16k_chain src-stop-src1 "curve points points points"
plot overload_eq_iir load-1 "curve const events events events"
plot overload_eq_iir components "bars bars const"
has "$H/cases/src_48k_to_16k_chain.html" '<li class="pass">passband ripple = ' "SRC ripple in its caption"
has "$H/cases/src_48k_to_16k_chain.html" '<li class="pass">stopband = -' "SRC attenuation in its caption"
# one pair of bars a component of the JSON report, named as it names them
ncomp=$(python3 -c 'import json,sys; print(len([c for c in json.load(open(sys.argv[1]))["cases"] if c["path"].endswith("overload_eq_iir.yaml")][0]["run"]["components"]))' "$WORK/r.json" 2>/dev/null)
named=$(grep '^components ' plots-overload_eq_iir.txt | grep -o ' p[0-9]*\.[0-9]* [a-z_]*' | wc -l)
[ -n "$ncomp" ] && [ "$ncomp" -gt 0 ] && [ "$named" -eq "$ncomp" ] &&
    ok "components plot: $ncomp components" || fail "components plot: $ncomp components in the JSON, $named named"
has "$H/cases/overload_eq_iir.html" '"label":"xrun (' "xruns marked on the load plot"
has "$H/cases/fault_dma_stall.html" '"label":"fault (' "faults marked on the load plot"
has "$H/cases/ipc_error_gain_range.html" '"label":"IPC error reply (' "IPC errors marked"
has "$P" 'id="log"' "the failing case's log excerpt"
if [ -f "$V/sox/volume_m6.yaml" ]; then
    plot volume_m6 diff-ssp0 "curve const"
    has "$H/cases/volume_m6.html" '"label":"tolerance_lsb"' "tolerance on the difference plot"
fi
# the plot data in a page: what the case's run writes (a worker hands its
# text to the runner, which puts it in the page; `dspsim run` writes it to
# plotdata.json), the same but for the files each run left; no plot data
# file beside the suite's cases
pagedata() { # PAGE: the plot data the page holds, as JSON
    python3 - "$1" <<'PY'
import re, sys
page = open(sys.argv[1]).read()
m = re.search(r'<script type="application/json" id="dspsim-plotdata">(.*?)</script>', page, re.S)
print(m.group(1).replace('<\\/', '</') if m else "")
PY
}
same_data() { # A B: the same plot data but for the files each links
    python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
for d in (a, b):
    d.pop("files", None)
    d["index"].pop("files", None)
sys.exit(a != b)
PY
}
expect_rc 0 "dspsim run tone_generator" -- "$DSPSIM" run "$V/tone_generator.yaml" \
    --out-dir "$WORK/run-tone"
pagedata "$H/cases/tone_generator.html" >page-tone.json
same_data page-tone.json "$WORK/run-tone/plotdata.json" &&
    ok "the plot data in the page: the run's" || fail "the page's plot data is not the run's plotdata.json"
[ -z "$(find "$WORK/res" -name plotdata.json)" ] && ok "no plot data file beside the cases" ||
    fail "plot data files in $WORK/res"
# offline: nothing fetched (no src=, no http(s) link but text)
grep -l 'src="http\|href="http\|<link \|@import' "$H"/index.html "$H"/cases/*.html &&
    fail "a page fetches something"

# no plotting library: tables and a notice, the same exit status
EXPECT_ERR=err2 expect_rc 1 "dspsim test --html without the library" -- env DSPSIM_DYGRAPHS=none \
    "$DSPSIM" test "$WORK/fail" --no-progress --out-dir "$WORK/res2" --html "$WORK/html2"
has err2 "plots not drawn" "the notice on stderr"
has "$WORK/html2/index.html" 'class="notice"' "the notice on the index"
has "$WORK/html2/cases/thdn_fail.html" 'class="notice"' "the notice on the case page"
has "$WORK/html2/cases/thdn_fail.html" 'data-check="thdn_db"' "the tables without plots"
grep -q '<figure class="plot"\|dspsim-plotdata\|<script src=' "$WORK/html2/cases/thdn_fail.html" &&
    fail "plots without the library?"
[ -e "$WORK/html2/dygraph.min.js" ] && fail "a library written with DSPSIM_DYGRAPHS=none"
EXPECT_ERR=err3 expect_rc 1 "a library that is not there" -- env DSPSIM_DYGRAPHS=/nonexistent/dygraph.min.js \
    "$DSPSIM" test "$WORK/fail" --no-progress --out-dir "$WORK/res2" --html "$WORK/html3"
has err3 "plots not drawn: dygraphs not found (install libjs-dygraphs): /nonexistent/dygraph.min.js" "its notice on stderr"
[ "$(grep -c 'plots not drawn' err3)" -eq 1 ] || fail "not one line of notice: $(cat err3)"
has "$WORK/html3/cases/thdn_fail.html" 'plots not drawn: dygraphs not found' "its notice on the page"
grep -q '<figure class="plot"' "$WORK/html3/cases/thdn_fail.html" && fail "plots without the library?"
EXPECT_ERR=err7 expect_rc 1 "-q without the library" -- env DSPSIM_DYGRAPHS=none \
    "$DSPSIM" test "$WORK/fail" --no-progress -q --out-dir "$WORK/res2" --html "$WORK/html7"
grep -q 'plots not drawn' err7 && fail "the notice on stderr with -q"
[ -s "$WORK/html7/index.html" ] || fail "no report with -q and no library"

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
pagedata "$P4" >page-xrun.json
t_xrun=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(min(e["t_s"] for e in d["events"] if e["kind"]=="xrun"))' \
    page-xrun.json 2>/dev/null)
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
# single files: the library inline, nothing loaded
libhead=$(head -c 150 "$LIB")
grep -qF "$libhead" "$WORK/run/report.html" && ! grep -q '<script src=' "$WORK/run/report.html" &&
    ok "run's page holds the library" || fail "run's page without the library inline"
plots_ok "$WORK/run/report.html" >plots-run.txt || { fail "run's page: plots"; sed 's/^/  | /' plots-run.txt; }
has "$WORK/run/report.html" 'href="tone.wav"' "the output linked"
has "$WORK/run/report.html" 'href="timeline.json"' "the timeline linked"
expect_rc 0 "dspsim play --report" -- "$DSPSIM" play "$SIG/sine_997hz_48k_s16_stereo.wav" \
    "$WORK/play.wav" --report "$WORK/play.html"
has "$WORK/play.html" 'id="plot-spectrum-ssp0"' "play's page: spectrum"
has "$WORK/play.html" 'id="plot-load-1"' "play's page: load"
has "$WORK/play.html" 'href="play.wav"' "play's page: OUT.wav linked"
grep -qF "$libhead" "$WORK/play.html" && ! grep -q '<script src=' "$WORK/play.html" &&
    ok "play's page holds the library" || fail "play's page without the library inline"
expect_cmd 2 err "the same file as the output" -- "$DSPSIM" play \
    "$SIG/sine_997hz_48k_s16_stereo.wav" "$WORK/play2.wav" --report "$WORK/play2.wav"
exit $((fails > 0))
