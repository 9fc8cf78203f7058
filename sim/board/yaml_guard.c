/* SPDX-License-Identifier: BSD-3-Clause */
/* Limits on a YAML event stream before loading (dspsim/yaml_guard.h). */
#include "dspsim/yaml_guard.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <yaml.h>

static void problem(ds_yaml_problem *p, const yaml_event_t *e, const char *fmt,
                    ...) __attribute__((format(printf, 3, 4)));
static void problem(ds_yaml_problem *p, const yaml_event_t *e, const char *fmt,
                    ...)
{
    p->line = (unsigned)e->start_mark.line + 1;
    p->col = (unsigned)e->start_mark.column + 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->msg, sizeof p->msg, fmt, ap);
    va_end(ap);
}

/* The tag as the file most likely wrote it: "!!str" for the YAML core
 * schema's tags, else as resolved. */
static const char *tag_text(const yaml_char_t *tag, char *buf, size_t n)
{
    static const char core[] = "tag:yaml.org,2002:";
    const char *t = (const char *)tag;
    if (!strncmp(t, core, sizeof core - 1))
        snprintf(buf, n, "!!%.40s", t + sizeof core - 1);
    else
        snprintf(buf, n, "%.40s", t);
    return buf;
}

bool ds_yaml_guard(const char *text, size_t len, const ds_yaml_limits *lim,
                   ds_yaml_problem *p)
{
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser))
        return true; /* the loader reports out of memory */
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    unsigned depth = 0, anchors = 0, aliases = 0;
    bool ok = true, done = false;
    while (ok && !done) {
        yaml_event_t e;
        if (!yaml_parser_parse(&parser, &e))
            break; /* syntax error: the loader reports it */
        const yaml_char_t *tag = NULL, *anchor = NULL;
        char buf[64];
        switch (e.type) {
        case YAML_STREAM_END_EVENT:
            done = true;
            break;
        case YAML_SEQUENCE_START_EVENT:
        case YAML_MAPPING_START_EVENT:
            if (e.type == YAML_SEQUENCE_START_EVENT) {
                tag = e.data.sequence_start.tag;
                anchor = e.data.sequence_start.anchor;
            } else {
                tag = e.data.mapping_start.tag;
                anchor = e.data.mapping_start.anchor;
            }
            if (++depth > lim->max_depth) {
                problem(p, &e,
                        "YAML nesting deeper than %u levels of "
                        "mappings and sequences",
                        lim->max_depth);
                ok = false;
            }
            break;
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT:
            depth--;
            break;
        case YAML_SCALAR_EVENT:
            tag = e.data.scalar.tag;
            anchor = e.data.scalar.anchor;
            break;
        case YAML_ALIAS_EVENT:
            if (++aliases > lim->max_aliases) {
                problem(p, &e, "more than %u YAML aliases", lim->max_aliases);
                ok = false;
            }
            break;
        default:
            break;
        }
        if (ok && tag) {
            problem(p, &e,
                    "YAML tag '%s' is not supported: write the value "
                    "without a tag (quote it to make it a string)",
                    tag_text(tag, buf, sizeof buf));
            ok = false;
        }
        if (ok && anchor && ++anchors > lim->max_anchors) {
            problem(p, &e, "more than %u YAML anchors", lim->max_anchors);
            ok = false;
        }
        yaml_event_delete(&e);
    }
    yaml_parser_delete(&parser);
    return ok;
}
