/* SPDX-License-Identifier: BSD-3-Clause */
/* Case execution: outputs to files and the case's expectations
 * (docs/harness.md "Expectations") evaluated with harness/audio. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "audio/compare.h"
#include "audio/freq_response.h"
#include "audio/metrics.h"
#include "exec/exec_internal.h"
#include "fwreport/fw_report.h"

typedef struct fails {
    char text[DSH_RESULT_MSG];
    unsigned n;
} fails;

static void failf(fails *f, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void failf(fails *f, const char *fmt, ...)
{
    size_t len = strlen(f->text);
    if (f->n++ && len + 2 < sizeof f->text) {
        memcpy(f->text + len, "; ", 3);
        len += 2;
    }
    va_list ap;
    va_start(ap, fmt);
    if (len < sizeof f->text)
        vsnprintf(f->text + len, sizeof f->text - len, fmt, ap);
    va_end(ap);
}

/* A measured figure for the report (runner.h dsh_check_figure): bounds
 * lo (when has_lo) and hi (when has_hi); passed when within them. */
static void figure(xp_run *r, const char *subject, const char *check,
                   const char *unit, double value, bool has_lo, double lo,
                   bool has_hi, double hi)
{
    dsh_case_result *res = r->res;
    if (!res || res->nchecks >= DSH_RESULT_MAX_CHECKS)
        return;
    dsh_check_figure *f = &res->checks[res->nchecks++];
    memset(f, 0, sizeof *f);
    snprintf(f->subject, sizeof f->subject, "%s", subject);
    snprintf(f->check, sizeof f->check, "%s", check);
    snprintf(f->unit, sizeof f->unit, "%s", unit);
    f->value = value;
    f->has_min = has_lo;
    f->min = lo;
    f->has_max = has_hi;
    f->max = hi;
    f->passed = (!has_lo || value >= lo) && (!has_hi || value <= hi) &&
                value == value;
}

/* value within target +- tol */
static void figure_tol(xp_run *r, const char *subject, const char *check,
                       const char *unit, double value, double target,
                       double tol)
{
    figure(r, subject, check, unit, value, true, target - tol, true,
           target + tol);
}

static bool spool_read(void *user, uint64_t first, uint64_t n, int32_t *dst,
                       char *err, size_t errsz)
{
    return xp_out_read(user, first, n, dst, err, errsz);
}

/* Sums over the kept output from frame skip, every channel, read back in
 * blocks: the same long double accumulation, in the same order, as
 * dsh_mean and dsh_rms over the whole signal, so the same results. */
static bool out_sums(const xp_ep *ep, uint64_t skip, long double *sum,
                     long double *sumsq, size_t *n, char *err, size_t errsz)
{
    enum { BLOCK = 4096 };
    int32_t buf[BLOCK];
    unsigned ch = ep->e->channels;
    uint64_t per = BLOCK / ch, end = ep->out_frames;
    *sum = *sumsq = 0;
    *n = 0;
    for (uint64_t f = skip; f < end; f += per) {
        uint64_t k = end - f < per ? end - f : per;
        if (!xp_out_read(ep, f, k, buf, err, errsz))
            return false;
        for (size_t i = 0; i < (size_t)k * ch; i++) {
            double x = dsh_q31_to_double(buf[i]);
            *sum += x;
            *sumsq += (long double)x * x;
        }
        *n += (size_t)k * ch;
    }
    return true;
}

bool xp_write_outputs(xp_run *r, const dsh_exec_env *env)
{
    char path[DSH_PATH_MAX * 2 + 2], err[512];
    const char *dir = r->o->outputs_dir ? r->o->outputs_dir : env->out_dir;
    for (unsigned i = 0; i < r->c->n_endpoints; i++) {
        xp_ep *ep = &r->eps[i];
        if (ep->e->dir != DSH_EP_OUTPUT)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, ep->e->file);
        /* output paths may have directories (relative, no ..) */
        for (char *s = path + strlen(dir) + 1; *s; s++)
            if (*s == '/') {
                *s = '\0';
                mkdir(path, 0777); /* exists already: fine */
                *s = '/';
            }
        /* read back from the spool a block at a time */
        if (ep->spool_failed)
            return xp_fail(r, DSH_RES_ERROR, "%s", ep->spool_err);
        if (!dsh_audio_write_wav_from(path, spool_read, ep, ep->out_frames,
                                      ep->e->channels, ep->e->rate,
                                      ep->e->format, err, sizeof err))
            return xp_fail(r, DSH_RES_ERROR, "%s", err);
    }
    return true;
}

/* The first n values of channel ch (UINT32_MAX: every channel,
 * interleaved) of the kept output from frame skip, as doubles, read back
 * in blocks (dsh_audio_to_double of those frames); NULL: err set. */
static double *out_doubles(const xp_ep *ep, unsigned ch, uint64_t skip,
                           size_t n, char *err, size_t errsz)
{
    enum { BLOCK = 4096 };
    int32_t buf[BLOCK];
    unsigned nch = ep->e->channels;
    bool all = ch == UINT32_MAX;
    double *x = malloc((n ? n : 1) * sizeof *x);
    if (!x) {
        snprintf(err, errsz, "output '%s': out of memory", ep->e->name);
        return NULL;
    }
    uint64_t per = BLOCK / nch;
    size_t got = 0;
    for (uint64_t f = skip; got < n && f < ep->out_frames; f += per) {
        uint64_t k = ep->out_frames - f < per ? ep->out_frames - f : per;
        if (!xp_out_read(ep, f, k, buf, err, errsz)) {
            free(x);
            return NULL;
        }
        for (size_t i = 0; i < (size_t)k * (all ? nch : 1) && got < n; i++)
            x[got++] = dsh_q31_to_double(all ? buf[i] : buf[i * nch + ch]);
    }
    return x;
}

/* dsh_compare of the kept output (read back in blocks) with ref. */
static bool compare_spool(const xp_ep *ep, const dsh_audio *ref, uint64_t skip,
                          dsh_compare_result *cr, char *err, size_t errsz)
{
    enum { BLOCK = 4096 };
    int32_t buf[BLOCK];
    unsigned ch = ep->e->channels;
    memset(cr, 0, sizeof *cr);
    if (ref->rate != ep->e->rate || ref->channels != ch) {
        snprintf(err, errsz,
                 "cannot compare %u Hz, %u channels with %u "
                 "Hz, %u channels",
                 ep->e->rate, ch, ref->rate, ref->channels);
        return false;
    }
    cr->frames_a = ep->out_frames > skip ? ep->out_frames - skip : 0;
    cr->frames_b = ref->frames > skip ? ref->frames - skip : 0;
    cr->compared = cr->frames_a < cr->frames_b ? cr->frames_a : cr->frames_b;
    uint64_t per = BLOCK / ch;
    for (uint64_t f = 0; f < cr->compared; f += per) {
        uint64_t k = cr->compared - f < per ? cr->compared - f : per;
        if (!xp_out_read(ep, skip + f, k, buf, err, errsz))
            return false;
        dsh_compare_block(buf, ref->samples + (size_t)(skip + f) * ch, f, k, ch,
                          ep->e->format, cr);
    }
    cr->bit_exact = !cr->n_diff && cr->frames_a == cr->frames_b;
    return true;
}

/* dsh_write_diff_wav's samples, the output read back in blocks. */
typedef struct diff_src {
    const xp_ep *ep;
    const dsh_audio *ref;
} diff_src;

static bool diff_read(void *user, uint64_t first, uint64_t n, int32_t *dst,
                      char *err, size_t errsz)
{
    const diff_src *d = user;
    unsigned ch = d->ep->e->channels;
    if (!xp_out_read(d->ep, first, n, dst, err, errsz))
        return false;
    dsh_diff_samples(dst, d->ref->samples + (size_t)first * ch, (size_t)n * ch,
                     dst);
    return true;
}

static void expect_audio(xp_run *r, const dsh_exec_env *env,
                         const dsh_audio_expect *x, fails *f)
{
    const dsh_case *c = r->c;
    const xp_ep *ep = &r->eps[x->endpoint];
    const char *name = ep->e->name;
    uint64_t skip = (uint64_t)llround(x->skip_ms * ep->e->rate / 1000.0);
    char err[512];
    size_t n;
    /* Only the frequency response loads the kept output (docs/harness.md
     * "Outputs and memory"); length, the reference comparison, level, DC
     * and gain read it back in blocks, the THD+N family its first
     * max_fft frames (all dsh_thdn transforms) */
    bool whole = x->freq_response.on;
    dsh_audio out = { .frames = ep->out_frames,
                      .channels = ep->e->channels,
                      .rate = ep->e->rate };
    if (whole && !xp_out_load(ep, 0, &out, err, sizeof err)) {
        failf(f, "%s", err);
        return;
    }

    if (x->length.on) {
        uint64_t d = out.frames > x->length.frames
                         ? out.frames - x->length.frames
                         : x->length.frames - out.frames;
        figure_tol(r, name, "length", "frames", (double)out.frames,
                   (double)x->length.frames, (double)x->length.tolerance);
        if (d > x->length.tolerance)
            failf(f, "%s: %" PRIu64 " frames, expected %" PRIu64 " +- %" PRIu64,
                  name, out.frames, x->length.frames, x->length.tolerance);
    }
    if (x->has_reference) {
        dsh_audio ref = { 0 };
        dsh_compare_result cr;
        if (!dsh_audio_read(x->reference, &ref, err, sizeof err)) {
            failf(f, "%s", err);
        } else if (!compare_spool(ep, &ref, skip, &cr, err, sizeof err)) {
            failf(f, "%s: %s", name, err);
        } else {
            if (cr.frames_a < cr.frames_b)
                failf(f,
                      "%s: %" PRIu64 " frames after skip_ms, shorter "
                      "than the reference's %" PRIu64 " (only those were "
                      "compared)",
                      name, cr.frames_a, cr.frames_b);
            figure(r, name, "reference", "LSB", (double)cr.max_diff_lsb, false,
                   0, true, x->tolerance_lsb);
            if (cr.max_diff_lsb > x->tolerance_lsb)
                failf(f,
                      "%s differs from the reference by up to %" PRIu64
                      " LSB (tolerance %u; %" PRIu64 " samples differ, "
                      "first at frame %" PRIu64 " channel %u)",
                      name, cr.max_diff_lsb, x->tolerance_lsb, cr.n_diff,
                      cr.first_diff_frame + skip, cr.first_diff_channel);
            char path[DSH_PATH_MAX * 2];
            snprintf(path, sizeof path, "%s/%s.diff.wav", env->out_dir, name);
            diff_src ds = { ep, &ref };
            uint64_t nd = ep->out_frames < ref.frames ? ep->out_frames
                                                      : ref.frames;
            dsh_audio_write_wav_from(path, diff_read, &ds, nd, ref.channels,
                                     ref.rate, ep->e->format, err, sizeof err);
        }
        dsh_audio_free(&ref);
    }
    long double sum, sumsq;
    if (!out_sums(ep, skip, &sum, &sumsq, &n, err, sizeof err)) {
        failf(f, "%s", err);
        free(out.samples);
        return;
    }
    if (n == 0) {
        if (x->gain_db.on || x->level_dbfs.on || x->thdn.on || x->snr.on ||
            x->dynamic_range.on || x->dc_offset.on || x->freq_response.on)
            failf(f, "%s: no output after skip_ms %.3f", name, x->skip_ms);
        free(out.samples);
        return;
    }
    size_t nf = n / ep->e->channels;
    if (x->level_dbfs.on) {
        double l = dsh_level_dbfs(sqrt((double)(sumsq / n)));
        figure_tol(r, name, "level_dbfs", "dBFS", l, x->level_dbfs.value,
                   x->level_dbfs.tolerance);
        if (!(fabs(l - x->level_dbfs.value) <= x->level_dbfs.tolerance))
            failf(f, "%s: level %.2f dBFS, expected %.2f +- %.2f", name, l,
                  x->level_dbfs.value, x->level_dbfs.tolerance);
    }
    if (x->dc_offset.on) {
        double dc = dsh_dc_dbfs((double)(sum / n));
        figure(r, name, "dc_offset_dbfs", "dBFS", dc, false, 0, true,
               x->dc_offset.max_dbfs);
        if (dc > x->dc_offset.max_dbfs)
            failf(f, "%s: DC offset %.2f dBFS above %.2f", name, dc,
                  x->dc_offset.max_dbfs);
    }
    if (x->gain_db.on || x->freq_response.on) {
        int ri = x->relative_to;
        if (ri < 0)
            for (unsigned i = 0; i < c->n_endpoints; i++)
                if (c->endpoints[i].dir == DSH_EP_INPUT)
                    ri = (int)i;
        /* the input was streamed through the run a window at a time:
         * read whole now, only for these measures */
        size_t ni = 0;
        dsh_audio src = { 0 };
        double *in = NULL;
        if (ri >= 0 &&
            !dsh_audio_read(c->endpoints[ri].resolved, &src, err, sizeof err)) {
            failf(f, "%s", err);
        } else if (ri < 0 ||
                   !(in = dsh_audio_to_double(&src, UINT32_MAX, skip, &ni)) ||
                   !ni) {
            failf(f, "%s: no input signal to compare with", name);
        } else {
            if (x->gain_db.on) {
                /* the same span of both: the shorter length; the output's
                 * mean square summed in blocks as dsh_rms does */
                size_t m = ni < n ? ni : n;
                long double s2 = 0;
                if (m == n) {
                    s2 = sumsq;
                } else {
                    size_t done = 0;
                    while (done < m) {
                        size_t k = m - done < 65536 ? m - done : 65536;
                        uint64_t f0 = skip + done / ep->e->channels;
                        size_t lead = done % ep->e->channels;
                        double *b = out_doubles(ep, UINT32_MAX, f0, k + lead,
                                                err, sizeof err);
                        if (!b)
                            break;
                        for (size_t i = lead; i < lead + k; i++)
                            s2 += (long double)b[i] * b[i];
                        free(b);
                        done += k;
                    }
                    if (done < m)
                        failf(f, "%s", err);
                }
                double g = 20.0 *
                           log10(sqrt((double)(s2 / m)) / dsh_rms(in, m));
                figure_tol(r, name, "gain_db", "dB", g, x->gain_db.value,
                           x->gain_db.tolerance);
                if (!(fabs(g - x->gain_db.value) <= x->gain_db.tolerance))
                    failf(f, "%s: gain %.2f dB, expected %.2f +- %.2f", name, g,
                          x->gain_db.value, x->gain_db.tolerance);
            }
            if (x->freq_response.on) {
                /* measured on the first channel of both: interleaved
                 * frames would read as twice the frequencies */
                size_t ni0 = 0, no0 = 0;
                double *in0 = dsh_audio_to_double(&src, 0, skip, &ni0);
                double *y0 = dsh_audio_to_double(&out, 0, skip, &no0);
                size_t m = ni0 < no0 ? ni0 : no0;
                dsh_freq_response fr = { 0 };
                dsh_mask_result mr;
                if (src.channels != ep->e->channels) {
                    failf(f, "%s: freq_response needs equal channel counts",
                          name);
                } else if (!in0 || !y0 || !m) {
                    failf(f, "%s: frequency response: no samples", name);
                } else if (!dsh_freq_response_measure(in0, y0, m, ep->e->rate,
                                                      0, &fr, err,
                                                      sizeof err) ||
                           !dsh_mask_check(&fr, x->freq_response.pts,
                                           x->freq_response.n, &mr, err,
                                           sizeof err)) {
                    failf(f, "%s: frequency response: %s", name, err);
                } else {
                    /* the worst point against its mask bounds there */
                    figure(r, name, "freq_response", "dB", mr.worst_mag_db,
                           true, mr.worst_lo_db, true, mr.worst_hi_db);
                    if (!mr.pass)
                        failf(f,
                              "%s: response %.2f dB at %.0f Hz outside "
                              "[%.2f, %.2f]",
                              name, mr.worst_mag_db, mr.worst_freq_hz,
                              mr.worst_lo_db, mr.worst_hi_db);
                    /* the HTML report plots this one: not measured again */
                    xp_plot_keep_response(r, x->endpoint, &fr);
                }
                dsh_freq_response_free(&fr);
                free(in0);
                free(y0);
            }
        }
        free(in);
        dsh_audio_free(&src);
    }
    free(out.samples);
    /* THD+N family on the first channel: dsh_thdn transforms the first
     * min(pow2_floor(n), max_fft) frames, so the first max_fft frames
     * given as min(n, max_fft) give the same result */
    dsh_thdn_opts o;
    dsh_thdn_opts_default(&o);
    double *y = NULL;
    if (x->thdn.on || x->snr.on || x->dynamic_range.on) {
        if (nf > o.max_fft)
            nf = o.max_fft;
        y = out_doubles(ep, 0, skip, nf, err, sizeof err);
        if (!y)
            failf(f, "%s", err);
    }
    if (y && x->thdn.on) {
        dsh_thdn_result tr;
        o.freq_hz = x->thdn.freq_hz;
        if (!dsh_thdn(y, nf, ep->e->rate, &o, &tr, err, sizeof err)) {
            failf(f, "%s: THD+N: %s", name, err);
        } else {
            figure(r, name, "thdn_db", "dB", tr.thdn_db, false, 0, true,
                   x->thdn.max_db);
            if (tr.thdn_db > x->thdn.max_db)
                failf(f, "%s: THD+N %.2f dB above %.2f", name, tr.thdn_db,
                      x->thdn.max_db);
        }
    }
    if (y && x->snr.on) {
        double snr;
        o.freq_hz = x->snr.freq_hz;
        if (!dsh_snr(y, nf, ep->e->rate, &o, &snr, err, sizeof err)) {
            failf(f, "%s: SNR: %s", name, err);
        } else {
            figure(r, name, "snr_db", "dB", snr, true, x->snr.min_db, false, 0);
            if (snr < x->snr.min_db)
                failf(f, "%s: SNR %.2f dB below %.2f", name, snr,
                      x->snr.min_db);
        }
    }
    if (y && x->dynamic_range.on) {
        double dr;
        o.freq_hz = 0;
        if (!dsh_dynamic_range(y, nf, ep->e->rate, &o, &dr, err, sizeof err)) {
            failf(f, "%s: dynamic range: %s", name, err);
        } else {
            figure(r, name, "dynamic_range_db", "dB", dr, true,
                   x->dynamic_range.min_db, false, 0);
            if (dr < x->dynamic_range.min_db)
                failf(f, "%s: dynamic range %.2f dB below %.2f", name, dr,
                      x->dynamic_range.min_db);
        }
    }
    free(y);
}

/* The bound of a count as text: "exactly N", "at most N", "at least N"
 * or "N..M". */
static const char *bound(const dsh_count_range *b, char *buf, size_t n)
{
    unsigned long long lo = b->min, hi = b->max;
    if (lo == hi)
        snprintf(buf, n, "exactly %llu", lo);
    else if (b->max == DSH_COUNT_NO_MAX)
        snprintf(buf, n, "at least %llu", lo);
    else if (!lo)
        snprintf(buf, n, "at most %llu", hi);
    else
        snprintf(buf, n, "%llu..%llu", lo, hi);
    return buf;
}

static void expect_count(xp_run *r, const char *subject, const char *check,
                         const dsh_count_range *b, uint64_t got,
                         const char *what, fails *f)
{
    char t[64];
    if (b->on)
        figure(r, subject, check, "count", (double)got, true, (double)b->min,
               b->max != DSH_COUNT_NO_MAX, (double)b->max);
    if (b->on && (got < b->min || got > b->max))
        failf(f, "%" PRIu64 " %s, expected %s", got, what,
              bound(b, t, sizeof t));
}

/* check_missed: false when the pipeline has its own deadlines entry,
 * whose `missed` replaces the top-level one. */
static void expect_deadlines(xp_run *r, const xp_pipe *p,
                             const dsh_deadline_expect *d, const char *what,
                             bool check_missed, fails *f)
{
    if (!d->on)
        return;
    if (!p->have_stats) {
        failf(f, "%s: no statistics from the firmware", what);
        return;
    }
    char w[96];
    snprintf(w, sizeof w, "deadline misses in %s", what);
    if (check_missed)
        expect_count(r, what, "missed", &d->missed, p->misses, w, f);
    double load = p->period_cycles ? 100.0 * p->worst_cycles / p->period_cycles
                                   : 0;
    if (d->max_load_pct >= 0)
        figure(r, what, "max_load_pct", "%", load, false, 0, true,
               d->max_load_pct);
    if (d->max_cycles)
        figure(r, what, "max_cycles", "cycles", p->worst_cycles, false, 0, true,
               (double)d->max_cycles);
    if (d->max_load_pct >= 0 && load > d->max_load_pct)
        failf(f,
              "%s: worst period load %.1f%% above %.1f%% (%" PRIu32
              " of %" PRIu32 " cycles)",
              what, load, d->max_load_pct, p->worst_cycles, p->period_cycles);
    if (d->max_cycles && p->worst_cycles > d->max_cycles)
        failf(f, "%s: worst period %" PRIu32 " cycles above %" PRIu64, what,
              p->worst_cycles, d->max_cycles);
}

/* expect.deadlines.cores.K: the core's pipelines together. */
static void expect_core(xp_run *r, const dsh_exec_summary *s, unsigned k,
                        const dsh_deadline_expect *d, fails *f)
{
    char what[32], w[96];
    uint64_t worst = 0;
    if (!d->on)
        return;
    snprintf(what, sizeof what, "core %u", k);
    for (unsigned i = 0; i < r->npipes; i++)
        if (r->pipes[i].core == k && r->pipes[i].worst_cycles > worst)
            worst = r->pipes[i].worst_cycles;
    const struct dsh_exec_core *c = k < s->ncores ? &s->cores[k] : NULL;
    uint64_t missed = c ? c->deadline_misses : 0;
    double load = c ? c->worst_load_pct : 0;
    snprintf(w, sizeof w, "deadline misses on %s", what);
    expect_count(r, what, "missed", &d->missed, missed, w, f);
    if (d->max_load_pct >= 0) {
        figure(r, what, "max_load_pct", "%", load, false, 0, true,
               d->max_load_pct);
        if (load > d->max_load_pct)
            failf(f, "%s: worst period load %.1f%% above %.1f%%", what, load,
                  d->max_load_pct);
    }
    if (d->max_cycles) {
        figure(r, what, "max_cycles", "cycles", (double)worst, false, 0, true,
               (double)d->max_cycles);
        if (worst > d->max_cycles)
            failf(f, "%s: worst period %" PRIu64 " cycles above %" PRIu64, what,
                  worst, d->max_cycles);
    }
}

void xp_expect(xp_run *r, const dsh_exec_env *env, const dsh_exec_summary *s)
{
    const dsh_case *c = r->c;
    fails f = { .text = "", .n = 0 };
    char what[64];

    for (unsigned i = 0; i < c->n_audio; i++)
        expect_audio(r, env, &c->audio[i], &f);
    for (unsigned pi = 0; pi < r->npipes; pi++) {
        snprintf(what, sizeof what, "pipeline %u", r->pipes[pi].id);
        const dsh_deadline_expect *own = &c->pipeline_deadlines[pi];
        expect_deadlines(r, &r->pipes[pi], &c->deadlines, what, !own->on, &f);
        expect_deadlines(r, &r->pipes[pi], own, what, true, &f);
    }
    for (unsigned k = 0; k < 4; k++)
        expect_core(r, s, k, &c->core_deadlines[k], &f);
    expect_count(r, "run", "xruns", &c->xruns, s->xruns, "xruns", &f);
    expect_count(r, "run", "ipc_errors", &c->ipc_errors, s->ipc_errors,
                 "IPC error replies", &f);
    expect_count(r, "run", "restarts", &c->restarts, s->xrun_restarts,
                 "xrun restarts", &f);
    /* faults (docs/harness.md "Faults") */
    expect_count(r, "run", "ipc_timeouts", &c->ipc_timeouts,
                 dsh_drv_get_stats(r->drv)->ipc_timeouts, "IPC timeouts", &f);
    expect_count(r, "run", "host_xruns", &c->host_xruns, r->host_xruns,
                 "host xruns", &f);
    expect_count(r, "run", "xrun_causes.underrun", &c->xrun_underrun,
                 r->xrun_codes[0], "underrun xruns", &f);
    expect_count(r, "run", "xrun_causes.overrun", &c->xrun_overrun,
                 r->xrun_codes[1], "overrun xruns", &f);
    expect_count(r, "run", "xrun_causes.dma", &c->xrun_dma, r->xrun_codes[2],
                 "DMA-error xruns", &f);
    if (c->panic.on && !r->panic_seen)
        failf(&f,
              "expected a firmware panic with cause %s, but the firmware "
              "did not panic",
              ds_fw_cause_name(c->panic.cause));
    if (f.n)
        xp_fail(r, DSH_RES_FAIL, "%s", f.text);
}
