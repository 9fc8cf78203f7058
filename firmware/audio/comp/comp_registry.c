/* SPDX-License-Identifier: BSD-3-Clause */
/* Registry of component types: type id -> driver. */
#include "comp/comp.h"

extern const struct comp_driver comp_host_driver;
extern const struct comp_driver comp_dai_driver;
extern const struct comp_driver comp_volume_driver;
extern const struct comp_driver comp_mixer_driver;
extern const struct comp_driver comp_eq_iir_driver;
extern const struct comp_driver comp_eq_fir_driver;
extern const struct comp_driver comp_src_driver;
extern const struct comp_driver comp_tone_driver;
extern const struct comp_driver comp_convert_driver;

static const struct comp_driver *const drivers[COMP_TYPE_COUNT] = {
    [COMP_TYPE_HOST] = &comp_host_driver,
    [COMP_TYPE_DAI] = &comp_dai_driver,
    [COMP_TYPE_VOLUME] = &comp_volume_driver,
    [COMP_TYPE_MIXER] = &comp_mixer_driver,
    [COMP_TYPE_EQ_IIR] = &comp_eq_iir_driver,
    [COMP_TYPE_EQ_FIR] = &comp_eq_fir_driver,
    [COMP_TYPE_SRC] = &comp_src_driver,
    [COMP_TYPE_TONE] = &comp_tone_driver,
    [COMP_TYPE_CONVERT] = &comp_convert_driver,
};

const struct comp_driver *comp_driver_get(enum comp_type type)
{
    if ((unsigned int)type >= COMP_TYPE_COUNT)
        return NULL;
    return drivers[type];
}
