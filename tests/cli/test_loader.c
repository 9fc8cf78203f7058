/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the ELF loader (sim/loader): file checks, segments,
 * symbols, loading through a fake target.  No CPU involved. */
#define _POSIX_C_SOURCE 200809L
#include <elf.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "disasm.h" /* xt_sym_lookup_fn */
#include "dspsim/loader.h"

/* The lookup must be usable as the disassembler's symbol callback. */
static const xt_sym_lookup_fn lookup_fn = xt_elf_sym_lookup;

/* ---- a small, valid ELF image built in memory ------------------------- */

enum {
    OFF_PH = 52,      /* 2 program headers */
    OFF_TEXT = 128,   /* 16 bytes at 0x40000000, memsz 32 */
    OFF_DATA = 160,   /* 8 bytes at 0x3ffc0000 */
    OFF_SYMTAB = 192, /* 6 symbols */
    OFF_STRTAB = 288,
    OFF_SHSTRTAB = 352,
    OFF_SH = 416, /* 6 section headers */
    IMG_SIZE = OFF_SH + 6 * 40,
};

static const char strtab[] = "\0main\0helper\0data\0label\0main_alias";
static const char shstrtab[] = "\0.text\0.data\0.symtab\0.strtab\0.shstrtab";

typedef struct image {
    uint8_t b[IMG_SIZE];
} image;

static void put_sym(image *im, int i, uint32_t name, uint32_t value,
                    uint32_t size, int bind, int type, uint16_t shndx)
{
    Elf32_Sym s = { .st_name = name,
                    .st_value = value,
                    .st_size = size,
                    .st_info = ELF32_ST_INFO(bind, type),
                    .st_shndx = shndx };
    memcpy(im->b + OFF_SYMTAB + i * sizeof(s), &s, sizeof(s));
}

static void put_sh(image *im, int i, uint32_t name, uint32_t type,
                   uint32_t addr, uint32_t off, uint32_t size, uint32_t link,
                   uint32_t entsize)
{
    Elf32_Shdr s = { .sh_name = name,
                     .sh_type = type,
                     .sh_addr = addr,
                     .sh_offset = off,
                     .sh_size = size,
                     .sh_link = link,
                     .sh_entsize = entsize,
                     .sh_addralign = 1 };
    memcpy(im->b + OFF_SH + i * sizeof(s), &s, sizeof(s));
}

static void make_image(image *im)
{
    memset(im, 0, sizeof(*im));
    Elf32_Ehdr eh = { 0 };
    memcpy(eh.e_ident, ELFMAG, SELFMAG);
    eh.e_ident[EI_CLASS] = ELFCLASS32;
    eh.e_ident[EI_DATA] = ELFDATA2LSB;
    eh.e_ident[EI_VERSION] = EV_CURRENT;
    eh.e_type = ET_EXEC;
    eh.e_machine = 94;
    eh.e_version = EV_CURRENT;
    eh.e_entry = 0x40000004;
    eh.e_phoff = OFF_PH;
    eh.e_shoff = OFF_SH;
    eh.e_ehsize = sizeof(Elf32_Ehdr);
    eh.e_phentsize = sizeof(Elf32_Phdr);
    eh.e_phnum = 2;
    eh.e_shentsize = sizeof(Elf32_Shdr);
    eh.e_shnum = 6;
    eh.e_shstrndx = 5;
    memcpy(im->b, &eh, sizeof(eh));

    Elf32_Phdr ph[2] = {
        { .p_type = PT_LOAD,
          .p_offset = OFF_TEXT,
          .p_vaddr = 0x40000000,
          .p_paddr = 0x40000000,
          .p_filesz = 16,
          .p_memsz = 32,
          .p_flags = PF_R | PF_X,
          .p_align = 4 },
        { .p_type = PT_LOAD,
          .p_offset = OFF_DATA,
          .p_vaddr = 0x3ffc0000,
          .p_paddr = 0x3ffc0000,
          .p_filesz = 8,
          .p_memsz = 8,
          .p_flags = PF_R | PF_W,
          .p_align = 4 },
    };
    memcpy(im->b + OFF_PH, ph, sizeof(ph));
    for (int i = 0; i < 16; i++)
        im->b[OFF_TEXT + i] = (uint8_t)(0xa0 + i);
    for (int i = 0; i < 8; i++)
        im->b[OFF_DATA + i] = (uint8_t)(0x10 + i);

    put_sym(im, 1, 1, 0x40000000, 8, STB_GLOBAL, STT_FUNC, 1);    /* main */
    put_sym(im, 2, 6, 0x40000008, 0, STB_LOCAL, STT_FUNC, 1);     /* helper */
    put_sym(im, 3, 13, 0x3ffc0000, 8, STB_GLOBAL, STT_OBJECT, 2); /* data */
    put_sym(im, 4, 18, 0x40000002, 0, STB_LOCAL, STT_NOTYPE, 1);  /* label */
    put_sym(im, 5, 24, 0x40000000, 8, STB_WEAK, STT_FUNC, 1); /* main_alias */
    memcpy(im->b + OFF_STRTAB, strtab, sizeof(strtab));
    memcpy(im->b + OFF_SHSTRTAB, shstrtab, sizeof(shstrtab));

    put_sh(im, 1, 1, SHT_PROGBITS, 0x40000000, OFF_TEXT, 16, 0, 0);
    put_sh(im, 2, 7, SHT_PROGBITS, 0x3ffc0000, OFF_DATA, 8, 0, 0);
    put_sh(im, 3, 13, SHT_SYMTAB, 0, OFF_SYMTAB, 6 * sizeof(Elf32_Sym), 4,
           sizeof(Elf32_Sym));
    put_sh(im, 4, 21, SHT_STRTAB, 0, OFF_STRTAB, sizeof(strtab), 0, 0);
    put_sh(im, 5, 29, SHT_STRTAB, 0, OFF_SHSTRTAB, sizeof(shstrtab), 0, 0);
}

static void put32(image *im, size_t off, uint32_t v)
{
    memcpy(im->b + off, &v, 4);
}

static void put16(image *im, size_t off, uint16_t v)
{
    memcpy(im->b + off, &v, 2);
}

/* Parse size bytes of im; expect status st and a message holding key. */
static void expect_error(const image *im, size_t size, xt_load_status st,
                         const char *key)
{
    char err[256] = "";
    xt_elf *elf = (xt_elf *)1;
    xt_load_status got = xt_elf_parse("bad.elf", im->b, size, &elf, err,
                                      sizeof(err));
    if (got != st || !strstr(err, key) || strncmp(err, "bad.elf: ", 9))
        fail_msg("status %d (want %d), message '%s' (want '%s')", got, st, err,
                 key);
    assert_null(elf);
}

/* ---- tests ------------------------------------------------------------ */

static void test_valid(void **state)
{
    (void)state;
    image im;
    char err[256] = "";
    xt_elf *elf = NULL;
    make_image(&im);
    assert_int_equal(
        xt_elf_parse("ok.elf", im.b, IMG_SIZE, &elf, err, sizeof(err)),
        XT_LOAD_OK);
    assert_non_null(elf);
    assert_string_equal(xt_elf_name(elf), "ok.elf");
    assert_int_equal(xt_elf_entry(elf), 0x40000004);
    assert_int_equal(xt_elf_segment_count(elf), 2);
    const xt_elf_segment *s = xt_elf_segment_at(elf, 0);
    assert_int_equal(s->paddr, 0x40000000);
    assert_int_equal(s->filesz, 16);
    assert_int_equal(s->memsz, 32);
    assert_int_equal(s->offset, OFF_TEXT);
    assert_null(xt_elf_segment_at(elf, 2));

    /* FUNC and OBJECT symbols only, sorted by address. */
    assert_int_equal(xt_elf_symbol_count(elf), 4);
    assert_string_equal(xt_elf_symbol_at(elf, 0)->name, "data");
    assert_int_equal(xt_elf_symbol_at(elf, 0)->addr, 0x3ffc0000);
    for (size_t i = 1; i < xt_elf_symbol_count(elf); i++)
        assert_true(xt_elf_symbol_at(elf, i - 1)->addr <=
                    xt_elf_symbol_at(elf, i)->addr);
    xt_elf_free(elf);
}

static void test_lookup(void **state)
{
    (void)state;
    image im;
    char err[256], buf[64];
    xt_elf *elf = NULL;
    uint32_t off = 99;
    make_image(&im);
    assert_int_equal(
        xt_elf_parse("ok.elf", im.b, IMG_SIZE, &elf, err, sizeof(err)),
        XT_LOAD_OK);

    /* The global name wins over the weak alias at the same address. */
    assert_string_equal(xt_elf_sym_lookup(elf, 0x40000000, &off), "main");
    assert_int_equal(off, 0);
    assert_string_equal(xt_elf_sym_lookup(elf, 0x40000007, &off), "main");
    assert_int_equal(off, 7);
    /* Size 0: covers up to the end of its section (.text, 16 bytes). */
    assert_string_equal(xt_elf_sym_lookup(elf, 0x40000008, &off), "helper");
    assert_int_equal(off, 0);
    assert_string_equal(xt_elf_sym_lookup(elf, 0x4000000f, &off), "helper");
    assert_int_equal(off, 7);
    assert_null(xt_elf_sym_lookup(elf, 0x40000010, &off));
    assert_string_equal(xt_elf_sym_lookup(elf, 0x3ffc0007, &off), "data");
    assert_null(xt_elf_sym_lookup(elf, 0x3ffc0008, NULL));
    assert_null(xt_elf_sym_lookup(elf, 0x3ffbffff, NULL));
    assert_null(xt_elf_sym_lookup(elf, 0, NULL));
    assert_null(xt_elf_sym_lookup(NULL, 0x40000000, NULL));
    assert_string_equal(lookup_fn(elf, 0x40000004, &off), "main");
    assert_int_equal(off, 4);

    xt_elf_format_sym(elf, 0x40000000, buf, sizeof(buf));
    assert_string_equal(buf, "main");
    xt_elf_format_sym(elf, 0x4000000c, buf, sizeof(buf));
    assert_string_equal(buf, "helper+0x4");
    xt_elf_format_sym(elf, 0x50000000, buf, sizeof(buf));
    assert_string_equal(buf, "?");
    xt_elf_format_sym(NULL, 0x40000000, buf, sizeof(buf));
    assert_string_equal(buf, "?");
    xt_elf_free(elf);
}

/* A fake target: 64 KiB at 0x40000000 and 64 KiB at 0x3ffc0000. */
typedef struct fake_mem {
    uint8_t text[0x10000];
    uint8_t data[0x10000];
    unsigned writes;
} fake_mem;

static uint8_t *fake_at(fake_mem *m, uint32_t a)
{
    if (a >= 0x40000000 && a < 0x40010000)
        return &m->text[a - 0x40000000];
    if (a >= 0x3ffc0000 && a < 0x3ffd0000)
        return &m->data[a - 0x3ffc0000];
    return NULL;
}

static bool fake_mapped(void *user, uint32_t addr, uint32_t len, uint32_t *bad)
{
    for (uint64_t a = addr; a < (uint64_t)addr + len; a++)
        if (!fake_at(user, (uint32_t)a)) {
            *bad = (uint32_t)a;
            return false;
        }
    return true;
}

static bool fake_write(void *user, uint32_t addr, const void *src, size_t n)
{
    fake_mem *m = user;
    m->writes++;
    for (size_t i = 0; i < n; i++) {
        uint8_t *p = fake_at(m, addr + (uint32_t)i);
        if (!p)
            return false;
        *p = ((const uint8_t *)src)[i];
    }
    return true;
}

static void test_load(void **state)
{
    (void)state;
    image im;
    char err[256];
    xt_elf *elf = NULL;
    fake_mem *m = calloc(1, sizeof(*m));
    assert_non_null(m);
    memset(m->text, 0xee, sizeof(m->text));
    xt_load_target t = { fake_mapped, fake_write, m };

    make_image(&im);
    assert_int_equal(
        xt_elf_parse("ok.elf", im.b, IMG_SIZE, &elf, err, sizeof(err)),
        XT_LOAD_OK);
    assert_int_equal(xt_elf_load(elf, &t, err, sizeof(err)), XT_LOAD_OK);
    for (int i = 0; i < 16; i++)
        assert_int_equal(m->text[i], 0xa0 + i);
    for (int i = 16; i < 32; i++)
        assert_int_equal(m->text[i], 0); /* zero fill to memsz */
    assert_int_equal(m->text[32], 0xee); /* and no further */
    for (int i = 0; i < 8; i++)
        assert_int_equal(m->data[i], 0x10 + i);
    xt_elf_free(elf);

    /* Segment 1 moved to unmapped memory: refused, nothing written. */
    memset(m, 0, sizeof(*m));
    put32(&im, OFF_PH + 32 + 12, 0x3ff00000); /* p_paddr */
    assert_int_equal(
        xt_elf_parse("out.elf", im.b, IMG_SIZE, &elf, err, sizeof(err)),
        XT_LOAD_OK);
    assert_int_equal(xt_elf_load(elf, &t, err, sizeof(err)),
                     XT_LOAD_ERR_MEMORY);
    assert_non_null(strstr(err, "out.elf: segment 1"));
    assert_non_null(strstr(err, "outside mapped memory"));
    assert_non_null(strstr(err, "0x3ff00000"));
    assert_int_equal(m->writes, 0);
    xt_elf_free(elf);

    /* A segment that runs off the end of a mapped area. */
    make_image(&im);
    put32(&im, OFF_PH + 12, 0x4000fff0);
    assert_int_equal(
        xt_elf_parse("edge.elf", im.b, IMG_SIZE, &elf, err, sizeof(err)),
        XT_LOAD_OK);
    assert_int_equal(xt_elf_load(elf, &t, err, sizeof(err)),
                     XT_LOAD_ERR_MEMORY);
    assert_non_null(strstr(err, "address 0x40010000 is not"));
    xt_elf_free(elf);

    /* Entry point outside memory. */
    make_image(&im);
    put32(&im, 24, 0x12345678);
    assert_int_equal(
        xt_elf_parse("entry.elf", im.b, IMG_SIZE, &elf, err, sizeof(err)),
        XT_LOAD_OK);
    assert_int_equal(xt_elf_load(elf, &t, err, sizeof(err)),
                     XT_LOAD_ERR_MEMORY);
    assert_non_null(strstr(err, "entry point 0x12345678"));
    xt_elf_free(elf);
    free(m);
}

static void test_header_errors(void **state)
{
    (void)state;
    image im;

    make_image(&im);
    expect_error(&im, 0, XT_LOAD_ERR_FORMAT, "empty file");
    expect_error(&im, 3, XT_LOAD_ERR_FORMAT, "truncated ELF header");
    expect_error(&im, 20, XT_LOAD_ERR_FORMAT, "truncated ELF header (20");
    expect_error(&im, 51, XT_LOAD_ERR_FORMAT, "truncated ELF header");

    im.b[1] = 'X';
    expect_error(&im, IMG_SIZE, XT_LOAD_ERR_FORMAT, "not an ELF file");
    expect_error(&im, 2, XT_LOAD_ERR_FORMAT, "not an ELF file");
    make_image(&im);
    im.b[EI_CLASS] = ELFCLASS64;
    expect_error(&im, IMG_SIZE, XT_LOAD_ERR_FORMAT, "wrong ELF class 2");
    make_image(&im);
    im.b[EI_CLASS] = 7;
    expect_error(&im, IMG_SIZE, XT_LOAD_ERR_FORMAT, "wrong ELF class 7");
    make_image(&im);
    im.b[EI_DATA] = ELFDATA2MSB;
    expect_error(&im, IMG_SIZE, XT_LOAD_ERR_FORMAT, "big-endian");
    make_image(&im);
    im.b[EI_VERSION] = 0;
    expect_error(&im, IMG_SIZE, XT_LOAD_ERR_FORMAT, "ELF version");
    make_image(&im);
    put16(&im, 18, 40);
    expect_error(&im, IMG_SIZE, XT_LOAD_ERR_FORMAT,
                 "wrong machine: e_machine 40 (ARM), need EM_XTENSA (94)");
    make_image(&im);
    put16(&im, 16, ET_REL);
    expect_error(&im, IMG_SIZE, XT_LOAD_ERR_FORMAT, "not an executable");
    make_image(&im);
    put16(&im, 16, ET_DYN);
    expect_error(&im, IMG_SIZE, XT_LOAD_ERR_FORMAT, "ET_DYN");
}

static void test_segment_errors(void **state)
{
    (void)state;
    image im;

    make_image(&im);
    put16(&im, 44, 0); /* e_phnum */
    expect_error(&im, IMG_SIZE, XT_LOAD_ERR_FORMAT, "no loadable segment");
    make_image(&im);
    put16(&im, 42, 40); /* e_phentsize */
    expect_error(&im, IMG_SIZE, XT_LOAD_ERR_FORMAT,
                 "program header entry size");
    make_image(&im);
    put32(&im, 28, IMG_SIZE - 10); /* e_phoff */
    expect_error(&im, IMG_SIZE, XT_LOAD_ERR_FORMAT, "program header table");
    make_image(&im);
    put32(&im, OFF_PH + 4, 0x7fffff00); /* p_offset */
    expect_error(&im, IMG_SIZE, XT_LOAD_ERR_FORMAT,
                 "beyond the end of the file");
    make_image(&im);
    put32(&im, OFF_PH + 16, IMG_SIZE); /* p_filesz */
    expect_error(&im, IMG_SIZE, XT_LOAD_ERR_FORMAT,
                 "larger than its memory size");
    make_image(&im);
    put32(&im, OFF_PH + 12, 0xfffffff0); /* p_paddr: wraps */
    expect_error(&im, IMG_SIZE, XT_LOAD_ERR_FORMAT, "32-bit address space");
    make_image(&im);
    put32(&im, OFF_PH, PT_NOTE);
    put32(&im, OFF_PH + 32, PT_NOTE);
    expect_error(&im, IMG_SIZE, XT_LOAD_ERR_FORMAT, "no loadable segment");
    make_image(&im);
    put32(&im, OFF_PH + 20, 0); /* memsz 0: skipped */
    put32(&im, OFF_PH + 16, 0);
    put32(&im, OFF_PH + 32 + 20, 0);
    put32(&im, OFF_PH + 32 + 16, 0);
    expect_error(&im, IMG_SIZE, XT_LOAD_ERR_FORMAT, "no loadable segment");
}

static void test_section_errors(void **state)
{
    (void)state;
    image im;

    make_image(&im);
    /* Cut inside the section header table. */
    expect_error(&im, IMG_SIZE - 1, XT_LOAD_ERR_FORMAT, "truncated file");
    expect_error(&im, OFF_SH + 4, XT_LOAD_ERR_FORMAT, "truncated file");
    /* Cut inside the segment data: the segment check names it. */
    expect_error(&im, OFF_TEXT + 8, XT_LOAD_ERR_FORMAT, "segment 0: file data");
    make_image(&im);
    put32(&im, OFF_SH + 3 * 40 + 16, 0x100000); /* symtab sh_offset */
    expect_error(&im, IMG_SIZE, XT_LOAD_ERR_FORMAT, "section 3");
    make_image(&im);
    put32(&im, OFF_SH + 3 * 40 + 36, 12); /* symtab sh_entsize */
    expect_error(&im, IMG_SIZE, XT_LOAD_ERR_FORMAT, "symbol table entry");
    make_image(&im);
    put32(&im, OFF_SH + 3 * 40 + 24, 1); /* symtab sh_link */
    expect_error(&im, IMG_SIZE, XT_LOAD_ERR_FORMAT, "not a string table");

    /* No section headers at all: fine, just no symbols. */
    image ok;
    char err[256];
    xt_elf *elf = NULL;
    make_image(&ok);
    put32(&ok, 32, 0);
    put16(&ok, 48, 0);
    put16(&ok, 50, 0);
    assert_int_equal(
        xt_elf_parse("nosh.elf", ok.b, IMG_SIZE, &elf, err, sizeof(err)),
        XT_LOAD_OK);
    assert_int_equal(xt_elf_symbol_count(elf), 0);
    assert_null(xt_elf_sym_lookup(elf, 0x40000000, NULL));
    xt_elf_free(elf);
}

static void test_open(void **state)
{
    (void)state;
    char err[512];
    xt_elf *elf = (xt_elf *)1;

    assert_int_equal(xt_elf_open("/nonexistent/x.elf", &elf, err, sizeof(err)),
                     XT_LOAD_ERR_IO);
    assert_null(elf);
    assert_non_null(strstr(err, "/nonexistent/x.elf: cannot open: No such "
                                "file or directory"));
    assert_int_equal(xt_elf_open(".", &elf, err, sizeof(err)), XT_LOAD_ERR_IO);
    assert_non_null(strstr(err, "is a directory"));
    assert_int_equal(xt_elf_open("/dev/null", &elf, err, sizeof(err)),
                     XT_LOAD_ERR_IO);
    assert_non_null(strstr(err, "not a regular file"));

    char path[] = "/tmp/dspsim-loader-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    image im;
    make_image(&im);
    assert_int_equal(write(fd, im.b, IMG_SIZE), IMG_SIZE);
    close(fd);
    assert_int_equal(xt_elf_open(path, &elf, err, sizeof(err)), XT_LOAD_OK);
    assert_string_equal(xt_elf_name(elf), path);
    assert_int_equal(xt_elf_segment_count(elf), 2);
    assert_string_equal(xt_elf_sym_lookup(elf, 0x40000004, NULL), "main");
    xt_elf_free(elf);

    truncate(path, 0);
    assert_int_equal(xt_elf_open(path, &elf, err, sizeof(err)),
                     XT_LOAD_ERR_FORMAT);
    assert_non_null(strstr(err, "empty file"));
    unlink(path);
}

int main(void)
{
    const uint16_t one = 1;
    if (*(const uint8_t *)&one != 1) {
        fprintf(stderr, "test images assume a little-endian host\n");
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_valid),
        cmocka_unit_test(test_lookup),
        cmocka_unit_test(test_load),
        cmocka_unit_test(test_header_errors),
        cmocka_unit_test(test_segment_errors),
        cmocka_unit_test(test_section_errors),
        cmocka_unit_test(test_open),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
