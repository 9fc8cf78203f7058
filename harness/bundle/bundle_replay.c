/* SPDX-License-Identifier: BSD-3-Clause */
/* Replaying an opened bundle: the case's inputs from the extracted
 * members, and the replay compared with the bundled run (bundle.h). */
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bundle/bundle.h"

/* dsh_input_hook.map: the path as written in the case -> its member */
static bool map(void *user, const char *rel, char *out, size_t outsz, char *why,
                size_t whysz)
{
    const dsh_bundle *b = user;
    for (unsigned i = 0; i < b->m.ninputs; i++) {
        if (strcmp(b->m.inputs[i].ref, rel))
            continue;
        int n = snprintf(out, outsz, "%s/%s", b->dir, b->m.inputs[i].member);
        if (n < 0 || (size_t)n >= outsz) {
            snprintf(why, whysz, "path too long");
            return false;
        }
        return true;
    }
    snprintf(why, whysz,
             "not in the bundle (bundle.json lists no input with this path)");
    return false;
}

void dsh_bundle_input_hook(dsh_bundle *b, dsh_input_hook *hook)
{
    hook->seen = NULL;
    hook->map = map;
    hook->user = b;
}

/* SHA-256 of the file; false if it cannot be read. */
static bool digest(const char *path, uint64_t *bytes, char hex[DSH_SHA256_HEX])
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    dsh_sha256 h;
    dsh_sha256_init(&h);
    uint8_t buf[65536];
    ssize_t n;
    *bytes = 0;
    while ((n = read(fd, buf, sizeof buf)) > 0) {
        dsh_sha256_update(&h, buf, (size_t)n);
        *bytes += (uint64_t)n;
    }
    close(fd);
    dsh_sha256_hex(&h, hex);
    return n == 0;
}

static void add(char *s, size_t sz, bool *first, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void add(char *s, size_t sz, bool *first, const char *fmt, ...)
{
    size_t n = strlen(s);
    if (!*first && n + 2 < sz) {
        memcpy(s + n, "; ", 3);
        n += 2;
    }
    *first = false;
    va_list ap;
    va_start(ap, fmt);
    if (n < sz)
        vsnprintf(s + n, sz - n, fmt, ap);
    va_end(ap);
}

bool dsh_bundle_compare(const dsh_bundle *b, const char *now, bool has_cycles,
                        uint64_t cycles, const char *out_dir, char *msg,
                        size_t msgsz)
{
    const dsh_bundle_manifest *m = &b->m;
    char diff[1024] = "";
    bool first = true;
    if (strcmp(now, m->status))
        add(diff, sizeof diff, &first, "verdict %s (bundled: %s)", now,
            m->status);
    if (has_cycles && m->has_cycles && cycles != m->cycles)
        add(diff, sizeof diff, &first,
            "%" PRIu64 " cycles (bundled: %" PRIu64 ")", cycles, m->cycles);
    else if (has_cycles != m->has_cycles)
        add(diff, sizeof diff, &first, "cycles %s (bundled: %s)",
            has_cycles ? "counted" : "not counted",
            m->has_cycles ? "counted" : "not counted");
    for (unsigned i = 0; i < m->noutputs; i++) {
        char p[8192], hex[DSH_SHA256_HEX];
        uint64_t bytes;
        snprintf(p, sizeof p, "%s/%s", out_dir, m->outputs[i].name);
        if (!digest(p, &bytes, hex))
            add(diff, sizeof diff, &first, "output %s not written",
                m->outputs[i].name);
        else if (bytes != m->outputs[i].bytes ||
                 strcmp(hex, m->outputs[i].sha256))
            add(diff, sizeof diff, &first,
                "output %s differs (%" PRIu64 " bytes, bundled: %" PRIu64 ")",
                m->outputs[i].name, bytes, m->outputs[i].bytes);
    }
    if (diff[0]) {
        snprintf(msg, msgsz, "the replay differs from the bundled run: %s",
                 diff);
        return false;
    }
    char cyc[48] = "";
    if (m->has_cycles)
        snprintf(cyc, sizeof cyc, ", %" PRIu64 " cycles", m->cycles);
    snprintf(msg, msgsz,
             "the bundled run reproduced: %s%s, %u output%s byte-identical",
             m->status, cyc, m->noutputs, m->noutputs == 1 ? "" : "s");
    return true;
}
