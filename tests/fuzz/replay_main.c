/* SPDX-License-Identifier: BSD-3-Clause */
/* main() for a fuzz harness built without libFuzzer (gcc, the normal and
 * the sanitizer builds): runs LLVMFuzzerTestOneInput once on every file
 * named, or on every file of a directory named (not recursive), in name
 * order, so the seed corpora and the inputs of every crash found so far
 * are replayed by CTest (label fuzz).  A crash, a sanitizer report or an
 * abort() of the harness fails the test; so does a directory with no
 * files (a mistyped path would otherwise pass).  Prints the count. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return -1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            fclose(f);
            fprintf(stderr, "%s: out of memory\n", path);
            return -1;
        }
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        cap *= 2;
        uint8_t *nb = realloc(buf, cap);
        if (!nb)
            free(buf);
        buf = nb;
    }
    fclose(f);
    /* an exact-size copy, so reading past the input is caught */
    uint8_t *data = malloc(n ? n : 1);
    if (!data) {
        free(buf);
        return -1;
    }
    memcpy(data, buf, n);
    free(buf);
    if (getenv("FUZZ_REPLAY_VERBOSE"))
        fprintf(stderr, "%s (%zu bytes)\n", path, n);
    LLVMFuzzerTestOneInput(data, n);
    free(data);
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_dir(const char *dir, unsigned *count)
{
    DIR *d = opendir(dir);
    if (!d) {
        perror(dir);
        return -1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            char **nn = realloc(names, cap * sizeof *names);
            if (!nn)
                abort();
            names = nn;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        names[n] = malloc(len);
        if (!names[n])
            abort();
        snprintf(names[n], len, "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    qsort(names, n, sizeof *names, cmp_str);
    int rc = 0;
    unsigned files = 0;
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
            if (run_file(names[i]) != 0)
                rc = -1;
            files++;
        }
        free(names[i]);
    }
    free(names);
    if (!files) {
        fprintf(stderr, "%s: no input files\n", dir);
        rc = -1;
    }
    *count += files;
    return rc;
}

int main(int argc, char **argv)
{
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
        return 2;
    }
    unsigned count = 0;
    int rc = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            rc = 1;
        } else if (S_ISDIR(st.st_mode)) {
            if (run_dir(argv[i], &count) != 0)
                rc = 1;
        } else {
            if (run_file(argv[i]) != 0)
                rc = 1;
            count++;
        }
    }
    printf("%s: %u inputs replayed\n", argv[0], count);
    return rc;
}
