/* SPDX-License-Identifier: BSD-3-Clause */
/* The LX106 opcode set, three ways, must agree:
 *   1. every mnemonic objdump prints over the sweep of sweep_default_words()
 *      (objdump is the reference for this core's ISA);
 *   2. the checked-in list tests/disasm/lx106-opcodes.txt;
 *   3. every mnemonic our decoder can produce (all opcodes, and rsr/wsr/xsr
 *      for every special register xt_sr_access() allows).
 * Then one instance of each listed mnemonic is written to a .S (operands
 * taken from an objdump sample with small immediates, targets replaced by
 * labels), assembled with xtensa-lx106-elf-as --no-transform (so nop, ret
 * stay 3-byte), disassembled with objdump -d, and each instance must
 * decode with our decoder to the listed mnemonic with objdump's length.
 *
 *   opcode_enumeration --list FILE [--objdump PATH] [--as PATH]
 *                      [--workdir DIR] [--write-list FILE] [--keep]
 * --write-list regenerates the list from objdump's set (1) and exits;
 * --keep leaves the generated opcodes-PID.S/.o in the work directory.
 */
#define _POSIX_C_SOURCE 200809L /* popen, strtok_r, getpid */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "disasm.h"
#include "isa.h"
#include "sweep.h"

#define MAX_MN 512

struct mnemonic {
    char name[32];
    int in_objdump, in_ours, in_list, in_isa;
    int list_index;    /* position in the list file, -1 if absent */
    long score;        /* sample quality: sum of |immediates| */
    uint32_t word, pc; /* objdump sample */
    char text[128];    /* objdump text of the sample */
};

static struct mnemonic mns[MAX_MN];
static size_t n_mns;
static int failures;
static int keep_files;

static struct mnemonic *find(const char *name, int create)
{
    for (size_t i = 0; i < n_mns; i++)
        if (strcmp(mns[i].name, name) == 0)
            return &mns[i];
    if (!create)
        return NULL;
    if (n_mns == MAX_MN) {
        fprintf(stderr, "too many mnemonics\n");
        exit(2);
    }
    struct mnemonic *m = &mns[n_mns++];
    memset(m, 0, sizeof(*m));
    snprintf(m->name, sizeof(m->name), "%s", name);
    m->list_index = -1;
    m->score = -1;
    return m;
}

static int is_register(const char *tok)
{
    if (tok[0] != 'a' || !isdigit((unsigned char)tok[1]))
        return 0;
    for (const char *p = tok + 1; *p; p++)
        if (!isdigit((unsigned char)*p))
            return 0;
    return 1;
}

/* Sum of |immediate| over the operands of text, ignoring the last one
 * when it is a PC-relative target. */
static long sample_score(const char *text, int has_target)
{
    char ops[128], *save = NULL;
    const char *tab = strchr(text, '\t');
    long score = 0;
    int n = 0, count = 0;

    if (!tab)
        return 0;
    snprintf(ops, sizeof(ops), "%s", tab + 1);
    for (char *p = ops; *p; p++)
        if (*p == ',')
            count++;
    count++;
    for (char *tok = strtok_r(ops, ", ", &save); tok;
         tok = strtok_r(NULL, ", ", &save), n++) {
        if (has_target && n == count - 1)
            break;
        if (!is_register(tok)) {
            long v = (long)(int32_t)strtoul(tok, NULL, 0);
            score += v < 0 ? -v : v;
        }
    }
    return score;
}

static int objdump_says_illegal(uint32_t word, const char *text)
{
    if (strncmp(text, ".byte", 5) == 0)
        return 1;
    if (strcmp(text, "excw") == 0)
        return word != 0x002080;
    return 0;
}

static void collect(void *user, uint32_t pc, uint32_t word, const char *text,
                    int objdump_len)
{
    uint8_t bytes[3];
    char ours[128], mn[64];
    xt_insn in;

    (void)user;
    (void)objdump_len;
    sweep_word_bytes(word, bytes);
    xt_decode(pc, bytes, 3, &in);
    if (in.op != XT_OP_ILLEGAL) {
        xt_disasm_insn(&in, ours, sizeof(ours), NULL, NULL);
        sweep_mnemonic(ours, mn, sizeof(mn));
        find(mn, 1)->in_ours = 1;
    }
    if (!text || objdump_says_illegal(word, text))
        return;
    sweep_mnemonic(text, mn, sizeof(mn));
    struct mnemonic *m = find(mn, 1);
    long score = sample_score(text, in.op != XT_OP_ILLEGAL &&
                                        (in.flags & XT_IF_TARGET));
    m->in_objdump = 1;
    if (m->score < 0 || score < m->score) {
        m->score = score;
        m->word = word;
        m->pc = pc;
        snprintf(m->text, sizeof(m->text), "%s", text);
    }
}

/* Everything the decoder's tables say exists. */
static void mark_isa(void)
{
    char name[64];

    for (unsigned op = 1; op < XT_OP_COUNT; op++) {
        if (op == XT_OP_RSR || op == XT_OP_WSR || op == XT_OP_XSR) {
            for (unsigned sr = 0; sr < 256; sr++) {
                const char *s = xt_sr_insn_name(op, sr);
                if (!s)
                    continue;
                snprintf(name, sizeof(name), "%s.%s", xt_op_name(op), s);
                find(name, 1)->in_isa = 1;
            }
        } else {
            find(xt_op_name(op), 1)->in_isa = 1;
        }
    }
}

static int read_list(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[256];
    int index = 0;

    if (!f) {
        perror(path);
        return -1;
    }
    while (fgets(line, sizeof(line), f)) {
        line[strcspn(line, " \t\r\n#")] = '\0';
        if (!line[0])
            continue;
        struct mnemonic *m = find(line, 1);
        if (m->in_list) {
            printf("list: %s appears twice\n", line);
            failures++;
        }
        m->in_list = 1;
        m->list_index = index++;
    }
    fclose(f);
    return index;
}

static int cmp_name(const void *a, const void *b)
{
    return strcmp(((const struct mnemonic *)a)->name,
                  ((const struct mnemonic *)b)->name);
}

static int write_list(const char *path)
{
    FILE *f = fopen(path, "w");
    size_t count = 0;

    if (!f) {
        perror(path);
        return 2;
    }
    qsort(mns, n_mns, sizeof(mns[0]), cmp_name);
    fprintf(f, "# LX106 opcode set: every mnemonic xtensa-lx106-elf-objdump "
               "decodes for this core.\n"
               "# Generated by opcode_enumeration --write-list; checked by "
               "the opcode_enumeration test.\n");
    for (size_t i = 0; i < n_mns; i++)
        if (mns[i].in_objdump) {
            fprintf(f, "%s\n", mns[i].name);
            count++;
        }
    fclose(f);
    printf("wrote %zu mnemonics to %s\n", count, path);
    return 0;
}

/* Compare the three sets. */
static void check_sets(void)
{
    for (size_t i = 0; i < n_mns; i++) {
        const struct mnemonic *m = &mns[i];
        if (m->in_objdump && m->in_ours && m->in_list && m->in_isa)
            continue;
        printf("set mismatch: %-20s objdump=%d decoder-sweep=%d list=%d "
               "decoder-tables=%d\n",
               m->name, m->in_objdump, m->in_ours, m->in_list, m->in_isa);
        failures++;
    }
}

/* Operands of the sample with the target (last operand) replaced. */
static void build_operands(const struct mnemonic *m, const char *target,
                           char *buf, size_t n)
{
    const char *tab = strchr(m->text, '\t');
    buf[0] = '\0';
    if (!tab)
        return;
    snprintf(buf, n, "%s", tab + 1);
    if (target) {
        char *comma = strrchr(buf, ',');
        char *start = comma ? comma + 2 : buf;
        snprintf(start, n - (size_t)(start - buf), "%s", target);
    }
}

static int write_source(const char *path, struct mnemonic **list, int count)
{
    FILE *f = fopen(path, "w");
    char ops[160];

    if (!f) {
        perror(path);
        return -1;
    }
    fprintf(f, "\t.text\n\t.align 4\n.Llit:\t.word 0x12345678\n");
    for (int i = 0; i < count; i++) {
        const struct mnemonic *m = list[i];
        uint8_t bytes[3];
        xt_insn in;

        sweep_word_bytes(m->word, bytes);
        xt_decode(m->pc, bytes, 3, &in);
        int has_target = in.op != XT_OP_ILLEGAL && (in.flags & XT_IF_TARGET);
        const char *target = !has_target           ? NULL
                             : in.op == XT_OP_L32R ? ".Llit"
                                                   : "1f";
        build_operands(m, target, ops, sizeof(ops));
        fprintf(f, "\t.global t_%d\nt_%d:\t%s%s%s\n", i, i, m->name,
                ops[0] ? " " : "", ops);
        if (has_target && in.op == XT_OP_CALL0)
            fprintf(f, "\t.align 4\n1:\n");
        else if (has_target && in.op != XT_OP_L32R)
            fprintf(f, "\tnop.n\n1:\n"); /* beqz.n needs target >= pc + 4 */
    }
    fclose(f);
    return 0;
}

static int parse_insn_line(char *line, uint32_t *addr, uint8_t *bytes, int *len,
                           char **text)
{
    char *end, *tab2, hex[16];
    size_t k = 0;

    line[strcspn(line, "\n")] = '\0';
    *addr = (uint32_t)strtoul(line, &end, 16);
    if (end == line || *end != ':' || end[1] != '\t')
        return 0;
    tab2 = strchr(end + 2, '\t');
    if (!tab2)
        return 0;
    for (char *p = end + 2; p < tab2 && k + 1 < sizeof(hex); p++)
        if (isxdigit((unsigned char)*p))
            hex[k++] = *p;
    hex[k] = '\0';
    *len = (int)(k / 2);
    if (*len < 1 || *len > 3)
        return 0;
    for (int i = 0; i < *len; i++) { /* objdump shows the MSB first */
        char two[3] = { hex[2 * (*len - 1 - i)], hex[2 * (*len - 1 - i) + 1],
                        0 };
        bytes[i] = (uint8_t)strtoul(two, NULL, 16);
    }
    *text = tab2 + 1;
    return 1;
}

static int assemble_and_check(const char *as, const char *objdump,
                              const char *workdir, struct mnemonic **list,
                              int count)
{
    char src[4096], obj[4096], cmd[12288], line[1024];
    int *seen = calloc((size_t)count, sizeof(int));
    int pending = -1, bad = 0;
    FILE *p;

    snprintf(src, sizeof(src), "%s/opcodes-%ld.S", workdir, (long)getpid());
    snprintf(obj, sizeof(obj), "%s/opcodes-%ld.o", workdir, (long)getpid());
    if (!seen || write_source(src, list, count) != 0)
        return -1;
    snprintf(cmd, sizeof(cmd), "'%s' --no-transform -o '%s' '%s'", as, obj,
             src);
    if (system(cmd) != 0) {
        printf("assembler rejected %s (kept for inspection)\n", src);
        free(seen);
        return -1;
    }
    snprintf(cmd, sizeof(cmd), "'%s' -d -z '%s'", objdump, obj);
    p = popen(cmd, "r");
    if (!p) {
        perror("popen");
        free(seen);
        return -1;
    }
    while (fgets(line, sizeof(line), p)) {
        uint32_t addr;
        uint8_t bytes[3];
        int len, k;
        unsigned hdr;
        char *text, colon;

        /* Symbol header "00000004 <t_0>:" (instruction lines start with
         * spaces; their targets may also print "<t_N>"). */
        if (isxdigit((unsigned char)line[0]) &&
            sscanf(line, "%x <t_%d>%c", &hdr, &k, &colon) == 3 &&
            colon == ':' && k >= 0 && k < count) {
            pending = k;
            continue;
        }
        if (pending < 0 || !parse_insn_line(line, &addr, bytes, &len, &text))
            continue;

        const char *want = list[pending]->name;
        char objmn[64], ours[128], ourmn[64];
        xt_insn in;
        int ourlen = xt_decode(addr, bytes, (size_t)len, &in);
        xt_disasm_insn(&in, ours, sizeof(ours), NULL, NULL);
        sweep_mnemonic(text, objmn, sizeof(objmn));
        sweep_mnemonic(ours, ourmn, sizeof(ourmn));
        seen[pending] = 1;
        if (strcmp(objmn, want) || strcmp(ourmn, want) || ourlen != len) {
            printf("t_%d: wanted %s; objdump \"%s\" [%d], ours \"%s\" [%d]\n",
                   pending, want, text, len, ours, ourlen);
            bad++;
        }
        pending = -1;
    }
    pclose(p);
    for (int i = 0; i < count; i++)
        if (!seen[i]) {
            printf("t_%d (%s): no instruction found in objdump -d\n", i,
                   list[i]->name);
            bad++;
        }
    free(seen);
    if (keep_files)
        printf("kept %s and %s\n", src, obj);
    else if (!bad) {
        unlink(src);
        unlink(obj);
    }
    return bad;
}

int main(int argc, char **argv)
{
    const char *objdump = "xtensa-lx106-elf-objdump";
    const char *as = "xtensa-lx106-elf-as";
    const char *workdir = ".", *list_path = NULL, *write_path = NULL;
    struct word_list wl = { 0 };

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--objdump") && i + 1 < argc)
            objdump = argv[++i];
        else if (!strcmp(argv[i], "--as") && i + 1 < argc)
            as = argv[++i];
        else if (!strcmp(argv[i], "--workdir") && i + 1 < argc)
            workdir = argv[++i];
        else if (!strcmp(argv[i], "--list") && i + 1 < argc)
            list_path = argv[++i];
        else if (!strcmp(argv[i], "--write-list") && i + 1 < argc)
            write_path = argv[++i];
        else if (!strcmp(argv[i], "--keep"))
            keep_files = 1;
        else {
            fprintf(stderr,
                    "usage: %s --list FILE [--objdump PATH] "
                    "[--as PATH] [--workdir DIR] [--write-list FILE] "
                    "[--keep]\n",
                    argv[0]);
            return 2;
        }
    }
    if (!list_path && !write_path) {
        fprintf(stderr, "%s: --list or --write-list required\n", argv[0]);
        return 2;
    }

    sweep_default_words(&wl);
    if (sweep_run(objdump, workdir, &wl, 0, collect, NULL) != 0)
        return 2;
    wl_free(&wl);
    if (write_path)
        return write_list(write_path);

    int count = read_list(list_path);
    if (count < 0)
        return 2;
    mark_isa();
    check_sets();

    struct mnemonic **list = calloc((size_t)count, sizeof(*list));
    int usable = 1;
    for (size_t i = 0; i < n_mns; i++)
        if (mns[i].in_list) {
            list[mns[i].list_index] = &mns[i];
            if (!mns[i].in_objdump)
                usable = 0; /* no sample to build an instance from */
        }
    if (usable) {
        int bad = assemble_and_check(as, objdump, workdir, list, count);
        if (bad != 0)
            failures += bad < 0 ? 1 : bad;
    } else {
        failures++;
    }
    free(list);

    printf("%d mnemonics in the list, %zu known; %s\n", count, n_mns,
           failures ? "FAILED" : "objdump, list, assembler and decoder agree");
    return failures ? 1 : 0;
}
