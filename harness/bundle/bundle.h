/* SPDX-License-Identifier: BSD-3-Clause */
/* Failure bundles (docs/harness.md "Failure bundles", the layout in
 * docs/bundle-format.md): one tar file that holds a case run and
 * everything needed to run it again elsewhere, byte- and cycle-
 * identically: the case file as written, the firmware ELF the run used,
 * every input file the case names (streams, ports, references, board
 * description, FIR taps, ...), the engine, what the run gave (verdict,
 * message, cycles, a SHA-256 of each output) and bundle.json, the
 * manifest that lists every member with its size and SHA-256.
 *
 * dsh_bundle_write() makes one (`dspsim run --bundle`, `dspsim test
 * --bundle-failures`); dsh_bundle_open() checks one completely and
 * extracts it into a private temporary directory (`dspsim run
 * BUNDLE.tar`), or refuses it saying why; nothing of a refused bundle is
 * left on disk.  The extracted case is then loaded with
 * dsh_bundle_input_hook() installed, which gives every input path of the
 * case its extracted member and nothing else (never the file system
 * around, nor the build tree). */
#ifndef DSH_BUNDLE_H
#define DSH_BUNDLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bundle/bundle_manifest.h"
#include "case/case.h"

/* ---- making a bundle -------------------------------------------------- */
typedef struct dsh_bundle_spec {
    const char *case_path; /* the case file as run */
    const char *firmware;  /* the ELF the run used (the case's own when it
                              names one) */
    const char *version;   /* dspsim's version ("0.1.0") */
    const char *command;   /* "run", "test" */
    const char *engine;    /* xt_engine_name of the run's CPU engine */
    const char *status;    /* what the run gave: dsh_res_status_name */
    const char *message;
    bool has_cycles;
    uint64_t cycles;
    const char *outputs_dir; /* the run's outputs are there (the case's
                                output names under it); NULL = none */
} dsh_bundle_spec;

/* Writes the bundle to path (whole or not at all: a temporary file beside
 * it renamed at the end).  The case is loaded again to learn its inputs.
 * false with the problem in err (a case that no longer loads, an input
 * over DSH_BUNDLE_MEMBER_MAX, a file changed while it was read, a write
 * error). */
bool dsh_bundle_write(const char *path, const dsh_bundle_spec *spec, char *err,
                      size_t errsz);

/* Member names: the case "case/NAME", the firmware "firmware/NAME", the
 * k-th other input file "inputs/K/NAME", NAME the file's own name with
 * characters outside letters, digits, . _ - + replaced by '_' (at most
 * 64 of them).  For the writer and its tests. */
void dsh_bundle_member_name(const char *dir, unsigned k, const char *path,
                            char *out, size_t outsz);

/* ---- replaying one ---------------------------------------------------- */
typedef struct dsh_bundle {
    dsh_bundle_manifest m;
    /* the extraction directory (mode 0700), short enough that a member's
     * path in it fits a case's paths (DSH_PATH_MAX) */
    char dir[DSH_PATH_MAX - DSH_TAR_NAME_MAX - 1];
    char case_file[DSH_PATH_MAX]; /* the extracted case */
    char firmware[DSH_PATH_MAX];  /* the extracted firmware */
    int dirfd;                    /* of dir, for the cleanup */
    /* what was created under dir, in order (for dsh_bundle_cleanup) */
    char made[2 * DSH_BUNDLE_MAX_MEMBERS + 8][DSH_TAR_NAME_MAX];
    bool made_dir[2 * DSH_BUNDLE_MAX_MEMBERS + 8];
    unsigned nmade;
} dsh_bundle;

/* Opens the bundle at path: reads it whole, checks every header and
 * digest against bundle.json (dsh_manifest_parse for its own checks:
 * format version, dspsim version and build: those given, build_id NULL
 * for ds_snap_build_id(), this build) and extracts it into a new
 * directory under tmpdir ($TMPDIR or /tmp when NULL).  Refused (NULL,
 * the reason in err, nothing left on disk): not a tar archive, truncated,
 * a bad header checksum, bundle.json missing, not first, damaged or of
 * another format or dspsim, a member not listed (unexpected), listed but
 * missing, twice, of another size or digest, over the size limits, a
 * name that leaves the directory (absolute, '..'), a link (symbolic or
 * hard), a device, a FIFO or any other non-regular member, data after
 * the end.  Free with dsh_bundle_close(). */
dsh_bundle *dsh_bundle_open(const char *path, const char *version,
                            const char *build_id, const char *tmpdir, char *err,
                            size_t errsz);
/* Removes the extraction directory and frees b (NULL: nothing). */
void dsh_bundle_close(dsh_bundle *b);
/* Removes what dsh_bundle_open created, with unlinkat/rmdir only (safe in
 * a signal handler); b stays allocated. */
void dsh_bundle_cleanup(dsh_bundle *b);

/* The hook (case.h) that resolves the case's input paths to the
 * extracted members; install it around dsh_case_load(b->case_file). */
void dsh_bundle_input_hook(dsh_bundle *b, dsh_input_hook *hook);

/* Compares a replay with the bundled run: the verdict (status: its
 * dsh_res_status_name, "failed"), the cycles (when
 * known) and each recorded output (size and SHA-256), read from out_dir.
 * true when everything matched ("the bundled run reproduced: ..." in
 * msg), false with what differed in msg. */
bool dsh_bundle_compare(const dsh_bundle *b, const char *status,
                        bool has_cycles, uint64_t cycles, const char *out_dir,
                        char *msg, size_t msgsz);

#endif
