/* SPDX-License-Identifier: BSD-3-Clause */
/* Compare our decoder and disassembler with xtensa-lx106-elf-objdump,
 * instruction word by instruction word.
 *
 *   disasm_vs_objdump [--objdump PATH] [--workdir DIR] [--all]
 *
 * Default: the deterministic set of sweep_default_words() at address 0,
 * plus a sample of it at 0x3ffffff0.  --all: every 16- and 24-bit word
 * (10.5M words: op0 8..13 only as 16-bit words; about 20 s).
 *
 * Rules: where objdump prints ".byte", or "excw" for anything but the real
 * excw encoding 0x002080 (its decoder falls back to opcode 0, excw, for
 * many undefined encodings, even 16-bit ones), the word must decode to
 * XT_OP_ILLEGAL.  Otherwise length and text must match exactly, except the
 * " (literal value)" objdump appends to l32r when the literal address lies
 * inside the binary: that is cut before comparing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "disasm.h"
#include "isa.h"
#include "sweep.h"

struct stats {
    size_t words, legal, illegal, mismatches, reported, max_report;
    uint32_t ops_seen[XT_OP_COUNT];
};

static int objdump_says_illegal(uint32_t word, const char *text)
{
    if (strncmp(text, ".byte", 5) == 0)
        return 1;
    if (strcmp(text, "excw") == 0)
        return word != 0x002080;
    return 0;
}

static void report(struct stats *st, uint32_t pc, uint32_t word,
                   const char *want, int want_len, const char *got, int got_len)
{
    st->mismatches++;
    if (st->reported++ >= st->max_report)
        return;
    printf("MISMATCH pc=%08x word=%0*x: objdump [%d] \"%s\"  "
           "ours [%d] \"%s\"\n",
           (unsigned)pc, sweep_word_len(word) * 2, (unsigned)word, want_len,
           want ? want : "(no line)", got_len, got);
}

static void check(void *user, uint32_t pc, uint32_t word, const char *text,
                  int objdump_len)
{
    struct stats *st = user;
    uint8_t bytes[3];
    char ours[128], want[256];
    xt_insn in;
    int len;

    st->words++;
    sweep_word_bytes(word, bytes);
    len = xt_decode(pc, bytes, 3, &in);
    xt_disasm_insn(&in, ours, sizeof(ours), NULL, NULL);
    if (len != sweep_word_len(word) || in.len != len) {
        report(st, pc, word, text, objdump_len, "(bad length)", len);
        return;
    }
    if (!text) {
        report(st, pc, word, NULL, 0, ours, len);
        return;
    }
    if (objdump_says_illegal(word, text)) {
        st->illegal++;
        if (in.op != XT_OP_ILLEGAL)
            report(st, pc, word, text, objdump_len, ours, len);
        return;
    }
    st->legal++;
    st->ops_seen[in.op]++;
    snprintf(want, sizeof(want), "%s", text);
    if (strncmp(want, "l32r\t", 5) == 0) {
        char *paren = strstr(want, " (");
        if (paren)
            *paren = '\0';
    }
    if (in.op == XT_OP_ILLEGAL || len != objdump_len || strcmp(want, ours) != 0)
        report(st, pc, word, want, objdump_len, ours, len);
}

static int run(const char *objdump, const char *workdir,
               const struct word_list *wl, uint32_t vma, struct stats *st)
{
    if (sweep_run(objdump, workdir, wl, vma, check, st) != 0) {
        fprintf(stderr, "objdump sweep failed\n");
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *objdump = "xtensa-lx106-elf-objdump";
    const char *workdir = ".";
    int all = 0;
    struct stats st = { .max_report = 40 };
    struct word_list wl = { 0 };
    clock_t t0 = clock();
    time_t w0 = time(NULL);

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--objdump") && i + 1 < argc)
            objdump = argv[++i];
        else if (!strcmp(argv[i], "--workdir") && i + 1 < argc)
            workdir = argv[++i];
        else if (!strcmp(argv[i], "--all"))
            all = 1;
        else {
            fprintf(stderr,
                    "usage: %s [--objdump PATH] [--workdir DIR] [--all]\n",
                    argv[0]);
            return 2;
        }
    }

    if (all) {
        static const int op0s[] = { -1, 0, 1, 2, 3, 4, 5, 6, 7, 14, 15 };
        for (size_t k = 0; k < sizeof(op0s) / sizeof(op0s[0]); k++) {
            wl.n = 0;
            sweep_exhaustive_words(&wl, op0s[k]);
            if (run(objdump, workdir, &wl, 0, &st) != 0)
                return 2;
            fprintf(stderr, "op0 %d done: %zu words, %zu mismatches\n", op0s[k],
                    st.words, st.mismatches);
        }
    } else {
        struct word_list sample = { 0 };
        sweep_default_words(&wl);
        if (run(objdump, workdir, &wl, 0, &st) != 0)
            return 2;
        for (size_t i = 0; i < wl.n; i += 16)
            wl_add(&sample, wl.words[i]);
        if (run(objdump, workdir, &sample, 0x3ffffff0u, &st) != 0)
            return 2;
        wl_free(&sample);
    }
    wl_free(&wl);

    size_t unseen = 0;
    for (unsigned op = 1; op < XT_OP_COUNT; op++)
        if (!st.ops_seen[op]) {
            printf("opcode %s never produced by the sweep\n", xt_op_name(op));
            unseen++;
        }
    printf("%zu words compared (%zu decodable, %zu undecodable), "
           "%zu mismatches, %.1f s CPU, %ld s wall\n",
           st.words, st.legal, st.illegal, st.mismatches,
           (double)(clock() - t0) / CLOCKS_PER_SEC, (long)(time(NULL) - w0));
    return (st.mismatches || unseen) ? 1 : 0;
}
