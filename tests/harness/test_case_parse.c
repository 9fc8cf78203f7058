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

#include <cmocka.h>

#include "case/case.h"
#include "harness_test_util.h"

static const char *dir;

static const char base_case[] =
    "name: t\n"                                                     /* 1 */
    "pipelines:\n"                                                  /* 2 */
    "  - id: 1\n"                                                   /* 3 */
    "    period_us: 1000\n"                                         /* 4 */
    "    components:\n"                                             /* 5 */
    "      - {id: host1, type: host, stream: music}\n"              /* 6 */
    "      - {id: vol1, type: volume, gain_db: -6}\n"               /* 7 */
    "      - {id: dai1, type: dai, port: ssp0}\n"                   /* 8 */
    "    connect: [[host1, vol1], [vol1, dai1]]\n"                  /* 9 */
    "streams:\n"                                                    /* 10 */
    "  music: {input: in.wav}\n"                                    /* 11 */
    "ports:\n"                                                      /* 12 */
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
    const char *find, *repl;    /* edit of base_case (find NULL: repl is
                                   the whole text) */
    unsigned line;
    const char *at;             /* column = 1 + offset of `at` in the line */
    const char *msg;            /* substring of the first message */
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

static const bad_case bad_cases[] = {
    { "unknown key", "gain_db: -6}", "gain_db: -6, gian: 1}", 7, "gian",
      "unknown key 'gian'" },
    { "wrong type (number)", "gain_db: -6}", "gain_db: loud}", 7, "loud",
      "gain_db: expected a number, got 'loud'" },
    { "wrong type (quoted integer)", "period_us: 1000", "period_us: \"1000\"",
      4, "\"1000\"", "expected an integer, got the string '1000'" },
    { "negative period", "period_us: 1000", "period_us: -5", 4, "-5",
      "pipelines[0].period_us: -5 is out of range" },
    { "duplicate id", "{id: dai1, type: dai", "{id: vol1, type: dai", 8,
      "vol1", "duplicate component id 'vol1' (first defined at 7:9)" },
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
      "[[host1, vol1]]", 7, "{", "volume 'vol1' is not connected: no "
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
      "output: out.wav}\nexpect:\n  music: {tolerance_lsb: 1}\n", 15,
      "music", "'music' is an input stream" },
    { "tolerance without reference", "output: out.wav}\n",
      "output: out.wav}\nexpect:\n  ssp0: {tolerance_lsb: 1}\n", 15,
      "tolerance_lsb", "needs a reference file" },
    { "reference channel mismatch", "output: out.wav}\n",
      "output: out.wav}\nexpect:\n  ssp0: {reference: ref_mono.wav}\n", 15,
      "ref_mono.wav", "'ref_mono.wav' is 48000 Hz, 1 channel but port "
      "'ssp0' is 48000 Hz, 2 channels" },
    { "stream rate mismatch", "{input: in.wav}", "{input: in44.wav, rate: "
      "48000}", 11, "in44.wav", "'in44.wav' is 44100 Hz, 2 channels but "
      "stream 'music' is 48000 Hz, 2 channels" },
    { "graph rate mismatch", "rate: 48000", "rate: 44100", 9,
      "[vol1, dai1]", "port 'ssp0' is 44100 Hz, 2 channels but receives "
      "48000 Hz, 2 channels from 'vol1'" },
    { "duplicate mapping key", "{input: in.wav}",
      "{input: in.wav, input: in.wav}", 11, "input: in.wav}",
      "duplicate key 'input'" },
    { "unused stream", "  music: {input: in.wav}\n",
      "  music: {input: in.wav}\n  extra: {input: in.wav}\n", 12, "extra",
      "streams.extra: not used by any host component" },
    { "unknown stream", "stream: music}", "stream: musak}", 6, "musak",
      "no stream named 'musak'" },
    { "unknown component type", "type: volume", "type: volumes", 7,
      "volumes", "unknown value 'volumes'" },
    { "bad port name", "port: ssp0}", "port: i2s0}", 8, "i2s0",
      "'i2s0' is not an SSP port" },
    { "missing name", "name: t\n", "", 1, "pipelines",
      "missing required key 'name'" },
    { "unknown top-level key", "name: t\n", "name: t\nnmae: u\n", 2, "nmae",
      "unknown key 'nmae'" },
    { "control on unknown component", "output: out.wav}\n",
      "output: out.wav}\ncontrols:\n  - {at_ms: 5, component: vol9, set: "
      "{gain_db: 1}}\n", 15, "vol9", "unknown component 'vol9'" },
    { "control sets a non-runtime parameter", "output: out.wav}\n",
      "output: out.wav}\ncontrols:\n  - {at_ms: 5, component: vol1, set: "
      "{out_rate: 1}}\n", 15, "out_rate", "volume has no parameter "
      "'out_rate' settable at run time (settable: gain_db, ramp_ms, mute)" },
    { "control after the end", "name: t\n",
      "name: t\nduration_ms: 100\ncontrols: [{at_ms: 100, component: vol1, "
      "set: {mute: true}}]\n", 3, "100, component",
      "100 ms is not before the end of the run" },
    { "output path escapes", "output: out.wav}", "output: ../out.wav}", 13,
      "../out.wav", "must be a relative path inside the output directory" },
    { "yaml syntax error", "[vol1, dai1]]", "[vol1, dai1]", 10, "streams",
      "YAML syntax error" },
    { "bad duration", "name: t\n", "name: t\nduration_ms: forever\n", 2,
      "forever", "expected a number of milliseconds or until_input_ends" },
};

static void check_bad(const bad_case *b)
{
    char *text = b->find ? edit(base_case, b->find, b->repl)
                         : strdup(b->repl);
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
    const dsh_endpoint *music = &c->endpoints[dsh_case_find_endpoint(c,
                                                                     "music")];
    assert_int_equal(music->dir, DSH_EP_INPUT);
    assert_int_equal(music->rate, 48000);        /* from the file */
    assert_int_equal(music->channels, 2);
    assert_int_equal(music->format, DSH_PCM_S16);
    assert_int_equal(music->input_frames, 4800);
    assert_string_equal(music->resolved, ht_path(dir, "in.wav"));
    const dsh_endpoint *ssp0 = &c->endpoints[dsh_case_find_endpoint(c,
                                                                    "ssp0")];
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
    assert_string_equal(c->description,
                        "all component types and expectations");
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
    assert_true(a->thdn.on && a->thdn.max_db == -80 &&
                a->thdn.freq_hz == 997);
    assert_true(a->snr.on && a->snr.min_db == 90);
    assert_true(a->dc_offset.on && a->dc_offset.max_dbfs == -90);
    assert_true(a->length.on);
    assert_int_equal(a->length.frames, 24000);
    assert_int_equal(a->length.tolerance, 48);
    assert_int_equal(a->freq_response.n, 2);
    assert_true(a->freq_response.pts[1].freq_hz == 20000);
    assert_true(c->deadlines.on);
    assert_int_equal(c->deadlines.max_missed, 0);
    assert_true(c->deadlines.max_load_pct == 50);
    assert_true(c->pipeline_deadlines[1].on);
    assert_int_equal(c->pipeline_deadlines[1].max_cycles, 40000);
    assert_false(c->pipeline_deadlines[0].on);
    assert_true(c->has_xruns && c->xruns == 0);
    assert_true(c->has_ipc_errors && c->ipc_errors == 1);
    dsh_case_free(c);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_cases),
        cmocka_unit_test(test_base_case),
        cmocka_unit_test(test_full_case),
        cmocka_unit_test(test_load_missing_file),
        cmocka_unit_test(test_empty_and_scalar_documents),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
