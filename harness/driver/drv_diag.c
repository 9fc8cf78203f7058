/* SPDX-License-Identifier: BSD-3-Clause */
/* Host driver: diagnoses (panic report, trace ring, console tail). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver/drv_internal.h"
#include "fwreport/fw_report.h"

#define DIAG_TRACE_LINES   12u
#define DIAG_CONSOLE_LINES 8u

void dsh_drv_diag_set(dsh_drv *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->diag, sizeof d->diag, fmt, ap);
    va_end(ap);
}

static void diag_append(dsh_drv *d, const char *s)
{
    size_t n = strlen(d->diag);
    if (n + 1 < sizeof d->diag)
        snprintf(d->diag + n, sizeof d->diag - n, "%s", s);
}

/* The last `lines` lines of text (pointer into it). */
static const char *tail_lines(const char *text, size_t len, unsigned lines)
{
    if (!len)
        return text;
    size_t i = len;
    if (text[i - 1] == '\n')
        i--;
    while (i > 0) {
        if (text[i - 1] == '\n' && --lines == 0)
            break;
        i--;
    }
    return text + i;
}

static void dump_log(dsh_drv *d, FILE *f, unsigned lines)
{
    ds_fw_trace tr;
    char err[256];
    ds_fwr_status st = ds_fw_trace_read(d->b, &tr, err, sizeof err);

    if (st == DS_FWR_OK) {
        char *buf = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&buf, &len);
        if (m) {
            ds_fw_trace_print(m, &tr);
            fclose(m);
            /* the printer's own header line, then the last entries */
            const char *eol = memchr(buf, '\n', len);
            size_t hdr = eol ? (size_t)(eol - buf) + 1 : len;
            fwrite(buf, 1, hdr, f);
            if (hdr < len)
                fputs(tail_lines(buf + hdr, len - hdr, lines), f);
            if (len && buf[len - 1] != '\n')
                fputc('\n', f);
        }
        free(buf);
    } else {
        fprintf(f, "firmware trace ring: %s\n",
                st == DS_FWR_EMPTY ? "none (no magic)" : err);
    }
    if (d->ncons) {
        fprintf(f, "firmware console (last lines):\n");
        fputs(tail_lines(d->console, d->ncons, lines), f);
        if (d->console[d->ncons - 1] != '\n')
            fputc('\n', f);
    }
}

void dsh_drv_dump_log(dsh_drv *d, FILE *f, unsigned lines)
{
    dump_log(d, f, lines ? lines : DIAG_TRACE_LINES);
}

void dsh_drv_diag_log(dsh_drv *d)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return;
    fputc('\n', m);
    dump_log(d, m, DIAG_TRACE_LINES);
    fclose(m);
    /* drop the trailing newline: the diagnosis is printed with one */
    if (len && buf[len - 1] == '\n')
        buf[len - 1] = '\0';
    diag_append(d, buf);
    free(buf);
}

void dsh_drv_diag_panic(dsh_drv *d)
{
    ds_fw_panic p;
    char err[256];
    ds_fwr_status st = ds_fw_panic_read(d->b, &p, err, sizeof err);

    if (st == DS_FWR_OK) {
        char *buf = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&buf, &len);
        if (m) {
            fputc('\n', m);
            ds_fw_panic_print(m, &p, d->elf);
            /* several cores: whose (the record is every core's; the
             * panic marker names the core that wrote it) */
            if (d->panic_core && ds_board_cores(d->b) > 1)
                fprintf(m, "  on core %u (its panic marker)\n",
                        d->panic_core - 1);
            fclose(m);
            if (len && buf[len - 1] == '\n')
                buf[len - 1] = '\0';
            diag_append(d, buf);
        }
        free(buf);
    } else {
        diag_append(d, "\npanic record: ");
        diag_append(d, st == DS_FWR_EMPTY ? "none written" : err);
    }
    dsh_drv_diag_log(d);
}

const char *dsh_drv_id_name(const dsh_drv *d, uint32_t id, char *buf, size_t n)
{
    const char *name = d->o.name ? d->o.name(id) : NULL;
    if (!name)
        name = dsh_ipc_id_name(id);
    if (name)
        snprintf(buf, n, "%s (%#x)", name, (unsigned)id);
    else
        snprintf(buf, n, "%#x", (unsigned)id);
    return buf;
}
