/* SPDX-License-Identifier: BSD-3-Clause */
/* json_get FILE PATH: reads FILE with jansson and prints the value at
 * PATH, for the shell tests that check the JSON report and the timeline.
 *
 * PATH is '/'-separated steps from the root: an object key, an array
 * index, or for an array [KEY=TEXT], its first element whose KEY is the
 * string TEXT (KEY may name a nested member: args.name), or as the last
 * step #[KEY=TEXT], the number of such elements; "" is the root.  Printed: a string as is, an integer in
 * decimal, a real with %.17g, true/false/null, an array as "array N" and
 * an object as "object N" (N elements).  Exit 0; 1 when PATH is not
 * there (the step named on stderr); 2 for a file that is not JSON. */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

/* o's member at a dotted key ("args.name") */
static json_t *member(json_t *o, const char *key)
{
    char k[256];
    snprintf(k, sizeof k, "%s", key);
    char *save;
    for (char *p = strtok_r(k, ".", &save); o && p;
         p = strtok_r(NULL, ".", &save))
        o = json_object_get(o, p);
    return o;
}

static size_t matches(json_t *v, const char *s, json_t **first)
{
    const char *eq = strchr(s, '=');
    char key[256];
    snprintf(key, sizeof key, "%.*s", (int)(eq - s - 1), s + 1);
    size_t tl = strlen(eq + 1) - 1, n = 0;
    *first = NULL;
    for (size_t i = 0; i < json_array_size(v); i++) {
        const char *t = json_string_value(member(json_array_get(v, i), key));
        if (t && strlen(t) == tl && !strncmp(t, eq + 1, tl) && !n++)
            *first = json_array_get(v, i);
    }
    return n;
}

static json_t *made; /* a count made by a step (freed at the end) */

static json_t *step(json_t *v, const char *s)
{
    if (json_is_object(v))
        return json_object_get(v, s);
    if (!json_is_array(v))
        return NULL;
    const char *eq = strchr(s, '=');
    bool count = s[0] == '#';
    if (count)
        s++;
    if (s[0] == '[' && eq && s[strlen(s) - 1] == ']') {
        json_t *first;
        size_t n = matches(v, s, &first);
        if (!count)
            return first;
        json_decref(made);
        return made = json_integer((json_int_t)n);
    }
    char *end;
    long i = strtol(s, &end, 10);
    return *s && !*end && i >= 0 ? json_array_get(v, (size_t)i) : NULL;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: json_get FILE PATH\n");
        return 2;
    }
    json_error_t e;
    json_t *root = json_load_file(argv[1], 0, &e);
    if (!root) {
        fprintf(stderr, "json_get: %s:%d: %s\n", argv[1], e.line, e.text);
        return 2;
    }
    json_t *v = root;
    char *path = strdup(argv[2]);
    char *save;
    for (char *s = strtok_r(path, "/", &save); v && s;
         s = strtok_r(NULL, "/", &save)) {
        v = step(v, s);
        if (!v)
            fprintf(stderr, "json_get: %s: no '%s'\n", argv[1], s);
    }
    free(path);
    int rc = 0;
    if (!v)
        rc = 1;
    else if (json_is_string(v))
        printf("%s\n", json_string_value(v));
    else if (json_is_integer(v))
        printf("%lld\n", (long long)json_integer_value(v));
    else if (json_is_real(v))
        printf("%.17g\n", json_real_value(v));
    else if (json_is_boolean(v))
        printf("%s\n", json_is_true(v) ? "true" : "false");
    else if (json_is_null(v))
        printf("null\n");
    else
        printf("%s %zu\n", json_is_array(v) ? "array" : "object",
               json_is_array(v) ? json_array_size(v) : json_object_size(v));
    json_decref(root);
    json_decref(made);
    return rc;
}
