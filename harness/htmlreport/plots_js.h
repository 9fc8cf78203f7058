/* SPDX-License-Identifier: BSD-3-Clause */
/* The case pages' drawing script, harness/htmlreport/plots.js, embedded
 * at build time (cmake/embed_text.cmake): its text, NUL-terminated, and
 * its length in bytes. */
#ifndef DSH_PLOTS_JS_H
#define DSH_PLOTS_JS_H

extern const char dsh_plots_js[];
extern const unsigned long dsh_plots_js_len;

#endif
