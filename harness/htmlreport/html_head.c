/* SPDX-License-Identifier: BSD-3-Clause */
/* Head, style sheet and scripts of the HTML report's pages
 * (html_head.h). */
#include "html_head.h"

#include "html_text.h"

static const char style[] =
    "body{font:14px/1.4 system-ui,sans-serif;margin:1.2em 2em;color:#222}"
    "h1{font-size:1.5em;margin:.2em 0}h2{font-size:1.2em;margin:1.4em 0 .4em;"
    "border-bottom:1px solid #ccc}"
    "table{border-collapse:collapse;margin:.4em 0}"
    "th,td{border:1px solid #ccc;padding:.15em .5em;text-align:left;"
    "vertical-align:top}"
    "th{background:#f0f0f0}th[data-col]{cursor:pointer}"
    "td.num{text-align:right;font-variant-numeric:tabular-nums}"
    ".st{font-weight:bold;padding:0 .4em;border-radius:3px;color:#fff}"
    ".st-failed,.st-error{background:#c00000}.st-passed{background:#2a7a2a}"
    ".st-skipped{background:#888}"
    ".fail{color:#c00000;font-weight:bold}.pass{color:#2a7a2a}"
    ".chk{display:block;white-space:nowrap}"
    ".notice{background:#fff4d0;border:1px solid #e0c060;padding:.3em .6em}"
    "figure.plot{margin:.6em 0 1.2em}figure.plot div.graph{width:100%;"
    "max-width:980px;height:340px}"
    "figure.plot div.legend{font-size:12px;max-width:980px;margin-top:.3em}"
    "figcaption{font-weight:bold;margin-bottom:.2em}"
    "ul.figures{margin:.2em 0;padding-left:1.2em;font-weight:normal}"
    "pre{background:#f6f6f6;border:1px solid #ddd;padding:.5em;"
    "overflow-x:auto;max-height:40em}";

/* first in <head>: errors of the page and of what it loads are kept */
static const char catcher[] =
    "(function(){var n=0;function add(m){n++;"
    "document.documentElement.setAttribute('data-errors',String(n));"
    "var l=document.getElementById('dspsim-errors');"
    "if(l){var i=document.createElement('li');i.textContent=m;"
    "l.appendChild(i);}else{(window.dspsimPending=window.dspsimPending||[])"
    ".push(m);}}"
    "window.addEventListener('error',function(e){add(e.message||"
    "('cannot load '+((e.target&&(e.target.src||e.target.href))||"
    "e.type)));},true);"
    "window.addEventListener('unhandledrejection',function(e){add("
    "'unhandled rejection: '+e.reason);});"
    "window.addEventListener('load',function(){var l=document."
    "getElementById('dspsim-errors');(window.dspsimPending||[]).forEach("
    "function(m){var i=document.createElement('li');i.textContent=m;"
    "l&&l.appendChild(i);});document.documentElement.setAttribute("
    "'data-loaded','1');});})();";

static const char sorter[] =
    "(function(){function key(td){var s=td?td.getAttribute('data-sort'):'';"
    "if(s===null)s=td.textContent;s=s.trim();var x=Number(s);"
    "return s!==''&&!isNaN(x)?[0,x]:[1,s];}"
    "function sort(t,col,desc){var th=t.querySelector('th[data-col=\"'+col+"
    "'\"]');if(!th)return;var i=Array.prototype.indexOf.call("
    "th.parentNode.children,th),b=t.tBodies[0],"
    "rows=Array.prototype.slice.call(b.rows);rows.sort(function(p,q){"
    "var a=key(p.cells[i]),c=key(q.cells[i]),r=a[0]-c[0]||(a[1]<c[1]?-1:"
    "a[1]>c[1]?1:0);return desc?-r:r;});rows.forEach(function(r){"
    "b.appendChild(r);});t.setAttribute('data-sorted',(desc?'-':'')+col);}"
    "document.querySelectorAll('table.sortable').forEach(function(t){"
    "t.querySelectorAll('th[data-col]').forEach(function(th){"
    "th.addEventListener('click',function(){var c=th.getAttribute("
    "'data-col');sort(t,c,t.getAttribute('data-sorted')===c);});});"
    "var m=/[#&]sort=(-?)([a-z_]+)/.exec(location.hash);"
    "if(m)sort(t,m[2],m[1]==='-');});})();";

void dsh_html_begin(FILE *f, const char *title)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
          "charset=\"utf-8\">\n<script>",
          f);
    fputs(catcher, f);
    fputs("</script>\n<title>", f);
    dsh_html_esc(f, title);
    fprintf(f, "</title>\n<style>%s</style>\n</head>\n<body>\n", style);
}

void dsh_html_end(FILE *f, bool with_sorter)
{
    fputs("<ul id=\"dspsim-errors\" hidden></ul>\n", f);
    if (with_sorter)
        fprintf(f, "<script>%s</script>\n", sorter);
    fputs("</body>\n</html>\n", f);
}
