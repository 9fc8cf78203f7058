/* SPDX-License-Identifier: BSD-3-Clause */
/* JSON output with jansson for the reports and the timeline.
 *
 * Text that is not valid UTF-8 (a file name of any bytes, a firmware
 * message) is kept reversibly: obj[KEY] holds it with each invalid byte
 * as U+FFFD, and obj[KEY "_hex"] holds every byte of the original as two
 * lowercase hex digits; KEY_hex is present only then.  A reader that
 * needs the exact bytes decodes KEY_hex when it is there, KEY otherwise. */
#ifndef DSH_JSON_OUT_H
#define DSH_JSON_OUT_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

/* Real numbers carry this many significant digits in the files. */
#define DSH_JSON_REAL_DIGITS 15

/* obj[key] = s as above (s NULL: ""); 0, or -1 when out of memory. */
int dsh_json_set_text(json_t *obj, const char *key, const char *s);

/* A JSON string of s, invalid bytes as U+FFFD (no _hex companion: for
 * names the writer makes itself).  NULL when out of memory. */
json_t *dsh_json_text(const char *s);

/* n bytes of s (valid UTF-8: the writer's own text) as a JSON string,
 * quotes included, through put(user, bytes, len) a run at a time: the
 * quote, the backslash and C0 controls escaped (\" \\ \u00XX), the rest
 * as it is.  For writers that do not build a jansson tree (the plot data,
 * the plots' specifications). */
typedef void (*dsh_json_put_fn)(void *user, const char *s, size_t n);
void dsh_json_quote(const char *s, size_t n, dsh_json_put_fn put, void *user);

/* Writes root to path (whole or not at all, out_file.h), indented by
 * `indent` spaces (0: one line), keys in insertion order.  false with a
 * message naming the file. */
bool dsh_json_write_file(const json_t *root, const char *path, unsigned indent,
                         char *err, size_t errsz);

#endif
