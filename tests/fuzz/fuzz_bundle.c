/* SPDX-License-Identifier: BSD-3-Clause */
/* Fuzz harness: failure bundles (harness/bundle, docs/bundle-format.md).
 * Each input is written to a file and opened with dsh_bundle_open as a
 * bundle of dspsim "fuzz", build "fuzz" (the seeds are such bundles, see
 * tests/fuzz/seeds/bundle/make_seeds.sh), extracting into a directory of
 * its own; an accepted bundle is compared with a replay (its recorded
 * outputs looked for in that directory) and closed.
 *
 * Checked: no crash, leak or sanitizer report; a refusal has a message;
 * an accepted bundle's case and firmware are regular files inside its
 * extraction directory; after a refusal or the close, nothing is left
 * in the directory the extraction was made in. */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bundle/bundle.h"
#include "fuzz_util.h"

static const char *tmp, *input, *ext;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    tmp = fz_tmpdir("bundle");
    input = strdup(fz_path(tmp, "in.tar"));
    ext = strdup(fz_path(tmp, "x"));
    if (!input || !ext || mkdir(ext, 0700))
        abort();
    return 0;
}

/* ext holds nothing */
static void check_empty(void)
{
    DIR *d = opendir(ext);
    struct dirent *e;
    if (!d)
        abort();
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            fprintf(stderr, "left in the extraction's parent: %s\n", e->d_name);
            abort();
        }
    closedir(d);
}

static void regular_inside(const dsh_bundle *b, const char *path)
{
    struct stat st;
    size_t n = strlen(b->dir);
    if (strncmp(path, b->dir, n) || path[n] != '/' || lstat(path, &st) ||
        !S_ISREG(st.st_mode)) {
        fprintf(stderr, "%s: not a file in %s\n", path, b->dir);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!tmp)
        LLVMFuzzerInitialize(NULL, NULL);
    fz_write(input, data, size);
    char err[2048] = "";
    dsh_bundle *b = dsh_bundle_open(input, "fuzz", "fuzz", ext, err,
                                    sizeof err);
    if (!b) {
        if (!err[0])
            abort(); /* a refusal always says why */
        check_empty();
        return 0;
    }
    regular_inside(b, b->case_file);
    regular_inside(b, b->firmware);
    char msg[1024];
    dsh_bundle_compare(b, "failed", true, 1, b->dir, msg, sizeof msg);
    if (!msg[0])
        abort();
    dsh_bundle_close(b);
    check_empty();
    return 0;
}
