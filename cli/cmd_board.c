/* dspsim board [options] PROGRAM.elf [guest args...]
 *
 * Runs a bare-metal guest program on the virtual audio-DSP board
 * (docs/board.md) instead of the bare "sim" memory map, with
 * semihosting, and exits with the guest's status: the value written to
 * the debug device's HALT register, or the semihosting exit status. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "options.h"
#include "dspsim/board.h"
#include "dspsim/loader.h"
#include "dspsim/semihost.h"
#include "report.h"

typedef struct board_opts {
    const char *board_file;  /* NULL = compiled-in defaults */
    uint64_t max_cycles;     /* 0 = unlimited */
    bool markers;
    bool stats;
    const char *program;
    int guest_argc;
    char **guest_argv;
} board_opts;

static void board_usage(FILE *f)
{
    fprintf(f,
        "usage: dspsim board [options] PROGRAM.elf [guest args...]\n\n"
        "Run a bare-metal Xtensa LX106 ELF program on the virtual audio-DSP\n"
        "board (IRAM, DRAM, mailbox, debug device, IPC, DMA, SSP; see\n"
        "docs/board.md) with semihosting; exit with the guest's status.\n\n"
        "options:\n"
        "  --board FILE    board description (YAML); default: built-in\n"
        "  --max-cycles N  stop after N cycles (exit status 124)\n"
        "  --markers       print trace markers on stderr:\n"
        "                  'marker ID VALUE at CYCLE' (decimal)\n"
        "  --stats         print a JSON statistics line on stderr at exit\n"
        "  -h, --help      show this help\n"
        "  --              end of options\n\n"
        "exit statuses: the value written to the HALT register or the\n"
        "semihosting exit status (& 0xff); 2 usage or input error (bad\n"
        "program or board file); 70 internal error; 123 guest idle forever;\n"
        "124 cycle budget reached; 125 fatal guest state.\n");
}

/* Returns -1 to continue, or an exit status. */
static int parse_args(int argc, char **argv, board_opts *o)
{
    int i;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        if (!strcmp(a, "--")) {
            i++;
            break;
        }
        if (a[0] != '-' || a[1] == '\0')
            break;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            board_usage(stdout);
            return 0;
        }
        if (!strcmp(a, "--markers")) {
            o->markers = true;
            continue;
        }
        if (!strcmp(a, "--stats")) {
            o->stats = true;
            continue;
        }
        if (cli_opt_value(argc, argv, &i, "--board", &v)) {
            if (!v || !*v) {
                fprintf(stderr, "dspsim board: --board needs a file name\n");
                return DSPSIM_EXIT_USAGE;
            }
            o->board_file = v;
            continue;
        }
        if (cli_opt_value(argc, argv, &i, "--max-cycles", &v)) {
            if (!cli_parse_count("board", "--max-cycles", v, &o->max_cycles))
                return DSPSIM_EXIT_USAGE;
            continue;
        }
        fprintf(stderr, "dspsim board: unknown option '%s' (see dspsim board "
                "--help)\n", a);
        return DSPSIM_EXIT_USAGE;
    }
    if (i >= argc) {
        fprintf(stderr, "dspsim board: missing PROGRAM.elf\n");
        board_usage(stderr);
        return DSPSIM_EXIT_USAGE;
    }
    o->program = argv[i];
    o->guest_argc = argc - i - 1;
    o->guest_argv = argv + i + 1;
    return -1;
}

static void print_marker(void *user, uint32_t id, uint32_t value,
                         uint64_t cycle)
{
    (void)user;
    fflush(stdout);
    fprintf(stderr, "marker %" PRIu32 " %" PRIu32 " at %" PRIu64 "\n", id,
            value, cycle);
}

static int conclude(ds_board *b, const ds_run_result *r, const board_opts *o,
                    const xt_elf *elf)
{
    xt_cpu *cpu = ds_board_cpu(b);
    switch (r->why) {
    case DS_STOP_HALT:
    case DS_STOP_EXIT:
        return r->status & 0xff;
    case DS_STOP_BUDGET:
        fprintf(stderr, "dspsim: %s: cycle budget exhausted: %" PRIu64
                " cycles (--max-cycles %" PRIu64 ")\n", o->program,
                r->cycles, o->max_cycles);
        report_state(stderr, cpu, elf);
        return DSPSIM_EXIT_BUDGET;
    case DS_STOP_IDLE:
        fprintf(stderr, "dspsim: %s: guest idle forever: WAITI with no "
                "interrupt, timer or board event that could wake it\n",
                o->program);
        report_state(stderr, cpu, elf);
        return DSPSIM_EXIT_IDLE;
    case DS_STOP_FATAL: {
        const xt_fatal_info *fi = xt_fatal(cpu);
        fprintf(stderr, "dspsim: %s: fatal guest state: %s at pc %08" PRIx32
                ", exccause %" PRIu32 ", excvaddr %08" PRIx32 "\n",
                o->program, fi && fi->reason ? fi->reason : "unknown reason",
                fi ? fi->pc : 0, fi ? fi->exccause : 0,
                fi ? fi->excvaddr : 0);
        report_state(stderr, cpu, elf);
        return DSPSIM_EXIT_FATAL;
    }
    default:
        fprintf(stderr, "dspsim: %s: run stopped unexpectedly (%s)\n",
                o->program, ds_stop_name(r->why));
        return DSPSIM_EXIT_INTERNAL;
    }
}

static int run(const board_opts *o, ds_board *b, const xt_elf *elf)
{
    char msg[512];
    ds_status st = ds_board_load_elf(b, o->program, msg, sizeof(msg));
    if (st != DS_OK) {
        fprintf(stderr, "dspsim: %s\n", msg);
        return st == DS_ERR_LOAD ? DSPSIM_EXIT_USAGE : DSPSIM_EXIT_INTERNAL;
    }
    if (o->markers)
        ds_board_add_marker_observer(b, print_marker, NULL);

    const char **gargv = calloc((size_t)o->guest_argc + 2, sizeof(char *));
    if (!gargv) {
        fprintf(stderr, "dspsim: internal error: out of memory\n");
        return DSPSIM_EXIT_INTERNAL;
    }
    gargv[0] = o->program;
    for (int i = 0; i < o->guest_argc; i++)
        gargv[i + 1] = o->guest_argv[i];
    xt_semihost_config shc = { .stdin_fd = 0, .stdout_fd = 1,
                               .stderr_fd = 2, .argc = o->guest_argc + 1,
                               .argv = gargv };
    xt_semihost *sh = xt_semihost_new(&shc);
    free(gargv);
    if (!sh || xt_semihost_install(sh, ds_board_cpu(b), NULL) != XT_OK) {
        fprintf(stderr, "dspsim: internal error: cannot install "
                "semihosting\n");
        xt_semihost_free(sh);
        return DSPSIM_EXIT_INTERNAL;
    }
    ds_run_result r;
    double t0 = cli_now_seconds();
    st = ds_board_run(b, o->max_cycles, 0, &r);
    double seconds = cli_now_seconds() - t0;
    int status;
    if (st != DS_OK) {
        fprintf(stderr, "dspsim: internal error: ds_board_run: %s\n",
                ds_strerror(st));
        status = DSPSIM_EXIT_INTERNAL;
    } else {
        fflush(stdout);
        status = conclude(b, &r, o, elf);
    }
    if (o->stats)
        report_stats(stderr, xt_insn_count(ds_board_cpu(b)),
                     ds_board_cycles(b), seconds);
    xt_semihost_free(sh);
    return status;
}

int cmd_board(int argc, char **argv)
{
    board_opts o = { 0 };
    int rc = parse_args(argc, argv, &o);
    if (rc >= 0)
        return rc;

    char msg[512];
    ds_board_config cfg;
    if (o.board_file) {
        if (!ds_board_config_load(&cfg, o.board_file, msg, sizeof(msg))) {
            fprintf(stderr, "dspsim: board description: %s\n", msg);
            return DSPSIM_EXIT_USAGE;
        }
    } else {
        ds_board_config_default(&cfg);
    }
    /* validate the program before building the board (symbols for the
     * fatal-state report) */
    xt_elf *elf = NULL;
    xt_load_status ls = xt_elf_open(o.program, &elf, msg, sizeof(msg));
    if (ls != XT_LOAD_OK) {
        fprintf(stderr, "dspsim: %s\n", msg);
        return ls == XT_LOAD_ERR_NOMEM ? DSPSIM_EXIT_INTERNAL
                                       : DSPSIM_EXIT_USAGE;
    }
    signal(SIGPIPE, SIG_IGN);
    ds_board *b = NULL;
    ds_status st = ds_board_new(&cfg, &b, msg, sizeof(msg));
    if (st != DS_OK) {
        fprintf(stderr, "dspsim: cannot build the board: %s\n", msg);
        xt_elf_free(elf);
        return st == DS_ERR_CONFIG ? DSPSIM_EXIT_USAGE : DSPSIM_EXIT_INTERNAL;
    }
    rc = run(&o, b, elf);
    ds_board_free(b);
    xt_elf_free(elf);
    fflush(stdout);
    return rc;
}
