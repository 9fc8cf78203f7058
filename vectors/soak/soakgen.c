/* SPDX-License-Identifier: BSD-3-Clause */
/* dsh-soakgen SEED MINUTES OUT.yaml: writes the soak case of issue 14
 * (docs/harness.md "Soak"): MINUTES of simulated audio through host
 * stream + tone -> mixer -> volume -> eq_iir -> SSP 0, the topology torn
 * down and rebuilt every 20 s (the firmware's heap checked each time),
 * with random controls and random recoverable faults drawn from a fixed
 * xorshift64* generator seeded with SEED: the same SEED gives the same
 * file, byte for byte.  Exit 2 on bad arguments, 1 when OUT cannot be
 * written. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N_CONTROLS 200
#define N_FAULTS   150

static uint64_t rng_state;

static uint64_t rnd(void)
{
    uint64_t x = rng_state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    rng_state = x;
    return x * 0x2545F4914F6CDD1Dull;
}

/* uniform in [lo, hi] */
static int64_t rint_in(int64_t lo, int64_t hi)
{
    return lo + (int64_t)(rnd() % (uint64_t)(hi - lo + 1));
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void control(FILE *f, uint64_t at_ms)
{
    switch (rint_in(0, 4)) {
    case 0:
        fprintf(f,
                "  - {at_ms: %" PRIu64 ", component: vol1, set: {gain_db: "
                "%" PRId64 ", ramp_ms: %" PRId64 "}}\n",
                at_ms, rint_in(-40, 0), rint_in(0, 50));
        break;
    case 1:
        fprintf(f,
                "  - {at_ms: %" PRIu64 ", component: mix1, set: "
                "{gains_db: [%" PRId64 ", %" PRId64 "]}}\n",
                at_ms, rint_in(-30, 0), rint_in(-30, 0));
        break;
    case 2:
        fprintf(f,
                "  - {at_ms: %" PRIu64 ", component: tone1, set: "
                "{freq_hz: %" PRId64 ", level_dbfs: %" PRId64 "}}\n",
                at_ms, rint_in(100, 4000), rint_in(-40, -6));
        break;
    case 3:
        fprintf(f,
                "  - {at_ms: %" PRIu64 ", component: eq1, set: {biquads: "
                "[{type: peaking, freq_hz: %" PRId64 ", q: 1, gain_db: %" PRId64
                "}]}}\n",
                at_ms, rint_in(100, 6000), rint_in(-12, 6));
        break;
    default:
        fprintf(f,
                "  - {at_ms: %" PRIu64 ", component: vol1, set: {mute: "
                "%s}}\n",
                at_ms, rint_in(0, 3) ? "false" : "true");
        break;
    }
}

static void fault(FILE *f, uint64_t at_us, int *drift)
{
    static const char *const eps[] = { "ssp0", "music" };
    switch (rint_in(0, 7)) {
    case 0:
        fprintf(f,
                "  - {at_us: %" PRIu64 ", kind: dma_stall, endpoint: %s, "
                "duration_us: %" PRId64 "}\n",
                at_us, eps[rint_in(0, 1)], rint_in(500, 5000));
        break;
    case 1:
        fprintf(f,
                "  - {at_us: %" PRIu64 ", kind: dma_desc_error, endpoint: "
                "%s}\n",
                at_us, eps[rint_in(0, 1)]);
        break;
    case 2:
        if (rint_in(0, 1))
            fprintf(f,
                    "  - {at_us: %" PRIu64 ", kind: host_refill, stream: "
                    "music, mode: lost}\n",
                    at_us);
        else
            fprintf(f,
                    "  - {at_us: %" PRIu64 ", kind: host_refill, stream: "
                    "music, delay_us: %" PRId64 "}\n",
                    at_us, rint_in(1000, 60000));
        break;
    case 3:
        fprintf(f,
                "  - {at_us: %" PRIu64 ", kind: doorbell, direction: %s, "
                "mode: %s}\n",
                at_us, rint_in(0, 1) ? "h2d" : "d2h",
                rint_in(0, 1) ? "lost" : "duplicate");
        break;
    case 4:
        fprintf(f,
                "  - {at_us: %" PRIu64 ", kind: ssp_xrun, port: ssp0, "
                "frames: %" PRId64 "}\n",
                at_us, rint_in(1, 200));
        break;
    case 5: {
        /* steps that keep the clock error within +-1000 ppm */
        int step = (int)rint_in(10, 500);
        if (*drift + step > 1000 || (*drift - step >= -1000 && rnd() & 1))
            step = -step;
        *drift += step;
        fprintf(f, "  - {at_us: %" PRIu64 ", kind: clock_step, ppm: %d}\n",
                at_us, step);
        break;
    }
    default:
        fprintf(f,
                "  - {at_us: %" PRIu64 ", kind: irq_storm, line: %" PRId64
                ", duration_us: %" PRId64 "}\n",
                at_us, rint_in(0, 5), rint_in(200, 5000));
        break;
    }
}

int main(int argc, char **argv)
{
    char *end;
    if (argc != 4) {
        fprintf(stderr, "usage: dsh-soakgen SEED MINUTES OUT.yaml\n");
        return 2;
    }
    errno = 0;
    uint64_t seed = strtoull(argv[1], &end, 0);
    if (errno || *end || !argv[1][0] || !seed) {
        fprintf(stderr, "dsh-soakgen: SEED '%s' is not a nonzero integer\n",
                argv[1]);
        return 2;
    }
    long minutes = strtol(argv[2], &end, 10);
    if (*end || !argv[2][0] || minutes < 1 || minutes > 60) {
        fprintf(stderr, "dsh-soakgen: MINUTES '%s' is not 1..60\n", argv[2]);
        return 2;
    }
    rng_state = seed;
    uint64_t run_ms = (uint64_t)minutes * 60000u;
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", argv[3]);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        fprintf(stderr, "dsh-soakgen: %s: %s\n", tmp, strerror(errno));
        return 1;
    }
    fprintf(
        f,
        "# SPDX-License-Identifier: BSD-3-Clause\n"
        "# Generated by dsh-soakgen %s %ld (vectors/soak/soakgen.c): the soak\n"
        "# of issue 14 (docs/harness.md \"Soak\").  Random controls and\n"
        "# recoverable faults from a fixed seed; the topology is rebuilt every\n"
        "# 20 s and the firmware's heap checked after each teardown.\n"
        "name: soak %ld min, seed %s\n"
        "pipelines:\n"
        "  - id: 1\n"
        "    period_us: 10000\n"
        "    components:\n"
        "      - {id: host1, type: host, stream: music}\n"
        "      - {id: tone1, type: tone, freq_hz: 440, level_dbfs: -20, "
        "rate: 16000, channels: 1}\n"
        "      - {id: mix1, type: mixer}\n"
        "      - {id: vol1, type: volume, gain_db: -6}\n"
        "      - id: eq1\n"
        "        type: eq_iir\n"
        "        biquads: [{type: peaking, freq_hz: 1000, q: 1, gain_db: -3}]\n"
        "      - {id: dai1, type: dai, port: ssp0}\n"
        "    connect: [[host1, mix1], [tone1, mix1], [mix1, vol1], "
        "[vol1, eq1], [eq1, dai1]]\n"
        "streams:\n"
        "  music: {input: ../signals/sine_1khz_16k_s16_mono.wav}\n"
        "ports:\n"
        "  ssp0: {rate: 16000, channels: 1, format: s16, output: soak.wav}\n"
        "duration_ms: %" PRIu64 "\n"
        "rebuild_every_ms: 20000\n",
        argv[1], minutes, minutes, argv[1], run_ms);
    uint64_t t[N_CONTROLS > N_FAULTS ? N_CONTROLS : N_FAULTS];
    fprintf(f, "controls:\n");
    for (unsigned i = 0; i < N_CONTROLS; i++)
        t[i] = (uint64_t)rint_in(1, (int64_t)run_ms - 1);
    qsort(t, N_CONTROLS, sizeof t[0], cmp_u64);
    for (unsigned i = 0; i < N_CONTROLS; i++)
        control(f, t[i]);
    fprintf(f, "faults:\n");
    for (unsigned i = 0; i < N_FAULTS; i++)
        t[i] = (uint64_t)rint_in(1000, (int64_t)run_ms * 1000 - 1);
    qsort(t, N_FAULTS, sizeof t[0], cmp_u64);
    int drift = 0;
    for (unsigned i = 0; i < N_FAULTS; i++)
        fault(f, t[i], &drift);
    fprintf(f, "expect:\n  ipc_errors: 0\n");
    if (fclose(f) || rename(tmp, argv[3])) {
        fprintf(stderr, "dsh-soakgen: %s: %s\n", argv[3], strerror(errno));
        remove(tmp);
        return 1;
    }
    return 0;
}
