/* SPDX-License-Identifier: BSD-3-Clause */
/* `dspsim test` runner: discovery, filter, shard arithmetic, report
 * formats (read back), results from child processes (pass, fail, crash,
 * timeout) and exit statuses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <yaml.h>

#include "runner/discover.h"
#include "runner/report.h"
#include "runner/runner.h"
#include "harness_test_util.h"

static const char *tmp;

static int setup(void **state)
{
    (void)state;
    tmp = ht_make_tmpdir("runner");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    ht_remove_tree(tmp);
    return 0;
}

static void write_case(const char *dir, const char *file, const char *name)
{
    char text[1024];
    snprintf(text, sizeof text,
             "name: %s\n"
             "duration_ms: 100\n"
             "pipelines:\n"
             "  - id: 1\n"
             "    period_us: 1000\n"
             "    components:\n"
             "      - {id: tone1, type: tone}\n"
             "      - {id: dai1, type: dai, port: ssp0}\n"
             "    connect: [[tone1, dai1]]\n"
             "ports:\n"
             "  ssp0: {rate: 48000, channels: 2, output: out.wav}\n", name);
    char p[1024];
    snprintf(p, sizeof p, "%s/%s", dir, file);
    ht_write_text(p, text);
}

static void mkdirs(const char *base, const char *rel)
{
    char p[1024];
    snprintf(p, sizeof p, "%s/%s", base, rel);
    assert_int_equal(mkdir(p, 0777), 0);
}

static void test_discovery(void **state)
{
    (void)state;
    char root[1024];
    snprintf(root, sizeof root, "%s/disc", tmp);
    assert_int_equal(mkdir(root, 0777), 0);
    mkdirs(root, "b");
    mkdirs(root, "b/c");
    mkdirs(root, ".git");
    mkdirs(root, "b/invalid");
    ht_write_text(ht_path(root, "z.yaml"), "x");
    ht_write_text(ht_path(root, "b/invalid/bad.yaml"), "x");
    ht_write_text(ht_path(root, "b/a.yml"), "x");
    ht_write_text(ht_path(root, "b/c/m.yaml"), "x");
    ht_write_text(ht_path(root, "b/notes.txt"), "x");
    ht_write_text(ht_path(root, ".hidden.yaml"), "x");
    ht_write_text(ht_path(root, ".git/x.yaml"), "x");
    ht_write_text(ht_path(root, "explicit.case"), "x");
    const char *paths[] = { root, ht_path(root, "explicit.case"),
                            ht_path(root, "z.yaml") /* duplicate */ };
    dsh_path_list l;
    char err[512];
    assert_true(dsh_discover(paths, 3, &l, err, sizeof err));
    assert_int_equal(l.n, 4);
    assert_string_equal(l.paths[0], ht_path(root, "b/a.yml"));
    assert_string_equal(l.paths[1], ht_path(root, "b/c/m.yaml"));
    assert_string_equal(l.paths[2], ht_path(root, "explicit.case"));
    assert_string_equal(l.paths[3], ht_path(root, "z.yaml"));
    dsh_path_list_free(&l);
    /* a directory named invalid is walked when named itself */
    const char *inv[] = { ht_path(root, "b/invalid") };
    assert_true(dsh_discover(inv, 1, &l, err, sizeof err));
    assert_int_equal(l.n, 1);
    assert_string_equal(l.paths[0], ht_path(root, "b/invalid/bad.yaml"));
    dsh_path_list_free(&l);
    const char *bad[] = { ht_path(root, "missing") };
    assert_false(dsh_discover(bad, 1, &l, err, sizeof err));
    assert_non_null(strstr(err, "missing: No such file or directory"));
}

static void test_filter(void **state)
{
    (void)state;
    assert_true(dsh_filter_match("vol", "volume -6 dB", "x.yaml"));
    assert_true(dsh_filter_match("eq/", "n", "cases/eq/a.yaml"));
    assert_false(dsh_filter_match("mixer", "volume", "cases/v.yaml"));
    assert_true(dsh_filter_match("volume*", "volume -6 dB", "x.yaml"));
    assert_false(dsh_filter_match("*mixer*", "volume", "cases/v.yaml"));
    assert_true(dsh_filter_match("cases/*/a.yaml", "n", "cases/eq/a.yaml"));
    assert_true(dsh_filter_match("?olume -6 dB", "volume -6 dB", "p"));
    assert_false(dsh_filter_match("volume", "Volume", "p"));  /* exact case */
}

static void test_shard_arithmetic(void **state)
{
    (void)state;
    unsigned i, n;
    assert_true(dsh_shard_parse("2/3", &i, &n));
    assert_int_equal(i, 2);
    assert_int_equal(n, 3);
    assert_true(dsh_shard_parse("1/1", &i, &n));
    const char *bad[] = { "0/3", "4/3", "3", "a/b", "1/0", "-1/2", "1/2x",
                          "/2", "1/", "" };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        if (dsh_shard_parse(bad[k], &i, &n))
            fail_msg("'%s' accepted", bad[k]);
    /* every case in exactly one shard; sizes differ by at most one */
    for (unsigned count = 1; count <= 6; count++) {
        size_t sizes[6] = { 0 };
        for (size_t k = 0; k < 11; k++) {
            unsigned owners = 0;
            for (unsigned s = 1; s <= count; s++)
                if (dsh_shard_has(s, count, k)) {
                    owners++;
                    sizes[s - 1]++;
                }
            assert_int_equal(owners, 1);
        }
        for (unsigned s = 0; s < count; s++)
            assert_true(sizes[s] == 11 / count || sizes[s] == 11 / count + 1);
    }
    assert_true(dsh_shard_has(2, 3, 1));
    assert_true(dsh_shard_has(2, 3, 4));
    assert_false(dsh_shard_has(2, 3, 2));
}

/* Minimal read-back of the JSON report with libyaml (JSON is YAML). */
static yaml_node_t *map_get(yaml_document_t *d, yaml_node_t *m,
                            const char *key)
{
    assert_int_equal(m->type, YAML_MAPPING_NODE);
    for (yaml_node_pair_t *p = m->data.mapping.pairs.start;
         p < m->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(d, p->key);
        if (!strcmp((char *)k->data.scalar.value, key))
            return yaml_document_get_node(d, p->value);
    }
    fail_msg("no key '%s'", key);
    return NULL;
}

static const char *scalar(yaml_node_t *n)
{
    assert_int_equal(n->type, YAML_SCALAR_NODE);
    return (const char *)n->data.scalar.value;
}

static void load_json(const char *path, yaml_document_t *doc)
{
    size_t len;
    char *text = ht_read_file(path, &len);
    assert_non_null(text);
    yaml_parser_t p;
    yaml_parser_initialize(&p);
    yaml_parser_set_input_string(&p, (unsigned char *)text, len);
    if (!yaml_parser_load(&p, doc))
        fail_msg("%s: not parseable: %s", path, p.problem);
    yaml_parser_delete(&p);
    free(text);
}

static void test_report_formats(void **state)
{
    (void)state;
    dsh_case_result res[4] = {
        { DSH_RES_PASS, "", 0.5 },
        { DSH_RES_FAIL, "gain -5.2 dB, expected -6 +- 0.1 \"dB\" <&>", 1 },
        { DSH_RES_ERROR, "crashed:\nsignal 11\t\x01", 0.25 },
        { DSH_RES_SKIP, "not runnable yet: firmware IPC missing", 0 },
    };
    dsh_report_entry e[4] = {
        { "cases/a.yaml", "a", &res[0] },
        { "cases/sub/b.yaml", "b \"quoted\" & <tagged>", &res[1] },
        { "./c.yml", "c", &res[2] },
        { "/abs/d.yaml", "d", &res[3] },
    };
    dsh_report r = { e, 4, 2, 3, 1.75, { 0 } };
    dsh_report_count(&r);
    assert_int_equal(r.count[DSH_RES_PASS], 1);
    char err[256];
    const char *jp = ht_path(tmp, "r.json"), *xp = ht_path(tmp, "r.xml");
    assert_true(dsh_report_write_json(jp, &r, err, sizeof err));
    assert_true(dsh_report_write_junit(xp, &r, err, sizeof err));

    yaml_document_t doc;
    load_json(jp, &doc);
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    assert_string_equal(scalar(map_get(&doc, root, "tool")), "dspsim test");
    yaml_node_t *sum = map_get(&doc, root, "summary");
    assert_string_equal(scalar(map_get(&doc, sum, "total")), "4");
    assert_string_equal(scalar(map_get(&doc, sum, "passed")), "1");
    assert_string_equal(scalar(map_get(&doc, sum, "failed")), "1");
    assert_string_equal(scalar(map_get(&doc, sum, "errors")), "1");
    assert_string_equal(scalar(map_get(&doc, sum, "skipped")), "1");
    assert_string_equal(scalar(map_get(&doc, sum, "seconds")), "1.750");
    yaml_node_t *shard = map_get(&doc, root, "shard");
    assert_string_equal(scalar(map_get(&doc, shard, "index")), "2");
    yaml_node_t *cases = map_get(&doc, root, "cases");
    assert_int_equal(cases->type, YAML_SEQUENCE_NODE);
    assert_int_equal(cases->data.sequence.items.top -
                     cases->data.sequence.items.start, 4);
    yaml_node_t *c1 = yaml_document_get_node(&doc,
                                             cases->data.sequence.items.start[1]);
    assert_string_equal(scalar(map_get(&doc, c1, "name")),
                        "b \"quoted\" & <tagged>");
    assert_string_equal(scalar(map_get(&doc, c1, "status")), "failed");
    assert_string_equal(scalar(map_get(&doc, c1, "message")),
                        res[1].message);
    yaml_node_t *c2 = yaml_document_get_node(&doc,
                                             cases->data.sequence.items.start[2]);
    assert_string_equal(scalar(map_get(&doc, c2, "message")),
                        "crashed:\nsignal 11\t\x01");
    assert_string_equal(scalar(map_get(&doc, c2, "status")), "error");
    yaml_document_delete(&doc);

    char *x = ht_read_file(xp, NULL);
    assert_non_null(x);
    assert_non_null(strstr(x, "<testsuites name=\"dspsim test\" tests=\"4\" "
                              "failures=\"1\" errors=\"1\" skipped=\"1\""));
    assert_non_null(strstr(x, "<testcase classname=\"cases.a\" name=\"a\" "
                              "file=\"cases/a.yaml\" time=\"0.500\"/>"));
    assert_non_null(strstr(x, "classname=\"cases.sub.b\" name=\"b &quot;"
                              "quoted&quot; &amp; &lt;tagged&gt;\""));
    assert_non_null(strstr(x, "<failure message=\"gain -5.2 dB"));
    assert_non_null(strstr(x, "<error message=\"crashed:&#10;signal 11&#9;"
                              "\"/>"));
    assert_non_null(strstr(x, "classname=\"c\""));
    assert_non_null(strstr(x, "classname=\"abs.d\""));
    assert_non_null(strstr(x, "<skipped message=\"not runnable yet"));
    free(x);
    /* The report must be well-formed XML: xmllint (found at configure
     * time; libxml2-utils) is required, a missing one fails the test. */
    if (access(XMLLINT, X_OK) != 0)
        fail_msg("xmllint not found ('%s'): install libxml2-utils "
                 "(ci/install-deps.sh) and re-run cmake", XMLLINT);
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "'%s' --noout '%s'", XMLLINT, xp);
    assert_int_equal(system(cmd), 0);
}

/* An execution plug-in steered by the case name. */
static void scripted_exec(const dsh_case *c, const dsh_exec_env *env,
                          dsh_case_result *r, const void *user)
{
    (void)user;
    char p[2048];
    snprintf(p, sizeof p, "%s/ran", env->out_dir);
    ht_write_text(p, c->name);
    if (strstr(c->name, "crash"))
        raise(SIGSEGV);
    if (strstr(c->name, "hang"))
        sleep(30);
    r->status = strstr(c->name, "fail") ? DSH_RES_FAIL : DSH_RES_PASS;
    if (r->status == DSH_RES_FAIL)
        snprintf(r->message, sizeof r->message, "expected failure");
}

static int run(dsh_case_exec_fn exec, const char *fmt, ...)
{
    char line[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    char *argv[32];
    int argc = 0;
    for (char *t = strtok(line, " "); t && argc < 31; t = strtok(NULL, " "))
        argv[argc++] = t;
    argv[argc] = NULL;
    return dsh_test_main(argc, argv, exec, NULL);
}

static void test_results_and_exit_codes(void **state)
{
    (void)state;
    char d[1024], out[1024], js[1024];
    snprintf(d, sizeof d, "%s/cases", tmp);
    snprintf(out, sizeof out, "%s/out", tmp);
    snprintf(js, sizeof js, "%s/run.json", tmp);
    assert_int_equal(mkdir(d, 0777), 0);
    write_case(d, "1.yaml", "one pass");
    write_case(d, "2.yaml", "two fail");
    write_case(d, "3.yaml", "three crash");
    write_case(d, "4.yaml", "four hang");
    write_case(d, "5.yaml", "five pass");

    /* all pass */
    assert_int_equal(run(scripted_exec, "test %s -j 3 --out-dir %s "
                         "--filter pass --no-progress", d, out), 0);
    /* fail, crash and timeout: exit 1, statuses in the JSON */
    assert_int_equal(run(scripted_exec, "test %s -j 4 --out-dir %s "
                         "--timeout 0.5 --json %s --no-progress", d, out, js),
                     1);
    yaml_document_t doc;
    load_json(js, &doc);
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    yaml_node_t *cases = map_get(&doc, root, "cases");
    const char *expect_status[] = { "passed", "failed", "error", "error",
                                    "passed" };
    const char *expect_msg[] = { "", "expected failure",
                                 "case process crashed: signal 11",
                                 "timed out after", "" };
    for (int i = 0; i < 5; i++) {
        yaml_node_t *c = yaml_document_get_node(
            &doc, cases->data.sequence.items.start[i]);
        assert_string_equal(scalar(map_get(&doc, c, "status")),
                            expect_status[i]);
        const char *m = scalar(map_get(&doc, c, "message"));
        if (strncmp(m, expect_msg[i], strlen(expect_msg[i])))
            fail_msg("case %d message '%s'", i, m);
    }
    yaml_document_delete(&doc);
    /* the filter runs before the shard: one match, in shard 1 of 2 */
    assert_int_equal(run(scripted_exec, "test %s --shard 1/2 --filter fail "
                         "--out-dir %s --no-progress", d, out), 1);
    assert_int_equal(run(scripted_exec, "test %s --shard 2/2 --filter fail "
                         "--out-dir %s --no-progress", d, out), 0);
    /* shard 2/2 of the five: cases 2 and 4 (fail, hang->timeout) */
    assert_int_equal(run(scripted_exec, "test %s --shard 2/2 --filter [oft]* "
                         "--out-dir %s --timeout 0.3 --json %s "
                         "--no-progress", d, out, js), 1);
    load_json(js, &doc);
    root = yaml_document_get_root_node(&doc);
    cases = map_get(&doc, root, "cases");
    assert_int_equal(cases->data.sequence.items.top -
                     cases->data.sequence.items.start, 2);
    yaml_node_t *c0 = yaml_document_get_node(&doc,
                                             cases->data.sequence.items.start[0]);
    assert_string_equal(scalar(map_get(&doc, c0, "path")),
                        ht_path(d, "2.yaml"));
    yaml_document_delete(&doc);

    /* skipped cases: 0, or 1 with --fail-on-skip */
    assert_int_equal(run(dsh_exec_not_runnable, "test %s --out-dir %s "
                         "--no-progress", d, out), 0);
    assert_int_equal(run(dsh_exec_not_runnable, "test %s --out-dir %s "
                         "--fail-on-skip --no-progress", d, out), 1);

    /* usage errors: 2 */
    assert_int_equal(run(scripted_exec, "test %s --shard 0/2", d), 2);
    assert_int_equal(run(scripted_exec, "test %s -j 0", d), 2);
    assert_int_equal(run(scripted_exec, "test %s --bogus", d), 2);
    assert_int_equal(run(scripted_exec, "test %s --filter nomatch", d), 2);
    assert_int_equal(run(scripted_exec, "test %s/none", d), 2);
    assert_int_equal(run(scripted_exec, "test --help"), 0);

    /* an invalid case: exit 2 and nothing runs */
    char d2[1024], out2[1024];
    snprintf(d2, sizeof d2, "%s/bad", tmp);
    snprintf(out2, sizeof out2, "%s/out2", tmp);
    assert_int_equal(mkdir(d2, 0777), 0);
    write_case(d2, "good.yaml", "good pass");
    ht_write_text(ht_path(d2, "wrong.yaml"), "name: x\nduration_ms: -1\n");
    assert_int_equal(run(scripted_exec, "test %s --out-dir %s", d2, out2), 2);
    struct stat st;
    assert_int_not_equal(stat(out2, &st), 0);   /* no output dir at all */
}

static void test_standalone_program(void **state)
{
    (void)state;
    char d[1024], cmd[4096];
    snprintf(d, sizeof d, "%s/prog", tmp);
    assert_int_equal(mkdir(d, 0777), 0);
    write_case(d, "a.yaml", "a");
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' test . --json r.json --junit r.xml "
             ">stdout.txt 2>&1", d, DSPSIM_TEST);
    int rc = system(cmd);
    assert_true(WIFEXITED(rc) && WEXITSTATUS(rc) == 0);
    char *o = ht_read_file(ht_path(d, "stdout.txt"), NULL);
    /* dspsim test executes cases on the audio firmware (harness/exec):
     * the tone case passes; where the image is not built it is skipped
     * with the reason, never passed */
    if (strstr(o, "SKIP  ./a.yaml")) {
        assert_non_null(strstr(o, "SKIP  ./a.yaml (a): not runnable yet: "
                                  "firmware IPC missing"));
        assert_non_null(strstr(o, "1 case: 0 passed, 0 failed, 0 errors, "
                                  "1 skipped"));
    } else {
        assert_non_null(strstr(o, "PASS  ./a.yaml (a)"));
        assert_non_null(strstr(o, "1 case: 1 passed, 0 failed, 0 errors, "
                                  "0 skipped"));
    }
    free(o);
    ht_write_text(ht_path(d, "b.yaml"), "name: b\npipelines: 3\n");
    rc = system(cmd);
    assert_true(WIFEXITED(rc) && WEXITSTATUS(rc) == 2);
    o = ht_read_file(ht_path(d, "stdout.txt"), NULL);
    assert_non_null(strstr(o, "./b.yaml:2:12: pipelines: expected a "
                              "sequence, got '3'"));
    assert_non_null(strstr(o, "1 invalid case file; nothing was run"));
    free(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_discovery),
        cmocka_unit_test(test_filter),
        cmocka_unit_test(test_shard_arithmetic),
        cmocka_unit_test(test_report_formats),
        cmocka_unit_test(test_results_and_exit_codes),
        cmocka_unit_test(test_standalone_program),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
