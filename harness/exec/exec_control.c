/* SPDX-License-Identifier: BSD-3-Clause */
/* Timed controls: a case control as the firmware's SET_CONTROL data
 * (shared with dsh-refgen, which applies the same data to its host-built
 * pipeline), and sending them with the expect_error judgement. */
#include "exec_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "abi/ipc_proto.h"

static xp_ctl_set *add(xp_ctl_set *sets, unsigned *n, uint32_t ctl)
{
    xp_ctl_set *s = &sets[(*n)++];
    memset(s, 0, sizeof *s);
    s->ctl = ctl;
    return s;
}

static void words(xp_ctl_set *s, uint32_t v, unsigned count)
{
    for (unsigned i = 0; i < count; i++)
        s->data[i] = v;
    s->bytes = count * 4u;
}

unsigned xp_control_sets(const dsh_case *c, const dsh_control *ctl,
                         xp_ctl_set sets[XP_CTL_MAX_SETS])
{
    const dsh_component *k = &c->comps[ctl->component];
    unsigned n = 0;

    switch (k->type) {
    case DSH_COMP_VOLUME:
        /* in this order: gain (every channel), ramp, mute */
        if (ctl->set & DSH_P_GAIN_DB)
            words(add(sets, &n, IPC_AUD_CTL_VOLUME_GAIN),
                  (uint32_t)xp_q8_8(ctl->p.gain_db),
                  k->channels && k->channels <= 8 ? k->channels : 1);
        if (ctl->set & DSH_P_RAMP_MS)
            words(add(sets, &n, IPC_AUD_CTL_VOLUME_RAMP_MS),
                  (uint32_t)lround(ctl->p.ramp_ms), 1);
        if (ctl->set & DSH_P_MUTE)
            words(add(sets, &n, IPC_AUD_CTL_VOLUME_MUTE), ctl->p.mute, 1);
        return n;
    case DSH_COMP_TONE:
        if (ctl->set & DSH_P_FREQ_HZ)
            words(add(sets, &n, IPC_AUD_CTL_TONE_FREQ),
                  (uint32_t)llround(ctl->p.freq_hz * 65536.0), 1);
        if (ctl->set & DSH_P_LEVEL_DBFS)
            words(add(sets, &n, IPC_AUD_CTL_TONE_AMPL),
                  xp_tone_ampl(ctl->p.level_dbfs), 1);
        return n;
    case DSH_COMP_MIXER:
        if (ctl->set & DSH_P_GAINS_DB) {
            xp_ctl_set *s = add(sets, &n, IPC_AUD_CTL_MIXER_GAIN);
            unsigned g = ctl->p.n_gains < 8 ? ctl->p.n_gains : 8;
            for (unsigned i = 0; i < g; i++)
                s->data[i] = (uint32_t)xp_q8_8(ctl->p.gains_db[i]);
            s->bytes = g * 4u;
        }
        return n;
    case DSH_COMP_EQ_IIR:
    case DSH_COMP_EQ_FIR:
        if (ctl->set & (DSH_P_BIQUADS | DSH_P_TAPS)) {
            xp_ctl_set *s = add(sets, &n, IPC_AUD_CTL_BLOB);
            s->bytes = (uint32_t)(k->type == DSH_COMP_EQ_IIR
                                      ? xp_iir_blob(&ctl->p, k->rate,
                                                    (uint8_t *)s->data)
                                      : xp_fir_blob(&ctl->p,
                                                    (uint8_t *)s->data));
        }
        return n;
    default:
        return 0;
    }
}

/* Judges a control's reply against expect_error; *rejected is set when
 * the firmware refused it as expected. */
static bool control_result(xp_run *r, const dsh_control *ctl, dsh_drv_err e,
                           const char *what, bool *rejected)
{
    if (e == DSH_DRV_ESTATUS) {
        xp_log(r, "%s rejected: %s", what, dsh_drv_diag(r->drv));
        if (!ctl->expect_error) {
            r->unexpected_ipc++;
            return xp_fail(r, DSH_RES_FAIL, "%s: %s", what,
                           dsh_drv_diag(r->drv));
        }
        *rejected = true;
        return true;
    }
    if (xp_expected_panic(r, e))
        return false;
    if (e != DSH_DRV_OK)
        return xp_fail(r, DSH_RES_ERROR, "%s: %s", what, dsh_drv_diag(r->drv));
    return true;
}

bool xp_control(xp_run *r, const dsh_control *ctl)
{
    const dsh_component *k = &r->c->comps[ctl->component];
    const xp_pipe *p = &r->pipes[k->pipeline];
    static xp_ctl_set sets[XP_CTL_MAX_SETS];
    unsigned nsets = xp_control_sets(r->c, ctl, sets);
    bool rejected = false;
    char what[96];

    snprintf(what, sizeof what, "control at %.3f ms on '%s'", ctl->at_ms,
             k->id);
    if (!nsets)
        return xp_fail(r, DSH_RES_SKIP,
                       "%s: %s controls are not supported "
                       "by the harness yet",
                       what, dsh_comp_type_name(k->type));
    for (unsigned i = 0; i < nsets; i++) {
        uint32_t w[4 + XP_CTL_MAX_WORDS] = { p->id, ctl->component + 1,
                                             sets[i].ctl, sets[i].bytes };
        memcpy(w + 4, sets[i].data, sets[i].bytes);
        if (!control_result(r, ctl,
                            xp_command(r, IPC_CMD_AUD_SET_CONTROL, w,
                                       16 + sets[i].bytes, NULL),
                            what, &rejected))
            return false;
    }
    if (ctl->expect_error && !rejected)
        return xp_fail(r, DSH_RES_FAIL,
                       "%s: expected the firmware to "
                       "reject it (expect_error), but it was accepted",
                       what);
    if (rejected)
        r->expected_rejected++;
    return true;
}
