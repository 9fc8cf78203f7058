/* SPDX-License-Identifier: BSD-3-Clause */
/* Cycle profiles of guest code (docs/profile.md).
 *
 * A profile watches one CPU through its hooks (a code hook before every
 * instruction and an exception hook), so it sees every instruction the
 * engine retires; hooks make the engine interpret, which changes no cycle
 * count (both engines are exact), only host time.  It charges each
 * instruction's cycles (the CPU cycles from its start to the next
 * instruction's start, wait states, interlocks and idle time in WAITI
 * included) and its count to its address, follows CALL0/CALLX0 and
 * RET/RET.N to build the call graph, and shows each interrupt and
 * exception as an entry of its own ("<interrupt level N>", "<exception
 * CAUSE>") whose handler's cycles are not charged to the function it
 * interrupted.  Functions come from the ELF's symbols; file and line from
 * its DWARF line table where present (libdw).
 *
 * Units: cycles are CPU cycles, instructions are retired instructions. */
#ifndef DSPSIM_PROFILE_H
#define DSPSIM_PROFILE_H

#include <stddef.h>
#include <stdint.h>

#include "dspsim/loader.h"
#include "dspsim/xtcpu.h"

typedef struct xt_profile xt_profile;

/* Start profiling cpu from its current state.  elf (may be NULL: every
 * address is then "unknown") must outlive the profile.  Returns 0, or -1
 * with a message in err. */
int xt_profile_start(xt_cpu *cpu, const xt_elf *elf, xt_profile **out,
                     char *err, size_t errsz);
/* Charge everything up to the CPU's current cycle (call when the run is
 * over; the profile may be written afterwards). */
void xt_profile_finish(xt_profile *p);
/* Remove the hooks and free the profile. */
void xt_profile_free(xt_profile *p);

/* Write the profile in the callgrind format (KCachegrind,
 * callgrind_annotate) to path, through a temporary file renamed on
 * success.  cmd is recorded as the profiled command.  Returns 0, or -1
 * with a message naming the file in err. */
int xt_profile_write_callgrind(const xt_profile *p, const char *path,
                               const char *cmd, char *err, size_t errsz);

/* The callgrind "thread: N" header line (N >= 1; 0, the default: none),
 * as callgrind writes for each thread of a program. */
void xt_profile_set_thread(xt_profile *p, unsigned thread);

/* ---- Several cores ------------------------------------------------------
 * A profile per CPU of a board of several cores, each a callgrind thread
 * (thread: core + 1): core 0's written to the path given, core k's to
 * PATH-0K (PATH-02 for core 1 ...), callgrind's names for the files of
 * its threads, which KCachegrind loads together.  One CPU: one file, no
 * thread line (as xt_profile alone). */
#define XT_PROFILE_MAX_CPUS 4
typedef struct xt_profile_set {
    xt_profile *p[XT_PROFILE_MAX_CPUS];
    unsigned n;
} xt_profile_set;
/* 0, or -1 with a message in err (nothing left started). */
int xt_profile_set_start(xt_profile_set *s, xt_cpu *const *cpus, unsigned n,
                         const xt_elf *elf, char *err, size_t errsz);
void xt_profile_set_finish(xt_profile_set *s);
/* 0, or -1 with a message naming the first file that failed in err. */
int xt_profile_set_write(const xt_profile_set *s, const char *path,
                         const char *cmd, char *err, size_t errsz);
void xt_profile_set_free(xt_profile_set *s);

#endif
