/* SPDX-License-Identifier: BSD-3-Clause */
/* bundle.json, the manifest of a failure bundle (docs/bundle-format.md):
 * its model, its JSON text, and the strict reading of that text. */
#ifndef DSH_BUNDLE_MANIFEST_H
#define DSH_BUNDLE_MANIFEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bundle/sha256.h"
#include "bundle/ustar.h"
#include "case/case.h"
#include "runner/runner.h"

#define DSH_BUNDLE_FORMAT         "dspsim failure bundle"
#define DSH_BUNDLE_FORMAT_VERSION 1u
#define DSH_BUNDLE_MANIFEST       "bundle.json"
/* Limits a reader holds a bundle to (bytes, counts). */
#define DSH_BUNDLE_MANIFEST_MAX   (1u << 20)
#define DSH_BUNDLE_MEMBER_MAX     (1ull << 30)
#define DSH_BUNDLE_TOTAL_MAX      (4ull << 30)
#define DSH_BUNDLE_MAX_MEMBERS    256u
#define DSH_BUNDLE_MAX_INPUTS     256u

/* A member of the archive (name) or an output of the run (name: the
 * file as the case names it, under the run's output directory). */
typedef struct dsh_bundle_file {
    char name[DSH_TAR_NAME_MAX];
    uint64_t bytes;
    char sha256[DSH_SHA256_HEX];
} dsh_bundle_file;

/* An input file the case names: the key (what), the path as written in
 * the case (ref) and the member holding the file. */
typedef struct dsh_bundle_input {
    char what[128];
    char ref[DSH_PATH_MAX];
    char member[DSH_TAR_NAME_MAX];
} dsh_bundle_input;

typedef struct dsh_bundle_manifest {
    unsigned format_version;
    char dspsim_version[64];
    char build_id[64]; /* ds_snap_build_id() of the dspsim that made it */
    char command[16];  /* "run" or "test" */
    char engine[16];   /* the CPU engine of the run ("fast", "interp") */
    char case_member[DSH_TAR_NAME_MAX];
    char case_path[DSH_PATH_MAX]; /* as the run named it (display only) */
    char case_name[128];
    char firmware_member[DSH_TAR_NAME_MAX];
    dsh_bundle_input inputs[DSH_BUNDLE_MAX_INPUTS];
    unsigned ninputs;
    /* what the bundled run gave */
    char status[16]; /* dsh_res_status_name */
    char message[DSH_RESULT_MSG];
    bool has_cycles;
    uint64_t cycles;
    dsh_bundle_file outputs[DSH_MAX_ENDPOINTS];
    unsigned noutputs;
    /* every member but bundle.json, in archive order */
    dsh_bundle_file members[DSH_BUNDLE_MAX_MEMBERS];
    unsigned nmembers;
} dsh_bundle_manifest;

/* The JSON text (malloc'd, NUL-terminated; *len without the NUL) or NULL
 * when out of memory. */
char *dsh_manifest_to_json(const dsh_bundle_manifest *m, size_t *len);

/* Reads and checks the text: JSON, the format and its version first,
 * then this dspsim's version and build (version, build_id), then every
 * key (none missing, none unknown, the right types), member names that
 * stay inside the extraction directory, sizes within the limits, digests
 * of 64 hex digits, no member twice, and every member the case, the
 * firmware and the inputs name listed.  false with the problem in err. */
bool dsh_manifest_parse(const char *text, size_t len, const char *version,
                        const char *build_id, dsh_bundle_manifest *m, char *err,
                        size_t errsz);

/* The listed member called name, or NULL. */
const dsh_bundle_file *dsh_manifest_member(const dsh_bundle_manifest *m,
                                           const char *name);

#endif
