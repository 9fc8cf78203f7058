/* SPDX-License-Identifier: BSD-3-Clause */
/* Sound-file I/O through libsndfile (wav_io.h). */
#include "wav_io.h"
#include "wav_check.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sndfile_dl.h"

#define MAX_FRAMES ((uint64_t)1 << 32) /* sanity bound, ~24 h at 48 kHz */

static void describe(const SF_INFO *si, dsh_audio_info *info)
{
    const char *major;
    switch (si->format & SF_FORMAT_TYPEMASK) {
    case SF_FORMAT_WAV:
        major = "WAV";
        break;
    case SF_FORMAT_WAVEX:
        major = "WAVEX";
        break;
    case SF_FORMAT_AIFF:
        major = "AIFF";
        break;
    case SF_FORMAT_AU:
        major = "AU";
        break;
    case SF_FORMAT_FLAC:
        major = "FLAC";
        break;
    case SF_FORMAT_W64:
        major = "W64";
        break;
    case SF_FORMAT_RF64:
        major = "RF64";
        break;
    case SF_FORMAT_CAF:
        major = "CAF";
        break;
    default:
        major = "audio";
        break;
    }
    const char *sub;
    info->bits = 0;
    switch (si->format & SF_FORMAT_SUBMASK) {
    case SF_FORMAT_PCM_S8:
        sub = "PCM_S8";
        info->bits = 8;
        break;
    case SF_FORMAT_PCM_U8:
        sub = "PCM_U8";
        info->bits = 8;
        break;
    case SF_FORMAT_PCM_16:
        sub = "PCM_16";
        info->bits = 16;
        break;
    case SF_FORMAT_PCM_24:
        sub = "PCM_24";
        info->bits = 24;
        break;
    case SF_FORMAT_PCM_32:
        sub = "PCM_32";
        info->bits = 32;
        break;
    case SF_FORMAT_FLOAT:
        sub = "FLOAT";
        break;
    case SF_FORMAT_DOUBLE:
        sub = "DOUBLE";
        break;
    default:
        sub = "other";
        break;
    }
    snprintf(info->format, sizeof info->format, "%s %s", major, sub);
    info->rate = (unsigned)si->samplerate;
    info->channels = (unsigned)si->channels;
    info->frames = si->frames > 0 ? (uint64_t)si->frames : 0;
}

/* A sound file open for reading.  libsndfile reads a regular file
 * through stdio's buffer here (vio_*): its header parsers read a few
 * bytes at a time, and a malformed AIFF whose comment chunk promises
 * 65,534 comments took 200,000 read() calls to refuse, a third of a
 * second.  Anything else (a directory, a FIFO) goes to sf_open itself,
 * which says what is wrong with it. */
typedef struct rd_file {
    SNDFILE *sf;
    FILE *f; /* NULL: libsndfile's own I/O */
    sf_count_t len;
} rd_file;

static sf_count_t vio_len(void *u)
{
    return ((rd_file *)u)->len;
}
static sf_count_t vio_seek(sf_count_t off, int whence, void *u)
{
    FILE *f = ((rd_file *)u)->f;
    return fseeko(f, (off_t)off, whence) ? -1 : (sf_count_t)ftello(f);
}
static sf_count_t vio_read(void *dst, sf_count_t n, void *u)
{
    return n > 0 ? (sf_count_t)fread(dst, 1, (size_t)n, ((rd_file *)u)->f) : 0;
}
static sf_count_t vio_write(const void *src, sf_count_t n, void *u)
{
    (void)src;
    (void)n;
    (void)u;
    return 0; /* read only */
}
static sf_count_t vio_tell(void *u)
{
    return (sf_count_t)ftello(((rd_file *)u)->f);
}

static void close_read(rd_file *r)
{
    if (r->sf)
        sf_close(r->sf);
    if (r->f)
        fclose(r->f);
    r->sf = NULL;
    r->f = NULL;
}

static SNDFILE *sf_open_buffered(const char *path, SF_INFO *si, rd_file *r)
{
    struct stat st;
    r->f = fopen(path, "rb");
    if (r->f && fstat(fileno(r->f), &st) == 0 && S_ISREG(st.st_mode)) {
        static SF_VIRTUAL_IO vio = { vio_len, vio_seek, vio_read, vio_write,
                                     vio_tell };
        r->len = (sf_count_t)st.st_size;
        return sf_open_virtual(&vio, SFM_READ, si, r);
    }
    if (r->f)
        fclose(r->f);
    r->f = NULL;
    return sf_open(path, SFM_READ, si);
}

static SNDFILE *open_read(const char *path, SF_INFO *si, rd_file *r, char *err,
                          size_t errsz)
{
    memset(si, 0, sizeof *si);
    SNDFILE *sf = r->sf = sf_open_buffered(path, si, r);
    if (!sf) {
        snprintf(err, errsz, "%s: cannot read as a sound file: %s", path,
                 sf_strerror(NULL));
        close_read(r);
        return NULL;
    }
    if (si->channels < 1 || si->channels > 64 || si->samplerate < 1 ||
        si->frames < 0 || (uint64_t)si->frames > MAX_FRAMES) {
        snprintf(err, errsz,
                 "%s: unsupported sound file (%d channels, "
                 "%d Hz, %lld frames)",
                 path, si->channels, si->samplerate, (long long)si->frames);
        close_read(r);
        return NULL;
    }
    if (!dsh_wav_check_complete(path, err, errsz)) {
        close_read(r);
        return NULL;
    }
    return sf;
}

bool dsh_audio_probe(const char *path, dsh_audio_info *info, char *err,
                     size_t errsz)
{
    SF_INFO si;
    rd_file r = { 0 };
    if (!open_read(path, &si, &r, err, errsz))
        return false;
    describe(&si, info);
    close_read(&r);
    return true;
}

bool dsh_audio_alloc(dsh_audio *a, uint64_t frames, unsigned channels,
                     unsigned rate)
{
    memset(a, 0, sizeof *a);
    if (channels < 1 || frames > MAX_FRAMES)
        return false;
    size_t n = (size_t)frames * channels;
    a->samples = calloc(n ? n : 1, sizeof *a->samples);
    if (!a->samples)
        return false;
    a->frames = frames;
    a->channels = channels;
    a->rate = rate;
    a->info.rate = rate;
    a->info.channels = channels;
    a->info.frames = frames;
    return true;
}

void dsh_audio_free(dsh_audio *a)
{
    free(a->samples);
    memset(a, 0, sizeof *a);
}

/* Grows a's sample buffer to hold at least `frames` frames (doubling,
 * never beyond `limit`); false when out of memory. */
static bool grow(dsh_audio *a, uint64_t *cap, uint64_t frames, uint64_t limit)
{
    if (frames <= *cap)
        return true;
    uint64_t want = *cap ? *cap : 1;
    while (want < frames)
        want *= 2;
    if (want > limit)
        want = limit;
    int32_t *p = realloc(a->samples,
                         (size_t)want * a->channels * sizeof *a->samples);
    if (!p)
        return false;
    a->samples = p;
    *cap = want;
    return true;
}

/* Samples a read converts at most at once (the float path's scratch). */
enum { READ_BLOCK = 1 << 14 };

/* Up to `want` frames (at most READ_BLOCK / channels) from sf at dst as
 * Q1.31: integer PCM as it is, float and other encodings [-1, 1) scaled
 * by 2^31, rounded, clipped (dsh_q31_from_double) through dbuf.  Returns
 * the frames decoded. */
static uint64_t decode(SNDFILE *sf, const dsh_audio_info *info, int32_t *dst,
                       uint64_t want, double *dbuf)
{
    sf_count_t n;
    if (info->bits)
        return (n = sf_readf_int(sf, dst, (sf_count_t)want)) > 0 ? (uint64_t)n
                                                                 : 0;
    n = sf_readf_double(sf, dbuf, (sf_count_t)want);
    for (sf_count_t k = 0; k < n * (sf_count_t)info->channels; k++)
        dst[k] = dsh_q31_from_double(dbuf[k]);
    return n > 0 ? (uint64_t)n : 0;
}

static void short_read(const char *path, SNDFILE *sf, uint64_t got,
                       uint64_t frames, char *err, size_t errsz)
{
    int e = sf_error(sf);
    snprintf(err, errsz, "%s: read %llu of %llu frames: %s", path,
             (unsigned long long)got, (unsigned long long)frames,
             e ? sf_error_number(e) : "file truncated");
}

bool dsh_audio_read(const char *path, dsh_audio *out, char *err, size_t errsz)
{
    SF_INFO si;
    rd_file r = { 0 };
    memset(out, 0, sizeof *out);
    SNDFILE *sf = open_read(path, &si, &r, err, errsz);
    if (!sf)
        return false;
    dsh_audio_info info;
    describe(&si, &info);
    /* The header's frame count is only a promise (a 194-byte FLAC may
     * claim four billion frames): memory follows what is actually
     * decoded, read in blocks of at most READ_BLOCK samples, growing the
     * buffer by doubling up to the promised count. */
    out->channels = info.channels;
    out->rate = info.rate;
    out->info = info;
    if (!info.bits)
        sf_command(sf, SFC_SET_NORM_DOUBLE, NULL, SF_TRUE);
    uint64_t cap = 0, got = 0;
    uint64_t per = READ_BLOCK / info.channels ? READ_BLOCK / info.channels : 1;
    double *dbuf = info.bits
                       ? NULL
                       : malloc((size_t)per * info.channels * sizeof *dbuf);
    bool oom = !info.bits && !dbuf;
    while (!oom && got < info.frames) {
        uint64_t want = info.frames - got;
        if (want > per)
            want = per;
        if (!grow(out, &cap, got + want, info.frames)) {
            oom = true;
            break;
        }
        uint64_t n = decode(
            sf, &info, out->samples + (size_t)got * info.channels, want, dbuf);
        got += n;
        if (n != want)
            break;
    }
    free(dbuf);
    if (oom) {
        close_read(&r);
        snprintf(err, errsz, "%s: out of memory after %llu of %llu frames",
                 path, (unsigned long long)got,
                 (unsigned long long)info.frames);
        dsh_audio_free(out);
        return false;
    }
    if (got != info.frames || sf_error(sf)) {
        short_read(path, sf, got, info.frames, err, errsz);
        close_read(&r);
        dsh_audio_free(out);
        return false;
    }
    close_read(&r);
    if (!out->samples) { /* an empty file: a valid, empty buffer */
        out->samples = calloc(1, sizeof *out->samples);
        if (!out->samples) {
            snprintf(err, errsz, "%s: out of memory", path);
            return false;
        }
    }
    out->frames = got;
    return true;
}

/* A window of the file's frames, refilled as a reader moves on: a run
 * of any length keeps only this in memory. */
struct dsh_audio_stream {
    rd_file file;
    dsh_audio_info info;
    char *path;
    uint64_t next; /* the frame the file's read position is at */
    int32_t *win;  /* frames [win_first, win_first + win_n) */
    uint64_t win_first, win_n, win_cap;
    double *dbuf; /* float files: decode()'s scratch */
};

dsh_audio_stream *dsh_audio_stream_open(const char *path, dsh_audio_info *info,
                                        char *err, size_t errsz)
{
    SF_INFO si;
    /* the stream holds the open file: libsndfile keeps its address */
    dsh_audio_stream *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errsz, "%s: out of memory", path);
        return NULL;
    }
    SNDFILE *sf = open_read(path, &si, &s->file, err, errsz);
    if (!sf) {
        free(s);
        return NULL;
    }
    describe(&si, &s->info);
    s->win_cap = READ_BLOCK / s->info.channels ? READ_BLOCK / s->info.channels
                                               : 1;
    s->win = malloc((size_t)s->win_cap * s->info.channels * sizeof *s->win);
    s->path = strdup(path);
    if (!s->info.bits) {
        sf_command(sf, SFC_SET_NORM_DOUBLE, NULL, SF_TRUE);
        s->dbuf = malloc((size_t)s->win_cap * s->info.channels *
                         sizeof *s->dbuf);
    }
    if (!s->win || !s->path || (!s->info.bits && !s->dbuf)) {
        snprintf(err, errsz, "%s: out of memory", path);
        dsh_audio_stream_close(s);
        return NULL;
    }
    *info = s->info;
    return s;
}

/* The window from frame `first` on, with at least `need` frames (and as
 * many more as fit and the file gives). */
static bool refill(dsh_audio_stream *s, uint64_t first, uint64_t need,
                   char *err, size_t errsz)
{
    s->win_n = 0;
    if (first != s->next) {
        if (sf_seek(s->file.sf, (sf_count_t)first, SEEK_SET) !=
            (sf_count_t)first) {
            snprintf(err, errsz, "%s: cannot seek to frame %llu: %s", s->path,
                     (unsigned long long)first, sf_strerror(s->file.sf));
            s->next = UINT64_MAX; /* unknown: seek again next time */
            return false;
        }
        s->next = first;
    }
    uint64_t want = s->info.frames - first;
    if (want > s->win_cap)
        want = s->win_cap;
    uint64_t got = decode(s->file.sf, &s->info, s->win, want, s->dbuf);
    s->next += got;
    if (got < need || (got < want && sf_error(s->file.sf))) {
        short_read(s->path, s->file.sf, first + got, s->info.frames, err,
                   errsz);
        return false;
    }
    s->win_first = first;
    s->win_n = got;
    return true;
}

bool dsh_audio_stream_read(dsh_audio_stream *s, uint64_t first, uint64_t n,
                           int32_t *dst, char *err, size_t errsz)
{
    unsigned ch = s->info.channels;
    if (first > s->info.frames || n > s->info.frames - first) {
        snprintf(err, errsz, "%s: frames %llu to %llu asked of %llu", s->path,
                 (unsigned long long)first, (unsigned long long)(first + n),
                 (unsigned long long)s->info.frames);
        return false;
    }
    while (n) {
        if (first < s->win_first || first >= s->win_first + s->win_n) {
            if (!refill(s, first, n < s->win_cap ? n : s->win_cap, err, errsz))
                return false;
        }
        uint64_t k = s->win_first + s->win_n - first;
        if (k > n)
            k = n;
        memcpy(dst, s->win + (size_t)(first - s->win_first) * ch,
               (size_t)k * ch * sizeof *dst);
        dst += (size_t)k * ch;
        first += k;
        n -= k;
    }
    return true;
}

void dsh_audio_stream_close(dsh_audio_stream *s)
{
    if (!s)
        return;
    close_read(&s->file);
    free(s->win);
    free(s->dbuf);
    free(s->path);
    free(s);
}

/* Creates "DIR/.NAME.tmp-PID-N" (mode 0666 less the umask) for path
 * DIR/NAME; returns the fd, or -1 with errno. */
static int temp_beside(const char *path, char *tmp, size_t n)
{
    static atomic_uint counter;
    const char *slash = strrchr(path, '/');
    int dir_len = slash ? (int)(slash - path) + 1 : 0;
    for (unsigned tries = 0; tries < 100; tries++) {
        unsigned k = atomic_fetch_add(&counter, 1);
        int w = snprintf(tmp, n, "%.*s.%s.tmp-%ld-%u", dir_len, path,
                         slash ? slash + 1 : path, (long)getpid(), k);
        if (w < 0 || (size_t)w >= n) {
            errno = ENAMETOOLONG;
            return -1;
        }
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    return -1;
}

/* dsh_audio_write_wav's source: frames in memory. */
typedef struct mem_src {
    const int32_t *samples;
    unsigned channels;
} mem_src;

static bool mem_read(void *user, uint64_t first, uint64_t n, int32_t *dst,
                     char *err, size_t errsz)
{
    const mem_src *m = user;
    (void)err;
    (void)errsz;
    memcpy(dst, m->samples + first * m->channels,
           (size_t)n * m->channels * sizeof *dst);
    return true;
}

bool dsh_audio_write_wav(const char *path, const int32_t *samples,
                         uint64_t frames, unsigned channels, unsigned rate,
                         dsh_pcm_format fmt, char *err, size_t errsz)
{
    mem_src m = { samples, channels };
    return dsh_audio_write_wav_from(path, mem_read, &m, frames, channels, rate,
                                    fmt, err, errsz);
}

bool dsh_audio_write_wav_from(const char *path, dsh_audio_reader rd, void *user,
                              uint64_t frames, unsigned channels, unsigned rate,
                              dsh_pcm_format fmt, char *err, size_t errsz)
{
    SF_INFO si;
    memset(&si, 0, sizeof si);
    si.samplerate = (int)rate;
    si.channels = (int)channels;
    si.format = SF_FORMAT_WAV | (fmt == DSH_PCM_S16   ? SF_FORMAT_PCM_16
                                 : fmt == DSH_PCM_S24 ? SF_FORMAT_PCM_24
                                                      : SF_FORMAT_PCM_32);
    if (!channels || !sf_format_check(&si)) {
        snprintf(err, errsz,
                 "%s: cannot write WAV with %u channels at %u "
                 "Hz, %s",
                 path, channels, rate, dsh_pcm_format_name(fmt));
        return false;
    }
    /* a temporary file beside the target, renamed over it only once it
     * is complete: a failed or interrupted write leaves no partial file
     * and an existing one untouched */
    char tmp[4096];
    int fd = temp_beside(path, tmp, sizeof tmp);
    if (fd < 0) {
        snprintf(err, errsz, "%s: cannot create: %s", path, strerror(errno));
        return false;
    }
    SNDFILE *sf = sf_open_fd(fd, SFM_WRITE, &si, SF_TRUE);
    if (!sf) {
        snprintf(err, errsz, "%s: cannot create: %s", path, sf_strerror(NULL));
        close(fd);
        unlink(tmp);
        return false;
    }
    /* written a block at a time: memory does not grow with the length */
    enum { CHUNK = 4096 };
    int32_t buf[CHUNK];
    uint64_t per = CHUNK / channels;
    bool ok = true, read_failed = false;
    for (uint64_t f = 0; f < frames && ok; f += per) {
        uint64_t n = frames - f < per ? frames - f : per;
        if (!rd(user, f, n, buf, err, errsz)) {
            ok = false;
            read_failed = true;
            break;
        }
        for (size_t k = 0; k < (size_t)n * channels; k++)
            buf[k] = dsh_q31_quantize(buf[k], fmt);
        ok = sf_writef_int(sf, buf, (sf_count_t)n) == (sf_count_t)n;
    }
    if (!ok && !read_failed)
        snprintf(err, errsz, "%s: write failed: %s", path, sf_strerror(sf));
    if (sf_close(sf) && ok) {
        snprintf(err, errsz, "%s: close failed", path);
        ok = false;
    }
    if (ok && rename(tmp, path) != 0) {
        snprintf(err, errsz,
                 "%s: cannot rename the finished file '%s' "
                 "to it: %s",
                 path, tmp, strerror(errno));
        ok = false;
    }
    if (!ok)
        unlink(tmp);
    return ok;
}

bool dsh_audio_check_params(const dsh_audio_info *info, const char *path,
                            unsigned rate, unsigned channels, const char *what,
                            char *err, size_t errsz)
{
    if (info->rate == rate && info->channels == channels)
        return true;
    snprintf(err, errsz,
             "'%s' is %u Hz, %u channel%s but %s is %u Hz, %u "
             "channel%s (no resampling or channel mapping is done)",
             path, info->rate, info->channels, info->channels == 1 ? "" : "s",
             what, rate, channels, channels == 1 ? "" : "s");
    return false;
}
