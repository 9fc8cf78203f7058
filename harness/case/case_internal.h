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
/* Graph checks over parsed components and connections (case_graph.c):
 * port counts, cycles, unused endpoints, rate and channel flow. */
bool dsh_check_graph(yctx *y, dsh_case *c);

#endif
