#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# The HTML report in a real browser (docs/harness.md "HTML report"; issue
# 33): html_browser.sh DSPSIM VECTORS_CASES WORK SCREENSHOT
# `dspsim test --html` on a small suite with a deliberately failing case
# (lib_html_suite.sh), and `dspsim run`'s single page of that case (the
# library inline), every page loaded in headless Chromium (Debian
# chromium-headless-shell; one run: a page of this test holds them in
# iframes and writes what each DOM shows, dumped with --dump-dom): loaded
# (data-loaded="1") with no script or resource error (no data-errors, no
# console error in Chromium's log); the index lists the failing case
# first and sorts by MCPS from #sort=-mcps; every case page has all its
# plots drawn by dygraphs (data-drawn="1" on each plot's figure, a canvas
# of some width in it); the failing case's failed check links to the
# plot whose caption shows its out-of-limit figure, FAIL, in red.  A
# screenshot of the failing case's page is kept as SCREENSHOT (a CI
# artifact).  Exit 77 (skipped) with the reason when Chromium or
# dygraphs is not installed.
set -u
. "$(dirname "$0")/../cli/lib_expect.sh"
. "$(dirname "$0")/lib_html_suite.sh"
DSPSIM=$1 V=$2 WORK=$3 SHOT=$4
CHROME=
for c in chromium-headless-shell chromium; do
    command -v "$c" >/dev/null && { CHROME=$c; break; }
done
[ -n "$CHROME" ] ||
    { echo "SKIP no headless Chromium (apt-get install chromium-headless-shell)"; exit 77; }
[ -f /usr/share/javascript/dygraphs/dygraph.min.js ] ||
    { echo "SKIP dygraphs not found (apt-get install libjs-dygraphs)"; exit 77; }
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || exit 2
html_suite "$V" "$WORK" || { echo "FAIL cannot make the suite"; exit 1; }
expect_rc 1 "dspsim test --html" -- "$DSPSIM" test "${SUITE[@]}" -j2 \
    --no-progress --out-dir "$WORK/res" --html "$WORK/html"
# a single page with the library inline: `dspsim run`'s report.html
expect_rc 1 "dspsim run" -- "$DSPSIM" run "$WORK/fail/thdn_fail.yaml" --out-dir "$WORK/run"
H=$WORK/html
# browse URL DOM LOG [ARGS...]: the page's DOM after load, Chromium's log
browse() {
    local url=$1 dom=$2 log=$3
    shift 3
    timeout 120 "$CHROME" --headless --no-sandbox --disable-gpu \
        --no-first-run --allow-file-access-from-files \
        --enable-logging=stderr --v=0 "$@" "$url" >"$dom" 2>"$log"
}
# One browser run for every page (Chromium takes seconds to start): a
# page of this test holds each report page in an iframe and, once all
# have loaded, writes one line of what its DOM shows into <pre id="out">:
#   PAGE loaded=L errors=E plots=P drawn=D [first=STATUS:PATH]
#        [sorted=S mcps=V,V,...] [failed=CHECK:VALUE:PLOT:SHOWN]
pages=(html/index.html "html/index.html#sort=-mcps")
for p in "$H"/cases/*.html; do pages+=("html/cases/$(basename "$p")"); done
pages+=(run/report.html)
{
    echo '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><pre id="out"></pre>'
    for p in "${pages[@]}"; do echo "<iframe src=\"$p\" data-page=\"$p\"></iframe>"; done
    cat <<'JS'
<script>
var out = document.getElementById('out');
function line(f) {
  var p = f.getAttribute('data-page'), s = p, d;
  try { d = f.contentDocument; } catch (e) { out.textContent += p + ' blocked ' + e + '\n'; return; }
  var h = d.documentElement;
  s += ' loaded=' + h.getAttribute('data-loaded') + ' errors=' + (h.getAttribute('data-errors') || 0);
  var figs = d.querySelectorAll('figure.plot');
  var drawn = Array.prototype.filter.call(figs, function (f) {
    var c = f.querySelector('div.graph canvas');
    return f.getAttribute('data-drawn') === '1' && c && c.getBoundingClientRect().width > 100;
  });
  s += ' plots=' + figs.length + ' drawn=' + drawn.length;
  var row = d.querySelector('tr.case');
  if (row) s += ' first=' + row.getAttribute('data-status') + ':' + row.getAttribute('data-path');
  var t = d.querySelector('table.sortable');
  if (t) s += ' sorted=' + t.getAttribute('data-sorted') + ' mcps=' +
    Array.prototype.map.call(t.querySelectorAll('td[data-field="mcps"]'),
      function (c) { return c.getAttribute('data-value'); }).join(',');
  Array.prototype.forEach.call(d.querySelectorAll('tr.check[data-passed="false"]'), function (r) {
    var a = r.querySelector('a[href^="#plot-"]'), id = a ? a.getAttribute('href').slice(1) : '';
    var fig = id ? d.getElementById(id) : null;
    var want = r.getAttribute('data-check') + ' = ' + r.getAttribute('data-value');
    var li = fig ? Array.prototype.filter.call(fig.querySelectorAll('figcaption li'), function (l) {
      return l.textContent.indexOf(want) >= 0 && /: FAIL$/.test(l.textContent);
    })[0] : null;
    var red = li && d.defaultView.getComputedStyle(li).color === 'rgb(192, 0, 0)';
    s += ' failed=' + r.getAttribute('data-check') + ':' + r.getAttribute('data-value') + ':' + id +
      ':' + (li && red && fig.getAttribute('data-drawn') === '1' ? 'shown' : 'missing');
  });
  out.textContent += s + '\n';
}
// the page's load waits for every frame's
window.addEventListener('load', function () {
  Array.prototype.forEach.call(document.querySelectorAll('iframe'), line);
});
</script></body></html>
JS
} >check.html
browse "file://$WORK/check.html" check.dom check.log --dump-dom ||
    { fail "chromium could not load the pages"; sed 's/^/  | /' check.log; }
sed -n '/<pre id="out">/,/<\/pre>/p' check.dom | sed 's/<[^>]*>//g' | grep . >lines.txt
sed 's/^/  | /' lines.txt
[ "$(wc -l <lines.txt)" -eq "${#pages[@]}" ] || fail "$(wc -l <lines.txt) of ${#pages[@]} pages reported"
grep -E 'CONSOLE|Uncaught|ERR_FILE_NOT_FOUND' check.log && fail "console errors"
grep -v ' loaded=1 errors=0 ' lines.txt && fail "pages with errors or not loaded"
field() { grep "^$1 " lines.txt | grep -o " $2=[^ ]*" | sed "s/ $2=//"; }
case $(field html/index.html first) in failed:*thdn_fail.yaml) ok "failing case first" ;;
*) fail "first row: $(field html/index.html first)" ;; esac
[ "$(field 'html/index.html#sort=-mcps' sorted)" = "-mcps" ] || fail "#sort=-mcps did not sort"
field 'html/index.html#sort=-mcps' mcps | tr ',' '\n' | grep . >mcps.txt
sort -g -r mcps.txt | cmp -s - mcps.txt || fail "rows not by MCPS, largest first: $(tr '\n' ' ' <mcps.txt)"
[ "$(wc -l <mcps.txt)" -ge 5 ] || fail "too few MCPS figures: $(wc -l <mcps.txt)"
n=0
for p in "${pages[@]}"; do
    case $p in html/cases/* | run/*) ;; *) continue ;; esac
    plots=$(field "$p" plots) drawn=$(field "$p" drawn)
    [ "${plots:-0}" -ge 1 ] && [ "$drawn" = "$plots" ] && n=$((n + 1)) ||
        fail "$p: ${plots:-?} plots, ${drawn:-?} drawn"
done
[ "$n" -eq $((${#SUITE[@]} + 1)) ] && ok "$n case pages (run's single page among them) with all their plots drawn"
for p in html/cases/thdn_fail.html run/report.html; do
    case $(field "$p" failed) in
    thdn_db:-1[0-2][0-9].*:plot-spectrum-ssp0:shown) ok "$p: the failed THD+N figure in its spectrum plot's caption" ;;
    *) fail "$p: $(field "$p" failed)" ;; esac
done
[ "$(grep -c ' failed=' lines.txt)" -eq 2 ] || fail "failed checks on other pages"

# the screenshot of the failing case's page (kept for CI)
rm -f "$SHOT"
browse "file://$H/cases/thdn_fail.html" /dev/null shot.log --hide-scrollbars \
    --window-size=1100,2300 --screenshot="$SHOT"
[ "$(stat -c %s "$SHOT" 2>/dev/null || echo 0)" -gt 20000 ] &&
    ok "screenshot $SHOT" || { fail "no screenshot"; sed 's/^/  | /' shot.log; }
exit $((fails > 0))
