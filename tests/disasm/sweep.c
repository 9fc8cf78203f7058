/* SPDX-License-Identifier: BSD-3-Clause */
/* Instruction-word sweeps through objdump: see sweep.h. */
#define _POSIX_C_SOURCE 200809L /* popen, getpid */

#include "sweep.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void wl_add(struct word_list *wl, uint32_t word)
{
    if (wl->n == wl->cap) {
        wl->cap = wl->cap ? wl->cap * 2 : 4096;
        wl->words = realloc(wl->words, wl->cap * sizeof(*wl->words));
        if (!wl->words) {
            perror("realloc");
            exit(2);
        }
    }
    wl->words[wl->n++] = word;
}

void wl_free(struct word_list *wl)
{
    free(wl->words);
    *wl = (struct word_list){ 0 };
}

uint32_t sweep_rand(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *state = x;
}

int sweep_word_len(uint32_t word)
{
    unsigned op0 = word & 0xf;
    return (op0 >= 8 && op0 <= 13) ? 2 : 3;
}

void sweep_word_bytes(uint32_t word, uint8_t out[3])
{
    out[0] = (uint8_t)word;
    out[1] = (uint8_t)(word >> 8);
    out[2] = (uint8_t)(word >> 16);
}

void sweep_mnemonic(const char *text, char *buf, size_t n)
{
    size_t k = strcspn(text, "\t");
    if (k >= n)
        k = n - 1;
    memcpy(buf, text, k);
    buf[k] = '\0';
}

static const uint8_t wide_op0[10] = { 0, 1, 2, 3, 4, 5, 6, 7, 14, 15 };

void sweep_default_words(struct word_list *wl)
{
    uint32_t rng = 0x2545f491u;

    /* Random words first: at low addresses their backward branches and
     * l32r offsets wrap around zero. */
    for (int i = 0; i < 150000; i++) {
        uint32_t w = sweep_rand(&rng) & 0xffffff;
        if (sweep_word_len(w) == 2)
            w = (w & ~0xfu) | wide_op0[w % 10];
        wl_add(wl, w);
    }
    /* op0 = 0 with op1 0..3: everything with narrow don't-care fields. */
    for (uint32_t op1 = 0; op1 < 4; op1++)
        for (uint32_t op2 = 0; op2 < 16; op2++)
            for (uint32_t rst = 0; rst < 0x1000; rst++)
                wl_add(wl, (op2 << 20) | (op1 << 16) | (rst << 4));
    /* Every op0/op1/op2/r with random s and t. */
    for (unsigned k = 0; k < 10; k++)
        for (uint32_t hi = 0; hi < 0x1000; hi++)
            for (int j = 0; j < 8; j++) {
                uint32_t st = sweep_rand(&rng) & 0xff;
                uint32_t op2 = hi >> 8, op1 = (hi >> 4) & 0xf, r = hi & 0xf;
                wl_add(wl, (op2 << 20) | (op1 << 16) | (r << 12) | (st << 4) |
                               wide_op0[k]);
            }
    /* rsr (op2 0), wsr (op2 1), xsr (op1 1, op2 6): every SR and t. */
    static const uint32_t sr_ops[3] = { 0x030000, 0x130000, 0x610000 };
    for (int k = 0; k < 3; k++)
        for (uint32_t sr = 0; sr < 256; sr++)
            for (uint32_t t = 0; t < 16; t++)
                wl_add(wl, sr_ops[k] | (sr << 8) | (t << 4));
    /* All 16-bit words. */
    sweep_exhaustive_words(wl, -1);
}

void sweep_exhaustive_words(struct word_list *wl, int op0)
{
    if (op0 < 0) {
        for (uint32_t w = 0; w < 0x10000; w++)
            if (sweep_word_len(w) == 2)
                wl_add(wl, w);
        return;
    }
    for (uint32_t hi = 0; hi < (1u << 20); hi++)
        wl_add(wl, (hi << 4) | (uint32_t)op0);
}

static int write_binary(const char *path, const struct word_list *wl,
                        uint32_t *offsets)
{
    FILE *f = fopen(path, "wb");
    uint32_t off = 0;

    if (!f) {
        perror(path);
        return -1;
    }
    for (size_t i = 0; i < wl->n; i++) {
        uint8_t b[5];
        int len = sweep_word_len(wl->words[i]);
        sweep_word_bytes(wl->words[i], b);
        b[len] = 0xff;
        b[len + 1] = 0xff;
        offsets[i] = off;
        fwrite(b, 1, (size_t)len + 2, f);
        off += (uint32_t)len + 2;
    }
    if (fclose(f) != 0) {
        perror(path);
        return -1;
    }
    return 0;
}

/* Parse "  addr:\tHEX \tTEXT" lines; returns 0 if not an insn line. */
static int parse_line(char *line, uint32_t *addr, int *nbytes, char **text)
{
    char *end, *tab1, *tab2;
    unsigned long a;
    int digits = 0;

    line[strcspn(line, "\n")] = '\0';
    a = strtoul(line, &end, 16);
    if (end == line || *end != ':' || end[1] != '\t')
        return 0;
    tab1 = end + 1;
    tab2 = strchr(tab1 + 1, '\t');
    if (!tab2)
        return 0;
    for (char *p = tab1 + 1; p < tab2; p++)
        if (*p != ' ')
            digits++;
    *addr = (uint32_t)a;
    *nbytes = digits / 2;
    *text = tab2 + 1;
    return 1;
}

int sweep_run(const char *objdump, const char *workdir,
              const struct word_list *wl, uint32_t vma, sweep_fn fn, void *user)
{
    char path[4096], cmd[8192], line[1024];
    uint32_t *offsets = malloc((wl->n + 1) * sizeof(*offsets));
    size_t next = 0;
    FILE *p;
    int rc = 0;

    if (!offsets) {
        perror("malloc");
        return -1;
    }
    snprintf(path, sizeof(path), "%s/sweep-%ld.bin", workdir, (long)getpid());
    if (write_binary(path, wl, offsets) != 0) {
        free(offsets);
        return -1;
    }
    snprintf(cmd, sizeof(cmd),
             "'%s' -D -z -b binary -m xtensa --adjust-vma=0x%" PRIx32 " '%s'",
             objdump, vma, path);
    p = popen(cmd, "r");
    if (!p) {
        perror("popen");
        free(offsets);
        unlink(path);
        return -1;
    }
    while (fgets(line, sizeof(line), p)) {
        uint32_t addr;
        int nbytes;
        char *text;

        if (!parse_line(line, &addr, &nbytes, &text))
            continue;
        addr -= vma;
        while (next < wl->n && offsets[next] < addr) {
            fn(user, vma + offsets[next], wl->words[next], NULL, 0);
            next++;
        }
        if (next < wl->n && offsets[next] == addr) {
            fn(user, vma + addr, wl->words[next], text, nbytes);
            next++;
        }
    }
    for (; next < wl->n; next++)
        fn(user, vma + offsets[next], wl->words[next], NULL, 0);
    if (pclose(p) != 0) {
        fprintf(stderr, "%s failed\n", cmd);
        rc = -1;
    }
    unlink(path);
    free(offsets);
    return rc;
}
