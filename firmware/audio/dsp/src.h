/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Synchronous sample-rate converter: a chain of rational L/M polyphase FIR
 * stages, for every pair of 8000, 11025, 16000, 22050, 24000, 32000,
 * 44100, 48000, 88200, 96000, 176400 and 192000 Hz (src_plan).
 *
 * Stages (src_conv_table, generated at build time by
 * firmware/tools/gen_tables src): strict stages 1/2, 2/1, 2/3, 3/2,
 * 3/4, 4/3, 147/160, 160/147, 80/147, 147/80 (passband 0.45 * F,
 * stopband from 0.5 * F, F the stage's lower rate, 70 dB) and relaxed
 * octave stages 1/2, 2/1 of class c = 147/160, 3/4, 1/2 (passband
 * 0.45 * c * F, stopband from (1 - c/2) * F: enough for a chain whose
 * narrowest rate is c * F; 95 dB).  quality=high has its own table of the
 * same stages (src_conv_hq_table: 88 dB strict, 110 dB octave stages,
 * taps with residuals; src_plan_q).
 * Every rate is 8000, 12000 or 11025 Hz times a power of two, so a
 * conversion is: octave decimators (relaxed), then a core of one or two
 * strict stages with a ratio in [1/2, 1) (down), or a core with a ratio
 * in (1, 2] and then octave interpolators (up).  Aliasing and images are
 * rejected by the strict core at the narrowest rate; the octave stages
 * only keep what would fold into it away (docs/components.md, "SRC").
 *
 * One stage: Kaiser-windowed sinc prototype at L * fs_in, DC gain L
 * (unity per output sample), taps per phase a multiple of 4.
 * The prototype is symmetric, so coef[L-1-p][k] = coef[p][taps-1-k]: only
 * phases 0 .. (L+1)/2 - 1 are stored (int16_t, phase-major,
 * coef_q15[p * taps + k] = h[p + k * L]) and a phase p >= (L+1)/2 is read
 * as phase L-1-p against the delay line in reverse order.
 *
 * Output n uses input index i = floor(n * M / L) and phase p = n * M mod L:
 *   y[n] = sum_k coef[p][k] * x[i - k]
 * Input samples are rounded to Q1.14 (nearest, ties away from zero, so a
 * negated input gives a negated output) when they enter the delay line.
 * Every product is one 16x16 MUL16S into a 32-bit accumulator, two
 * channels sharing each coefficient load.  Taps [edge, taps - edge) are
 * Q1.15 ("centre"); the `edge` taps at each end are small and stored
 * 2^SRC_TAIL_BITS finer (Q1.17, "tails") in a second accumulator, which
 * cuts the coefficient rounding error (the phase mismatch that shows as
 * images) by ~7 dB at no extra cost per tap.  The generator bounds
 * 2^14 * sum |coef| < 2^31 for the centre and for the tails of every
 * phase, so neither accumulator can overflow; the output is
 * centre * 2^SRC_TAIL_BITS + tails, which is exactly Q1.31, saturated.
 * The middle phase of an odd L (p = (L-1)/2, its own mirror, exactly
 * symmetric) is folded for channel pairs: c[k] * (x[k] + x[taps-1-k]).
 *
 * Streaming: src_process() consumes input frames and produces output frames
 * until it runs out of either; the group delay of a stage is
 * (taps * L - 1) / 2 samples at L * fs_in.  Samples are interleaved Q1.31,
 * 1..SRC_MAX_CHANNELS channels.  Memory: the caller provides
 * src_delay_words() int32_t of delay line (2 * taps per channel, holding
 * Q1.14 values); a chain src_chain_words() for all its stages and the
 * buffers between them.
 */
#ifndef AUDIO_DSP_SRC_H
#define AUDIO_DSP_SRC_H

#include <stddef.h>
#include <stdint.h>

#define SRC_NUM_CONV     16     /* stages in src_conv_table */
#define SRC_MAX_STAGES   6      /* stages in one conversion */
#define SRC_MAX_BLOCK    16384u /* input frames per src_chain call */
#define SRC_MAX_CHANNELS 8
#define SRC_X_BITS       14 /* delay line: Q1.14 */
#define SRC_CENTRE_BITS  15 /* centre coefficients: Q1.15 */
#define SRC_TAIL_BITS    2  /* tail coefficients: Q1.17 */
#define SRC_RES_BITS     8  /* quality=high residuals: 2^-8 LSB */

/* Arithmetic of a conversion (all stages). */
enum src_quality {
    SRC_QUALITY_DEFAULT = 0, /* Q1.14 delay line, Q1.15/Q1.17 taps */
    SRC_QUALITY_HIGH = 1,    /* Q1.28 delay line, Q1.23/Q1.25 taps,
				  * its own longer stages (src_hq.c):
				  * 3 to 4x the cycles */
};

struct src_conv {
    uint32_t rate_in; /* nominal rates: name the ratio only */
    uint32_t rate_out;
    uint16_t l;              /* interpolation factor = number of phases */
    uint16_t m;              /* decimation factor */
    uint16_t taps;           /* taps per phase, a multiple of 4 */
    uint16_t edge;           /* tail taps at each end of a phase (mult. of 4) */
    uint32_t cls_ppm;        /* class c * 10^6 (1000000: strict) */
    const int16_t *coef_q15; /* phases 0 .. (l+1)/2-1, taps each; centre
				  * Q1.15, tails Q1.(15 + SRC_TAIL_BITS)
				  * (src_conv_table; NULL in the other) */
    const int32_t *coef_hq;  /* quality=high (src_conv_hq_table; NULL in
				  * the other): same layout, each word the
				  * tap as above in its low half and the
				  * tap's rounding residual (int8, in
				  * 2^-SRC_RES_BITS of its LSB) in its
				  * high half: (res << 16) | (uint16_t)tap */
};

/* The default kernel's stages (70 dB strict, 95 dB octave stages). */
extern const struct src_conv src_conv_table[SRC_NUM_CONV];
/* quality=high's stages, same order: all redesigned with more stopband
 * attenuation (88 dB strict, 110 dB octave stages: more taps), every
 * tap with its residual (coef_hq). */
extern const struct src_conv src_conv_hq_table[SRC_NUM_CONV];

/* The section of the arrays only quality=high reads (coef_hq of
 * src_conv_hq_table): IRAM in the firmware image (board.ld), which
 * leaves DRAM to the default's tables and the heap; nothing on the
 * host. */
#ifdef __XTENSA__
#define SRC_HQ_RODATA __attribute__((section(".iram_rodata")))
#else
#define SRC_HQ_RODATA
#endif

struct src_state {
    const struct src_conv *conv;
    unsigned int channels;
    int32_t *delay;       /* channels * 2 * taps words */
    unsigned int pos;     /* newest sample index, 0..taps-1 */
    unsigned int phase;   /* 0..l-1 */
    unsigned int need;    /* input frames to take before next output */
    unsigned int quality; /* enum src_quality */
};

/* Delay-line words of a default-quality stage (2 * taps per channel). */
size_t src_delay_words(const struct src_conv *conv, unsigned int channels);
/* ... of either quality (quality=high: also 2 * taps per channel, one
 * word holding both halves of a sample); 0 for an unknown quality. */
size_t src_delay_words_q(const struct src_conv *conv, unsigned int channels,
                         unsigned int quality);

/* Returns -1 on bad arguments. Clears the state.  quality=high needs a
 * stage of src_conv_hq_table.  src_init: default quality; src_init_q:
 * either (enum src_quality, else -1). */
int src_init(struct src_state *st, const struct src_conv *conv,
             unsigned int channels, int32_t *delay);
int src_init_q(struct src_state *st, const struct src_conv *conv,
               unsigned int channels, unsigned int quality, int32_t *delay);
void src_reset(struct src_state *st);

/*
 * Convert up to in_frames input frames into at most out_frames output
 * frames; *consumed and *produced report what was done.  Input that is
 * not consumed must be passed again.
 */
void src_process_q1_31(struct src_state *st, int32_t *out, size_t out_frames,
                       const int32_t *in, size_t in_frames, size_t *consumed,
                       size_t *produced);

/*
 * The same for a quality=high stage (src_hq.c; src_init_q with
 * SRC_QUALITY_HIGH, a stage of src_conv_hq_table).  Each input sample x
 * (Q1.31) enters the delay line as one word of its high part x >> 17
 * (Q1.14, floor; high half) and its low part (x >> 3) & 0x3fff
 * (unsigned, 14 bits; low half): 28 bits, the 3 LSBs dropped (2^-28 of
 * full scale).  Each tap is three MUL16S: coef * high, coef * low and
 * residual * high (the coefficient's rounding residual, int8 in 2^-8 of
 * its LSB: coefficients Q1.23 centre, Q1.25 tails), into six
 * 32-bit sums (centre and tails apart) that the generator's bound
 * 2^14 * sum |c| < 2^31 and taps < 1024 keep from overflowing; they are
 * combined once per output frame in 64 bits (adds and shifts only) and
 * rounded to Q1.31, saturated.  No folding of the middle phase.
 */
void src_hq_process_q1_31(struct src_state *st, int32_t *out, size_t out_frames,
                          const int32_t *in, size_t in_frames, size_t *consumed,
                          size_t *produced);

/* ---- conversions: chains of stages ---------------------------------- */

struct src_chain {
    unsigned int n;                    /* stages, 1..SRC_MAX_STAGES */
    unsigned int quality;              /* enum src_quality (src_plan:
						* the default, src_plan_q:
						* either) */
    uint32_t rate[SRC_MAX_STAGES + 1]; /* rate[0] in .. rate[n] out */
    const struct src_conv *conv[SRC_MAX_STAGES];
    /* set by src_chain_init */
    unsigned int channels;
    struct src_state st[SRC_MAX_STAGES];
    int32_t *buf[SRC_MAX_STAGES - 1];  /* output of stage i < n - 1 */
    uint32_t fill[SRC_MAX_STAGES - 1]; /* frames in buf[i] */
    uint32_t cap[SRC_MAX_STAGES - 1];  /* frames */
};

/* 1 if rate_hz is one of the twelve rates, else 0. */
int src_rate_supported(uint32_t rate_hz);

/* Plans rate_in -> rate_out (both supported, different) into ch->n,
 * ch->rate and ch->conv.  Returns 0, or -1 if unsupported. */
int src_plan(struct src_chain *ch, uint32_t rate_in, uint32_t rate_out);

/* src_plan for either quality (enum src_quality): quality=high takes
 * the stages of src_conv_hq_table.  -1 also for an unknown quality. */
int src_plan_q(struct src_chain *ch, uint32_t rate_in, uint32_t rate_out,
               unsigned int quality);
/* Puts a planned chain on the stages of `quality` (the same stages from
 * src_conv_table or src_conv_hq_table) and sets ch->quality; -1 for an
 * unknown quality. */
int src_chain_set_quality(struct src_chain *ch, unsigned int quality);

/* int32_t words a planned chain needs for `channels` channels and calls
 * of at most `block` input frames (1..SRC_MAX_BLOCK); 0 on bad
 * arguments. */
size_t src_chain_words(const struct src_chain *ch, unsigned int channels,
                       uint32_t block);

/* Sets up a planned chain over mem (src_chain_words words) and clears it.
 * Returns -1 on bad arguments. */
int src_chain_init(struct src_chain *ch, unsigned int channels, uint32_t block,
                   int32_t *mem);
void src_chain_reset(struct src_chain *ch);

/*
 * Converts up to in_frames (<= the init's block) input frames into at
 * most out_frames output frames, like src_process_q1_31: input that is
 * not consumed must be passed again.  Frames between stages stay in the
 * chain's buffers; a full buffer holds the stage before it back.
 */
void src_chain_process(struct src_chain *ch, int32_t *out, size_t out_frames,
                       const int32_t *in, size_t in_frames, size_t *consumed,
                       size_t *produced);
/* The same for a chain of either quality (src_hq.c): src_chain_process
 * for the default, the quality=high stages otherwise (a chain of stages
 * not of src_conv_hq_table: nothing consumed or produced).  (The
 * default's code stays as it was, cycle for cycle.) */
void src_chain_process_q(struct src_chain *ch, int32_t *out, size_t out_frames,
                         const int32_t *in, size_t in_frames, size_t *consumed,
                         size_t *produced);

/* Multiply-accumulates per second of audio and channel:
 * sum over stages of rate_out * taps (the kernel's work; host estimate). */
static inline uint64_t src_chain_macs_per_s(const struct src_chain *ch)
{
    uint64_t m = 0;

    for (unsigned int i = 0; i < ch->n; i++)
        m += (uint64_t)ch->rate[i + 1] * ch->conv[i]->taps;
    return m;
}

/* Frames of silence the SRC component (comp/comp_src.c) puts out first,
 * at the output rate: a chain fed whole periods on the input's schedule
 * can fall behind the output's schedule by up to rate_out / rate_in
 * frames plus one per stage (a 44.1 kHz-family input carries 44 or 45
 * frames a period), and the sink takes its period on time. */
static inline uint32_t src_chain_lead_frames(const struct src_chain *ch)
{
    return (ch->rate[ch->n] + ch->rate[0] - 1u) / ch->rate[0] + ch->n + 1u;
}

/* Group delay of a planned chain in seconds (host side: double; the
 * firmware never calls it): sum of (taps * L - 1) / (2 * L * fs_in). */
static inline double src_chain_delay_s(const struct src_chain *ch)
{
    double d = 0.0;

    for (unsigned int i = 0; i < ch->n; i++)
        d += ((double)ch->conv[i]->taps * ch->conv[i]->l - 1.0) /
             (2.0 * ch->conv[i]->l * ch->rate[i]);
    return d;
}

#endif /* AUDIO_DSP_SRC_H */
