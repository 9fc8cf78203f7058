/* SPDX-License-Identifier: BSD-3-Clause */
/* The index of a case's plot data (docs/harness.md "HTML report"): what
 * the HTML report's runner needs to lay out a case's page, so that it
 * does not parse the whole plot data, which the page holds as it was
 * written (the browser reads it).  DSH_PLOTDATA_FILE
 * (harness/exec/exec_plotdata.c documents it) starts with its index:
 * DSH_PLOT_INDEX_HEAD, the index, then the data's members, so that the
 * runner parses the index alone (dsh_plot_index_read).
 *
 * The index is the plot data with
 *   - every array of numbers (a curve, null for NaN) replaced by its
 *     summary { "n": N, "x0": first, "x1": last, "pos0": the first
 *     value > 0, "lo", "hi": the smallest and largest number, "dlo",
 *     "dhi": the same of the numbers above DSH_PLOT_INDEX_FLOOR (levels
 *     in dB, silence below it) } (a member null when there is none);
 *   - "events" cut to its first DSH_PLOT_INDEX_EVENTS, with
 *     "events_n": how many the data holds, and "event_kinds": { KIND:
 *     { "n": how many of KIND, "t1": the last one's t_s } };
 * arrays of arrays (a mask's points) and every other member as they
 * are (arrays of objects with their members indexed alike). */
#ifndef DSH_PLOT_INDEX_H
#define DSH_PLOT_INDEX_H

#include <stddef.h>

#include <jansson.h>

#define DSH_PLOT_INDEX_HEAD   "{\"index\":" /* how the data file starts */
#define DSH_PLOT_INDEX_EVENTS 60            /* events the page lists */
#define DSH_PLOT_INDEX_FLOOR  (-199.0)      /* dB: silence is -200 */

/* The index of plot data d (a new reference, which may share d's
 * scalars: neither is to be changed), NULL when out of memory. */
json_t *dsh_plot_index(json_t *d);

/* The plot data d with its index first: { "index": INDEX, d's members
 * in their order } (a new object sharing d's values); NULL when out of
 * memory.  Written compact, it starts with DSH_PLOT_INDEX_HEAD. */
json_t *dsh_plot_data_indexed(json_t *d);

/* The index of the plot data file's text buf (n bytes), parsed alone;
 * NULL when the text does not start with DSH_PLOT_INDEX_HEAD and an
 * index. */
json_t *dsh_plot_index_read(const char *buf, size_t n);

/* A curve's summary from its n numbers (a non-finite one is the curve's
 * null): what dsh_plot_index makes of the curve's array. */
json_t *dsh_plot_index_summary(const double *v, size_t n);

#endif
