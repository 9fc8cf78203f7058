/* SPDX-License-Identifier: BSD-3-Clause */
/* Failure bundles (harness/bundle): SHA-256 against the FIPS 180-4
 * examples, the ustar header and strict reader, member names, the
 * manifest's checks, and a bundle written, opened, its inputs mapped
 * into the extraction directory and the directory removed. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bundle/bundle.h"
#include "dspsim/snapshot.h"
#include "harness_test_util.h"

static const char *tmp;

static int setup(void **state)
{
    (void)state;
    tmp = ht_make_tmpdir("bundle");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    ht_remove_tree(tmp);
    return 0;
}

static void hex_of(const void *p, size_t n, size_t chunk, char out[65])
{
    dsh_sha256 h;
    dsh_sha256_init(&h);
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i += chunk)
        dsh_sha256_update(&h, b + i, n - i < chunk ? n - i : chunk);
    dsh_sha256_hex(&h, out);
}

/* FIPS 180-4 examples (the NIST "SHA256.pdf" and the one million 'a'),
 * whole and in pieces of every size across a block boundary. */
static void test_sha256(void **state)
{
    (void)state;
    char hex[65];
    hex_of("", 0, 1, hex);
    assert_string_equal(hex, "e3b0c44298fc1c149afbf4c8996fb924"
                             "27ae41e4649b934ca495991b7852b855");
    hex_of("abc", 3, 3, hex);
    assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223"
                             "b00361a396177a9cb410ff61f20015ad");
    const char
        *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    for (size_t chunk = 1; chunk <= 57; chunk++) {
        hex_of(two, strlen(two), chunk, hex);
        assert_string_equal(hex, "248d6a61d20638b8e5c026930c3e6039"
                                 "a33ce45964ff2167f6ecedd419db06c1");
    }
    char *a = malloc(1000000);
    assert_non_null(a);
    memset(a, 'a', 1000000);
    hex_of(a, 1000000, 7919, hex);
    assert_string_equal(hex, "cdc76e5c9914fb9281a1c7e284d73e67"
                             "f1809a48a497200e046d39ccc7112cd0");
    /* lengths around the padding's boundaries: whole == in pieces */
    for (size_t n = 50; n < 140; n++) {
        char whole[65];
        hex_of(a, n, n ? n : 1, whole);
        hex_of(a, n, 13, hex);
        assert_string_equal(hex, whole);
    }
    free(a);
}

/* An archive in memory: header, data, padding, two zero blocks. */
static size_t one_member(uint8_t *buf, const char *name, const char *data)
{
    size_t n = strlen(data), off = 0;
    memset(buf, 0, 4 * DSH_TAR_BLOCK);
    assert_true(dsh_tar_header(buf, name, n, 1700000000));
    off += DSH_TAR_BLOCK;
    memcpy(buf + off, data, n);
    off += n + dsh_tar_padding(n);
    return off + 2 * DSH_TAR_BLOCK;
}

static dsh_tar_next_rc read_all(uint8_t *buf, size_t n, char *err)
{
    FILE *f = fmemopen(buf, n, "rb");
    assert_non_null(f);
    dsh_tar_r r;
    dsh_tar_member m;
    dsh_tar_r_init(&r, f);
    dsh_tar_next_rc rc;
    while ((rc = dsh_tar_next(&r, &m)) == DSH_TAR_MEMBER)
        ;
    fclose(f);
    snprintf(err, DSH_TAR_ERR, "%s", r.err);
    return rc;
}

static void test_ustar(void **state)
{
    (void)state;
    uint8_t buf[4 * DSH_TAR_BLOCK];
    char err[DSH_TAR_ERR];
    size_t n = one_member(buf, "a/b.txt", "hello");
    assert_int_equal(n, 4 * DSH_TAR_BLOCK);
    assert_memory_equal(buf + 257,
                        "ustar\0"
                        "00",
                        8);

    FILE *f = fmemopen(buf, n, "rb");
    dsh_tar_r r;
    dsh_tar_member m;
    dsh_tar_r_init(&r, f);
    assert_int_equal(dsh_tar_next(&r, &m), DSH_TAR_MEMBER);
    assert_string_equal(m.name, "a/b.txt");
    assert_int_equal(m.type, '0');
    assert_int_equal(m.size, 5);
    char data[5];
    assert_true(dsh_tar_read(&r, data, 5));
    assert_memory_equal(data, "hello", 5);
    assert_int_equal(dsh_tar_next(&r, &m), DSH_TAR_END);
    fclose(f);

    /* every cut is found, and said as such */
    for (size_t cut = 0; cut < n; cut += 64) {
        assert_int_equal(read_all(buf, cut, err), DSH_TAR_BAD);
        assert_true(strstr(err, "truncated") || strstr(err, "not a tar"));
    }
    /* a header byte changed: its checksum */
    buf[3] ^= 1;
    assert_int_equal(read_all(buf, n, err), DSH_TAR_BAD);
    assert_non_null(strstr(err, "bad checksum"));
    buf[3] ^= 1;
    /* not octal */
    uint8_t save = buf[124];
    buf[124] = '9';
    assert_int_equal(read_all(buf, n, err), DSH_TAR_BAD);
    buf[124] = save;
    /* something after the end */
    uint8_t big[5 * DSH_TAR_BLOCK] = { 0 };
    memcpy(big, buf, n);
    big[n + 10] = 'x';
    assert_int_equal(read_all(big, sizeof big, err), DSH_TAR_BAD);
    assert_non_null(strstr(err, "data after the end"));
    memset(big, 'y', sizeof big);
    assert_int_equal(read_all(big, sizeof big, err), DSH_TAR_BAD);
    assert_non_null(strstr(err, "not a tar archive"));
    /* names that do not fit */
    char longname[128];
    memset(longname, 'n', sizeof longname - 1);
    longname[sizeof longname - 1] = '\0';
    assert_false(dsh_tar_header(buf, longname, 1, 0));
    assert_false(dsh_tar_header(buf, "", 1, 0));
}

static void test_names(void **state)
{
    (void)state;
    char why[128];
    static const char *const good[] = { "bundle.json", "a/b", "inputs/1/x.wav",
                                        "a+b-c_d.e", NULL };
    static const char *const badn[] = { "",        "/etc/passwd", "../x",
                                        "a/../b",  "a//b",        "./a",
                                        ".hidden", "a/",          "a b",
                                        "a\\b",    "é",           NULL };
    for (unsigned i = 0; good[i]; i++)
        assert_true(dsh_tar_name_safe(good[i], false, why, sizeof why));
    for (unsigned i = 0; badn[i]; i++)
        assert_false(dsh_tar_name_safe(badn[i], false, why, sizeof why));
    assert_true(dsh_tar_name_safe("inputs/", true, why, sizeof why));
    assert_false(dsh_tar_name_safe("../", true, why, sizeof why));
    char out[DSH_TAR_NAME_MAX];
    dsh_bundle_member_name("inputs", 3, "/x/y/my file(1).wav", out, sizeof out);
    assert_string_equal(out, "inputs/3/my_file_1_.wav");
    dsh_bundle_member_name("case", 0, ".hidden.yaml", out, sizeof out);
    assert_string_equal(out, "case/_hidden.yaml");
}

static bool parse(const char *text, char *err)
{
    static dsh_bundle_manifest m;
    return dsh_manifest_parse(text, strlen(text), "1.0", "b1", &m, err, 512);
}

#define HEAD                                                                   \
    "{\"format\": \"dspsim failure bundle\", \"format_version\": 1, "          \
    "\"dspsim_version\": \"1.0\", \"build_id\": \"b1\", "                      \
    "\"command\": \"run\", \"engine\": \"fast\", \"case\": \"case/c.yaml\", "  \
    "\"case_path\": \"c.yaml\", \"case_name\": \"c\", "                        \
    "\"firmware\": \"firmware/f.elf\", "
#define DIGEST                                                                 \
    "\"sha256\": \"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\""
#define MEMBERS                                                                \
    "\"members\": [{\"name\": \"case/c.yaml\", \"bytes\": 0, " DIGEST "}, "    \
    "{\"name\": \"firmware/f.elf\", \"bytes\": 0, " DIGEST "}]"
#define RESULT                                                                 \
    "\"result\": {\"status\": \"failed\", \"message\": \"m\", "                \
    "\"cycles\": 5, \"outputs\": []}, "

static void test_manifest(void **state)
{
    (void)state;
    char err[512];
    assert_true(parse(HEAD "\"inputs\": [], " RESULT MEMBERS "}", err));
    assert_false(
        parse(HEAD "\"inputs\": [], " RESULT MEMBERS ", \"x\": 1}", err));
    assert_non_null(strstr(err, "unknown key 'x'"));
    assert_false(parse("{\"format\": \"dspsim failure bundle\", "
                       "\"format_version\": 7}",
                       err));
    assert_non_null(strstr(err, "bundle format version 7"));
    assert_false(parse(HEAD "\"inputs\": [], " RESULT MEMBERS
                            ", \"inputs\": []}",
                       err)); /* duplicate key */
    assert_non_null(strstr(err, "not valid JSON"));
    assert_false(parse(HEAD "\"inputs\": [{\"what\": \"w\", \"ref\": \"r\", "
                            "\"member\": \"inputs/1/x\"}], " RESULT MEMBERS "}",
                       err));
    assert_non_null(strstr(err, "'members' does not list"));
    assert_false(parse(
        HEAD "\"inputs\": [], " RESULT
             "\"members\": [{\"name\": \"../c\", \"bytes\": 0, " DIGEST "}]}",
        err));
    assert_non_null(strstr(err, "'..' component"));
    assert_false(parse(HEAD "\"inputs\": [], "
                            "\"result\": {\"status\": \"odd\", \"message\": "
                            "\"\", \"outputs\": []}, " MEMBERS "}",
                       err));
    assert_non_null(strstr(err, "status 'odd'"));
    assert_false(parse(HEAD "\"inputs\": [], "
                            "\"result\": {\"status\": \"failed\", \"message\": "
                            "\"\", \"outputs\": [{\"file\": \"a/../../x\", "
                            "\"bytes\": 0, " DIGEST "}]}, " MEMBERS "}",
                       err));
    assert_non_null(strstr(err, "not a relative path without '..'"));
    assert_true(parse(HEAD "\"inputs\": [], "
                           "\"result\": {\"status\": \"failed\", \"message\": "
                           "\"\", \"outputs\": [{\"file\": \"a..b/x..\", "
                           "\"bytes\": 0, " DIGEST "}]}, " MEMBERS "}",
                      err));
    char *other = strdup(HEAD "\"inputs\": [], " RESULT MEMBERS "}");
    memcpy(strstr(other, "\"1.0\""), "\"2.0\"", 5);
    assert_false(parse(other, err));
    assert_non_null(strstr(err, "made by dspsim 2.0"));
    free(other);
}

static unsigned entries(const char *dir)
{
    DIR *d = opendir(dir);
    unsigned n = 0;
    struct dirent *e;
    while (d && (e = readdir(d)))
        n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    if (d)
        closedir(d);
    return n;
}

/* A case with a board file, a taps file and an output: written, opened
 * elsewhere, loaded through the map (nothing but the extraction), its
 * outputs compared, the extraction removed. */
static void test_round_trip(void **state)
{
    (void)state;
    char dir[1024], ext[1024];
    snprintf(dir, sizeof dir, "%s/src", tmp);
    snprintf(ext, sizeof ext, "%s/ext", tmp);
    mkdir(dir, 0777);
    mkdir(ext, 0777);
    ht_write_text(ht_path(dir, "slow.board"),
                  "name: slow\ncpu_hz: 120000000\n");
    ht_write_text(ht_path(dir, "taps.txt"), "0.5 0.5\n");
    ht_write_text(ht_path(dir, "fw.elf"), "not really an ELF");
    const char *case_text =
        "name: round trip\n"
        "board: slow.board\n"
        "pipelines:\n"
        "  - id: 1\n"
        "    period_us: 1000\n"
        "    components:\n"
        "      - {id: tone1, type: tone}\n"
        "      - {id: fir1, type: eq_fir, taps_file: taps.txt}\n"
        "      - {id: dai1, type: dai, port: ssp0}\n"
        "    connect: [[tone1, fir1], [fir1, dai1]]\n"
        "ports:\n"
        "  ssp0: {rate: 48000, channels: 2, format: s32, output: o.wav}\n"
        "duration_ms: 10\n";
    ht_write_text(ht_path(dir, "c.yaml"), case_text);
    ht_write_text(ht_path(dir, "o.wav"), "output bytes");
    char bundle[1100], err[2048];
    snprintf(bundle, sizeof bundle, "%s/b.tar", tmp);
    dsh_bundle_spec spec = { .case_path = ht_path(dir, "c.yaml"),
                             .firmware = ht_path(dir, "fw.elf"),
                             .version = "t1",
                             .command = "run",
                             .engine = "interp",
                             .status = "failed",
                             .message = "why [artifacts: /x]",
                             .has_cycles = true,
                             .cycles = 1234,
                             .outputs_dir = dir };
    if (!dsh_bundle_write(bundle, &spec, err, sizeof err))
        fail_msg("%s", err);

    dsh_bundle *b = dsh_bundle_open(bundle, "t1", NULL, ext, err, sizeof err);
    if (!b)
        fail_msg("%s", err);
    assert_string_equal(b->m.build_id, ds_snap_build_id());
    assert_string_equal(b->m.engine, "interp");
    assert_string_equal(b->m.message, "why"); /* no local directory */
    assert_int_equal(b->m.ninputs, 2);
    assert_int_equal(b->m.nmembers, 4);
    assert_int_equal(b->m.noutputs, 1);
    size_t len;
    char *text = ht_read_file(b->case_file, &len);
    assert_int_equal(len, strlen(case_text));
    assert_memory_equal(text, case_text, len);
    free(text);
    /* the case loads from the extraction only, its originals gone */
    unlink(ht_path(dir, "slow.board"));
    unlink(ht_path(dir, "taps.txt"));
    dsh_input_hook hook;
    dsh_diag d;
    dsh_diag_init(&d);
    dsh_bundle_input_hook(b, &hook);
    dsh_case_set_input_hook(&hook);
    dsh_case *c = dsh_case_load(b->case_file, &d);
    dsh_case_set_input_hook(NULL);
    if (!c)
        fail_msg("%s", d.msg[0]);
    assert_int_equal(strncmp(c->board.file, b->dir, strlen(b->dir)), 0);
    assert_int_equal(c->comps[1].p.n_taps, 2);
    dsh_case_free(c);
    /* an input the bundle lacks: said, not looked for elsewhere */
    ht_write_text(b->case_file, "name: x\nboard: elsewhere.board\n");
    dsh_diag_init(&d);
    dsh_case_set_input_hook(&hook);
    c = dsh_case_load(b->case_file, &d);
    dsh_case_set_input_hook(NULL);
    assert_null(c);
    assert_non_null(strstr(d.msg[0], "not in the bundle"));

    char msg[1024];
    assert_true(
        dsh_bundle_compare(b, "failed", true, 1234, dir, msg, sizeof msg));
    assert_non_null(strstr(msg, "reproduced: failed, 1234 cycles, 1 output"));
    assert_false(
        dsh_bundle_compare(b, "passed", true, 1235, dir, msg, sizeof msg));
    assert_non_null(strstr(msg, "verdict passed (bundled: failed)"));
    assert_non_null(strstr(msg, "1235 cycles (bundled: 1234)"));
    ht_write_text(ht_path(dir, "o.wav"), "other bytes!");
    assert_false(
        dsh_bundle_compare(b, "failed", true, 1234, dir, msg, sizeof msg));
    assert_non_null(strstr(msg, "output o.wav differs"));
    assert_int_equal(entries(ext), 1);
    dsh_bundle_close(b);
    assert_int_equal(entries(ext), 0);

    /* another version: refused, nothing left */
    assert_null(dsh_bundle_open(bundle, "t2", NULL, ext, err, sizeof err));
    assert_non_null(strstr(err, "made by dspsim t1"));
    assert_int_equal(entries(ext), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sha256),
        cmocka_unit_test(test_ustar),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_manifest),
        cmocka_unit_test_setup_teardown(test_round_trip, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
