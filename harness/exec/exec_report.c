/* SPDX-License-Identifier: BSD-3-Clause */
/* Case execution for the one-case commands (`dspsim run`, `dspsim play`):
 * run in-process, print the result line and the summary. */
#include <inttypes.h>
#include <stdio.h>
#include <time.h>

#include "driver/timeline.h"
#include "exec/exec.h"
#include "htmlreport/htmlreport.h"

static double wall(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* o->report_html: the case's page; false (message printed) when it
 * cannot be written */
static bool html_page(const dsh_case *c, const char *dir,
                      const dsh_case_result *r, const dsh_exec_opts *o,
                      const char *cmd)
{
    char notice[512], err[1024];
    dsh_report_entry e = { c->path, c->name, r, NULL, dir, NULL };
    if (!dsh_html_write_case_file(o->report_html, &e, notice, sizeof notice,
                                  err, sizeof err)) {
        fprintf(stderr, "dspsim %s: %s\n", cmd, err);
        return false;
    }
    if (notice[0] && !o->quiet)
        fprintf(stderr, "dspsim %s: %s: %s\n", cmd, o->report_html, notice);
    return true;
}

int dsh_exec_one(const dsh_case *c, const char *dir, const dsh_exec_opts *o,
                 const char *cmd)
{
    char err[512];
    if (!dsh_exec_mkdir_p(dir, err, sizeof err)) {
        fprintf(stderr, "dspsim %s: %s\n", cmd, err);
        return 2;
    }
    dsh_exec_env env = { .out_dir = dir, .plot_data = o && o->report_html };
    dsh_case_result r = { 0 };
    double t0 = wall();
    dsh_exec_case(c, &env, &r, o);
    r.seconds = wall() - t0;
    if (o && o->progress)
        o->progress(o->progress_user, 0, -1.0); /* the run is over */
    static const char *const tag[] = { "PASS", "FAIL", "SKIP", "ERROR" };
    bool quiet = o && o->quiet, dir_line = !(o && o->no_dir_line);
    if (quiet && r.status != DSH_RES_PASS) {
        /* -q: only what went wrong, as a message */
        fprintf(stderr, "dspsim %s: %s %s (%s)%s%s\n", cmd, tag[r.status],
                c->path, c->name, r.message[0] ? ": " : "", r.message);
        if (r.status != DSH_RES_SKIP && dir_line)
            fprintf(stderr, "dspsim %s: artifacts: %s\n", cmd, dir);
    } else if (!quiet) {
        printf("%s %s (%s)%s%s\n", tag[r.status], c->path, c->name,
               r.message[0] ? ": " : "", r.message);
        if (r.status != DSH_RES_SKIP && dir_line)
            printf("artifacts: %s\n", dir);
    }
    fflush(stdout);
    if (o && o->report_html && r.status != DSH_RES_SKIP &&
        !html_page(c, dir, &r, o, cmd))
        return 2;
    switch (r.status) {
    case DSH_RES_PASS:
        return 0;
    case DSH_RES_SKIP:
        return 2;
    default:
        return 1;
    }
}

void dsh_exec_print_summary(FILE *f, const dsh_exec_summary *s)
{
    fprintf(f, "audio seconds processed: %.3f\n", s->audio_seconds);
    if (s->aligned)
        fprintf(f,
                "latency removed: %" PRIu64 " frames (%.3f ms); output "
                "frames: %" PRIu64 "\n",
                s->latency_frames,
                s->latency_rate
                    ? 1000.0 * (double)s->latency_frames / s->latency_rate
                    : 0.0,
                s->out_frames);
    if (s->aligned && s->src_delay_frames)
        fprintf(f,
                "SRC group delay and lead: %" PRIu64
                " frames (%.3f ms; part of "
                "the latency removed)\n",
                s->src_delay_frames,
                s->latency_rate
                    ? 1000.0 * (double)s->src_delay_frames / s->latency_rate
                    : 0.0);
    fprintf(f, "simulated cycles: %" PRIu64 " (%.0f Hz)\n", s->cycles,
            s->cpu_hz);
    if (s->engine && s->xl_insns && s->cycles)
        fprintf(f,
                "engine: %s (translated: %" PRIu64 " of %" PRIu64
                " instructions; quick %" PRIu64
                " pages, %.1f ms; optimised %" PRIu64
                " pages, %.1f ms; %" PRIu64 " promotions)\n",
                s->engine, s->xl_insns, s->insns, s->xl_tier_pages[0],
                s->xl_tier_ms[0], s->xl_tier_pages[1], s->xl_tier_ms[1],
                s->xl_promotions);
    else if (s->engine)
        fprintf(f, "engine: %s\n", s->engine);
    fprintf(f, "MCPS: %.3f\n", s->mcps);
    for (unsigned i = 0; i < s->ncomps; i++)
        fprintf(f, "  %s: %.3f MCPS, worst period %.1f%%\n", s->comps[i].name,
                s->comps[i].mcps, s->comps[i].worst_pct);
    fprintf(f, "worst period load: %.1f%% (%" PRIu64 " cycles)\n",
            s->worst_load_pct, s->worst_period_cycles);
    for (unsigned k = 0; k < s->ncores; k++) {
        fprintf(f,
                "core %u: %u pipeline%s, %.3f MCPS, worst period load "
                "%.1f%%, %" PRIu64 " deadline misses",
                k, s->cores[k].pipelines, s->cores[k].pipelines == 1 ? "" : "s",
                s->cores[k].mcps, s->cores[k].worst_load_pct,
                s->cores[k].deadline_misses);
        if (s->cores[k].busy_known)
            fprintf(f, "; busy %.1f%% (%.3f MCPS, its kernel's idle count)",
                    s->cores[k].busy_pct, s->cores[k].busy_mcps);
        fputc('\n', f);
    }
    fprintf(f, "deadline misses: %" PRIu64 "\n", s->deadline_misses);
    if (s->race_checked)
        fprintf(f, "races between cores: %u (--race)\n", s->races);
    fprintf(f, "xruns: %" PRIu64 "\n", s->xruns);
    fprintf(f, "xrun restarts: %" PRIu64 "\n", s->xrun_restarts);
    fprintf(f, "IPC error replies: %" PRIu64 "\n", s->ipc_errors);
    fprintf(f, "real-time factor: %.2f (%.3f s of host time)\n",
            s->realtime_factor, s->wall_seconds);
    if (s->timeline && s->timeline_dropped)
        fprintf(f,
                "timeline: %" PRIu64 " events, cap of %u reached: %" PRIu64
                " later events dropped\n",
                s->timeline_events, DSH_TIMELINE_MAX_EVENTS,
                s->timeline_dropped);
    else if (s->timeline)
        fprintf(f, "timeline: %" PRIu64 " events\n", s->timeline_events);
    if (s->peak_rss_kib)
        fprintf(f, "host peak memory: %" PRIu64 " KiB\n", s->peak_rss_kib);
    if (s->restored)
        fprintf(f, "restored from a snapshot at cycle: %" PRIu64 "\n",
                s->restored_cycle);
    if (s->snapshot_taken)
        fprintf(f, "snapshot taken at cycle: %" PRIu64 "\n", s->snapshot_cycle);
}
