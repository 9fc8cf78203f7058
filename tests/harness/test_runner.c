/* SPDX-License-Identifier: BSD-3-Clause */
/* `dspsim test` runner: discovery, filter, shard arithmetic, report
 * formats (read back), results from child processes (pass, fail, crash,
 * timeout), the workers (results as with a process per case) and exit
 * statuses. */
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
#include <time.h>
#include <unistd.h>
#include <jansson.h>

#include "runner/discover.h"
#include "runner/report.h"
#include "runner/run_pool.h"
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
             "  ssp0: {rate: 48000, channels: 2, output: out.wav}\n",
             name);
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
    /* a link back up (a cycle) and a dangling link: skipped, no error */
    assert_int_equal(symlink("..", ht_path(root, "b/c/up")), 0);
    assert_int_equal(symlink("nowhere.yaml", ht_path(root, "b/dead.yaml")), 0);
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
    /* a root named with a trailing slash: the same paths */
    char slash[1100];
    snprintf(slash, sizeof slash, "%s/", root);
    const char *rs[] = { slash };
    assert_true(dsh_discover(rs, 1, &l, err, sizeof err));
    assert_int_equal(l.n, 3);
    assert_string_equal(l.paths[0], ht_path(root, "b/a.yml"));
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
    assert_false(dsh_filter_match("volume", "Volume", "p")); /* exact case */
}

static void test_shard_arithmetic(void **state)
{
    (void)state;
    unsigned i, n;
    assert_true(dsh_shard_parse("2/3", &i, &n));
    assert_int_equal(i, 2);
    assert_int_equal(n, 3);
    assert_true(dsh_shard_parse("1/1", &i, &n));
    const char *bad[] = { "0/3",  "4/3",  "3",  "a/b", "1/0",
                          "-1/2", "1/2x", "/2", "1/",  "" };
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

/* The JSON report read back with jansson. */
static json_t *load_json(const char *path)
{
    json_error_t e;
    json_t *j = json_load_file(path, 0, &e);
    if (!j)
        fail_msg("%s: not valid JSON: %s at line %d", path, e.text, e.line);
    return j;
}

static json_t *get(json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    if (!v)
        fail_msg("no key '%s'", key);
    return v;
}

static const char *str(json_t *o, const char *key)
{
    json_t *v = get(o, key);
    assert_true(json_is_string(v));
    return json_string_value(v);
}

static double num(json_t *o, const char *key)
{
    json_t *v = get(o, key);
    assert_true(json_is_number(v));
    return json_number_value(v);
}

/* hex text back to bytes (the KEY_hex of non-UTF-8 text) */
static void unhex(const char *hex, char *out, size_t outsz)
{
    size_t n = 0;
    for (; hex[0] && hex[1] && n + 1 < outsz; hex += 2) {
        unsigned v;
        assert_int_equal(sscanf(hex, "%2x", &v), 1);
        out[n++] = (char)v;
    }
    out[n] = '\0';
}

static void xmllint(const char *args, const char *file, char *out, size_t outsz)
{
    /* xmllint (found at configure time; libxml2-utils) is required, a
     * missing one fails the test. */
    if (access(XMLLINT, X_OK) != 0)
        fail_msg("xmllint not found ('%s'): install libxml2-utils "
                 "(ci/install-deps.sh) and re-run cmake",
                 XMLLINT);
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "'%s' %s '%s' 2>&1", XMLLINT, args, file);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, outsz - 1, p);
    while (n && out[n - 1] == '\n') /* one trailing newline or none */
        n--;
    out[n] = '\0';
    int rc = pclose(p);
    if (!WIFEXITED(rc) || WEXITSTATUS(rc) != 0)
        fail_msg("xmllint %s %s: %s", args, file, out);
}

static void test_report_formats(void **state)
{
    (void)state;
    static dsh_case_result res[5];
    memset(res, 0, sizeof res);
    res[0] = (dsh_case_result){ .status = DSH_RES_PASS, .seconds = 0.5 };
    res[1] = (dsh_case_result){
        .status = DSH_RES_FAIL,
        .seconds = 1,
        .message = "gain -5.2 dB, expected -6 +- 0.1 \"dB\" <&>",
        .log = "result: failed\nPANIC: cause 0x1c <LoadProhibited>\n"
               "trace: irq 3 & \x02 done\n"
    };
    res[1].nchecks = 2;
    res[1].checks[0] = (dsh_check_figure){ "out", "gain_db", "dB", -5.2, -6.1,
                                           -5.9,  true,      true, false };
    res[1].checks[1] = (dsh_check_figure){ "out", "thdn_db", "dB", -92.5, 0,
                                           -80,   false,     true, true };
    res[1].run = (dsh_run_figures){ .has_run = true,
                                    .cycles = 1600000,
                                    .cpu_hz = 160e6,
                                    .audio_seconds = 0.01,
                                    .mcps = 12.5,
                                    .worst_load_pct = 9.75,
                                    .deadline_misses = 3,
                                    .npipes = 1,
                                    .pipes = { { 1, 10, 160000, 15600, 15623,
                                                 3 } },
                                    .ncomps = 1,
                                    .comps = { { "p1.2 volume", 1.25, 0.5 } } };
    res[2] = (dsh_case_result){ .status = DSH_RES_ERROR,
                                .seconds = 0.25,
                                .message = "crashed:\nsignal 11\t\x01" };
    res[3] = (dsh_case_result){
        .status = DSH_RES_SKIP,
        .message = "not runnable yet: firmware IPC missing"
    };
    res[4] = (dsh_case_result){ .status = DSH_RES_PASS, .seconds = 0.125 };
    /* a file name of bytes that are not UTF-8 */
    const char *odd = "cases/odd\xff\xfe-\xc3\x28.yaml";
    dsh_report_entry e[5] = {
        { "cases/a.yaml", "a", &res[0], NULL, NULL, NULL },
        { "vectors/cases/sub/b.yaml", "b \"quoted\" & <tagged>", &res[1],
          "vectors/cases/", NULL, NULL },
        { "./c.yml", "c", &res[2], ".", NULL, NULL },
        { "/abs/d.yaml", "d", &res[3], NULL, NULL, NULL },
        { odd, "odd \xe9t\xe9", &res[4], "cases", NULL, NULL },
    };
    dsh_report r = { e, 5, 2, 3, 1.75, { 0 }, (time_t)1700000000, "ci-host" };
    dsh_report_count(&r);
    assert_int_equal(r.count[DSH_RES_PASS], 2);
    char err[256];
    const char *jp = ht_path(tmp, "r.json"), *xp = ht_path(tmp, "r.xml");
    assert_true(dsh_report_write_json(jp, &r, err, sizeof err));
    assert_true(dsh_report_write_junit(xp, &r, err, sizeof err));

    json_t *root = load_json(jp);
    assert_string_equal(str(root, "tool"), "dspsim test");
    assert_string_equal(str(root, "timestamp"), "2023-11-14T22:13:20Z");
    assert_string_equal(str(root, "hostname"), "ci-host");
    json_t *sum = get(root, "summary");
    assert_int_equal((int)num(sum, "total"), 5);
    assert_int_equal((int)num(sum, "passed"), 2);
    assert_int_equal((int)num(sum, "failed"), 1);
    assert_int_equal((int)num(sum, "errors"), 1);
    assert_int_equal((int)num(sum, "skipped"), 1);
    assert_true(num(sum, "seconds") == 1.75);
    assert_int_equal((int)num(get(root, "shard"), "index"), 2);
    json_t *cases = get(root, "cases");
    assert_int_equal(json_array_size(cases), 5);
    json_t *c0 = json_array_get(cases, 0), *c1 = json_array_get(cases, 1);
    /* a pass: no log, no run figures here, an empty checks list */
    assert_null(json_object_get(c0, "log"));
    assert_null(json_object_get(c0, "run"));
    assert_int_equal(json_array_size(get(c0, "checks")), 0);
    assert_string_equal(str(c0, "classname"), "cases.a");
    assert_string_equal(str(c1, "name"), "b \"quoted\" & <tagged>");
    assert_string_equal(str(c1, "classname"), "sub.b");
    assert_string_equal(str(c1, "status"), "failed");
    assert_string_equal(str(c1, "message"), res[1].message);
    assert_string_equal(str(c1, "log"), res[1].log);
    json_t *ck = get(c1, "checks");
    assert_int_equal(json_array_size(ck), 2);
    json_t *g = json_array_get(ck, 0);
    assert_string_equal(str(g, "subject"), "out");
    assert_string_equal(str(g, "check"), "gain_db");
    assert_string_equal(str(g, "unit"), "dB");
    assert_true(num(g, "value") == -5.2);
    assert_true(num(g, "min") == -6.1 && num(g, "max") == -5.9);
    assert_true(json_is_false(get(g, "passed")));
    json_t *t = json_array_get(ck, 1);
    assert_true(num(t, "value") == -92.5 && num(t, "max") == -80);
    assert_null(json_object_get(t, "min")); /* no lower bound */
    assert_true(json_is_true(get(t, "passed")));
    json_t *run = get(c1, "run");
    assert_int_equal((long long)num(run, "cycles"), 1600000);
    assert_true(num(run, "mcps") == 12.5);
    assert_true(num(run, "worst_load_pct") == 9.75);
    assert_int_equal((int)num(run, "deadline_misses"), 3);
    json_t *p0 = json_array_get(get(run, "pipelines"), 0);
    assert_int_equal((int)num(p0, "period_cycles"), 160000);
    assert_int_equal((int)num(p0, "worst_cycles"), 15623);
    json_t *cp = json_array_get(get(run, "components"), 0);
    assert_string_equal(str(cp, "name"), "p1.2 volume");
    assert_true(num(cp, "mcps") == 1.25);
    json_t *c2 = json_array_get(cases, 2);
    assert_string_equal(str(c2, "message"), "crashed:\nsignal 11\t\x01");
    assert_string_equal(str(c2, "status"), "error");
    assert_string_equal(str(c2, "classname"), "c");
    assert_string_equal(str(json_array_get(cases, 3), "classname"), "abs.d");
    /* non-UTF-8: U+FFFD in the text, the exact bytes in KEY_hex */
    json_t *c4 = json_array_get(cases, 4);
    assert_string_equal(str(c4, "path"),
                        "cases/odd\xef\xbf\xbd\xef\xbf\xbd-\xef\xbf\xbd(.yaml");
    char back[256];
    unhex(str(c4, "path_hex"), back, sizeof back);
    assert_string_equal(back, odd);
    unhex(str(c4, "name_hex"), back, sizeof back);
    assert_string_equal(back, "odd \xe9t\xe9");
    assert_null(json_object_get(c1, "path_hex")); /* valid UTF-8 */
    json_decref(root);

    char *x = ht_read_file(xp, NULL);
    assert_non_null(x);
    assert_non_null(strstr(x, "<testsuites name=\"dspsim test\" tests=\"5\" "
                              "failures=\"1\" errors=\"1\" skipped=\"1\""));
    assert_non_null(strstr(x, "<testsuite name=\"dspsim\" tests=\"5\""));
    assert_non_null(strstr(x, "timestamp=\"2023-11-14T22:13:20\" "
                              "hostname=\"ci-host\""));
    assert_non_null(strstr(x, "<testcase classname=\"cases.a\" name=\"a\" "
                              "file=\"cases/a.yaml\" time=\"0.500\"/>"));
    assert_non_null(strstr(x, "classname=\"sub.b\" name=\"b &quot;"
                              "quoted&quot; &amp; &lt;tagged&gt;\""));
    assert_non_null(strstr(x, "<failure message=\"gain -5.2 dB"));
    assert_non_null(strstr(x, "<error message=\"crashed:&#10;signal 11&#9;"
                              "\xef\xbf\xbd\"/>"));
    assert_non_null(strstr(x, "classname=\"c\""));
    assert_non_null(strstr(x, "classname=\"abs.d\""));
    assert_non_null(strstr(x, "<skipped message=\"not runnable yet"));
    /* the failed case's log; XML cannot hold \x02: U+FFFD */
    assert_non_null(strstr(x, "<system-out>result: failed\nPANIC: cause "
                              "0x1c &lt;LoadProhibited&gt;\ntrace: irq 3 "
                              "&amp; \xef\xbf\xbd done\n</system-out>"));
    free(x);
    /* well-formed, and read back by libxml2 as written */
    char out[4096];
    xmllint("--noout", xp, out, sizeof out);
    xmllint("--xpath 'string(//testcase[@classname=\"sub.b\"]/system-out)'", xp,
            out, sizeof out);
    assert_non_null(strstr(out, "PANIC: cause 0x1c <LoadProhibited>"));
    xmllint("--xpath 'count(//testcase[@time])'", xp, out, sizeof out);
    assert_string_equal(out, "5");
    xmllint("--xpath 'string(//testsuite/@hostname)'", xp, out, sizeof out);
    assert_string_equal(out, "ci-host");
    /* attribute values read back as written: a name's quote, <, > and &;
     * a message's line feed and tab (character references, which a
     * parser keeps), its control character as U+FFFD */
    xmllint("--xpath 'string(//testcase[@classname=\"sub.b\"]/@name)'", xp, out,
            sizeof out);
    assert_string_equal(out, "b \"quoted\" & <tagged>");
    xmllint("--xpath 'string(//testcase[@classname=\"c\"]/error/@message)'", xp,
            out, sizeof out);
    assert_string_equal(out, "crashed:\nsignal 11\t\xef\xbf\xbd");

    /* an unwritable report: false, the file named, nothing left behind */
    assert_false(dsh_report_write_json(ht_path(tmp, "none/r.json"), &r, err,
                                       sizeof err));
    assert_non_null(strstr(err, "none/r.json: cannot create"));
    assert_false(dsh_report_write_junit(ht_path(tmp, "none/r.xml"), &r, err,
                                        sizeof err));
    assert_non_null(strstr(err, "none/r.xml: cannot create"));
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
    assert_int_equal(run(scripted_exec,
                         "test %s -j 3 --out-dir %s "
                         "--filter pass --no-progress",
                         d, out),
                     0);
    /* fail, crash and timeout: exit 1, statuses in the JSON */
    assert_int_equal(run(scripted_exec,
                         "test %s -j 4 --out-dir %s "
                         "--timeout 0.5 --json %s --no-progress",
                         d, out, js),
                     1);
    json_t *doc = load_json(js);
    json_t *cases = get(doc, "cases");
    const char *expect_status[] = { "passed", "failed", "error", "error",
                                    "passed" };
    const char *expect_msg[] = { "", "expected failure",
                                 "case process crashed: signal 11",
                                 "timed out after", "" };
    for (int i = 0; i < 5; i++) {
        json_t *c = json_array_get(cases, (size_t)i);
        assert_string_equal(str(c, "status"), expect_status[i]);
        const char *m = str(c, "message");
        if (strncmp(m, expect_msg[i], strlen(expect_msg[i])))
            fail_msg("case %d message '%s'", i, m);
        /* relative to the search root d */
        char cls[8];
        snprintf(cls, sizeof cls, "%d", i + 1);
        assert_string_equal(str(c, "classname"), cls);
    }
    assert_non_null(strchr(str(doc, "timestamp"), 'T'));
    assert_true(strlen(str(doc, "hostname")) > 0);
    json_decref(doc);
    /* the filter runs before the shard: one match, in shard 1 of 2 */
    assert_int_equal(run(scripted_exec,
                         "test %s --shard 1/2 --filter fail "
                         "--out-dir %s --no-progress",
                         d, out),
                     1);
    assert_int_equal(run(scripted_exec,
                         "test %s --shard 2/2 --filter fail "
                         "--out-dir %s --no-progress",
                         d, out),
                     0);
    /* shard 2/2 of the five: cases 2 and 4 (fail, hang->timeout) */
    assert_int_equal(run(scripted_exec,
                         "test %s --shard 2/2 --filter [oft]* "
                         "--out-dir %s --timeout 0.3 --json %s "
                         "--no-progress",
                         d, out, js),
                     1);
    doc = load_json(js);
    cases = get(doc, "cases");
    assert_int_equal(json_array_size(cases), 2);
    assert_string_equal(str(json_array_get(cases, 0), "path"),
                        ht_path(d, "2.yaml"));
    json_decref(doc);

    /* skipped cases: 0, or 1 with --fail-on-skip */
    assert_int_equal(run(dsh_exec_not_runnable,
                         "test %s --out-dir %s "
                         "--no-progress",
                         d, out),
                     0);
    assert_int_equal(run(dsh_exec_not_runnable,
                         "test %s --out-dir %s "
                         "--fail-on-skip --no-progress",
                         d, out),
                     1);

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
    assert_int_not_equal(stat(out2, &st), 0); /* no output dir at all */
}

/* An execution plug-in for the workers' test: appends "NAME PID" to
 * user's file; "dirty" leaves every field of its result set, and every
 * case checks that its result arrives as a fresh one (ERROR, nothing
 * else) whatever ran before in its process. */
static void worker_exec(const dsh_case *c, const dsh_exec_env *env,
                        dsh_case_result *r, const void *user)
{
    (void)env;
    FILE *f = fopen(user, "a");
    if (f) {
        fprintf(f, "%s %ld\n", c->name, (long)getpid());
        fclose(f);
    }
    bool fresh = r->status == DSH_RES_ERROR && !r->message[0] && !r->log[0] &&
                 !r->nchecks && !r->run.has_run && !r->run.cycles;
    if (strstr(c->name, "crash"))
        raise(SIGSEGV);
    if (strstr(c->name, "hang"))
        sleep(30);
    r->status = fresh ? DSH_RES_PASS : DSH_RES_FAIL;
    if (!fresh)
        snprintf(r->message, sizeof r->message, "result not fresh");
    if (strstr(c->name, "dirty")) {
        snprintf(r->message, sizeof r->message, "dirty");
        snprintf(r->log, sizeof r->log, "a log");
        r->nchecks = 1;
        snprintf(r->checks[0].check, sizeof r->checks[0].check, "gain_db");
        r->run.has_run = true;
        r->run.cycles = 12345;
    }
}

/* the pid each case of the last run ran in (names one..seven) */
static void read_pids(const char *log, long pid[7])
{
    static const char *names[] = { "one",  "two", "three", "four",
                                   "five", "six", "seven" };
    memset(pid, 0, 7 * sizeof *pid);
    FILE *f = fopen(log, "r");
    assert_non_null(f);
    char name[64];
    long p;
    while (fscanf(f, "%63s %*s %ld", name, &p) == 2)
        for (int i = 0; i < 7; i++)
            if (!strcmp(name, names[i]))
                pid[i] = p;
    fclose(f);
    remove(log);
}

/* The workers (-j N: N processes, case after case in each): a case's
 * result is the same in a worker after other cases as in a process of
 * its own (DSPSIM_TEST_WORKERS=0), a crash or a timeout is still that
 * case's ERROR, the worker replaced and the next cases run on. */
static void test_workers(void **state)
{
    (void)state;
    char d[1024], out[1024], js[1024], log[1024];
    snprintf(d, sizeof d, "%s/wcases", tmp);
    snprintf(out, sizeof out, "%s/wout", tmp);
    snprintf(js, sizeof js, "%s/w.json", tmp);
    snprintf(log, sizeof log, "%s/pids.log", tmp);
    assert_int_equal(mkdir(d, 0777), 0);
    write_case(d, "1.yaml", "one pass");
    write_case(d, "2.yaml", "two dirty");
    write_case(d, "3.yaml", "three pass");
    write_case(d, "4.yaml", "four crash");
    write_case(d, "5.yaml", "five pass");
    write_case(d, "6.yaml", "six hang");
    write_case(d, "7.yaml", "seven pass");
    const char *expect_status[] = { "passed", "passed", "passed", "error",
                                    "passed", "error",  "passed" };
    const char *expect_msg[] = { "", "dirty",
                                 "", "case process crashed: signal 11",
                                 "", "timed out after",
                                 "" };
    long pid[7];
    for (int mode = 0; mode < 3; mode++) {
        /* 0: one worker, 1: three workers, 2: a process per case */
        if (mode == 2)
            setenv("DSPSIM_TEST_WORKERS", "0", 1);
        char line[4096];
        snprintf(line, sizeof line,
                 "test %s -j %d --out-dir %s --timeout 0.5 --json %s "
                 "--no-progress",
                 d, mode == 1 ? 3 : 1, out, js);
        char *argv[32];
        int argc = 0;
        for (char *t = strtok(line, " "); t && argc < 31; t = strtok(NULL, " "))
            argv[argc++] = t;
        argv[argc] = NULL;
        assert_int_equal(dsh_test_main(argc, argv, worker_exec, log), 1);
        unsetenv("DSPSIM_TEST_WORKERS");
        json_t *doc = load_json(js);
        json_t *cases = get(doc, "cases");
        assert_int_equal(json_array_size(cases), 7);
        for (int i = 0; i < 7; i++) {
            json_t *c = json_array_get(cases, (size_t)i);
            const char *m = str(c, "message");
            if (strcmp(str(c, "status"), expect_status[i]) ||
                strncmp(m, expect_msg[i], strlen(expect_msg[i])) ||
                (!expect_msg[i][0] && m[0]))
                fail_msg("mode %d case %d: %s '%s'", mode, i, str(c, "status"),
                         m);
            /* nothing of the dirty case's result on the next */
            if (i != 1)
                assert_int_equal(json_array_size(get(c, "checks")), 0);
        }
        json_decref(doc);
        read_pids(log, pid);
        for (int i = 0; i < 7; i++)
            assert_true(pid[i] > 0);
        if (mode == 0) {
            /* one worker for 1-4 (crashed in 4), its successor for 5-6
             * (killed in 6), a third for 7 */
            assert_int_equal(pid[1], pid[0]);
            assert_int_equal(pid[2], pid[0]);
            assert_int_equal(pid[3], pid[0]);
            assert_int_equal(pid[5], pid[4]);
            assert_int_not_equal(pid[4], pid[0]);
            assert_int_not_equal(pid[6], pid[4]);
            assert_int_not_equal(pid[6], pid[0]);
        } else if (mode == 2) {
            for (int i = 0; i < 7; i++)
                for (int k = 0; k < i; k++)
                    assert_int_not_equal(pid[i], pid[k]);
        } else {
            int distinct = 0;
            for (int i = 0; i < 7; i++) {
                int seen = 0;
                for (int k = 0; k < i; k++)
                    seen |= pid[k] == pid[i];
                distinct += !seen;
            }
            /* three workers and the two that replaced the lost ones */
            assert_true(distinct <= 5);
        }
        /* every process reaped before dsh_test_main returned */
        assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);
    }
}

static double mono_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* a job of 50 ms that records when it started */
static void timed_exec(const dsh_case *c, const dsh_exec_env *env,
                       dsh_case_result *r, const void *user)
{
    (void)c, (void)env, (void)user;
    r->status = DSH_RES_PASS;
    /* in the message: the pool sets seconds itself */
    snprintf(r->message, sizeof r->message, "%.6f", mono_s());
    struct timespec ts = { 0, 50000000 };
    nanosleep(&ts, NULL);
}

typedef struct hook_times {
    double end[4];
} hook_times;

/* a report's work on a finished job: 100 ms in the calling process */
static void slow_done(void *user, dsh_job *jobs, size_t i)
{
    (void)jobs;
    struct timespec ts = { 0, 100000000 };
    nanosleep(&ts, NULL);
    ((hook_times *)user)->end[i] = mono_s();
}

/* A worker that finished gets its next job before the finished job's
 * hook runs (the HTML report makes the case's page there): job i+1
 * starts before the hook of job i has returned, on one worker. */
static void test_pool_feeds_before_hooks(void **state)
{
    (void)state;
    static dsh_job jobs[4];
    memset(jobs, 0, sizeof jobs);
    hook_times t = { { 0 } };
    dsh_pool_hooks hooks = { slow_done, NULL, &t };
    dsh_run_pool(jobs, 4, 1, 0, timed_exec, NULL, &hooks);
    for (size_t i = 0; i < 4; i++) {
        assert_int_equal(jobs[i].done, 1);
        assert_int_equal(jobs[i].result.status, DSH_RES_PASS);
    }
    for (size_t i = 0; i + 1 < 4; i++) {
        double start = atof(jobs[i + 1].result.message);
        if (!(start < t.end[i]))
            fail_msg("job %zu started %.3f s after job %zu's hook ended", i + 1,
                     start - t.end[i], i);
    }
}

/* a job that makes plot data when asked: job i's text is 1 + i * 300,007
 * bytes of a pattern (the largest several times a pipe's capacity), none
 * for the job that crashes (job 3) */
static void plot_exec(const dsh_case *c, const dsh_exec_env *env,
                      dsh_case_result *r, const void *user)
{
    (void)user;
    size_t i = (size_t)(uintptr_t)c;
    r->status = DSH_RES_PASS;
    if (i == 3)
        abort();
    if (!env->plot_data || !env->plot_text)
        return;
    size_t n = 1 + i * 300007u;
    char *t = malloc(n);
    assert_non_null(t);
    for (size_t k = 0; k < n; k++)
        t[k] = (char)('a' + (k * 7 + i) % 26);
    *env->plot_text = t;
    *env->plot_len = n;
}

/* A worker's plot data reaches the runner behind its result, whole, for
 * each job and whichever worker ran it; a job without (no --html) or
 * whose worker died has none, and the next jobs' are right. */
static void test_pool_plot_text(void **state)
{
    (void)state;
    enum { N = 6 };
    static dsh_job jobs[N];
    memset(jobs, 0, sizeof jobs);
    for (size_t i = 0; i < N; i++) {
        jobs[i].c = (const dsh_case *)(uintptr_t)i;
        jobs[i].plot_data = i != 1;
    }
    dsh_run_pool(jobs, N, 2, 0, plot_exec, NULL, NULL);
    for (size_t i = 0; i < N; i++) {
        assert_int_equal(jobs[i].done, 1);
        if (i == 1 || i == 3) {
            assert_null(jobs[i].plot_text);
            assert_int_equal(jobs[i].result.status,
                             i == 3 ? DSH_RES_ERROR : DSH_RES_PASS);
            continue;
        }
        size_t n = 1 + i * 300007u;
        assert_int_equal(jobs[i].result.plot_len, n);
        assert_non_null(jobs[i].plot_text);
        for (size_t k = 0; k < n; k++)
            if (jobs[i].plot_text[k] != (char)('a' + (k * 7 + i) % 26))
                fail_msg("job %zu: byte %zu", i, k);
        free(jobs[i].plot_text);
    }
}

static void test_standalone_program(void **state)
{
    (void)state;
    char d[1024], cmd[4096];
    snprintf(d, sizeof d, "%s/prog", tmp);
    assert_int_equal(mkdir(d, 0777), 0);
    write_case(d, "a.yaml", "a");
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' test . --json r.json --junit r.xml "
             ">stdout.txt 2>&1",
             d, DSPSIM_TEST);
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
        cmocka_unit_test(test_pool_feeds_before_hooks),
        cmocka_unit_test(test_pool_plot_text),
        cmocka_unit_test(test_workers),
        cmocka_unit_test(test_standalone_program),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
