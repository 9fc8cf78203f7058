/* SPDX-License-Identifier: BSD-3-Clause */
/* Case execution: the run itself (exec.h) — boot, build, stream, controls,
 * stop, statistics, artifacts. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <unistd.h>

#include "dspsim/board_race.h"
#include "exec/exec_internal.h"

#ifndef DSH_DEFAULT_FIRMWARE
#define DSH_DEFAULT_FIRMWARE ""
#endif

#ifndef DSH_DEFAULT_FIRMWARE_SMP
#define DSH_DEFAULT_FIRMWARE_SMP ""
#endif

const char *dsh_exec_default_firmware(void)
{
    return DSH_DEFAULT_FIRMWARE;
}

const char *dsh_exec_default_firmware_smp(void)
{
    return DSH_DEFAULT_FIRMWARE_SMP;
}

const char *dsh_exec_firmware(const dsh_case *c, const char *given)
{
    if (c->firmware[0])
        return c->firmware;
    if (given && given[0] && given != dsh_exec_default_firmware())
        return given;
    return dsh_case_uses_cores(c) ? dsh_exec_default_firmware_smp()
                                  : dsh_exec_default_firmware();
}

static bool board_config(xp_run *r, ds_board_config *cfg)
{
    const dsh_board_spec *b = &r->c->board;
    char err[512];
    ds_board_config_default(cfg);
    if (b->file[0] && !ds_board_config_load(cfg, b->file, err, sizeof err))
        return xp_fail(r, DSH_RES_ERROR, "board: %s", err);
    cfg->cpu = r->o->cpu; /* the engine, from the command line */
    if (b->has_cpu_hz)
        cfg->cpu_hz = b->cpu_hz;
    if (b->has_audio_clock_hz)
        cfg->audio_hz = b->audio_clock_hz;
    if (b->audio_clock_auto)
        xp_log(r,
               "audio clock %u Hz: every SSP port is of the 44.1 kHz "
               "family and the case sets no clock",
               (unsigned)cfg->audio_hz);
    if (b->has_drift_ppm)
        cfg->audio_drift_ppb = (int32_t)lround(b->drift_ppm * 1000.0);
    if (b->has_ssp_ports)
        cfg->ssp_ports = b->ssp_ports;
    if (b->has_ssp_fifo_frames)
        cfg->ssp_fifo_frames = b->ssp_fifo_frames;
    if (b->has_cores)
        cfg->cores = b->cores;
    if (!ds_board_config_check(cfg, err, sizeof err))
        return xp_fail(r, DSH_RES_ERROR, "board: %s", err);
    return true;
}

static void on_notify(void *user, const dsh_drv_msg *m)
{
    if (m->id == IPC_NOTIFY_AUD_XRUN)
        xp_xrun_notified(user, m);
}

static bool get_stats(xp_run *r, xp_pipe *p)
{
    static dsh_drv_msg m;
    dsh_drv_err e = xp_command(r, IPC_CMD_AUD_GET_STATS, &p->id, 4, &m);
    if (xp_expected_panic(r, e))
        return false;
    if (e != DSH_DRV_OK) {
        r->unexpected_ipc += e == DSH_DRV_ESTATUS;
        return xp_fail(r, e == DSH_DRV_ESTATUS ? DSH_RES_FAIL : DSH_RES_ERROR,
                       "pipeline %u statistics: %s", p->id,
                       dsh_drv_diag(r->drv));
    }
    if (m.len < sizeof(struct ipc_aud_stats_reply))
        return xp_fail(r, DSH_RES_ERROR,
                       "pipeline %u statistics: reply of "
                       "%" PRIu32 " bytes",
                       p->id, m.len);
    struct ipc_aud_stats_reply s;
    memcpy(&s, m.body, sizeof s);
    p->have_stats = true;
    p->state = s.state;
    p->period_cycles = s.period_cycles;
    p->xruns = s.xruns;
    p->misses = s.misses;
    p->dropped = s.dropped;
    p->periods = s.cycles.periods;
    p->worst_cycles = s.cycles.worst;
    p->avg_cycles = s.cycles.avg;
    p->releases = s.releases;
    size_t room = (m.len - sizeof s) / sizeof(struct ipc_aud_comp_stats);
    p->ncomp_stats = s.n_comps < room ? s.n_comps : (unsigned)room;
    if (p->ncomp_stats > XP_MAX_COMPS)
        p->ncomp_stats = XP_MAX_COMPS;
    for (unsigned i = 0; i < p->ncomp_stats; i++) {
        struct ipc_aud_comp_stats cs;
        memcpy(&cs, m.body + sizeof s + i * sizeof cs, sizeof cs);
        p->comp_stats[i].id = cs.comp_id;
        p->comp_stats[i].type = cs.type;
        p->comp_stats[i].avg = cs.cycles.avg;
        p->comp_stats[i].worst = cs.cycles.worst;
    }
    xp_log(r,
           "pipeline %u: %" PRIu32 " periods, worst %" PRIu32 " avg %" PRIu32
           " of %" PRIu32 " cycles, %" PRIu32 " misses, %" PRIu32 " xruns",
           p->id, s.cycles.periods, s.cycles.worst, s.cycles.avg,
           s.period_cycles, s.misses, s.xruns);
    return true;
}

/* Length of the run in ms. */
static double run_ms(const dsh_case *c)
{
    if (!c->until_input_ends)
        return c->duration_ms;
    double ms = 0;
    for (unsigned i = 0; i < c->n_endpoints; i++) {
        const dsh_endpoint *e = &c->endpoints[i];
        if (e->dir == DSH_EP_INPUT && e->rate) {
            double t = (double)e->input_frames * 1000.0 / e->rate;
            if (t > ms)
                ms = t;
        }
    }
    return ms;
}

/* One step of streaming: `cycles` of simulated time, then the streams
 * serviced and any xrun recovered from. */
static bool stream_step(xp_run *r, uint64_t cycles)
{
    /* a snapshot may be taken inside this step (r->pos: the caller's
     * phase; exec_snapshot.c) */
    r->pos.until = dsh_drv_cycles(r->drv) + cycles;
    dsh_drv_err e = dsh_drv_run(r->drv, cycles, NULL);
    if (e == DSH_DRV_EREWIND)
        return false; /* back to a checkpoint (exec_reverse.c) */
    r->pos.phase = XP_PHASE_NONE;
    r->resumable_end = dsh_drv_cycles(r->drv);
    if (xp_expected_panic(r, e))
        return false;
    if (e != DSH_DRV_OK)
        return xp_fail(r, DSH_RES_ERROR, "while streaming: %s",
                       dsh_drv_diag(r->drv));
    if (!xp_streams_service(r))
        return false;
    if (r->o->progress && r->start_cycle) {
        uint64_t now = dsh_drv_cycles(r->drv);
        r->o->progress(r->o->progress_user, now,
                       now > r->start_cycle ? (double)(now - r->start_cycle) /
                                                  dsh_drv_cpu_hz(r->drv)
                                            : 0.0);
    }
    return xp_xrun_recover(r);
}

/* A run restored from a snapshot taken in a step of `phase`: the rest of
 * that step (the state is where the snapshot left it). */
static bool resume_step(xp_run *r, xp_phase phase)
{
    if (!r->resuming || r->pos.phase != phase)
        return true;
    r->resuming = false;
    uint64_t now = dsh_drv_cycles(r->drv);
    return stream_step(r, r->pos.until > now ? r->pos.until - now : 0);
}

/* Runs the started pipelines for ms of simulated time. */
static bool stream(xp_run *r, double ms)
{
    double hz = dsh_drv_cpu_hz(r->drv);
    unsigned min_us = 1000000;
    for (unsigned i = 0; i < r->npipes; i++)
        if (r->pipes[i].period_us < min_us)
            min_us = r->pipes[i].period_us;
    uint64_t step = (uint64_t)(hz * min_us / 1e6);
    uint64_t end = r->start_cycle + (uint64_t)llround(ms * hz / 1000.0);
    unsigned next_ctl = r->resuming ? r->pos.next_ctl : 0;
    /* rebuild_every_ms: teardown and rebuild at each multiple of it */
    uint64_t rb_every = (uint64_t)llround(r->c->rebuild_every_ms * hz / 1000.0);
    uint64_t next_rb = rb_every ? r->start_cycle + rb_every : UINT64_MAX;
    if (!step)
        step = 1;
    if (!resume_step(r, XP_PHASE_STREAM))
        return false;
    while (dsh_drv_cycles(r->drv) < end) {
        uint64_t now = dsh_drv_cycles(r->drv);
        while (next_ctl < r->c->n_controls) {
            const dsh_control *ctl = &r->c->controls[next_ctl];
            uint64_t at = r->start_cycle +
                          (uint64_t)llround(ctl->at_ms * hz / 1000.0);
            if (at > now)
                break;
            if (!xp_control(r, ctl))
                return false;
            next_ctl++;
        }
        if (!xp_faults_host(r))
            return false;
        if (now >= next_rb) {
            if (!xp_rebuild(r))
                return false;
            next_rb += rb_every;
            continue;
        }
        /* a step ends at the next host-side fault or rebuild */
        uint64_t len = end - now < step ? end - now : step;
        uint64_t fault = xp_faults_next_host(r);
        if (fault > now && fault - now < len)
            len = fault - now;
        if (next_rb - now < len)
            len = next_rb - now;
        r->pos = (xp_pos){ XP_PHASE_STREAM, next_ctl, 0, 0 };
        if (!stream_step(r, len))
            return false;
    }
    return true;
}

/* A run until the inputs end: the last input frames may sit in a partial
 * period that the DSP fetches (padded with silence) only in its next
 * period, after the input's duration.  Runs on, a period at a time, until
 * the DSP has taken every input frame (at most the host buffer's periods
 * and 4 more; a pipeline stopped by an xrun never takes them: the drain
 * then plays what there is). */
static bool fetch_rest(xp_run *r)
{
    double hz = dsh_drv_cpu_hz(r->drv);
    uint32_t min_us = 1000000, max_us = 0;
    for (unsigned i = 0; i < r->npipes; i++) {
        uint32_t us = r->pipes[i].period_us;
        min_us = us < min_us ? us : min_us;
        max_us = us > max_us ? us : max_us;
    }
    uint64_t step = (uint64_t)(hz * min_us / 1e6);
    uint64_t limit = dsh_drv_cycles(r->drv) + (uint64_t)(hz * max_us / 1e6) *
                                                  (DSH_EXEC_HOST_PERIODS + 4);
    if (!step)
        step = 1;
    if (r->resuming && r->pos.phase == XP_PHASE_FETCH)
        limit = r->pos.aux;
    if (!resume_step(r, XP_PHASE_FETCH))
        return false;
    while (!xp_streams_inputs_fetched(r)) {
        if (dsh_drv_cycles(r->drv) >= limit) {
            xp_log(r,
                   "the DSP has not taken every input frame %u us "
                   "after the inputs ended",
                   (unsigned)((DSH_EXEC_HOST_PERIODS + 4) * max_us));
            return true;
        }
        r->pos = (xp_pos){ XP_PHASE_FETCH, 0, 0, limit };
        if (!stream_step(r, step))
            return false;
    }
    return true;
}

/* flush_src: the inputs have ended; streams on (the host plays silence)
 * for the longest SRC group delay into any output, plus a period, so
 * the SRC components put out the last input frames they hold. */
static bool flush_src(xp_run *r)
{
    double d = 0, hz = dsh_drv_cpu_hz(r->drv);
    uint32_t min_us = 1000000, max_us = 0;
    for (unsigned i = 0; i < r->c->n_endpoints; i++) {
        const dsh_endpoint *e = &r->c->endpoints[i];
        if (e->dir == DSH_EP_OUTPUT && e->component >= 0) {
            double t = xp_src_delay_s(r->c, (unsigned)e->component);
            d = t > d ? t : d;
        }
    }
    if (d <= 0)
        return true;
    for (unsigned i = 0; i < r->npipes; i++) {
        uint32_t us = r->pipes[i].period_us;
        min_us = us < min_us ? us : min_us;
        max_us = us > max_us ? us : max_us;
    }
    uint64_t step = (uint64_t)(hz * min_us / 1e6);
    uint64_t end = dsh_drv_cycles(r->drv) + (uint64_t)(d * hz) +
                   (uint64_t)(hz * max_us / 1e6);
    if (!step)
        step = 1;
    if (r->resuming && r->pos.phase == XP_PHASE_FLUSH)
        end = r->pos.aux;
    else
        xp_log(r, "streaming %.3f ms more for the SRC group delay", d * 1e3);
    if (!resume_step(r, XP_PHASE_FLUSH))
        return false;
    while (dsh_drv_cycles(r->drv) < end) {
        r->pos = (xp_pos){ XP_PHASE_FLUSH, 0, 0, end };
        if (!stream_step(r, step))
            return false;
    }
    return true;
}

/* Runs `cycles` of simulated time in steps of `step`, servicing the
 * streams after each step. */
static bool run_serviced(xp_run *r, uint64_t cycles, uint64_t step,
                         const char *what)
{
    for (uint64_t done = 0; done < cycles; done += step) {
        dsh_drv_err e = dsh_drv_run(r->drv, step, NULL);
        if (xp_expected_panic(r, e))
            return false;
        if (e != DSH_DRV_OK)
            return xp_fail(r, DSH_RES_ERROR, "%s: %s", what,
                           dsh_drv_diag(r->drv));
        xp_streams_service(r);
    }
    return true;
}

/* end: drain.  DRAIN every pipeline, run until each has played (or
 * captured) what it holds and stopped by itself (GET_STATS state STOPPED,
 * or XRUN), at most 16 of its periods; then 3 more periods so the output
 * holds what the DAI plays out after the stop (its ring lead). */
static bool drain(xp_run *r)
{
    double hz = dsh_drv_cpu_hz(r->drv);
    uint32_t min_us = 1000000, max_us = 0;
    for (unsigned i = 0; i < r->npipes; i++) {
        xp_pipe *p = &r->pipes[i];
        min_us = p->period_us < min_us ? p->period_us : min_us;
        max_us = p->period_us > max_us ? p->period_us : max_us;
        if (!xp_trigger(r, p, IPC_AUD_TRIGGER_DRAIN, "DRAIN", false))
            return false;
    }
    uint64_t step = (uint64_t)(hz * min_us / 1e6);
    uint64_t limit = dsh_drv_cycles(r->drv) +
                     (uint64_t)(hz * max_us / 1e6) * 16;
    unsigned pending = r->npipes;
    if (!step)
        step = 1;
    while (pending) {
        if (dsh_drv_cycles(r->drv) >= limit)
            return xp_fail(r, DSH_RES_FAIL,
                           "DRAIN: %u pipeline(s) still "
                           "running %u ms after the drain started",
                           pending, 16 * max_us / 1000);
        if (!run_serviced(r, step, step, "while draining"))
            return false;
        for (unsigned i = 0; i < r->npipes; i++) {
            xp_pipe *p = &r->pipes[i];
            if (p->drained)
                continue;
            if (!get_stats(r, p))
                return false;
            if (p->state == IPC_AUD_PIPE_STOPPED ||
                p->state == IPC_AUD_PIPE_XRUN) {
                p->drained = true;
                pending--;
                xp_log(r, "pipeline %u drained", p->id);
            }
        }
    }
    return run_serviced(r, (uint64_t)(hz * max_us / 1e6) * 3, step,
                        "after the drain");
}

static const char *comp_type_name(uint32_t type)
{
    static const char *const names[] = {
        [IPC_AUD_COMP_HOST] = "host",       [IPC_AUD_COMP_DAI] = "dai",
        [IPC_AUD_COMP_VOLUME] = "volume",   [IPC_AUD_COMP_MIXER] = "mixer",
        [IPC_AUD_COMP_EQ_IIR] = "eq_iir",   [IPC_AUD_COMP_EQ_FIR] = "eq_fir",
        [IPC_AUD_COMP_SRC] = "src",         [IPC_AUD_COMP_TONE] = "tone",
        [IPC_AUD_COMP_CONVERT] = "convert",
    };
    return type < sizeof names / sizeof names[0] && names[type] ? names[type]
                                                                : "?";
}

static void write_fw_log(const xp_run *r, FILE *f);

static void write_artifacts(xp_run *r, const dsh_exec_env *env)
{
    char path[DSH_PATH_MAX * 2], err[512];
    if (r->o->timeline_path)
        snprintf(path, sizeof path, "%s", r->o->timeline_path);
    else
        snprintf(path, sizeof path, "%s/timeline.json", env->out_dir);
    if (r->tl && dsh_timeline_write(r->tl, path, err, sizeof err) != 0)
        xp_log(r, "%s", err);
    else if (r->tl && dsh_timeline_dropped(r->tl))
        xp_log(r,
               "timeline: cap of %u events reached, %" PRIu64 " later "
               "events dropped",
               DSH_TIMELINE_MAX_EVENTS, dsh_timeline_dropped(r->tl));
    snprintf(path, sizeof path, "%s/firmware.log", env->out_dir);
    FILE *f = fopen(path, "w");
    if (!f)
        return;
    write_fw_log(r, f);
    fclose(f);
}

/* firmware.log: the result with its full diagnosis (a decoded panic
 * report when there is one), IPC and pipeline statistics, the firmware's
 * trace log and console. */
static void write_fw_log(const xp_run *r, FILE *f)
{
    fprintf(f, "case: %s (%s)\nresult: %s%s%s\n", r->c->path, r->c->name,
            dsh_res_status_name(r->status), r->msg[0] ? ": " : "", r->msg);
    if (r->tl && dsh_timeline_dropped(r->tl))
        fprintf(f,
                "timeline: %zu events, cap of %u reached: %" PRIu64
                " later events dropped\n",
                dsh_timeline_count(r->tl), DSH_TIMELINE_MAX_EVENTS,
                dsh_timeline_dropped(r->tl));
    else if (r->tl)
        fprintf(f, "timeline: %zu events\n", dsh_timeline_count(r->tl));
    xp_race_write(r, f);
    if (r->drv) {
        const dsh_drv_stats *st = dsh_drv_get_stats(r->drv);
        fprintf(f,
                "cycles: %" PRIu64 "\nIPC: %" PRIu64 " commands, %" PRIu64
                " replies, %" PRIu64 " error replies, %" PRIu64
                " notifications, %" PRIu64 " deadline-miss notifications, "
                "worst reply latency %" PRIu64 " cycles\n",
                dsh_drv_cycles(r->drv), st->commands, st->replies,
                st->ipc_errors, st->notifications, st->deadline_misses,
                st->max_reply_cycles);
        for (unsigned i = 0; i < r->npipes; i++) {
            const xp_pipe *p = &r->pipes[i];
            if (p->have_stats)
                fprintf(f,
                        "pipeline %u: %" PRIu32 " periods, worst %" PRIu32
                        " avg %" PRIu32 " of %" PRIu32 " cycles, %" PRIu32
                        " misses, %" PRIu32 " xruns, %u xrun restarts, %" PRIu32
                        " notifications dropped\n",
                        p->id, p->periods, p->worst_cycles, p->avg_cycles,
                        p->period_cycles, p->misses, p->xruns, p->restarts,
                        p->dropped);
            for (unsigned k = 0; k < p->ncomp_stats; k++)
                fprintf(
                    f,
                    "  component %" PRIu32 " (%s): avg %" PRIu32
                    " worst %" PRIu32 " cycles a period (%.3f MCPS)\n",
                    p->comp_stats[k].id, comp_type_name(p->comp_stats[k].type),
                    p->comp_stats[k].avg, p->comp_stats[k].worst,
                    p->period_us ? p->comp_stats[k].avg / (double)p->period_us
                                 : 0);
        }
        xp_faults_report(r, f);
        fputs("\n", f);
        dsh_drv_dump_log(r->drv, f, 100);
        fprintf(f, "\nfirmware console:\n%s\n", dsh_drv_console(r->drv));
    }
}

/* The result's log (runner.h): firmware.log's text; when longer than
 * the room, its head (the result and diagnosis, up to half the room) and
 * its tail from a line start, joined by a "[... N bytes cut ...]" line. */
static void result_log(const xp_run *r, dsh_case_result *res)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return;
    write_fw_log(r, f);
    if (fclose(f) != 0 || !text) {
        free(text);
        return;
    }
    size_t room = sizeof res->log - 1;
    if (len <= room) {
        memcpy(res->log, text, len + 1);
        free(text);
        return;
    }
    /* the head: up to the first blank line (the statistics end there) */
    size_t head = room / 2;
    const char *blank = strstr(text, "\n\n");
    if (blank && (size_t)(blank - text) + 1 < head)
        head = (size_t)(blank - text) + 1;
    char mark[64];
    size_t tail = room - head - sizeof mark;
    const char *t = text + len - tail;
    const char *nl = memchr(t, '\n', tail);
    if (nl && nl + 1 < text + len)
        t = nl + 1;
    int m = snprintf(mark, sizeof mark, "[... %zu bytes cut ...]\n",
                     (size_t)(t - text) - head);
    memcpy(res->log, text, head);
    memcpy(res->log + head, mark, (size_t)m);
    snprintf(res->log + head + m, room + 1 - head - (size_t)m, "%s", t);
    free(text);
}

/* The run's figures for the JSON report (runner.h dsh_run_figures). */
static void result_run(const xp_run *r, const dsh_exec_summary *s,
                       dsh_case_result *res)
{
    dsh_run_figures *f = &res->run;
    if (!r->drv)
        return;
    f->has_run = true;
    f->audio_seconds = s->audio_seconds;
    f->cpu_hz = s->cpu_hz;
    f->mcps = s->mcps;
    f->worst_load_pct = s->worst_load_pct;
    f->cycles = s->cycles;
    snprintf(f->engine, sizeof f->engine, "%s", s->engine ? s->engine : "");
    f->deadline_misses = s->deadline_misses;
    f->xruns = s->xruns;
    f->ipc_errors = s->ipc_errors;
    for (unsigned i = 0; i < r->npipes && f->npipes < DSH_RESULT_MAX_PIPES;
         i++) {
        const xp_pipe *p = &r->pipes[i];
        if (!p->have_stats)
            continue;
        f->pipes[f->npipes++] = (struct dsh_pipe_figures){
            p->id,         p->periods,      p->period_cycles,
            p->avg_cycles, p->worst_cycles, p->misses
        };
    }
    for (unsigned i = 0; i < s->ncomps && i < DSH_RESULT_MAX_COMPS; i++) {
        struct dsh_comp_figures *c = &f->comps[f->ncomps++];
        snprintf(c->name, sizeof c->name, "%s", s->comps[i].name);
        c->mcps = s->comps[i].mcps;
        c->worst_pct = s->comps[i].worst_pct;
    }
    for (unsigned k = 0; k < s->ncores && k < DSH_RESULT_MAX_CORES; k++) {
        const struct dsh_exec_core *sc = &s->cores[k];
        struct dsh_core_figures *c = &f->cores[f->ncores++];
        c->mcps = sc->mcps;
        c->worst_load_pct = sc->worst_load_pct;
        c->deadline_misses = sc->deadline_misses;
        c->busy_known = sc->busy_known;
        c->busy_pct = sc->busy_pct;
        c->busy_mcps = sc->busy_mcps;
        /* the pipelines the summary counts on this core */
        for (unsigned i = 0; i < r->npipes && c->npipes < DSH_RESULT_MAX_PIPES;
             i++)
            if (r->pipes[i].core == k)
                c->pipe_ids[c->npipes++] = r->pipes[i].id;
    }
}

static double wall_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void summarize(xp_run *r, double wall, dsh_exec_summary *s)
{
    memset(s, 0, sizeof *s);
    if (!r->drv)
        return;
    s->cpu_hz = dsh_drv_cpu_hz(r->drv);
    s->cycles = dsh_drv_cycles(r->drv);
    xt_cpu *cpu = ds_board_cpu(dsh_drv_board(r->drv));
    s->engine = xt_engine_name(xt_engine_get(cpu));
    xt_xlate_stats xs;
    xt_xlate_stats_get(cpu, &xs);
    s->insns = xt_insn_count(cpu);
    s->xl_insns = xs.insns;
    s->xl_promotions = xs.promotions;
    for (unsigned t = 0; t < 2; t++) {
        s->xl_tier_pages[t] = xs.tier[t].pages;
        s->xl_tier_ms[t] = (double)xs.tier[t].compile_ns / 1e6;
    }
    /* the streamed run: a drain afterwards plays what is queued, it
     * processes no more input */
    uint64_t end = r->stream_end_cycle ? r->stream_end_cycle : s->cycles;
    if (r->start_cycle && end > r->start_cycle)
        s->audio_seconds = (double)(end - r->start_cycle) / s->cpu_hz;
    double busy_per_s = 0;
    for (unsigned i = 0; i < r->npipes; i++) {
        const xp_pipe *p = &r->pipes[i];
        if (!p->have_stats)
            continue;
        s->deadline_misses += p->misses;
        if (p->period_cycles) {
            double load = 100.0 * p->worst_cycles / p->period_cycles;
            if (load > s->worst_load_pct)
                s->worst_load_pct = load;
            busy_per_s += (double)p->avg_cycles * 1e6 / p->period_us;
        }
        if (p->worst_cycles > s->worst_period_cycles)
            s->worst_period_cycles = p->worst_cycles;
        for (unsigned k = 0; k < p->ncomp_stats &&
                             s->ncomps < sizeof s->comps / sizeof s->comps[0];
             k++) {
            struct dsh_exec_comp *sc = &s->comps[s->ncomps++];
            snprintf(sc->name, sizeof sc->name, "p%u.%u %s", p->id,
                     p->comp_stats[k].id,
                     comp_type_name(p->comp_stats[k].type));
            sc->mcps = p->period_us
                           ? p->comp_stats[k].avg / (double)p->period_us
                           : 0;
            sc->worst_pct = p->period_cycles ? 100.0 * p->comp_stats[k].worst /
                                                   p->period_cycles
                                             : 0;
        }
    }
    s->mcps = busy_per_s / 1e6;
    if (dsh_case_uses_cores(r->c)) {
        s->ncores = dsh_case_board_cores(&r->c->board);
        if (s->ncores > 4)
            s->ncores = 4;
        for (unsigned i = 0; i < r->npipes; i++) {
            const xp_pipe *p = &r->pipes[i];
            struct dsh_exec_core *k;
            if (p->core >= s->ncores)
                continue;
            k = &s->cores[p->core];
            k->pipelines++;
            if (!p->have_stats)
                continue;
            k->deadline_misses += p->misses;
            if (p->period_cycles) {
                k->worst_load_pct += 100.0 * p->worst_cycles / p->period_cycles;
                k->mcps += (double)p->avg_cycles / p->period_us;
            }
        }
        xp_cores_summary(r, s);
    }
    s->xruns = r->xruns;
    s->xrun_restarts = r->restarts;
    s->ipc_errors = dsh_drv_get_stats(r->drv)->ipc_errors;
    if (s->deadline_misses < dsh_drv_get_stats(r->drv)->misses_reported)
        s->deadline_misses = dsh_drv_get_stats(r->drv)->misses_reported;
    s->wall_seconds = wall;
    s->realtime_factor = wall > 0 ? s->audio_seconds / wall : 0;
}

/* --gdb: the server, announced on stderr, handed the board's run loop */
static bool start_gdb(xp_run *r)
{
    char err[256];
    ds_board *b = dsh_drv_board(r->drv);
    if (ds_gdb_open(ds_board_cpu(b), r->o->gdb_port, &r->gdb, err, sizeof err))
        return xp_fail(r, DSH_RES_ERROR, "%s", err);
    char prefix[32];
    snprintf(prefix, sizeof prefix, "dspsim%s%s", r->o->cmd ? " " : "",
             r->o->cmd ? r->o->cmd : "");
    ds_gdb_set_log_prefix(r->gdb, prefix);
    xt_cpu *cores[4];
    ds_gdb_set_cores(r->gdb, cores, ds_board_core_cpus(b, cores, 4));
    fprintf(stderr, "%s: gdb: listening on 127.0.0.1:%u\n", prefix,
            ds_gdb_port(r->gdb));
    fflush(stderr);
    ds_gdb_attach_run(r->gdb, ds_board_service(b));
    xp_reverse_start(r);
    if (r->o->gdb_wait)
        ds_gdb_wait_attach(r->gdb);
    return true;
}

/* the board's diagnostics (DMA errors ...) as "dspsim CMD: board: MSG",
 * once (not again while reverse execution goes over history) */
static void board_log(void *user, const char *msg)
{
    const xp_run *r = user;
    if (r->replaying)
        return;
    fflush(stdout);
    fprintf(stderr, "dspsim %s: board: %s\n", r->o->cmd, msg);
}

static void execute(xp_run *r, const char *fw)
{
    ds_board_config cfg;
    char err[1024];
    if (!board_config(r, &cfg))
        return;
    r->tl = r->o->no_timeline ? NULL : dsh_timeline_new(cfg.cpu_hz);
    /* the runner's copy of the image when the case runs that one */
    const struct xt_elf *image = r->o->firmware_image && r->o->firmware &&
                                         !strcmp(fw, r->o->firmware)
                                     ? r->o->firmware_image
                                     : NULL;
    dsh_drv_opts o = { .elf = fw,
                       .image = image,
                       .board = &cfg,
                       .min_proto_minor = 1,
                       .timeline = r->tl,
                       .notify = on_notify,
                       .user = r,
                       .core_tracks = dsh_case_uses_cores(r->c) };
    xp_plot_driver_hooks(r, &o);
    if (dsh_drv_new(&o, &r->drv, err, sizeof err) != DSH_DRV_OK) {
        xp_fail(r, DSH_RES_ERROR, "%s", err);
        return;
    }
    if (r->o->cmd)
        ds_board_set_log(dsh_drv_board(r->drv), board_log, r);
    if (r->o->race && !xp_race_enable(r))
        return;
    xt_cpu *cores[XT_PROFILE_MAX_CPUS];
    unsigned nc = ds_board_core_cpus(dsh_drv_board(r->drv), cores,
                                     XT_PROFILE_MAX_CPUS);
    if (r->o->profile_path &&
        xt_profile_set_start(&r->prof, cores, nc, dsh_drv_elf(r->drv), err,
                             sizeof err)) {
        xp_fail(r, DSH_RES_ERROR, "profile: %s", err);
        return;
    }
    /* --gdb with --restore: the server starts on the restored machine, so
     * that the debugger's first stop, its breakpoints and steps see the
     * state the run resumes from (never the reset state it replaces) */
    if (r->o->gdb && !r->o->restore_path && !start_gdb(r))
        return;
    if (!xp_snapshot_arm(r, fw))
        return;
    dsh_drv_err e;
    if (r->o->restore_path) {
        /* from a snapshot: boot, setup and the phases before it are done */
        if (!xp_snapshot_restore(r, fw)) {
            r->restore_refused = true;
            return;
        }
        if (r->o->gdb && !start_gdb(r))
            return;
        goto resume;
    }
    e = dsh_drv_boot(r->drv);
    if (e != DSH_DRV_OK) {
        const struct ipc_fw_ready *rd = dsh_drv_ready(r->drv);
        if (e == DSH_DRV_EPROTO && rd->proto_version >> 16 == IPC_PROTO_MAJOR &&
            (rd->proto_version & 0xffff) < 1)
            xp_fail(r, DSH_RES_SKIP,
                    "firmware '%s' speaks IPC protocol 1.0 "
                    "(no audio commands)",
                    fw);
        else
            xp_fail(r, DSH_RES_ERROR, "boot: %s", dsh_drv_diag(r->drv));
        return;
    }
    xp_log(r, "firmware ready: protocol %#x, firmware %#x",
           (unsigned)dsh_drv_ready(r->drv)->proto_version,
           (unsigned)dsh_drv_ready(r->drv)->fw_version);
    if (dsh_case_uses_cores(r->c) &&
        dsh_drv_ready(r->drv)->proto_version < IPC_PROTO_VERSION_SMP) {
        xp_fail(r, DSH_RES_ERROR,
                "firmware '%s' speaks IPC protocol %u.%u: pipelines on "
                "cores other than 0 need 1.%u (the several-core build, "
                "fw_audio_smp.elf)",
                fw, (unsigned)(dsh_drv_ready(r->drv)->proto_version >> 16),
                (unsigned)(dsh_drv_ready(r->drv)->proto_version & 0xffff),
                IPC_PROTO_MINOR_SMP);
        return;
    }
    if (!xp_rebuild_baseline(r) || !xp_plan(r) || !xp_build(r) ||
        !xp_streams_open(r) || !xp_streams_params(r))
        goto free_pipes;
    for (unsigned i = 0; i < r->c->n_endpoints; i++)
        r->eps[i].active = true;
    r->start_cycle = dsh_drv_cycles(r->drv);
    if (!xp_cores_sample(r, 0))
        goto free_pipes;
    if (!xp_faults_start(r))
        goto free_pipes;
    for (unsigned i = 0; i < r->npipes; i++)
        if (!xp_trigger(r, &r->pipes[i], IPC_AUD_TRIGGER_START, "START",
                        true)) {
            r->start_cycle = 0; /* nothing to collect */
            goto free_pipes;
        }
    if (!xp_setup_accepted(r))
        goto stop;
    xp_log(r, "started; running %.3f ms", run_ms(r->c));
resume:
    if ((!r->resuming || r->pos.phase == XP_PHASE_STREAM) &&
        !stream(r, run_ms(r->c)))
        goto free_pipes;
    if (r->c->until_input_ends &&
        (!r->resuming || r->pos.phase == XP_PHASE_FETCH) && !fetch_rest(r))
        goto free_pipes;
    if (!r->resuming) {
        r->stream_end_cycle = dsh_drv_cycles(r->drv);
        if (!xp_cores_sample(r, 1))
            goto free_pipes;
    }
    /* (like the drain, not counted in the audio seconds) */
    if (r->c->until_input_ends && (r->o->flush_src || r->c->align_outputs) &&
        !flush_src(r))
        goto free_pipes;
    if (r->c->end == DSH_END_DRAIN && !drain(r))
        goto free_pipes;
stop:
    if (r->rewinding)
        goto rewind;
    for (unsigned i = 0; i < r->npipes; i++)
        if (!r->pipes[i].drained &&
            !xp_trigger(r, &r->pipes[i], IPC_AUD_TRIGGER_STOP, "STOP", false))
            goto free_pipes;
    xp_streams_service(r); /* drain what capture moved last */
    for (unsigned i = 0; i < r->c->n_endpoints; i++)
        r->eps[i].active = false;
    for (unsigned i = 0; i < r->npipes; i++)
        if (!get_stats(r, &r->pipes[i]))
            goto free_pipes;
    xp_trace_deadlines(r);
free_pipes:
    if (r->rewinding)
        goto rewind;
    for (unsigned i = 0; i < r->npipes; i++) {
        xp_pipe *p = &r->pipes[i];
        if (!p->live || r->panic_seen) /* a panicked firmware is gone */
            continue;
        p->live = false;
        e = xp_command(r, IPC_CMD_AUD_PIPE_FREE, &p->id, 4, NULL);
        if (e != DSH_DRV_OK)
            xp_fail(r, e == DSH_DRV_ESTATUS ? DSH_RES_FAIL : DSH_RES_ERROR,
                    "pipeline %u FREE: %s", p->id, dsh_drv_diag(r->drv));
    }
    if (!r->rewinding)
        return;
rewind: /* a debugger went back to a checkpoint: on from there (the calls
         * in progress returned; exec_reverse.c) */
    if (xp_reverse_rewound(r))
        goto resume;
}

void dsh_exec_case(const dsh_case *c, const dsh_exec_env *env,
                   dsh_case_result *res, const void *user)
{
    static const dsh_exec_opts defaults;
    const dsh_exec_opts *o = user ? user : &defaults;
    xp_run *r = calloc(1, sizeof *r);
    if (!r) {
        res->status = DSH_RES_ERROR;
        snprintf(res->message, sizeof res->message, "out of memory");
        return;
    }
    r->c = c;
    r->o = o;
    r->status = DSH_RES_PASS;
    r->res = res;
    r->spool_dir = o->outputs_dir ? o->outputs_dir : env->out_dir;
    if (env->plot_data)
        xp_plot_begin(r);
    const char *fw = dsh_exec_firmware(c, o->firmware);
    double w0 = wall_now();
    dsh_exec_summary s;

    if (!fw[0]) {
        /* a missing image is an error, never a SKIP a CI gate passes on */
        xp_fail(r, DSH_RES_ERROR,
                "no audio firmware image configured "
                "(use --firmware ELF)");
    } else if (access(fw, R_OK) != 0) {
        xp_fail(r, DSH_RES_ERROR, "firmware '%s': %s", fw, strerror(errno));
    } else {
        execute(r, fw);
        xp_snapshot_finish(r);
    }
    unsigned races = xp_race_finish(r);
    summarize(r, wall_now() - w0, &s);
    s.races = races;
    s.race_checked = o->race && r->drv &&
                     ds_board_race_enabled(dsh_drv_board(r->drv));
    s.timeline = r->tl != NULL;
    s.timeline_events = dsh_timeline_count(r->tl);
    s.timeline_dropped = dsh_timeline_dropped(r->tl);
    if (r->gdb && ds_gdb_killed(r->gdb))
        xp_fail(r, DSH_RES_ERROR, "killed by the debugger");
    if (r->prof.n) {
        char perr[1024];
        xt_profile_set_finish(&r->prof);
        if (xt_profile_set_write(&r->prof, o->profile_path, fw, perr,
                                 sizeof perr))
            xp_fail(r, DSH_RES_ERROR, "%s", perr);
        xt_profile_set_free(&r->prof);
    }
    if (r->status == DSH_RES_PASS || r->status == DSH_RES_FAIL) {
        if (r->drv && r->start_cycle &&
            (!(o->align_outputs || r->c->align_outputs) ||
             xp_align_outputs(r, &s)))
            xp_write_outputs(r, env);
        if (r->status == DSH_RES_PASS)
            xp_expect(r, env, &s);
    }
    if (r->gdb) {
        /* the debugger is told the verdict, expectations included (W00
         * passed, W01 otherwise) */
        ds_gdb_finish(r->gdb, true, r->status == DSH_RES_PASS ? 0 : 1, 0);
        ds_gdb_close(r->gdb); /* detaches it from the board's run service */
        r->gdb = NULL;
    }
    xp_reverse_free(r); /* after the debugger: it goes back in the history */
    if (r->status != DSH_RES_SKIP &&
        (r->status != DSH_RES_PASS || o->keep_artifacts))
        write_artifacts(r, env);
    xp_plot_finish(r, env);
    s.setup_refused = r->setup_refused;
    s.snapshot_taken = r->snap_taken;
    s.snapshot_cycle = r->snap_cycle;
    s.restored = r->o->restore_path != NULL && r->restored_cycle;
    s.restored_cycle = r->restored_cycle;
    s.restore_refused = r->restore_refused;
    if (r->restore_refused)
        snprintf(s.restore_message, sizeof s.restore_message, "%s", r->msg);
    if (r->setup_refused)
        snprintf(s.setup_message, sizeof s.setup_message, "%s", r->msg);
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) == 0 && ru.ru_maxrss > 0)
        s.peak_rss_kib = (uint64_t)ru.ru_maxrss; /* KiB on Linux */
    if (o->summary)
        *o->summary = s;
    result_run(r, &s, res);
    if (r->status == DSH_RES_FAIL || r->status == DSH_RES_ERROR)
        result_log(r, res);
    res->status = r->status;
    /* one line: the first of the diagnosis (the rest is in firmware.log) */
    char *nl = strchr(r->msg, '\n');
    if (nl)
        *nl = '\0';
    snprintf(res->message, sizeof res->message, "%s%s", r->msg,
             nl ? " (report and trace in firmware.log)" : "");
    if (r->status != DSH_RES_PASS && r->status != DSH_RES_SKIP) {
        size_t n = strlen(res->message);
        snprintf(res->message + n, sizeof res->message - n, " [artifacts: %s]",
                 env->out_dir);
    }
    if (o->summary) {
        o->summary->status = res->status;
        memcpy(o->summary->message, res->message, sizeof res->message);
    }
    xp_streams_close(r);
    dsh_drv_free(r->drv);
    dsh_timeline_free(r->tl);
    free(r);
}
