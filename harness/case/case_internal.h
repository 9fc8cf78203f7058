/* SPDX-License-Identifier: BSD-3-Clause */
/* Shared between the files of the case parser (not a public header). */
#ifndef DSH_CASE_INTERNAL_H
#define DSH_CASE_INTERNAL_H

#include "case.h"
#include "yaml_access.h"

/* streams: / ports: sections (case_endpoints.c). */
bool dsh_parse_endpoints(yctx *y, dsh_case *c, const yaml_node_t *n,
                         dsh_ep_kind kind);
/* expect: section (case_expect.c); needs endpoints, pipelines. */
bool dsh_parse_expect(yctx *y, dsh_case *c, const yaml_node_t *n);
/* expect.setup_error (case_setup_error.c); needs pipelines, components
 * and controls.  dsh_check_setup_error: after the whole expect section,
 * no audio or deadline expectations next to it. */
bool dsh_parse_setup_error(yctx *y, dsh_case *c, const yaml_node_t *n);
bool dsh_check_setup_error(yctx *y, const dsh_case *c);
/* faults: section and the fault expectations (case_faults.c); need
 * pipelines, endpoints and the run length. */
bool dsh_parse_faults(yctx *y, dsh_case *c, const yaml_node_t *n);
/* expect keys ipc_timeouts, host_xruns, xrun_causes, panic: true when key
 * is one of them (*ok then says whether it parsed). */
bool dsh_parse_fault_expect(yctx *y, dsh_case *c, const char *key,
                            const yaml_node_t *v, bool *ok);
/* A count (case_lookup.c): integer N (exact, or at most with at_most) or
 * {min, max}. */
bool dsh_parse_count(yctx *y, const yaml_node_t *n, const char *what,
                     bool at_most, dsh_count_range *out);
/* The component named `id` (case_lookup.c), -1 when there is none: then
 * "WHAT: unknown component 'ID'" is reported at n, unless the document
 * declares a component of that id that failed to parse (its own error
 * says why; a reference to it adds nothing). */
int dsh_case_lookup_component(yctx *y, const dsh_case *c, const yaml_node_t *n,
                              const char *what, const char *id);
/* board: section (case_board.c). */
bool dsh_parse_board(yctx *y, dsh_case *c, const yaml_node_t *n);
/* The audio clock when the case gives none (case_board.c): 11.2896 MHz
 * when every SSP port is of the 44.1 kHz family; an error when the ports
 * mix both families.  Needs board and ports. */
bool dsh_check_audio_clock(yctx *y, dsh_case *c);
/* Graph checks over parsed components and connections (case_graph.c):
 * port counts, cycles, unused endpoints, rate and channel flow. */
bool dsh_check_graph(yctx *y, dsh_case *c);

#endif
