/* SPDX-License-Identifier: BSD-3-Clause */
/* Limits on a YAML text checked on libyaml's event stream before it is
 * loaded as a document (yaml_parser_load), shared by the board
 * description reader and the harness's case reader.
 *
 * libyaml's loader is slow on some inputs well inside a few MiB: its
 * scanner is quadratic in the nesting depth of flow collections ("[[[[" a
 * hundred thousand deep takes half a minute) and its anchor table is a
 * list searched for every anchor and alias.  Neither board descriptions
 * nor test cases need any of that, so the events are counted first and
 * the text is refused at the first event that goes beyond a limit,
 * before the slow part is reached:
 *
 *   - nesting: at most `max_depth` mappings and sequences inside each
 *     other (the document's top-level mapping is level 1);
 *   - tags: none (`!!str 1000`, `!foo x`): they would change what a
 *     value means, and the readers treat every scalar as text;
 *   - anchors (`&a`) and aliases (`*a`): at most `max_anchors` and
 *     `max_aliases`.
 *
 * A syntax error ends the check without a problem: the loader reports it
 * (with its own message) when it meets it. */
#ifndef DSPSIM_YAML_GUARD_H
#define DSPSIM_YAML_GUARD_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ds_yaml_limits {
    unsigned max_depth;
    unsigned max_anchors;
    unsigned max_aliases;
} ds_yaml_limits;

typedef struct ds_yaml_problem {
    unsigned line, col; /* 1-based, of the offending event */
    char msg[160];      /* e.g. "YAML nesting deeper than 32 levels" */
} ds_yaml_problem;

/* true when text is within the limits (or has a syntax error the loader
 * will report); false with *p filled at the first event beyond them. */
bool ds_yaml_guard(const char *text, size_t len, const ds_yaml_limits *lim,
                   ds_yaml_problem *p);

#ifdef __cplusplus
}
#endif
#endif
