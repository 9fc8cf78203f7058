/* SPDX-License-Identifier: BSD-3-Clause */
/* Component types of a case: ports, parameters, defaults and the
 * parsing of parameters (definitions and runtime controls). */
#ifndef DSH_COMPONENT_TYPES_H
#define DSH_COMPONENT_TYPES_H

#include "case.h"
#include "yaml_access.h"

typedef struct dsh_comp_type_info {
    const char *name;
    /* Inputs and outputs; host and dai depend on their endpoint's
     * direction and are resolved by the graph check. */
    unsigned min_in, max_in, min_out, max_out;
    dsh_param_mask params;   /* allowed in the definition */
    dsh_param_mask required; /* must be in the definition */
    dsh_param_mask runtime;  /* allowed in a control's `set` */
} dsh_comp_type_info;

const dsh_comp_type_info *dsh_comp_info(dsh_comp_type t);
/* Names of the types, NULL-terminated, in dsh_comp_type order. */
extern const char *const dsh_comp_type_names[];
/* Sample rates accepted by src.out_rate, tone.rate and streams/ports;
 * NULL-free, terminated by 0. */
extern const unsigned dsh_valid_rates[];
bool dsh_rate_valid(unsigned hz);

void dsh_comp_params_default(dsh_comp_type t, dsh_comp_params *p);

/* Parses the parameters present in mapping n (other keys are checked by
 * the caller) into *p, or'ing their bits into *set.  With runtime, only
 * the type's runtime parameters are accepted (and unknown keys are
 * reported here).  base_dir anchors taps_file. */
bool dsh_comp_parse_params(yctx *y, dsh_comp_type t, const yaml_node_t *n,
                           const char *what, bool runtime, const char *base_dir,
                           dsh_comp_params *p, dsh_param_mask *set);

/* The key names a definition of type t may hold (id, type, params...),
 * NULL-terminated, in a static buffer. */
const char *const *dsh_comp_definition_keys(dsh_comp_type t);

#endif
