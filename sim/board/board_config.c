/* SPDX-License-Identifier: BSD-3-Clause */
/* Board description: defaults, YAML parsing (libyaml document API) and
 * checks. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "dspsim/board_config.h"
#include "dspsim/errbuf.h"
#include "abi/board_regs.h"
#include "dspsim/yaml_guard.h"

void ds_board_config_default(ds_board_config *cfg)
{
    memset(cfg, 0, sizeof(*cfg));
    snprintf(cfg->name, sizeof(cfg->name), "default");
    cfg->cores = 1;
    cfg->quantum = DS_BOARD_DEFAULT_QUANTUM;
    cfg->cpu_hz = 160000000;
    cfg->iram_size = BOARD_IRAM_DEFAULT_SIZE;
    cfg->dram_size = BOARD_DRAM_DEFAULT_SIZE;
    cfg->host_size = 1u << 20;
    cfg->iram_wait = 0;
    cfg->dram_wait = 0;
    cfg->mbox_wait = 1;
    cfg->periph_wait = 2;
    cfg->audio_hz = 12288000;
    cfg->audio_drift_ppb = 0;
    cfg->dma_channels = 4;
    cfg->dma_bytes_per_cycle = 4;
    cfg->dma_burst_bytes = 64;
    cfg->dma_burst_latency = 8;
    cfg->ssp_ports = 2;
    cfg->ssp_fifo_frames = 4;
}

/* ---- checks ------------------------------------------------------------ */
bool ds_board_config_check(const ds_board_config *c, char *err, size_t errsz)
{
#define CHECK(cond, ...)                                                       \
    do {                                                                       \
        if (!(cond)) {                                                         \
            ds_errf(err, errsz, __VA_ARGS__);                                  \
            return false;                                                      \
        }                                                                      \
    } while (0)
    CHECK(!c->cpu.engine_set || c->cpu.engine == XT_ENGINE_FAST ||
              c->cpu.engine == XT_ENGINE_INTERP,
          "cpu engine %d is not an engine (fast or interp)",
          (int)c->cpu.engine);
    CHECK(c->cores >= 1 && c->cores <= BOARD_MAX_CORES,
          "cores %u must be between 1 and %d", c->cores, BOARD_MAX_CORES);
    CHECK(c->quantum >= 1 && c->quantum <= DS_BOARD_MAX_QUANTUM,
          "quantum %u must be between 1 and %u cycles", c->quantum,
          DS_BOARD_MAX_QUANTUM);
    CHECK(c->cpu_hz >= 1000, "cpu_hz %u is too small (at least 1000)",
          (unsigned)c->cpu_hz);
    CHECK(c->iram_size >= 4096 && c->iram_size <= BOARD_IRAM_MAX_SIZE &&
              c->iram_size % 4096 == 0,
          "memory.iram.size %u must be a multiple "
          "of 4096 between 4K and %uK",
          (unsigned)c->iram_size, BOARD_IRAM_MAX_SIZE / 1024);
    CHECK(c->dram_size >= 4096 && c->dram_size <= BOARD_DRAM_MAX_SIZE &&
              c->dram_size % 4096 == 0,
          "memory.dram.size %u must be a multiple "
          "of 4096 between 4K and %uK",
          (unsigned)c->dram_size, BOARD_DRAM_MAX_SIZE / 1024);
    CHECK(c->host_size >= 4096 && c->host_size <= (256u << 20),
          "memory.host.size %u must be between 4K and 256M",
          (unsigned)c->host_size);
    CHECK(c->iram_wait <= 64 && c->dram_wait <= 64 && c->mbox_wait <= 64 &&
              c->periph_wait <= 64,
          "wait_states must be at most 64");
    CHECK(c->audio_hz >= 8000,
          "audio.clock_hz %u is too small (at least "
          "8000)",
          (unsigned)c->audio_hz);
    CHECK(c->audio_drift_ppb > -100000000 && c->audio_drift_ppb < 100000000,
          "audio.drift_ppm must be within +-100000");
    CHECK(c->dma_channels >= 1 && c->dma_channels <= BOARD_MAX_DMA_CHANNELS,
          "dma.channels %u must be between 1 and %d", c->dma_channels,
          BOARD_MAX_DMA_CHANNELS);
    CHECK(c->dma_bytes_per_cycle >= 1 && c->dma_bytes_per_cycle <= 64,
          "dma.bytes_per_cycle %u must be between 1 and 64",
          c->dma_bytes_per_cycle);
    CHECK(c->dma_burst_bytes >= 4 && c->dma_burst_bytes <= 4096 &&
              c->dma_burst_bytes % 4 == 0,
          "dma.burst_bytes %u must be a "
          "multiple of 4 between 4 and 4096",
          c->dma_burst_bytes);
    CHECK(c->dma_burst_latency <= 100000,
          "dma.burst_latency %u is too "
          "large (at most 100000)",
          c->dma_burst_latency);
    CHECK(c->ssp_ports <= BOARD_MAX_SSP_PORTS,
          "ssp.ports %u must be at "
          "most %d",
          c->ssp_ports, BOARD_MAX_SSP_PORTS);
    CHECK(c->ssp_fifo_frames >= 1 && c->ssp_fifo_frames <= 255,
          "ssp.fifo_frames %u must be between 1 and 255", c->ssp_fifo_frames);
#undef CHECK
    return true;
}

/* ---- YAML -------------------------------------------------------------- */
typedef enum { K_U32, K_SIZE, K_PPM, K_NAME } key_kind;

typedef struct key_def {
    const char *path;
    key_kind kind;
    size_t off;
} key_def;

#define F(field) offsetof(ds_board_config, field)
static const key_def keys[] = {
    { "name", K_NAME, F(name) },
    { "cores", K_U32, F(cores) },
    { "quantum", K_U32, F(quantum) },
    { "cpu_hz", K_U32, F(cpu_hz) },
    { "memory.iram.size", K_SIZE, F(iram_size) },
    { "memory.iram.wait_states", K_U32, F(iram_wait) },
    { "memory.dram.size", K_SIZE, F(dram_size) },
    { "memory.dram.wait_states", K_U32, F(dram_wait) },
    { "memory.mailbox.wait_states", K_U32, F(mbox_wait) },
    { "memory.peripherals.wait_states", K_U32, F(periph_wait) },
    { "memory.host.size", K_SIZE, F(host_size) },
    { "audio.clock_hz", K_U32, F(audio_hz) },
    { "audio.drift_ppm", K_PPM, F(audio_drift_ppb) },
    { "dma.channels", K_U32, F(dma_channels) },
    { "dma.bytes_per_cycle", K_U32, F(dma_bytes_per_cycle) },
    { "dma.burst_bytes", K_SIZE, F(dma_burst_bytes) },
    { "dma.burst_latency", K_U32, F(dma_burst_latency) },
    { "ssp.ports", K_U32, F(ssp_ports) },
    { "ssp.fifo_frames", K_U32, F(ssp_fifo_frames) },
};
#undef F
#define NKEYS (sizeof(keys) / sizeof(keys[0]))

/* Is path a proper prefix (a section) of some key? */
static bool is_section(const char *path)
{
    size_t n = strlen(path);
    for (size_t i = 0; i < NKEYS; i++)
        if (!strncmp(keys[i].path, path, n) && keys[i].path[n] == '.')
            return true;
    return false;
}

typedef struct parse_ctx {
    ds_board_config *cfg;
    yaml_document_t *doc;
    const char *name;
    char *err;
    size_t errsz;
} parse_ctx;

static bool parse_uint(const char *s, bool allow_suffix, uint64_t *out)
{
    if (!*s || *s == '-' || *s == '+' || *s == ' ')
        return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || end == s)
        return false;
    if (allow_suffix && (*end == 'K' || *end == 'k')) {
        if (v > (UINT64_MAX >> 10))
            return false;
        v <<= 10;
        end++;
    } else if (allow_suffix && (*end == 'M' || *end == 'm')) {
        if (v > (UINT64_MAX >> 20))
            return false;
        v <<= 20;
        end++;
    }
    if (*end)
        return false;
    *out = v;
    return true;
}

static bool set_scalar(parse_ctx *c, const key_def *k, yaml_node_t *node)
{
    const char *s = (const char *)node->data.scalar.value;
    unsigned long line = (unsigned long)node->start_mark.line + 1;
    unsigned long col = (unsigned long)node->start_mark.column + 1;
    char *base = (char *)c->cfg + k->off;
    uint64_t v;
    switch (k->kind) {
    case K_NAME:
        if (strlen(s) >= sizeof(c->cfg->name)) {
            ds_errf(c->err, c->errsz,
                    "%s:%lu:%lu: %s: longer than %zu "
                    "characters",
                    c->name, line, col, k->path, sizeof(c->cfg->name) - 1);
            return false;
        }
        snprintf(c->cfg->name, sizeof(c->cfg->name), "%s", s);
        return true;
    case K_U32:
    case K_SIZE:
        if (!parse_uint(s, k->kind == K_SIZE, &v) || v > UINT32_MAX) {
            ds_errf(c->err, c->errsz, "%s:%lu:%lu: %s: '%s' is not %s", c->name,
                    line, col, k->path, s,
                    k->kind == K_SIZE ? "a size (bytes, optional K or M suffix)"
                                      : "a non-negative 32-bit integer");
            return false;
        }
        if (k->off == offsetof(ds_board_config, cpu_hz) ||
            k->off == offsetof(ds_board_config, iram_size) ||
            k->off == offsetof(ds_board_config, dram_size) ||
            k->off == offsetof(ds_board_config, host_size) ||
            k->off == offsetof(ds_board_config, audio_hz))
            *(uint32_t *)(void *)base = (uint32_t)v;
        else
            *(unsigned *)(void *)base = (unsigned)v;
        return true;
    case K_PPM: {
        errno = 0;
        char *end;
        double d = strtod(s, &end);
        if (errno || end == s || *end || d != d || d <= -100000.0 ||
            d >= 100000.0) {
            ds_errf(c->err, c->errsz,
                    "%s:%lu:%lu: %s: '%s' is not a number "
                    "of ppm within +-100000",
                    c->name, line, col, k->path, s);
            return false;
        }
        double ppb = d * 1000.0;
        *(int32_t *)(void *)base = (int32_t)(ppb < 0 ? ppb - 0.5 : ppb + 0.5);
        return true;
    }
    }
    return false;
}

static bool walk(parse_ctx *c, yaml_node_t *node, const char *path)
{
    unsigned long line = (unsigned long)node->start_mark.line + 1;
    unsigned long col = (unsigned long)node->start_mark.column + 1;
    const char *where = *path ? path : "top level";
    if (node->type != YAML_MAPPING_NODE) {
        ds_errf(c->err, c->errsz, "%s:%lu:%lu: %s: expected a mapping of keys",
                c->name, line, col, where);
        return false;
    }
    for (yaml_node_pair_t *p = node->data.mapping.pairs.start;
         p < node->data.mapping.pairs.top; p++) {
        yaml_node_t *kn = yaml_document_get_node(c->doc, p->key);
        yaml_node_t *vn = yaml_document_get_node(c->doc, p->value);
        if (!kn || !vn || kn->type != YAML_SCALAR_NODE) {
            ds_errf(c->err, c->errsz,
                    "%s:%lu:%lu: %s: keys must be plain "
                    "names",
                    c->name, kn ? (unsigned long)kn->start_mark.line + 1 : line,
                    kn ? (unsigned long)kn->start_mark.column + 1 : col, where);
            return false;
        }
        char full[256];
        int n = snprintf(full, sizeof(full), "%s%s%s", path, *path ? "." : "",
                         (const char *)kn->data.scalar.value);
        unsigned long kline = (unsigned long)kn->start_mark.line + 1;
        unsigned long kcol = (unsigned long)kn->start_mark.column + 1;
        if (n < 0 || (size_t)n >= sizeof(full)) {
            ds_errf(c->err, c->errsz, "%s:%lu:%lu: key path too long", c->name,
                    kline, kcol);
            return false;
        }
        const key_def *k = NULL;
        for (size_t i = 0; i < NKEYS; i++)
            if (!strcmp(keys[i].path, full))
                k = &keys[i];
        if (k) {
            if (vn->type != YAML_SCALAR_NODE) {
                ds_errf(c->err, c->errsz,
                        "%s:%lu:%lu: %s: expected a single "
                        "value",
                        c->name, kline, kcol, full);
                return false;
            }
            if (!set_scalar(c, k, vn))
                return false;
        } else if (is_section(full)) {
            if (!walk(c, vn, full))
                return false;
        } else {
            ds_errf(c->err, c->errsz, "%s:%lu:%lu: unknown key '%s'", c->name,
                    kline, kcol, full);
            return false;
        }
    }
    return true;
}

/* A board description nests 3 levels (memory.iram.size); no tags; a few
 * anchors at most (dspsim/yaml_guard.h). */
static const ds_yaml_limits board_yaml_limits = { 16, 64, 256 };

bool ds_board_config_parse(ds_board_config *cfg, const char *name,
                           const char *text, size_t len, char *err,
                           size_t errsz)
{
    yaml_parser_t parser;
    yaml_document_t doc;
    ds_yaml_problem yp;
    if (!ds_yaml_guard(text, len, &board_yaml_limits, &yp)) {
        ds_errf(err, errsz, "%s:%u:%u: %s", name, yp.line, yp.col, yp.msg);
        return false;
    }
    if (!yaml_parser_initialize(&parser)) {
        ds_errf(err, errsz, "%s: out of memory", name);
        return false;
    }
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    if (!yaml_parser_load(&parser, &doc)) {
        ds_errf(err, errsz, "%s:%lu:%lu: malformed YAML: %s", name,
                (unsigned long)parser.problem_mark.line + 1,
                (unsigned long)parser.problem_mark.column + 1,
                parser.problem ? parser.problem : "parse error");
        yaml_parser_delete(&parser);
        return false;
    }
    bool ok = true;
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    if (root) { /* an empty document means all defaults */
        parse_ctx c = { cfg, &doc, name, err, errsz };
        ok = walk(&c, root, "");
    }
    yaml_document_delete(&doc);
    /* more than one document is not a board description */
    if (ok && yaml_parser_load(&parser, &doc)) {
        if (yaml_document_get_root_node(&doc)) {
            ds_errf(err, errsz, "%s: more than one YAML document", name);
            ok = false;
        }
        yaml_document_delete(&doc);
    }
    yaml_parser_delete(&parser);
    if (ok && !ds_board_config_check(cfg, err, errsz)) {
        char msg[256];
        snprintf(msg, sizeof(msg), "%s", err ? err : "");
        ds_errf(err, errsz, "%s: %s", name, msg);
        ok = false;
    }
    return ok;
}

bool ds_board_config_load(ds_board_config *cfg, const char *path, char *err,
                          size_t errsz)
{
    ds_board_config_default(cfg);
    FILE *f = fopen(path, "rb");
    if (!f) {
        ds_errf(err, errsz, "%s: cannot open: %s", path, strerror(errno));
        return false;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        if (cap >= (1u << 20)) {
            free(buf);
            fclose(f);
            ds_errf(err, errsz,
                    "%s: larger than 1 MiB, not a board "
                    "description",
                    path);
            return false;
        }
        char *nb = realloc(buf, cap * 2);
        if (!nb) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    bool rd_err = ferror(f);
    fclose(f);
    if (!buf) {
        ds_errf(err, errsz, "%s: out of memory", path);
        return false;
    }
    if (rd_err) {
        free(buf);
        ds_errf(err, errsz, "%s: read error", path);
        return false;
    }
    bool ok = ds_board_config_parse(cfg, path, buf, n, err, errsz);
    free(buf);
    return ok;
}
