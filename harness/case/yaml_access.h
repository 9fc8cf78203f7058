/* SPDX-License-Identifier: BSD-3-Clause */
/* Typed, diagnosing access to a libyaml document (case parser only).
 *
 * Every getter reports a problem as "FILE:LINE:COL: WHAT: message" at
 * the offending node (the value for type/range errors, the key for
 * unknown or duplicate keys, the mapping for missing keys) and returns
 * false.  WHAT is the dotted key path, e.g. "pipelines[0].period_us". */
#ifndef DSH_YAML_ACCESS_H
#define DSH_YAML_ACCESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <yaml.h>

#include "case_diag.h"

typedef struct yctx {
    yaml_document_t *doc;
    const char *file;
    dsh_diag *diag;
} yctx;

dsh_mark y_mark(const yaml_node_t *n);
void y_error(yctx *y, const yaml_node_t *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Describes a node for messages: "a mapping", "a sequence",
 * "'text'" (scalar, truncated). */
const char *y_describe(const yaml_node_t *n, char *buf, size_t bufsz);

yaml_node_t *y_node(yctx *y, int index);
bool y_is_map(const yaml_node_t *n);
bool y_is_seq(const yaml_node_t *n);
bool y_is_scalar(const yaml_node_t *n);
bool y_is_null(const yaml_node_t *n);     /* ~, null, empty plain scalar */
const char *y_text(const yaml_node_t *n); /* scalar text, else "" */

/* Checks that node is a mapping whose keys are scalar, unique and among
 * allowed[] (NULL-terminated; NULL array = any key).  Reports every
 * problem. */
bool y_check_map(yctx *y, const yaml_node_t *n, const char *what,
                 const char *const *allowed);
bool y_expect_seq(yctx *y, const yaml_node_t *n, const char *what);

/* The value of key in mapping n, or NULL.  *key_node (optional) gets the
 * key's node. */
yaml_node_t *y_get(yctx *y, const yaml_node_t *n, const char *key,
                   yaml_node_t **key_node);
/* As y_get, but a missing key is an error reported at the mapping. */
yaml_node_t *y_require(yctx *y, const yaml_node_t *n, const char *key,
                       const char *what);

/* Scalars.  Numbers must be plain (unquoted) scalars; integers are
 * decimal; ranges are inclusive. */
bool y_number(yctx *y, const yaml_node_t *n, const char *what, double min,
              double max, double *out);
bool y_int(yctx *y, const yaml_node_t *n, const char *what, int64_t min,
           int64_t max, int64_t *out);
bool y_bool(yctx *y, const yaml_node_t *n, const char *what, bool *out);
bool y_string(yctx *y, const yaml_node_t *n, const char *what, char *out,
              size_t outsz);
/* An identifier: [A-Za-z_][A-Za-z0-9_-]*, shorter than outsz. */
bool y_ident(yctx *y, const yaml_node_t *n, const char *what, char *out,
             size_t outsz);
/* names (NULL-terminated) joined with ", " into buf, cut short at a
 * whole name when buf is full. */
void y_join_names(char *buf, size_t bufsz, const char *const *names);
/* One of the NULL-terminated names; returns its index in *out. */
bool y_enum(yctx *y, const yaml_node_t *n, const char *what,
            const char *const *names, int *out);

#endif
