/* SPDX-License-Identifier: BSD-3-Clause */
/* The plots of a case page of the HTML report (docs/harness.md "HTML
 * report"), drawn in the viewer's browser with dygraphs (Debian
 * libjs-dygraphs, loaded by the page before this script).  Embedded in
 * dspsim at build time (plots_js.h) and inlined in each page.
 *
 * The page holds two JSON blocks:
 *   #dspsim-plotdata  the case's plot data (plotdata.json, verbatim)
 *   #dspsim-plots     the plots (case_plots.h): [{ id, x: [lo, hi],
 *                     y: [lo, hi], logx, logy, xlabel, ylabel, shade,
 *                     vlines, names, series: [...] }]
 * and a <figure id="plot-ID"> with a <div class="graph"> per plot.  A
 * series is one of
 *   { label, x: PATH, y: PATH }  a curve of the data (PATH: the keys and
 *                                indices down to an array)
 *   { label, c: V }              a constant (a limit, the deadline)
 *   { label, pts: [[x, y]...] }  points (a mask)
 *   { label, ev: KIND, h: Y }    the events of a kind, as impulses of Y
 *   { label, bars: [V...], off } bars at x = 0, 1, ... shifted by off
 * with color, dash, width, step, points.  Once drawn, the figure gets
 * data-drawn="1". */
(function () {
  'use strict';
  function block(id) {
    var s = document.getElementById(id);
    return s ? JSON.parse(s.textContent) : null;
  }
  var data = block('dspsim-plotdata') || {};
  var specs = block('dspsim-plots') || [];
  if (typeof Dygraph === 'undefined') {
    return;
  }

  function at(path) {
    var v = data;
    for (var i = 0; v !== undefined && v !== null && i < path.length; i++) {
      v = v[path[i]];
    }
    return Array.isArray(v) ? v : [];
  }

  /* a point of the data; NaN where it has none (null: NaN written), which
   * dygraphs draws as a gap, where a row another series made (null) is
   * stepped over */
  function num(v) {
    return typeof v === 'number' && isFinite(v) ? v : NaN;
  }

  /* the series' points as [x, y] lists */
  function points(s) {
    var out = [], i;
    if (s.x) {
      var xs = at(s.x), ys = at(s.y);
      for (i = 0; i < xs.length && i < ys.length; i++) {
        out.push([xs[i], num(ys[i])]);
      }
    } else if (s.pts) {
      out = s.pts;
    } else if (s.ev) {
      at(['events']).forEach(function (e) {
        if (e.kind === s.ev) {
          out.push([e.t_s, s.h]);
        }
      });
    } else if (s.bars) {
      for (i = 0; i < s.bars.length; i++) {
        out.push([i, num(s.bars[i])]);
      }
    }
    return out;
  }

  /* one table: a row per x of any series, a column per series (null
   * where a series has no point at that x); constants on every row */
  function table(spec) {
    var rows = new Map(), n = spec.series.length;
    function row(x) {
      var r = rows.get(x);
      if (!r) {
        r = new Array(n + 1).fill(null);
        r[0] = x;
        rows.set(x, r);
      }
      return r;
    }
    row(spec.x[0]);
    row(spec.x[1]);
    spec.series.forEach(function (s, k) {
      if (s.c === undefined) {
        points(s).forEach(function (p) {
          if (typeof p[0] === 'number' && (!spec.logx || p[0] > 0)) {
            row(p[0])[k + 1] = p[1];
          }
        });
      }
    });
    var t = Array.from(rows.values()).sort(function (a, b) {
      return a[0] - b[0];
    });
    spec.series.forEach(function (s, k) {
      if (s.c !== undefined) {
        t.forEach(function (r) {
          r[k + 1] = s.c;
        });
      }
    });
    return t;
  }

  /* an event: a thin line from the bottom up to its mark */
  function impulses(e) {
    var ctx = e.drawingContext, bottom = e.plotArea.y + e.plotArea.h;
    ctx.lineWidth = 0.8;
    ctx.fillStyle = e.color;
    e.points.forEach(function (p) {
      if (p.yval === null || isNaN(p.canvasy)) {
        return;
      }
      ctx.beginPath();
      ctx.moveTo(p.canvasx, bottom);
      ctx.lineTo(p.canvasx, p.canvasy);
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(p.canvasx, p.canvasy, 3, 0, 2 * Math.PI);
      ctx.fill();
    });
  }

  /* a bar from the axis' bottom up to each point, shifted by off x units */
  function barPlotter(off) {
    return function (e) {
      var g = e.dygraph, ctx = e.drawingContext;
      var bottom = e.plotArea.y + e.plotArea.h;
      var w = Math.max(2, g.toDomXCoord(0.33) - g.toDomXCoord(0));
      var dx = g.toDomXCoord(off) - g.toDomXCoord(0);
      ctx.fillStyle = e.color;
      e.points.forEach(function (p) {
        if (p.yval === null || isNaN(p.canvasy)) {
          return;
        }
        ctx.fillRect(p.canvasx + dx - w / 2, p.canvasy, w, bottom - p.canvasy);
      });
    };
  }

  function seriesOptions(spec) {
    var o = {};
    spec.series.forEach(function (s) {
      var so = {
        color: s.color || '#1f5fa8',
        strokeWidth: s.width || 1,
        stepPlot: !!s.step,
        drawPoints: !!s.points,
        pointSize: 2.5,
        connectSeparatedPoints: true,
      };
      if (s.dash) {
        so.strokePattern = s.dash === 3 ? [2, 3] : [7, 4];
      }
      if (s.ev) {
        so.plotter = impulses;
        so.strokeWidth = 0;
      }
      if (s.bars) {
        so.plotter = barPlotter(s.off || 0);
      }
      o[s.label] = so;
    });
    return o;
  }

  /* the skip span shaded, the band edges as dotted lines */
  function underlay(spec) {
    return function (ctx, area, g) {
      if (spec.shade) {
        var x0 = g.toDomXCoord(spec.shade[0]);
        var x1 = g.toDomXCoord(spec.shade[1]);
        ctx.fillStyle = '#eeeeee';
        ctx.fillRect(x0, area.y, x1 - x0, area.h);
        ctx.fillStyle = '#666666';
        ctx.textAlign = 'right';
        ctx.fillText('skip_ms', x1 - 4, area.y + area.h - 8);
      }
      (spec.vlines || []).forEach(function (v) {
        var x = g.toDomXCoord(v);
        ctx.strokeStyle = '#888888';
        ctx.setLineDash([2, 3]);
        ctx.beginPath();
        ctx.moveTo(x, area.y);
        ctx.lineTo(x, area.y + area.h);
        ctx.stroke();
        ctx.setLineDash([]);
      });
    };
  }

  function draw(spec) {
    var fig = document.getElementById('plot-' + spec.id);
    var div = fig && fig.querySelector('div.graph');
    if (!div) {
      return;
    }
    var opts = {
      labels: ['x'].concat(spec.series.map(function (s) {
        return s.label;
      })),
      series: seriesOptions(spec),
      dateWindow: spec.x,
      valueRange: spec.y,
      xlabel: spec.xlabel,
      ylabel: spec.ylabel,
      legend: 'always',
      labelsDiv: fig.querySelector('div.legend'),
      labelsSeparateLines: false,
      gridLineColor: '#dddddd',
      axisLabelFontSize: 12,
      digitsAfterDecimal: 4,
      underlayCallback: underlay(spec),
      drawCallback: function () {
        fig.setAttribute('data-drawn', '1');
      },
      axes: { x: { logscale: !!spec.logx }, y: { logscale: !!spec.logy } },
    };
    if (spec.names) {
      var names = spec.names;
      opts.axes.x.ticker = function () {
        return names.map(function (n, i) {
          return { v: i, label: n };
        });
      };
      opts.axes.x.valueFormatter = function (v) {
        return names[Math.round(v)] || '';
      };
    }
    new Dygraph(div, table(spec), opts);
  }

  specs.forEach(function (spec) {
    try {
      draw(spec);
    } catch (e) {
      window.dispatchEvent(new ErrorEvent('error', {
        message: 'plot ' + spec.id + ': ' + e,
      }));
    }
  });
})();
