/* SPDX-License-Identifier: BSD-3-Clause */
/* SET_CONTROL / GET_CONTROL: component controls (volume, mute, ramp,
 * tone, EQ blobs, endpoint position). */
#include <string.h>

#include "buffer/audio_err.h"
#include "ipc_internal.h"

_Static_assert(IPC_AUD_CTL_VOLUME_GAIN == COMP_CTL_VOLUME_GAIN &&
                   IPC_AUD_CTL_BLOB == COMP_CTL_BLOB &&
                   IPC_AUD_CTL_POSITION == COMP_CTL_POSITION &&
                   IPC_AUD_CTL_MIXER_GAIN == COMP_CTL_MIXER_GAIN,
               "control ids");

static int ctl_fail(struct aud_req *r, int ret)
{
    return aud_fail(r, ret,
                    ret == AUD_E_CONTROL ? 24
                    : ret == AUD_E_NOMEM ? IPC_AUD_DETAIL_NONE
                                         : 32);
}

int aud_cmd_set_control(struct aud_req *r)
{
    const struct ipc_aud_control *m = (const void *)r->cmd;
    int err, ret;
    struct aud_slot *s = aud_find_slot(r, &err);
    struct comp_dev *c;
    uint32_t key;

    if (!s)
        return err;
    if (!(c = pipeline_comp(s->p, m->comp_id)))
        return aud_fail(r, AUD_E_NOENT, 20);
    if (m->bytes < 4 || (m->bytes & 3u) || m->bytes != r->size - sizeof(*m))
        return aud_fail(r, IPC_STATUS_E_SIZE, 28);
    key = aud_lock();
    ret = comp_set_control(c, (enum comp_ctl)m->ctl, r->cmd + 32, m->bytes);
    aud_unlock(key);
    return ret ? ctl_fail(r, ret) : 0;
}

int aud_cmd_get_control(struct aud_req *r)
{
    const struct ipc_aud_control *m = (const void *)r->cmd;
    int err, ret;
    struct aud_slot *s = aud_find_slot(r, &err);
    struct comp_dev *c;
    size_t n;
    uint32_t key;

    if (!s)
        return err;
    if (!(c = pipeline_comp(s->p, m->comp_id)))
        return aud_fail(r, AUD_E_NOENT, 20);
    if (m->bytes < 4 || m->bytes > IPC_AUD_CONTROL_MAX)
        return aud_fail(r, AUD_E_RANGE, 28);
    n = m->bytes;
    key = aud_lock();
    ret = comp_get_control(c, (enum comp_ctl)m->ctl, r->reply + 40, &n);
    aud_unlock(key);
    if (ret)
        return ctl_fail(r, ret);
    aud_put(r, 24, m->pipe_id);
    aud_put(r, 28, m->comp_id);
    aud_put(r, 32, m->ctl);
    aud_put(r, 36, (uint32_t)n);
    r->reply_bytes = 40 + (((uint32_t)n + 3u) & ~3u);
    return 0;
}
