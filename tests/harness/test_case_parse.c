/* SPDX-License-Identifier: BSD-3-Clause */
/* Case parser: a table of bad snippets, each checked for its exact
 * line:column and message, and good cases parsed into the expected
 * structure. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include <sys/stat.h>

#include "case/case.h"
#include "case/case_paths.h"
#include "harness_test_util.h"

static const char *dir;

static const char base_case[] =
    "name: t\n"                                        /* 1 */
    "pipelines:\n"                                     /* 2 */
    "  - id: 1\n"                                      /* 3 */
    "    period_us: 1000\n"                            /* 4 */
    "    components:\n"                                /* 5 */
    "      - {id: host1, type: host, stream: music}\n" /* 6 */
    "      - {id: vol1, type: volume, gain_db: -6}\n"  /* 7 */
    "      - {id: dai1, type: dai, port: ssp0}\n"      /* 8 */
    "    connect: [[host1, vol1], [vol1, dai1]]\n"     /* 9 */
    "streams:\n"                                       /* 10 */
    "  music: {input: in.wav}\n"                       /* 11 */
    "ports:\n"                                         /* 12 */
    "  ssp0: {rate: 48000, channels: 2, format: s32, output: out.wav}\n";

static int setup(void **state)
{
    (void)state;
    dir = ht_make_tmpdir("case");
    ht_write_sine(ht_path(dir, "in.wav"), 48000, 2, 4800, 997, 0.5,
                  DSH_PCM_S16);
    ht_write_sine(ht_path(dir, "in44.wav"), 44100, 2, 4410, 997, 0.5,
                  DSH_PCM_S16);
    ht_write_sine(ht_path(dir, "ref.wav"), 48000, 2, 4800, 997, 0.25,
                  DSH_PCM_S32);
    ht_write_sine(ht_path(dir, "ref_mono.wav"), 48000, 1, 4800, 997, 0.25,
                  DSH_PCM_S32);
    ht_write_text(ht_path(dir, "notaudio.wav"), "this is not a WAV file\n");
    ht_write_text(ht_path(dir, "badboard.yaml"), "cpu_hz: 100000000\n"
                                                 "dma:\n  chanels: 2\n");
    ht_write_text(ht_path(dir, "taps.txt"), "# 3-tap average\n0.25, 0.5\n"
                                            "0.25\n");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    ht_remove_tree(dir);
    return 0;
}

/* base_case with the first occurrence of `find` replaced by `repl`. */
static char *edit(const char *text, const char *find, const char *repl)
{
    const char *at = strstr(text, find);
    if (!at)
        fail_msg("snippet '%s' not in the base case", find);
    size_t n = strlen(text) - strlen(find) + strlen(repl) + 1;
    char *out = malloc(n);
    snprintf(out, n, "%.*s%s%s", (int)(at - text), text, repl,
             at + strlen(find));
    return out;
}

static dsh_case *parse(const char *text, dsh_diag *d)
{
    dsh_diag_init(d);
    return dsh_case_parse(ht_path(dir, "case.yaml"), text, strlen(text), d);
}

typedef struct bad_case {
    const char *what;
    const char *find, *repl; /* edit of base_case (find NULL: repl is
                                   the whole text) */
    unsigned line;
    const char *at;  /* column = 1 + offset of `at` in the line */
    const char *msg; /* substring of the first message */
} bad_case;

static const char cycle_case[] =
    "name: cycle\n"
    "duration_ms: 100\n"
    "pipelines:\n"
    "  - id: 1\n"
    "    period_us: 1000\n"
    "    components:\n"
    "      - {id: host1, type: host, stream: music}\n"
    "      - {id: mix1, type: mixer}\n"
    "      - {id: vol1, type: volume}\n"
    "      - {id: tone1, type: tone}\n"
    "      - {id: dai1, type: dai, port: ssp0}\n"
    "    connect: [[host1, mix1], [mix1, vol1], [vol1, mix1], [tone1, dai1]]\n"
    "streams:\n"
    "  music: {input: in.wav}\n"
    "ports:\n"
    "  ssp0: {rate: 48000, channels: 2, output: out.wav}\n";

/* Two SSP ports, one of each audio-clock family, no clock given. */
static const char mixed_clock_case[] =
    "name: mixed families\n"
    "duration_ms: 100\n"
    "pipelines:\n"
    "  - id: 1\n"
    "    period_us: 10000\n"
    "    components:\n"
    "      - {id: t1, type: tone, rate: 48000}\n"
    "      - {id: d1, type: dai, port: ssp0}\n"
    "      - {id: t2, type: tone, rate: 44100}\n"
    "      - {id: d2, type: dai, port: ssp1}\n"
    "    connect: [[t1, d1], [t2, d2]]\n"
    "ports:\n"
    "  ssp0: {rate: 48000, channels: 2, output: a.wav}\n"
    "  ssp1: {rate: 44100, channels: 2, output: b.wav}\n";

#define EXPECT_AT_15(text)                                                     \
    "output: out.wav}\n", "output: out.wav}\nexpect:\n  " text "\n", 15

static const bad_case bad_cases[] = {
    { "unknown key", "gain_db: -6}", "gain_db: -6, gian: 1}", 7, "gian",
      "unknown key 'gian'" },
    { "wrong type (number)", "gain_db: -6}", "gain_db: loud}", 7, "loud",
      "gain_db: expected a number, got 'loud'" },
    { "wrong type (quoted integer)", "period_us: 1000", "period_us: \"1000\"",
      4, "\"1000\"", "expected an integer, got the string '1000'" },
    { "negative period", "period_us: 1000", "period_us: -5", 4, "-5",
      "pipelines[0].period_us: -5 is out of range" },
    { "duplicate id", "{id: dai1, type: dai", "{id: vol1, type: dai", 8, "vol1",
      "duplicate component id 'vol1' (first defined at 7:9)" },
    { "duplicate pipeline key", "    period_us: 1000\n",
      "    period_us: 1000\n    period_us: 500\n", 5, "period_us",
      "duplicate key 'period_us' (first at 4:5)" },
    { "dangling connection", "[vol1, dai1]]", "[vol1, dai2]]", 9, "dai2",
      "unknown component 'dai2'" },
    { "self connection", "[vol1, dai1]]", "[vol1, vol1]]", 9, "[vol1, vol1",
      "'vol1' is connected to itself" },
    { "cycle in the graph", NULL, cycle_case, 12, "[vol1, mix1]",
      "'vol1' -> 'mix1' closes a cycle (mix1 -> vol1 -> mix1)" },
    { "unconnected component", "[[host1, vol1], [vol1, dai1]]",
      "[[host1, vol1]]", 7, "{",
      "volume 'vol1' is not connected: no "
      "output" },
    { "too many inputs", "[[host1, vol1], [vol1, dai1]]",
      "[[host1, vol1], [vol1, dai1], [host1, dai1]]", 9, "[host1, dai1]",
      "playback host 'host1' has no output here" },
    { "missing file", "in.wav", "missing.wav", 11, "missing.wav",
      "streams.music.input: file not found: 'missing.wav'" },
    { "not a sound file", "in.wav", "notaudio.wav", 11, "notaudio.wav",
      "cannot read as a sound file" },
    { "bad format string", "format: s32", "format: s33", 13, "s33",
      "ports.ssp0.format: unknown format 's33'" },
    { "tolerance on a non-port", "output: out.wav}\n",
      "output: out.wav}\nexpect:\n  vol1: {tolerance_lsb: 1}\n", 15, "vol1",
      "expect: 'vol1' is a component, not a port or stream" },
    { "tolerance on an input", "output: out.wav}\n",
      "output: out.wav}\nexpect:\n  music: {tolerance_lsb: 1}\n", 15, "music",
      "'music' is an input stream" },
    { "tolerance without reference", "output: out.wav}\n",
      "output: out.wav}\nexpect:\n  ssp0: {tolerance_lsb: 1}\n", 15,
      "tolerance_lsb", "needs a reference file" },
    { "reference channel mismatch", "output: out.wav}\n",
      "output: out.wav}\nexpect:\n  ssp0: {reference: ref_mono.wav}\n", 15,
      "ref_mono.wav",
      "'ref_mono.wav' is 48000 Hz, 1 channel but port "
      "'ssp0' is 48000 Hz, 2 channels" },
    { "stream rate mismatch", "{input: in.wav}",
      "{input: in44.wav, rate: "
      "48000}",
      11, "in44.wav",
      "'in44.wav' is 44100 Hz, 2 channels but "
      "stream 'music' is 48000 Hz, 2 channels" },
    { "graph rate mismatch", "rate: 48000", "rate: 44100", 9, "[vol1, dai1]",
      "port 'ssp0' is 44100 Hz, 2 channels but receives "
      "48000 Hz, 2 channels from 'vol1'" },
    { "duplicate mapping key", "{input: in.wav}",
      "{input: in.wav, input: in.wav}", 11, "input: in.wav}",
      "duplicate key 'input'" },
    { "unused stream", "  music: {input: in.wav}\n",
      "  music: {input: in.wav}\n  extra: {input: in.wav}\n", 12, "extra",
      "streams.extra: not used by any host component" },
    { "unknown stream", "stream: music}", "stream: musak}", 6, "musak",
      "no stream named 'musak'" },
    { "unknown component type", "type: volume", "type: volumes", 7, "volumes",
      "unknown value 'volumes'" },
    { "bad port name", "port: ssp0}", "port: i2s0}", 8, "i2s0",
      "'i2s0' is not an SSP port" },
    { "missing name", "name: t\n", "", 1, "pipelines",
      "missing required key 'name'" },
    { "unknown top-level key", "name: t\n", "name: t\nnmae: u\n", 2, "nmae",
      "unknown key 'nmae'" },
    { "control on unknown component", "output: out.wav}\n",
      "output: out.wav}\ncontrols:\n  - {at_ms: 5, component: vol9, set: "
      "{gain_db: 1}}\n",
      15, "vol9", "unknown component 'vol9'" },
    { "control sets a non-runtime parameter", "output: out.wav}\n",
      "output: out.wav}\ncontrols:\n  - {at_ms: 5, component: vol1, set: "
      "{out_rate: 1}}\n",
      15, "out_rate",
      "volume has no parameter "
      "'out_rate' settable at run time (settable: gain_db, ramp_ms, mute)" },
    { "control after the end", "name: t\n",
      "name: t\nduration_ms: 100\ncontrols: [{at_ms: 100, component: vol1, "
      "set: {mute: true}}]\n",
      3, "100, component", "100 ms is not before the end of the run" },
    { "output path escapes", "output: out.wav}", "output: ../out.wav}", 13,
      "../out.wav", "must be a relative path inside the output directory" },
    { "yaml syntax error", "[vol1, dai1]]", "[vol1, dai1]", 10, "streams",
      "YAML syntax error" },
    { "bad duration", "name: t\n", "name: t\nduration_ms: forever\n", 2,
      "forever", "expected a number of milliseconds or until_input_ends" },
    /* count ranges */
    { "range min above max",
      EXPECT_AT_15("deadlines: {missed: {min: 5, max: 3}}"), "{min: 5",
      "expect.deadlines.missed: min 5 is above max 3" },
    { "range without bounds", EXPECT_AT_15("xruns: {}"), "{}",
      "expect.xruns: give min, max or both" },
    { "range unknown key", EXPECT_AT_15("xruns: {min: 1, most: 3}"), "most",
      "expect.xruns: unknown key 'most' (expected one of: min, max)" },
    { "range negative bound", EXPECT_AT_15("ipc_errors: {max: -1}"), "-1",
      "expect.ipc_errors.max: -1 is out of range" },
    { "range as a sequence", EXPECT_AT_15("xruns: [1, 2]"), "[1, 2]",
      "expect.xruns: expected an integer or {min: N, max: M}, got a "
      "sequence" },
    { "range bound not an integer", EXPECT_AT_15("restarts: {min: 1.5}"), "1.5",
      "expect.restarts.min: expected an integer, got '1.5'" },
    { "per-pipeline range",
      EXPECT_AT_15("deadlines: {pipelines: {1: "
                   "{missed: {min: x}}}}"),
      "x}",
      "expect.deadlines.pipelines.1.missed."
      "min: expected an integer, got 'x'" },
    { "per-pipeline range min above max",
      EXPECT_AT_15("deadlines: "
                   "{pipelines: {1: {missed: {min: 9, max: 1}}}}"),
      "{min: 9", "expect.deadlines.pipelines.1.missed: min 9 is above max 1" },
    /* expected setup errors */
    { "setup_error unknown command",
      EXPECT_AT_15("setup_error: {command: "
                   "COMP_NEW, status: AUD_RATE}"),
      "COMP_NEW",
      "expect.setup_error."
      "command: unknown value 'COMP_NEW' (expected one of: AUD_PIPE_NEW, "
      "AUD_COMP_NEW, AUD_BUF_NEW" },
    { "setup_error not a setup command",
      EXPECT_AT_15("setup_error: "
                   "{command: AUD_SET_CONTROL, status: AUD_RANGE}"),
      "AUD_SET_CONTROL", "AUD_SET_CONTROL is not sent while setting up" },
    { "setup_error unknown status",
      EXPECT_AT_15("setup_error: {command: "
                   "AUD_COMP_NEW, status: AUD_RATES}"),
      "AUD_RATES",
      "expect.setup_error."
      "status: unknown status 'AUD_RATES' (expected one of: AUD_INVAL, "
      "AUD_NOMEM" },
    { "setup_error OK is no error",
      EXPECT_AT_15("setup_error: {command: "
                   "AUD_COMP_NEW, status: OK}"),
      "OK}", "unknown status 'OK'" },
    { "setup_error without status",
      EXPECT_AT_15("setup_error: {command: "
                   "AUD_COMP_NEW}"),
      "{command",
      "expect.setup_error: missing required "
      "key 'status'" },
    { "setup_error unknown key",
      EXPECT_AT_15("setup_error: {command: "
                   "AUD_COMP_NEW, status: AUD_RATE, comp: vol1}"),
      "comp:",
      "unknown key 'comp' (expected one of: command, status, pipeline, "
      "component)" },
    { "setup_error component of a pipeline command",
      EXPECT_AT_15(
          "setup_error: {command: AUD_PIPE_NEW, status: AUD_PERIOD, component: "
          "vol1}"),
      "vol1}",
      "goes with AUD_COMP_NEW, AUD_STREAM_PARAMS or "
      "AUD_PIPE_CONNECT (the consumer's component) only; AUD_PIPE_NEW "
      "concerns a whole pipeline (use pipeline:)" },
    { "setup_error stream params of a non-host",
      EXPECT_AT_15(
          "setup_error: "
          "{command: AUD_STREAM_PARAMS, status: AUD_RATE, component: vol1}"),
      "vol1}", "'vol1' is not a host component" },
    { "setup_error unknown component",
      EXPECT_AT_15("setup_error: {command: "
                   "AUD_COMP_NEW, status: AUD_RATE, component: vol9}"),
      "vol9", "expect.setup_error.component: unknown component 'vol9'" },
    { "setup_error unknown pipeline",
      EXPECT_AT_15("setup_error: {command: "
                   "AUD_TRIGGER, status: AUD_RATE, pipeline: 7}"),
      "7}", "expect.setup_error.pipeline: no pipeline with id 7" },
    { "setup_error with an audio expectation", "output: out.wav}\n",
      "output: out.wav}\nexpect:\n  ssp0: {skip_ms: 1}\n  setup_error: "
      "{command: AUD_COMP_NEW, status: AUD_RATE}\n",
      16, "{command",
      "nothing runs after the rejected setup, so 'ssp0' cannot be checked" },
    { "setup_error with deadlines", "output: out.wav}\n",
      "output: out.wav}\nexpect:\n  setup_error: {command: AUD_COMP_NEW, "
      "status: AUD_RATE}\n  deadlines: {missed: 0}\n",
      15, "{command", "so 'deadlines' cannot be checked" },
    { "setup_error with controls", "output: out.wav}\n",
      "output: out.wav}\ncontrols:\n  - {at_ms: 5, component: vol1, set: "
      "{gain_db: 1}}\nexpect:\n  setup_error: {command: AUD_COMP_NEW, "
      "status: AUD_RANGE}\n",
      17, "{command",
      "the case cannot have "
      "controls (first at 15:5)" },
    /* on_xrun, audio clock */
    { "bad on_xrun", "name: t\n", "name: t\non_xrun: retry\n", 2, "retry",
      "on_xrun: unknown value 'retry' (expected one of: restart, stop)" },
    { "bad end", "name: t\n", "name: t\nend: flush\n", 2, "flush",
      "end: unknown value 'flush' (expected one of: stop, drain)" },
    { "audio clock families mixed", NULL, mixed_clock_case, 14, "ssp1",
      "ports.ssp1: ssp0 at 48000 Hz needs a 48 kHz-family audio clock "
      "(12288000 Hz) but ssp1 at 44100 Hz a 44.1 kHz-family one (11289600 "
      "Hz); with no board.audio_clock_hz one default cannot serve both: set "
      "board: {audio_clock_hz: N}, N a multiple of every port rate (e.g. "
      "7056000)" },
    /* YAML guard (issue 14): tags, nesting, anchors; a board file read
     * at validation */
    { "tag on an integer", "period_us: 1000", "period_us: !!str 1000", 4,
      "!!str",
      "YAML tag '!!str' is not supported: write the value "
      "without a tag (quote it to make it a string)" },
    { "local tag", "name: t\n", "name: !x t\n", 1, "!x",
      "YAML tag '!x' is not supported" },
    { "tag on a mapping", "  music: {input", "  music: !!map {input", 11,
      "!!map", "YAML tag '!!map' is not supported" },
    { "nesting too deep", "name: t\n",
      "name: t\ndescription: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]"
      "]]]]]]]]]]]]]]]]]]]]\n",
      2, "[[]]",
      "YAML nesting deeper than 32 levels of mappings and sequences" },
    { "invalid board file", "name: t\n", "name: t\nboard: badboard.yaml\n", 2,
      "badboard.yaml", "board: invalid board description: " },
    { "invalid board.file", "name: t\n",
      "name: t\nboard: {cpu_hz: 100000000, file: badboard.yaml}\n", 2,
      "badboard.yaml", "board.file: invalid board description: " },
};

static void check_bad(const bad_case *b)
{
    char *text = b->find ? edit(base_case, b->find, b->repl) : strdup(b->repl);
    dsh_diag d;
    dsh_case *c = parse(text, &d);
    if (c || d.count == 0)
        fail_msg("%s: parsed without error", b->what);
    /* expected column: offset of `at` in line b->line */
    const char *line = text;
    for (unsigned i = 1; i < b->line && line; i++) {
        line = strchr(line, '\n');
        line = line ? line + 1 : NULL;
    }
    assert_non_null(line);
    const char *eol = strchr(line, '\n');
    const char *at = strstr(line, b->at);
    if (!at || (eol && at > eol))
        fail_msg("%s: '%s' not on line %u", b->what, b->at, b->line);
    unsigned col = (unsigned)(at - line) + 1;
    if (d.mark[0].line != b->line || d.mark[0].col != col ||
        !strstr(d.msg[0], b->msg)) {
        dsh_diag_print(&d, stderr);
        fail_msg("%s: expected %u:%u '%s'", b->what, b->line, col, b->msg);
    }
    if (getenv("HT_VERBOSE"))
        printf("%-40s %s\n", b->what, d.msg[0]);
    /* the message carries FILE:LINE:COL */
    char prefix[1200];
    snprintf(prefix, sizeof prefix, "%s:%u:%u: ", ht_path(dir, "case.yaml"),
             b->line, col);
    if (strncmp(d.msg[0], prefix, strlen(prefix)))
        fail_msg("%s: message '%s' lacks prefix '%s'", b->what, d.msg[0],
                 prefix);
    free(text);
}

static void test_bad_cases(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++)
        check_bad(&bad_cases[i]);
}

/* A component that fails to parse is reported once, at itself: the
 * connections and controls that name it add no "unknown component"; a
 * name no component declares still gets one. */
static void test_failed_component_reported_once(void **state)
{
    (void)state;
    char *t1 = edit(base_case, "gain_db: -6}", "gain_db: loud}");
    char *text = edit(t1, "output: out.wav}\n",
                      "output: out.wav}\ncontrols:\n"
                      "  - {at_ms: 10, component: vol1, gain_db: -3}\n");
    dsh_diag d;
    dsh_case *c = parse(text, &d);
    if (c || d.count != 1 || !strstr(d.msg[0], "expected a number")) {
        dsh_diag_print(&d, stderr);
        fail_msg("want exactly the gain_db error, got %u messages", d.count);
    }
    free(text);
    /* the same reference to a component nobody declares */
    text = edit(t1, "[vol1, dai1]", "[vol2, dai1]");
    c = parse(text, &d);
    assert_null(c);
    bool unknown = false;
    for (unsigned i = 0; i < d.count && i < DSH_DIAG_MAX; i++)
        unknown |= strstr(d.msg[i], "unknown component 'vol2'") != NULL;
    if (!unknown) {
        dsh_diag_print(&d, stderr);
        fail_msg("an undeclared component was not reported");
    }
    free(text);
    free(t1);
}

static void test_base_case(void **state)
{
    (void)state;
    dsh_diag d;
    dsh_case *c = parse(base_case, &d);
    if (!c)
        dsh_diag_print(&d, stderr);
    assert_non_null(c);
    assert_string_equal(c->name, "t");
    assert_int_equal(c->n_pipelines, 1);
    assert_int_equal(c->pipelines[0].id, 1);
    assert_int_equal(c->pipelines[0].period_us, 1000);
    assert_int_equal(c->n_comps, 3);
    assert_int_equal(c->comps[0].type, DSH_COMP_HOST);
    assert_int_equal(c->comps[1].type, DSH_COMP_VOLUME);
    assert_true(c->comps[1].p.gain_db == -6.0);
    assert_int_equal(c->comps[1].set, DSH_P_GAIN_DB);
    assert_int_equal(c->comps[2].type, DSH_COMP_DAI);
    assert_int_equal(c->comps[2].p.port_index, 0);
    assert_int_equal(c->n_conns, 2);
    assert_int_equal(c->conns[0].from, 0);
    assert_int_equal(c->conns[0].to, 1);
    assert_int_equal(c->conns[1].from, 1);
    assert_int_equal(c->conns[1].to, 2);
    assert_int_equal(c->conns[1].mark.line, 9);
    assert_int_equal(c->n_endpoints, 2);
    const dsh_endpoint
        *music = &c->endpoints[dsh_case_find_endpoint(c, "music")];
    assert_int_equal(music->dir, DSH_EP_INPUT);
    assert_int_equal(music->rate, 48000); /* from the file */
    assert_int_equal(music->channels, 2);
    assert_int_equal(music->format, DSH_PCM_S16);
    assert_int_equal(music->input_frames, 4800);
    assert_string_equal(music->resolved, ht_path(dir, "in.wav"));
    const dsh_endpoint *ssp0 = &c->endpoints[dsh_case_find_endpoint(c, "ssp0")];
    assert_int_equal(ssp0->dir, DSH_EP_OUTPUT);
    assert_int_equal(ssp0->format, DSH_PCM_S32);
    assert_string_equal(ssp0->file, "out.wav");
    assert_int_equal(ssp0->component, 2);
    assert_true(c->until_input_ends);
    assert_int_equal(c->comps[2].rate, 48000);
    assert_int_equal(c->comps[2].channels, 2);
    dsh_case_free(c);
}

static const char full_case[] =
    "name: everything\n"
    "description: all component types and expectations\n"
    "board: {cpu_hz: 80000000, ssp_ports: 2}\n"
    "duration_ms: 500\n"
    "pipelines:\n"
    "  - id: 1\n"
    "    period_us: 1000\n"
    "    priority: 2\n"
    "    components:\n"
    "      - {id: host1, type: host, stream: music}\n"
    "      - {id: src1, type: src, out_rate: 48000}\n"
    "      - id: eq1\n"
    "        type: eq_iir\n"
    "        biquads:\n"
    "          - {type: highpass, freq_hz: 40}\n"
    "          - {type: peaking, freq_hz: 1000, q: 2, gain_db: 3}\n"
    "      - {id: fir1, type: eq_fir, taps_file: taps.txt}\n"
    "      - {id: mix1, type: mixer, gains_db: [0, -6]}\n"
    "      - {id: vol1, type: volume, gain_db: -6, ramp_ms: 10}\n"
    "      - {id: dai1, type: dai, port: ssp1}\n"
    "    connect: [[host1, src1], [src1, eq1], [eq1, fir1], [fir1, mix1],\n"
    "              [mix1, vol1], [vol1, dai1]]\n"
    "  - id: 2\n"
    "    period_us: 2000\n"
    "    components:\n"
    "      - {id: tone1, type: tone, freq_hz: 440, level_dbfs: -30}\n"
    "    connect: [[tone1, mix1]]\n"
    "streams:\n"
    "  music: {input: in.wav, format: s24}\n"
    "ports:\n"
    "  ssp1: {rate: 48000, channels: 2, format: s24, output: o/out.wav}\n"
    "controls:\n"
    "  - {at_ms: 300, component: vol1, set: {gain_db: -12}}\n"
    "  - {at_ms: 100, component: tone1, set: {freq_hz: 880}}\n"
    "  - {at_ms: 100, component: vol1, set: {mute: true}, expect_error: true}\n"
    "expect:\n"
    "  ssp1:\n"
    "    reference: ref.wav\n"
    "    tolerance_lsb: 1\n"
    "    skip_ms: 20\n"
    "    gain_db: {value: -6, tolerance: 0.5}\n"
    "    thdn_db: {max: -80, freq_hz: 997}\n"
    "    snr_db: 90\n"
    "    dc_offset_dbfs: -90\n"
    "    length: {ms: 500, tolerance: 48}\n"
    "    freq_response: {mask: [[20, -3, 1], [20000, -3, 1]]}\n"
    "  deadlines:\n"
    "    missed: 0\n"
    "    max_load_pct: 50\n"
    "    pipelines: {2: {max_cycles: 40000}}\n"
    "  xruns: 0\n"
    "  ipc_errors: 1\n";

static void test_full_case(void **state)
{
    (void)state;
    dsh_diag d;
    dsh_case *c = parse(full_case, &d);
    if (!c)
        dsh_diag_print(&d, stderr);
    assert_non_null(c);
    assert_string_equal(c->description, "all component types and expectations");
    assert_true(c->board.has_cpu_hz);
    assert_int_equal(c->board.cpu_hz, 80000000);
    assert_false(c->board.has_drift_ppm);
    assert_false(c->until_input_ends);
    assert_true(c->duration_ms == 500);
    assert_int_equal(c->n_pipelines, 2);
    assert_int_equal(c->pipelines[0].priority, 2);
    assert_int_equal(c->n_comps, 8);
    int eq = dsh_case_find_component(c, "eq1");
    assert_int_equal(c->comps[eq].p.n_biquads, 2);
    assert_int_equal(c->comps[eq].p.biquads[0].type, DSH_BQ_HIGHPASS);
    assert_true(c->comps[eq].p.biquads[0].q == 0.7071);
    assert_true(c->comps[eq].p.biquads[1].gain_db == 3);
    int fir = dsh_case_find_component(c, "fir1");
    assert_int_equal(c->comps[fir].p.n_taps, 3);
    assert_true(c->comps[fir].p.taps[1] == 0.5);
    int mix = dsh_case_find_component(c, "mix1");
    assert_int_equal(c->comps[mix].n_in, 2);
    assert_true(c->comps[mix].p.gains_db[1] == -6);
    int tone = dsh_case_find_component(c, "tone1");
    assert_int_equal(c->comps[tone].pipeline, 1);
    assert_int_equal(c->comps[tone].rate, 48000);
    /* controls sorted by time, stable */
    assert_int_equal(c->n_controls, 3);
    assert_true(c->controls[0].at_ms == 100);
    assert_int_equal(c->controls[0].component, tone);
    assert_true(c->controls[0].p.freq_hz == 880);
    assert_true(c->controls[1].expect_error);
    assert_true(c->controls[1].p.mute);
    assert_int_equal(c->controls[1].set, DSH_P_MUTE);
    assert_true(c->controls[2].p.gain_db == -12);
    /* expectations */
    assert_int_equal(c->n_audio, 1);
    const dsh_audio_expect *a = &c->audio[0];
    assert_string_equal(c->endpoints[a->endpoint].name, "ssp1");
    assert_true(a->has_reference);
    assert_int_equal(a->tolerance_lsb, 1);
    assert_true(a->skip_ms == 20);
    assert_int_equal(a->relative_to, dsh_case_find_endpoint(c, "music"));
    assert_true(a->gain_db.on && a->gain_db.value == -6 &&
                a->gain_db.tolerance == 0.5);
    assert_true(a->thdn.on && a->thdn.max_db == -80 && a->thdn.freq_hz == 997);
    assert_true(a->snr.on && a->snr.min_db == 90);
    assert_true(a->dc_offset.on && a->dc_offset.max_dbfs == -90);
    assert_true(a->length.on);
    assert_int_equal(a->length.frames, 24000);
    assert_int_equal(a->length.tolerance, 48);
    assert_int_equal(a->freq_response.n, 2);
    assert_true(a->freq_response.pts[1].freq_hz == 20000);
    assert_true(c->deadlines.on);
    assert_true(c->deadlines.missed.on);
    assert_int_equal(c->deadlines.missed.min, 0);
    assert_int_equal(c->deadlines.missed.max, 0);
    assert_true(c->deadlines.max_load_pct == 50);
    assert_true(c->pipeline_deadlines[1].on);
    assert_int_equal(c->pipeline_deadlines[1].max_cycles, 40000);
    assert_false(c->pipeline_deadlines[0].on);
    assert_true(c->xruns.on && c->xruns.min == 0 && c->xruns.max == 0);
    assert_true(c->ipc_errors.on && c->ipc_errors.min == 1 &&
                c->ipc_errors.max == 1);
    assert_false(c->restarts.on);
    assert_false(c->setup_error.on);
    assert_int_equal(c->on_xrun, DSH_XRUN_RESTART);
    assert_int_equal(c->end,
                     c->until_input_ends ? DSH_END_DRAIN : DSH_END_STOP);
    dsh_case_free(c);
}

/* base_case + text appended (an expect section, top-level keys). */
static dsh_case *parse_with(const char *tail, dsh_diag *d)
{
    char *text = malloc(strlen(base_case) + strlen(tail) + 1);
    strcpy(text, base_case);
    strcat(text, tail);
    dsh_case *c = parse(text, d);
    if (!c)
        dsh_diag_print(d, stderr);
    free(text);
    return c;
}

static const char ranges_tail[] =
    "expect:\n"
    "  deadlines:\n"
    "    missed: {min: 2}\n"
    "    pipelines: {1: {missed: {min: 1, max: 4}}}\n"
    "  xruns: {max: 3}\n"
    "  ipc_errors: 2\n"
    "  restarts: {min: 1, max: 1}\n";

static const char setup_error_tail[] =
    "on_xrun: stop\n"
    "expect:\n"
    "  setup_error: {command: AUD_COMP_NEW, status: AUD_RANGE,\n"
    "                component: vol1, pipeline: 1}\n"
    "  ipc_errors: 1\n";

static void test_count_ranges(void **state)
{
    dsh_diag d;
    dsh_case *c = parse_with(ranges_tail, &d);
    (void)state;
    assert_non_null(c);
    assert_true(c->deadlines.missed.on);
    assert_int_equal(c->deadlines.missed.min, 2);
    assert_true(c->deadlines.missed.max == DSH_COUNT_NO_MAX);
    assert_true(c->deadlines.max_load_pct < 0);
    assert_int_equal(c->pipeline_deadlines[0].missed.min, 1);
    assert_int_equal(c->pipeline_deadlines[0].missed.max, 4);
    assert_true(c->xruns.on);
    assert_int_equal(c->xruns.min, 0);
    assert_int_equal(c->xruns.max, 3);
    /* a plain integer: exact for counts */
    assert_int_equal(c->ipc_errors.min, 2);
    assert_int_equal(c->ipc_errors.max, 2);
    assert_int_equal(c->restarts.min, 1);
    assert_int_equal(c->restarts.max, 1);
    dsh_case_free(c);
    /* ... and an upper bound for deadlines.missed */
    c = parse_with("expect:\n  deadlines: {missed: 7}\n", &d);
    assert_non_null(c);
    assert_int_equal(c->deadlines.missed.min, 0);
    assert_int_equal(c->deadlines.missed.max, 7);
    assert_false(c->xruns.on);
    dsh_case_free(c);
    /* deadlines without missed: at most 0 */
    c = parse_with("expect:\n  deadlines: {max_load_pct: 50}\n", &d);
    assert_non_null(c);
    assert_true(c->deadlines.missed.on);
    assert_int_equal(c->deadlines.missed.max, 0);
    dsh_case_free(c);
}

static void test_setup_error_and_on_xrun(void **state)
{
    dsh_diag d;
    dsh_case *c = parse_with(setup_error_tail, &d);
    (void)state;
    assert_non_null(c);
    assert_int_equal(c->on_xrun, DSH_XRUN_STOP);
    assert_true(c->setup_error.on);
    assert_int_equal(c->setup_error.command, 0x0103); /* COMP_NEW */
    assert_int_equal(c->setup_error.status, -6);      /* AUD_RANGE */
    assert_int_equal(c->setup_error.component,
                     dsh_case_find_component(c, "vol1"));
    assert_int_equal(c->setup_error.pipeline, 0);
    assert_int_equal(c->setup_error.mark.line, 16);
    dsh_case_free(c);
    c = parse_with("expect:\n  setup_error: {command: AUD_TRIGGER, "
                   "status: E_PIPE}\n",
                   &d);
    assert_non_null(c);
    assert_int_equal(c->setup_error.command, 0x010A);
    assert_int_equal(c->setup_error.status, -103);
    assert_int_equal(c->setup_error.pipeline, -1);
    assert_int_equal(c->setup_error.component, -1);
    assert_int_equal(c->on_xrun, DSH_XRUN_RESTART);
    dsh_case_free(c);
    c = parse_with("end: drain\n", &d);
    assert_non_null(c);
    assert_int_equal(c->end, DSH_END_DRAIN);
    dsh_case_free(c);
    c = parse_with("end: stop\n", &d);
    assert_non_null(c);
    assert_int_equal(c->end, DSH_END_STOP);
    dsh_case_free(c);
}

static void test_audio_clock(void **state)
{
    (void)state;
    dsh_diag d;
    /* a 48 kHz port: the board's clock */
    dsh_case *c = parse(base_case, &d);
    assert_non_null(c);
    assert_false(c->board.has_audio_clock_hz);
    assert_false(c->board.audio_clock_auto);
    dsh_case_free(c);
    /* only 44.1 kHz ports: 11.2896 MHz */
    char *t44 = edit(base_case, "rate: 48000", "rate: 44100");
    char *text = edit(t44, "in.wav", "in44.wav");
    c = parse(text, &d);
    if (!c)
        dsh_diag_print(&d, stderr);
    assert_non_null(c);
    assert_true(c->board.has_audio_clock_hz);
    assert_true(c->board.audio_clock_auto);
    assert_int_equal(c->board.audio_clock_hz, 11289600);
    dsh_case_free(c);
    /* a clock given in the case or in the board file is kept */
    char *b = edit(text, "name: t\n",
                   "name: t\nboard: {audio_clock_hz: "
                   "12288000}\n");
    c = parse(b, &d);
    assert_non_null(c);
    assert_false(c->board.audio_clock_auto);
    assert_int_equal(c->board.audio_clock_hz, 12288000);
    dsh_case_free(c);
    free(b);
    ht_write_text(ht_path(dir, "clock.yaml"), "name: b\naudio:\n  "
                                              "clock_hz: 12288000\n");
    ht_write_text(ht_path(dir, "noclock.yaml"), "name: b\ncpu_hz: "
                                                "100000000\n");
    b = edit(text, "name: t\n", "name: t\nboard: clock.yaml\n");
    c = parse(b, &d);
    assert_non_null(c);
    assert_false(c->board.has_audio_clock_hz);
    assert_false(c->board.audio_clock_auto);
    dsh_case_free(c);
    free(b);
    b = edit(text, "name: t\n", "name: t\nboard: {file: noclock.yaml}\n");
    c = parse(b, &d);
    assert_non_null(c);
    assert_true(c->board.audio_clock_auto);
    dsh_case_free(c);
    free(b);
    free(text);
    free(t44);
}

/* Input files missing next to a case in the source tree come from the
 * same place in the build tree. */
static void test_build_tree_fallback(void **state)
{
    (void)state;
    char src[1024], bin[1024], p[1200];
    snprintf(src, sizeof src, "%s/src", dir);
    snprintf(bin, sizeof bin, "%s/bld", dir);
    const char *dirs[] = { "src", "src/cases", "bld", "bld/signals" };
    for (unsigned i = 0; i < 4; i++)
        assert_int_equal(mkdir(ht_path(dir, dirs[i]), 0777), 0);
    ht_write_sine(ht_path(bin, "signals/in.wav"), 48000, 2, 480, 997, 0.5,
                  DSH_PCM_S16);
    dsh_set_tree_roots(src, bin);
    char *text = edit(base_case, "in.wav", "../signals/in.wav");
    dsh_diag d;
    dsh_diag_init(&d);
    snprintf(p, sizeof p, "%s/cases/case.yaml", src);
    dsh_case *c = dsh_case_parse(p, text, strlen(text), &d);
    if (!c)
        dsh_diag_print(&d, stderr);
    assert_non_null(c);
    assert_string_equal(c->endpoints[0].resolved,
                        ht_path(bin, "signals/in.wav"));
    dsh_case_free(c);
    /* in neither tree: says where it looked and what to do */
    char *t2 = edit(base_case, "in.wav", "../signals/gone.wav");
    dsh_diag_init(&d);
    assert_null(dsh_case_parse(p, t2, strlen(t2), &d));
    assert_non_null(strstr(d.msg[0], "file not found: '../signals/gone.wav'"));
    assert_non_null(strstr(d.msg[0], "not in the build tree either ("));
    assert_non_null(strstr(d.msg[0], "bld/signals/gone.wav"));
    assert_non_null(strstr(d.msg[0], "run the build-tree copy"));
    /* outside the source tree: no fallback */
    dsh_set_tree_roots(bin, src);
    dsh_diag_init(&d);
    assert_null(dsh_case_parse(p, text, strlen(text), &d));
    assert_null(strstr(d.msg[0], "build tree"));
    dsh_set_tree_roots(NULL, NULL);
    free(text);
    free(t2);
}

static void test_load_missing_file(void **state)
{
    (void)state;
    dsh_diag d;
    dsh_diag_init(&d);
    assert_null(dsh_case_load(ht_path(dir, "nope.yaml"), &d));
    assert_int_equal(d.count, 1);
    assert_non_null(strstr(d.msg[0], "nope.yaml: cannot open"));
}

static void test_empty_and_scalar_documents(void **state)
{
    (void)state;
    dsh_diag d;
    assert_null(parse("", &d));
    assert_non_null(strstr(d.msg[0], "the file is empty"));
    assert_null(parse("just a string\n", &d));
    assert_non_null(strstr(d.msg[0], ":1:1: case: expected a mapping"));
    assert_null(parse("name: a\n---\nname: b\n", &d));
    assert_non_null(strstr(d.msg[0], "one YAML document"));
    assert_int_equal(d.mark[0].line, 3);
}

/* The board file's own problem, with its line and column, follows the
 * case's position. */
static void test_invalid_board_message(void **state)
{
    (void)state;
    dsh_diag d;
    char *text = edit(base_case, "name: t\n",
                      "name: t\nboard: badboard.yaml\n");
    assert_null(parse(text, &d));
    char want[1200];
    snprintf(want, sizeof want,
             "%s:2:8: board: invalid board description: "
             "%s:3:3: unknown key 'dma.chanels'",
             ht_path(dir, "case.yaml"), ht_path(dir, "badboard.yaml"));
    if (strcmp(d.msg[0], want))
        fail_msg("'%s' is not '%s'", d.msg[0], want);
    free(text);
}

/* CPU seconds of this process since t0: a guard against a quadratic
 * parser, not a speed measurement, and unaffected by other processes
 * waiting for the same cores (the wall clock under a loaded parallel
 * sanitizer run went past the bound). */
static double seconds_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) +
           (double)(t1.tv_nsec - t0->tv_nsec) * 1e-9;
}

/* Inputs that took libyaml or the parser tens of seconds (issue 14) are
 * judged in well under a second (the bound checked is loose, for loaded
 * machines and sanitizer builds): a description nested a million deep
 * (2 MB), 100,000 unknown top-level keys (1.2 MB), 100,000 duplicates of
 * one key, and a mapping of 100,000 keys under a component. */
static void test_big_inputs_fast(void **state)
{
    (void)state;
    enum { DEEP = 1000000, KEYS = 100000 };
    char *t = malloc(2 * DEEP + 64);
    assert_non_null(t);
    size_t n = (size_t)sprintf(t, "name: t\ndescription: ");
    for (int i = 0; i < DEEP; i++)
        t[n++] = '[';
    for (int i = 0; i < DEEP; i++)
        t[n++] = ']';
    t[n++] = '\n';
    t[n] = 0;
    dsh_diag d;
    struct timespec t0;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    assert_null(parse(t, &d));
    double s = seconds_since(&t0);
    assert_non_null(strstr(d.msg[0], ":2:45: YAML nesting deeper than 32"));
    if (s > 10.0) /* 0.1 s (0.5 s with sanitizers); was 35..60 s */
        fail_msg("deep nesting took %.3f CPU s", s);
    free(t);

    for (int dup = 0; dup < 2; dup++) {
        size_t cap = (size_t)KEYS * 24 + sizeof base_case;
        t = malloc(cap);
        assert_non_null(t);
        n = (size_t)snprintf(t, cap, "%s", base_case);
        for (int i = 0; i < KEYS; i++)
            n += (size_t)snprintf(t + n, cap - n,
                                  dup ? "zz: %d\n" : "unknown_key_%d: 1\n", i);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
        assert_null(parse(t, &d));
        s = seconds_since(&t0);
        /* every key unknown; each repeated one a duplicate too */
        assert_int_equal(d.count, dup ? 2 * KEYS - 1 : KEYS);
        assert_non_null(
            strstr(d.msg[0], dup ? "case: unknown key 'zz'"
                                 : "case: unknown key 'unknown_key_0'"));
        if (dup)
            assert_non_null(strstr(d.msg[2], "case: duplicate key 'zz' "
                                             "(first at 14:1)"));
        if (s > 10.0) /* 0.1 s (0.5 s with sanitizers); was 35..60 s */
            fail_msg("%d keys took %.3f CPU s", KEYS, s);
        free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_cases),
        cmocka_unit_test(test_base_case),
        cmocka_unit_test(test_failed_component_reported_once),
        cmocka_unit_test(test_full_case),
        cmocka_unit_test(test_count_ranges),
        cmocka_unit_test(test_setup_error_and_on_xrun),
        cmocka_unit_test(test_audio_clock),
        cmocka_unit_test(test_build_tree_fallback),
        cmocka_unit_test(test_load_missing_file),
        cmocka_unit_test(test_empty_and_scalar_documents),
        cmocka_unit_test(test_invalid_board_message),
        cmocka_unit_test(test_big_inputs_fast),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
