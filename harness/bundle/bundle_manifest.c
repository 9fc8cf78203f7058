/* SPDX-License-Identifier: BSD-3-Clause */
/* bundle.json: write and read (bundle_manifest.h). */
#include "bundle_manifest.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "textout/json_out.h"

/* ---- writing ---------------------------------------------------------- */

static int set_str(json_t *o, const char *key, const char *s)
{
    json_t *v = dsh_json_text(s);
    return v ? json_object_set_new(o, key, v) : -1;
}

static json_t *file_json(const dsh_bundle_file *f, const char *key)
{
    json_t *o = json_object();
    if (!o || set_str(o, key, f->name) ||
        json_object_set_new(o, "bytes", json_integer((json_int_t)f->bytes)) ||
        set_str(o, "sha256", f->sha256)) {
        json_decref(o);
        return NULL;
    }
    return o;
}

char *dsh_manifest_to_json(const dsh_bundle_manifest *m, size_t *len)
{
    json_t *root = json_object(), *inputs = json_array(),
           *result = json_object(), *outputs = json_array(),
           *members = json_array();
    bool ok = root && inputs && result && outputs && members;
    ok = ok && !set_str(root, "format", DSH_BUNDLE_FORMAT) &&
         !json_object_set_new(root, "format_version",
                              json_integer(DSH_BUNDLE_FORMAT_VERSION)) &&
         !set_str(root, "dspsim_version", m->dspsim_version) &&
         !set_str(root, "build_id", m->build_id) &&
         !set_str(root, "command", m->command) &&
         !set_str(root, "engine", m->engine) &&
         !set_str(root, "case", m->case_member) &&
         !set_str(root, "case_path", m->case_path) &&
         !set_str(root, "case_name", m->case_name) &&
         !set_str(root, "firmware", m->firmware_member);
    for (unsigned i = 0; ok && i < m->ninputs; i++) {
        json_t *o = json_object();
        ok = o && !set_str(o, "what", m->inputs[i].what) &&
             !set_str(o, "ref", m->inputs[i].ref) &&
             !set_str(o, "member", m->inputs[i].member) &&
             !json_array_append_new(inputs, o);
        if (!ok)
            json_decref(o);
    }
    ok = ok && !set_str(result, "status", m->status) &&
         !set_str(result, "message", m->message);
    if (ok && m->has_cycles)
        ok = !json_object_set_new(result, "cycles",
                                  json_integer((json_int_t)m->cycles));
    for (unsigned i = 0; ok && i < m->noutputs; i++) {
        json_t *o = file_json(&m->outputs[i], "file");
        ok = o && !json_array_append_new(outputs, o);
    }
    for (unsigned i = 0; ok && i < m->nmembers; i++) {
        json_t *o = file_json(&m->members[i], "name");
        ok = o && !json_array_append_new(members, o);
    }
    char *text = NULL;
    if (ok && !json_object_set(result, "outputs", outputs) &&
        !json_object_set(root, "inputs", inputs) &&
        !json_object_set(root, "result", result) &&
        !json_object_set(root, "members", members))
        text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(root);
    json_decref(inputs);
    json_decref(result);
    json_decref(outputs);
    json_decref(members);
    if (text && len)
        *len = strlen(text);
    return text;
}

/* ---- reading ---------------------------------------------------------- */

typedef struct rd {
    char *err;
    size_t errsz;
} rd;

static bool bad(rd *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static bool bad(rd *r, const char *fmt, ...)
{
    int n = snprintf(r->err, r->errsz, "bundle.json: ");
    va_list ap;
    va_start(ap, fmt);
    if (n > 0 && (size_t)n < r->errsz)
        vsnprintf(r->err + n, r->errsz - (size_t)n, fmt, ap);
    va_end(ap);
    return false;
}

/* Every key of o is one of keys (NULL-terminated) and each of the first
 * `required` of them is there. */
static bool keys_ok(rd *r, json_t *o, const char *where,
                    const char *const *keys, unsigned required)
{
    const char *k;
    json_t *v;
    json_object_foreach(o, k, v)
    {
        unsigned i = 0;
        while (keys[i] && strcmp(keys[i], k))
            i++;
        if (!keys[i])
            return bad(r, "%s: unknown key '%s'", where, k);
    }
    for (unsigned i = 0; i < required; i++)
        if (!json_object_get(o, keys[i]))
            return bad(r, "%s: '%s' is missing", where, keys[i]);
    return true;
}

static bool get_str(rd *r, json_t *o, const char *where, const char *key,
                    char *out, size_t outsz)
{
    json_t *v = json_object_get(o, key);
    if (!json_is_string(v))
        return bad(r, "%s: '%s' is not a string", where, key);
    if (json_string_length(v) >= outsz ||
        strlen(json_string_value(v)) != json_string_length(v))
        return bad(r, "%s: '%s' is too long or holds a NUL", where, key);
    memcpy(out, json_string_value(v), json_string_length(v) + 1);
    return true;
}

static bool get_u64(rd *r, json_t *o, const char *where, const char *key,
                    uint64_t max, uint64_t *out)
{
    json_t *v = json_object_get(o, key);
    if (!json_is_integer(v) || json_integer_value(v) < 0 ||
        (uint64_t)json_integer_value(v) > max)
        return bad(r, "%s: '%s' is not an integer 0..%" PRIu64, where, key,
                   max);
    *out = (uint64_t)json_integer_value(v);
    return true;
}

static bool is_hex64(const char *s)
{
    size_t n = 0;
    for (; s[n]; n++)
        if (!((s[n] >= '0' && s[n] <= '9') || (s[n] >= 'a' && s[n] <= 'f')))
            return false;
    return n == 64;
}

/* A member or output entry: {name|file, bytes, sha256}. */
static bool get_file(rd *r, json_t *o, const char *where, const char *key,
                     uint64_t max, dsh_bundle_file *f)
{
    const char *const keys[] = { key, "bytes", "sha256", NULL };
    if (!json_is_object(o))
        return bad(r, "%s is not an object", where);
    if (!keys_ok(r, o, where, keys, 3) ||
        !get_str(r, o, where, key, f->name, sizeof f->name) ||
        !get_u64(r, o, where, "bytes", max, &f->bytes) ||
        !get_str(r, o, where, "sha256", f->sha256, sizeof f->sha256))
        return false;
    if (!is_hex64(f->sha256))
        return bad(r, "%s: 'sha256' is not 64 lowercase hex digits", where);
    return true;
}

const dsh_bundle_file *dsh_manifest_member(const dsh_bundle_manifest *m,
                                           const char *name)
{
    for (unsigned i = 0; i < m->nmembers; i++)
        if (!strcmp(m->members[i].name, name))
            return &m->members[i];
    return NULL;
}

/* The format, its version and the dspsim that made it: before anything
 * else, so another version is said as such rather than as a key this
 * reader does not know. */
static bool identity(rd *r, json_t *root, const char *version,
                     const char *build_id, dsh_bundle_manifest *m)
{
    json_t *f = json_object_get(root, "format"),
           *v = json_object_get(root, "format_version");
    if (!json_is_string(f) || strcmp(json_string_value(f), DSH_BUNDLE_FORMAT))
        return bad(r, "not a dspsim failure bundle ('format' is not \"%s\")",
                   DSH_BUNDLE_FORMAT);
    if (!json_is_integer(v))
        return bad(r, "'format_version' is not an integer");
    if (json_integer_value(v) != DSH_BUNDLE_FORMAT_VERSION)
        return bad(r,
                   "bundle format version %" JSON_INTEGER_FORMAT
                   "; this dspsim reads version %u",
                   json_integer_value(v), DSH_BUNDLE_FORMAT_VERSION);
    m->format_version = DSH_BUNDLE_FORMAT_VERSION;
    if (!get_str(r, root, "bundle", "dspsim_version", m->dspsim_version,
                 sizeof m->dspsim_version) ||
        !get_str(r, root, "bundle", "build_id", m->build_id,
                 sizeof m->build_id))
        return false;
    if (strcmp(m->dspsim_version, version) || strcmp(m->build_id, build_id))
        return bad(r,
                   "made by dspsim %s (build %s); this is dspsim %s (build "
                   "%s): replay it with the dspsim that made it",
                   m->dspsim_version, m->build_id, version, build_id);
    return true;
}

static bool member_name_ok(rd *r, const char *where, const char *name)
{
    char why[128];
    if (!dsh_tar_name_safe(name, false, why, sizeof why))
        return bad(r, "%s: member name '%s': %s", where, name, why);
    if (!strcmp(name, DSH_BUNDLE_MANIFEST))
        return bad(r, "%s: lists '%s' itself", where, DSH_BUNDLE_MANIFEST);
    return true;
}

static bool members(rd *r, json_t *root, dsh_bundle_manifest *m)
{
    json_t *a = json_object_get(root, "members"), *o;
    size_t i;
    uint64_t total = 0;
    if (!json_is_array(a))
        return bad(r, "'members' is not an array");
    if (json_array_size(a) > DSH_BUNDLE_MAX_MEMBERS)
        return bad(r, "%zu members, more than %u", json_array_size(a),
                   DSH_BUNDLE_MAX_MEMBERS);
    json_array_foreach(a, i, o)
    {
        char where[32];
        snprintf(where, sizeof where, "members[%zu]", i);
        dsh_bundle_file *f = &m->members[m->nmembers];
        if (!get_file(r, o, where, "name", DSH_BUNDLE_MEMBER_MAX, f) ||
            !member_name_ok(r, where, f->name))
            return false;
        if (dsh_manifest_member(m, f->name))
            return bad(r, "%s: member '%s' listed twice", where, f->name);
        total += f->bytes;
        if (total > DSH_BUNDLE_TOTAL_MAX)
            return bad(r, "the members add up to more than %llu bytes",
                       (unsigned long long)DSH_BUNDLE_TOTAL_MAX);
        m->nmembers++;
    }
    return true;
}

static bool listed(rd *r, const dsh_bundle_manifest *m, const char *where,
                   const char *name)
{
    if (!dsh_manifest_member(m, name))
        return bad(r, "%s names member '%s', which 'members' does not list",
                   where, name);
    return true;
}

static bool inputs(rd *r, json_t *root, dsh_bundle_manifest *m)
{
    static const char *const keys[] = { "what", "ref", "member", NULL };
    json_t *a = json_object_get(root, "inputs"), *o;
    size_t i;
    if (!json_is_array(a))
        return bad(r, "'inputs' is not an array");
    if (json_array_size(a) > DSH_BUNDLE_MAX_INPUTS)
        return bad(r, "%zu inputs, more than %u", json_array_size(a),
                   DSH_BUNDLE_MAX_INPUTS);
    json_array_foreach(a, i, o)
    {
        char where[32];
        snprintf(where, sizeof where, "inputs[%zu]", i);
        dsh_bundle_input *in = &m->inputs[m->ninputs++];
        if (!json_is_object(o))
            return bad(r, "%s is not an object", where);
        if (!keys_ok(r, o, where, keys, 3) ||
            !get_str(r, o, where, "what", in->what, sizeof in->what) ||
            !get_str(r, o, where, "ref", in->ref, sizeof in->ref) ||
            !get_str(r, o, where, "member", in->member, sizeof in->member) ||
            !listed(r, m, where, in->member))
            return false;
        for (unsigned k = 0; k + 1 < m->ninputs; k++)
            if (!strcmp(m->inputs[k].ref, in->ref))
                return bad(r, "%s: ref '%s' listed twice", where, in->ref);
    }
    return true;
}

static bool result(rd *r, json_t *root, dsh_bundle_manifest *m)
{
    static const char *const keys[] = { "status", "message", "outputs",
                                        "cycles", NULL };
    static const char *const statuses[] = { "passed", "failed", "error",
                                            "skipped", NULL };
    json_t *o = json_object_get(root, "result"), *a, *e;
    if (!json_is_object(o))
        return bad(r, "'result' is not an object");
    if (!keys_ok(r, o, "result", keys, 3) ||
        !get_str(r, o, "result", "status", m->status, sizeof m->status) ||
        !get_str(r, o, "result", "message", m->message, sizeof m->message))
        return false;
    unsigned s = 0;
    while (statuses[s] && strcmp(statuses[s], m->status))
        s++;
    if (!statuses[s])
        return bad(r,
                   "result: status '%s' is not passed, failed, error or "
                   "skipped",
                   m->status);
    m->has_cycles = json_object_get(o, "cycles") != NULL;
    if (m->has_cycles &&
        !get_u64(r, o, "result", "cycles", INT64_MAX, &m->cycles))
        return false;
    a = json_object_get(o, "outputs");
    if (!json_is_array(a))
        return bad(r, "result: 'outputs' is not an array");
    if (json_array_size(a) > DSH_MAX_ENDPOINTS)
        return bad(r, "result: more than %u outputs", DSH_MAX_ENDPOINTS);
    size_t i;
    json_array_foreach(a, i, e)
    {
        char where[40];
        snprintf(where, sizeof where, "result.outputs[%zu]", i);
        dsh_bundle_file *f = &m->outputs[m->noutputs++];
        if (!get_file(r, e, where, "file", INT64_MAX, f))
            return false;
        /* read under the replay's output directory: as a case's output
         * names, relative and without '..' */
        const char *dd = strstr(f->name, "..");
        while (dd &&
               !((dd == f->name || dd[-1] == '/') && (dd[2] == '/' || !dd[2])))
            dd = strstr(dd + 1, "..");
        if (!f->name[0] || f->name[0] == '/' || dd)
            return bad(r, "%s: 'file' is not a relative path without '..'",
                       where);
    }
    return true;
}

bool dsh_manifest_parse(const char *text, size_t len, const char *version,
                        const char *build_id, dsh_bundle_manifest *m, char *err,
                        size_t errsz)
{
    static const char *const keys[] = {
        "format", "format_version", "dspsim_version", "build_id",  "command",
        "engine", "case",           "case_path",      "case_name", "firmware",
        "inputs", "result",         "members",        NULL
    };
    rd r = { err, errsz };
    json_error_t je;
    memset(m, 0, sizeof *m);
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (!root)
        return bad(&r, "not valid JSON (line %d, column %d: %s)", je.line,
                   je.column, je.text);
    bool ok = json_is_object(root) || bad(&r, "not a JSON object");
    ok = ok && identity(&r, root, version, build_id, m) &&
         keys_ok(&r, root, "bundle", keys, 13) &&
         get_str(&r, root, "bundle", "command", m->command,
                 sizeof m->command) &&
         get_str(&r, root, "bundle", "engine", m->engine, sizeof m->engine) &&
         get_str(&r, root, "bundle", "case", m->case_member,
                 sizeof m->case_member) &&
         get_str(&r, root, "bundle", "case_path", m->case_path,
                 sizeof m->case_path) &&
         get_str(&r, root, "bundle", "case_name", m->case_name,
                 sizeof m->case_name) &&
         get_str(&r, root, "bundle", "firmware", m->firmware_member,
                 sizeof m->firmware_member) &&
         members(&r, root, m) && listed(&r, m, "'case'", m->case_member) &&
         listed(&r, m, "'firmware'", m->firmware_member) &&
         inputs(&r, root, m) && result(&r, root, m);
    json_decref(root);
    return ok;
}
