/* SPDX-License-Identifier: BSD-3-Clause */
/* xlate_group.c: groups of pages (one function for several units). */
#ifndef DSPSIM_XLATE_GROUP_H
#define DSPSIM_XLATE_GROUP_H

#include "xlate_backend.h"
#include "xlate_state.h"

/* The group worth building now: the pages with a unit (in plain memory),
 * the most called up to XT_XGROUP_MAX, in page order; u gets them with
 * their unit keys and contents' hashes, the group's key and object path.
 * 0: fewer than two. */
int xlate_group_plan(xt_cpu *cpu, uint64_t seed, xl_unit_src *u);
/* 1 if a group of exactly u's pages and keys is installed. */
int xlate_group_same(const struct xl_state_s *x, const xl_unit_src *u);
/* KEY.grp for each member: how a later run finds the group. */
void xlate_group_write_manifests(const struct xl_state_s *x,
                                 const xl_unit_src *u);
/* The group listed by the manifest of the unit with this key, if its
 * object is in the cache and every member's unit is installed with the
 * key it lists (in no other group): 1 and u filled, else 0. */
int xlate_group_manifest(xt_cpu *cpu, uint64_t key, xl_unit_src *u);
/* Group function fn takes the place of its members' units (and of the
 * groups they were in), each checked again: the same unit key, the same
 * page contents.  1 if installed. */
int xlate_group_install(xt_cpu *cpu, const xl_unit_src *u, xt_xunit_fn fn);

#endif
