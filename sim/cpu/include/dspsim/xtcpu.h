/* SPDX-License-Identifier: BSD-3-Clause */
/* dspsim CPU engine: an instruction-level Xtensa LX106 simulator with a
 * cycle-approximate timing model.
 *
 * The API is shaped like Unicorn's: an opaque handle, a memory map of RAM,
 * ROM and MMIO regions, typed hooks with address ranges, register access,
 * and run/stop.  API errors (xt_err) are kept apart from the reasons a run
 * stops (xt_stop): a guest fault is not an API error.
 *
 * Units: addresses are 32-bit guest addresses, sizes are in bytes, time is
 * in CPU cycles (the clock CCOUNT counts), instruction counts are retired
 * instructions.  The guest is little-endian.
 */
#ifndef DSPSIM_XTCPU_H
#define DSPSIM_XTCPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct xt_cpu xt_cpu;

/* ---- API errors ------------------------------------------------------- */
typedef enum xt_err {
    XT_OK = 0,
    XT_ERR_NOMEM,    /* host allocation failed */
    XT_ERR_ARG,      /* invalid argument (NULL, bad size, bad enum) */
    XT_ERR_ALIGN,    /* region base or size not a multiple of XT_PAGE_SIZE */
    XT_ERR_OVERLAP,  /* region overlaps an existing one */
    XT_ERR_UNMAPPED, /* host access to an address no region maps */
    XT_ERR_REG,      /* unknown register id */
    XT_ERR_HOOK,     /* unknown hook handle or type */
    XT_ERR_BUSY,     /* not allowed while running (e.g. nested run) */
    XT_ERR_STATE,    /* saved state of another version or memory map,
                          or truncated (xt_state_load) */
} xt_err;

const char *xt_strerror(xt_err err);

/* ---- Why a run returned ----------------------------------------------- */
typedef enum xt_stop {
    XT_STOP_UNTIL = 0,    /* reached the 'until' address */
    XT_STOP_INSN_BUDGET,  /* instruction budget used up */
    XT_STOP_CYCLE_BUDGET, /* cycle budget used up */
    XT_STOP_REQUEST,      /* xt_stop_request() was called (e.g. by a hook) */
    XT_STOP_EXIT,         /* guest asked to exit (xt_request_exit) */
    XT_STOP_FATAL,        /* unrecoverable guest state; see xt_fatal_info */
    XT_STOP_IDLE,         /* WAITI with no interrupt that could wake it and
                               no pending timer or scheduled event */
    XT_STOP_WAIT,         /* the core waits in WAITI (only with
                               xt_run_opts.stop_at_wait) */
} xt_stop;

const char *xt_stop_name(xt_stop why);

/* Guest exception causes (EXCCAUSE values, XEA2). */
enum xt_exccause {
    XT_EXC_ILLEGAL = 0,
    XT_EXC_SYSCALL = 1,
    XT_EXC_INSTR_FETCH_ERROR = 2,
    XT_EXC_LOAD_STORE_ERROR = 3,
    XT_EXC_LEVEL1_INT = 4,
    XT_EXC_ALLOCA = 5,
    XT_EXC_DIVIDE_BY_ZERO = 6,
    XT_EXC_PRIVILEGED = 8,
    XT_EXC_LOAD_STORE_ALIGNMENT = 9,
    XT_EXC_INSTR_DATA_ERROR = 12,
    XT_EXC_LOAD_STORE_DATA_ERROR = 13,
    XT_EXC_INSTR_ADDR_ERROR = 14,
    XT_EXC_LOAD_STORE_ADDR_ERROR = 15,
    XT_EXC_INST_FETCH_PROHIBITED = 20,
    XT_EXC_LOAD_PROHIBITED = 28,
    XT_EXC_STORE_PROHIBITED = 29,
};

typedef struct xt_fatal_info {
    const char *reason; /* human-readable, static storage */
    uint32_t pc;
    uint32_t exccause;
    uint32_t excvaddr;
} xt_fatal_info;

/* ---- Creation --------------------------------------------------------- */
/* xt_open(out) = xt_open_config(out, NULL): the engine from $DSPSIM_ENGINE
 * (xt_engine_from_env), the translator's defaults.  See xt_cpu_config
 * (below, with the engines) for choosing them as values. */
xt_err xt_open(xt_cpu **out);
void xt_close(xt_cpu *cpu);
/* Processor reset: registers to their reset values, PC to the reset
 * vector (0x50000000), cycle and instruction counters to 0.  Memory,
 * regions and hooks are kept. */
void xt_reset(xt_cpu *cpu);

/* ---- Memory map ------------------------------------------------------- */
#define XT_PAGE_SIZE 4096u

typedef enum xt_region_kind {
    XT_REGION_RAM = 0, /* readable, writable, executable */
    XT_REGION_ROM,     /* readable, executable; guest stores raise
                            LoadStoreError, the host may write */
    XT_REGION_MMIO,    /* callbacks; not executable */
} xt_region_kind;

/* MMIO callbacks.  size is 1, 2 or 4; offset is from the region base.
 * A read returns the value (zero-extended); returning false from either
 * signals a bus error (the guest sees LoadStoreErrorCause). */
typedef bool (*xt_mmio_read_cb)(void *user, uint32_t offset, unsigned size,
                                uint32_t *value);
typedef bool (*xt_mmio_write_cb)(void *user, uint32_t offset, unsigned size,
                                 uint32_t value);

typedef struct xt_region_desc {
    const char *name; /* copied; used in traces and errors */
    uint32_t base;    /* multiple of XT_PAGE_SIZE */
    uint32_t size;    /* bytes, multiple of XT_PAGE_SIZE, > 0 */
    xt_region_kind kind;
    unsigned read_wait;     /* extra cycles per data load (wait states) */
    unsigned write_wait;    /* extra cycles per data store */
    unsigned fetch_wait;    /* extra cycles per instruction fetch */
    xt_mmio_read_cb read;   /* MMIO only */
    xt_mmio_write_cb write; /* MMIO only */
    void *user;             /* MMIO only */
    /* RAM and ROM only: NULL maps zeroed memory of the region's own;
     * else the CPU whose region of the same base, size and kind this one
     * maps too (memory shared by the cores of a board).  Both see every
     * store at once, and a store or host write through either drops the
     * decoded and translated code of both.  The sharing CPUs are one
     * group: the owner (the CPU that mapped the memory first) must be
     * closed last; a region that is not its own is not in a CPU's saved
     * state (the owner's holds its bytes).  XT_ERR_ARG when share has no
     * such region. */
    xt_cpu *share;
} xt_region_desc;

xt_err xt_map(xt_cpu *cpu, const xt_region_desc *desc);

/* Host access to guest memory (RAM and ROM regions; no hooks, no timing,
 * keeps the decoded-instruction cache coherent).  A range may span pages
 * and adjacent regions; if any byte of it is unmapped or MMIO the call
 * returns XT_ERR_UNMAPPED (bytes before that byte may have been copied). */
xt_err xt_mem_write(xt_cpu *cpu, uint32_t addr, const void *src, size_t n);
xt_err xt_mem_read(xt_cpu *cpu, uint32_t addr, void *dst, size_t n);
/* Name of the region mapping addr, or NULL. */
const char *xt_region_name(xt_cpu *cpu, uint32_t addr);

/* ---- Registers -------------------------------------------------------- */
enum {
    XT_REG_A0 = 0, /* a0..a15 are XT_REG_A0 + n */
    XT_REG_PC = 16,
    XT_REG_SR_BASE = 0x100, /* special register n: XT_REG_SR_BASE+n */
};
#define XT_REG_SR(n) (XT_REG_SR_BASE + (n))

/* Read/write a register as the debugger sees it: special registers are
 * accessed without side effects (writing INTERRUPT sets the raw pending
 * bits; CCOUNT reads the live cycle counter). */
xt_err xt_reg_read(xt_cpu *cpu, int reg, uint32_t *value);
xt_err xt_reg_write(xt_cpu *cpu, int reg, uint32_t value);

/* ---- Interrupt lines -------------------------------------------------- */
/* Drive external interrupt line 'irq' (core interrupt number 0..14).
 * Level-triggered lines follow 'level'; edge-triggered ones latch on a
 * rising edge and are cleared by the guest through INTCLEAR; NMI (14) is
 * edge-triggered. */
xt_err xt_irq_set(xt_cpu *cpu, unsigned irq, bool level);

/* ---- Time ------------------------------------------------------------- */
uint64_t xt_cycles(const xt_cpu *cpu);     /* cycles since reset */
uint64_t xt_insn_count(const xt_cpu *cpu); /* instructions since reset */
/* The cycle before which a core waiting in WAITI cannot resume on its
 * own: its timer match (cycles).  0 when it is not waiting, an interrupt
 * is deliverable, a stop or exit is requested or code hooks are set.
 * Only an interrupt line driven from outside can end the wait sooner, so
 * until then nothing but the devices can read or write memory. */
uint64_t xt_idle_until(const xt_cpu *cpu);
/* Whether and until when a core waits in WAITI, whatever hooks or
 * requests are set: 0 when it is not waiting or an interrupt is
 * deliverable (it resumes at its next instruction); else the cycle at
 * which its timer interrupt wakes it, or UINT64_MAX when only an
 * interrupt line driven from outside can (a board with several cores
 * orders and skips its cores' slices with it). */
uint64_t xt_wake_cycle(const xt_cpu *cpu);

/* ---- Running ---------------------------------------------------------- */
typedef struct xt_run_opts {
    uint32_t until;      /* stop before executing this PC ... */
    bool use_until;      /* ... when true */
    uint64_t max_insns;  /* 0 = unlimited; counted from this call */
    uint64_t max_cycles; /* 0 = unlimited; counted from this call */
    /* Return XT_STOP_WAIT where a core waiting in WAITI would let time
     * pass (at once if it waits already), before a cycle of the wait;
     * a board of several cores ends a core's slice there so that the
     * core stays behind the others and wakes at the cycle another one
     * raises its line.  A later run without it waits on. */
    bool stop_at_wait;
} xt_run_opts;

/* Run from the current PC.  Returns an API error only for misuse; the
 * reason the guest stopped goes to *why. */
xt_err xt_run(xt_cpu *cpu, const xt_run_opts *opts, xt_stop *why);
/* Request a stop (safe from hooks and MMIO callbacks); the run returns
 * XT_STOP_REQUEST before the next instruction. */
void xt_stop_request(xt_cpu *cpu);
/* Request a stop reported as XT_STOP_EXIT (semihosting exit). */
void xt_request_exit(xt_cpu *cpu, int status);
int xt_exit_status(const xt_cpu *cpu);
const xt_fatal_info *xt_fatal(const xt_cpu *cpu);
/* The addresses of the most recently executed instructions, oldest first
 * (at most 'max', up to 32 are kept).  Returns how many were written.
 * Reconstructed from a log of control transfers, so it costs nothing on
 * straight-line code. */
unsigned xt_recent_pcs(xt_cpu *cpu, uint32_t *out, unsigned max);

/* ---- Hooks ------------------------------------------------------------ */
typedef enum xt_hook_type {
    XT_HOOK_CODE = 0,  /* before each instruction in [begin, end] */
    XT_HOOK_MEM_READ,  /* data loads in [begin, end] */
    XT_HOOK_MEM_WRITE, /* data stores in [begin, end] */
    XT_HOOK_EXCEPTION, /* an exception or interrupt is taken */
    XT_HOOK_SIMCALL,   /* SIMCALL executed; the hook implements it */
    XT_HOOK_RETURN,    /* RFE, RFDE or RFI executed (observer) */
    XT_HOOK_IDLE,      /* an interrupt ended a WAITI wait (observer) */
} xt_hook_type;

typedef void (*xt_hook_code_cb)(xt_cpu *cpu, uint32_t pc, unsigned len,
                                void *user);
typedef void (*xt_hook_mem_cb)(xt_cpu *cpu, xt_hook_type type, uint32_t addr,
                               unsigned size, uint32_t value, void *user);
/* cause: EXCCAUSE value for exceptions, or XT_HOOK_EXC_INTERRUPT | level
 * for high-priority interrupts; pc is the address of the instruction that
 * raised it (or was interrupted); vector is where execution continues. */
#define XT_HOOK_EXC_INTERRUPT 0x100u
#define XT_HOOK_EXC_DEBUG     0x200u
#define XT_HOOK_EXC_DOUBLE    0x400u
typedef void (*xt_hook_exc_cb)(xt_cpu *cpu, unsigned cause, uint32_t pc,
                               uint32_t vector, void *user);
/* SIMCALL: the callback reads and writes registers itself.  If no SIMCALL
 * hook is installed, SIMCALL raises IllegalInstruction (as on hardware
 * without a simulator). */
typedef void (*xt_hook_simcall_cb)(xt_cpu *cpu, void *user);
/* RFE (level 1), RFDE (level 0) or RFI n (level n) at pc returns to
 * target; cycle is the cycle count when it completes (xt_cycles() is not
 * up to date inside a run).  Observers: they must not change CPU state. */
typedef void (*xt_hook_return_cb)(xt_cpu *cpu, unsigned level, uint32_t pc,
                                  uint32_t target, uint64_t cycle, void *user);
/* The core waited in WAITI from cycle begin until an interrupt was taken
 * at cycle end (before the XT_HOOK_EXCEPTION call of that interrupt).  A
 * wait still running, or ended otherwise (reset, a debugger writing the
 * PC), is not reported; a restored state waits from its load. */
typedef void (*xt_hook_idle_cb)(xt_cpu *cpu, uint64_t begin, uint64_t end,
                                void *user);

typedef unsigned xt_hook; /* handle, never 0 */

/* begin > end means the whole address space. */
xt_err xt_hook_add(xt_cpu *cpu, xt_hook *out, xt_hook_type type, void *cb,
                   void *user, uint32_t begin, uint32_t end);
xt_err xt_hook_del(xt_cpu *cpu, xt_hook h);

/* ---- Timing model ----------------------------------------------------- */
/* Parameters of the cycle model (docs/timing.md).  A board may override
 * them; xt_timing_default() gives the built-in LX106 values. */
typedef struct xt_timing {
    unsigned base;         /* cycles per instruction issue */
    unsigned load_use;     /* interlock: load result used next insn */
    unsigned mul_use;      /* interlock: multiply result used next */
    unsigned taken_branch; /* penalty of a taken branch or jump */
    unsigned call_jump;    /* penalty of j/call0/callx0/jx/ret */
    unsigned sync_extra;   /* extra cycles of dsync/esync/rsync after a
                                   special-register write */
    unsigned isync_extra;  /* extra cycles of isync */
    unsigned exception;    /* cycles to enter an exception vector */
    unsigned rfe;          /* extra cycles of rfe/rfi/rfde */
} xt_timing;

void xt_timing_default(xt_timing *t);
xt_err xt_timing_set(xt_cpu *cpu, const xt_timing *t);

/* ---- Execution engine ------------------------------------------------ */
/* Both engines give the same architectural results and the same cycle and
 * instruction counts (docs/performance.md).  The fast engine interprets
 * cold code and translates hot pages to C that a back end builds into
 * shared objects, cached on disk by a hash of the generator's inputs:
 * libtcc inside the process first, the host compiler (a child process)
 * for the pages that run longest (the tiers below); without either it
 * stays an interpreter.  New CPUs start in the engine of their
 * xt_cpu_config, else in $DSPSIM_ENGINE's, else in XT_ENGINE_FAST. */
typedef enum xt_engine {
    XT_ENGINE_FAST = 0, /* interpreter + translated hot code */
    XT_ENGINE_INTERP,   /* the reference interpreter alone */
} xt_engine;

xt_err xt_engine_set(xt_cpu *cpu, xt_engine e);
xt_engine xt_engine_get(const xt_cpu *cpu);
const char *xt_engine_name(xt_engine e); /* "fast", "interp" */
/* Parse "fast" or "interp"; returns 0, or -1 for anything else. */
int xt_engine_parse(const char *s, xt_engine *out);

/* The translation tiers (docs/performance.md, "Tiers"): QUICK builds a
 * hot page in milliseconds inside the process (libtcc, where dspsim was
 * built with it); OPT is the host compiler in a child process, seconds a
 * page, the fastest code: it replaces the quick code of the pages that
 * run longest.  Both cache their objects on disk.  Compiles belong to the
 * engine: xt_close stops what is still running (the unit being built by
 * QUICK finishes, OPT's compiler is killed), so that nothing outlives
 * it, and no half-built object is ever left in the cache. */
enum {
    XT_TIER_QUICK = 0,
    XT_TIER_OPT = 1,
};
#define XT_TIER_QUICK_MASK (1u << XT_TIER_QUICK)
#define XT_TIER_OPT_MASK   (1u << XT_TIER_OPT)

typedef struct xt_xlate_opts {
    unsigned sample_cycles; /* cycles between PC samples (0: 4096, or
                                $DSPSIM_XLATE_SAMPLE) */
    unsigned hot_samples;   /* samples that make a page hot (0: 24, or
                                $DSPSIM_XLATE_HOT) */
    bool sync;          /* compile in the foreground ($DSPSIM_XLATE_SYNC=1) */
    unsigned opt_level; /* host compiler -O level 1..3 (0: 1, or
                                $DSPSIM_XLATE_OPT, which may also be 0) */
    bool single_block;  /* return to the interpreter after each block
                                (lockstep checking) */
    const char *cache_dir;  /* NULL: $DSPSIM_CACHE_DIR/xlate, else
                                $XDG_CACHE_HOME/dspsim/xlate, else
                                ~/.cache/dspsim/xlate */
    const char *cc;         /* NULL: $DSPSIM_CC, else "cc" */
    unsigned group_calls;   /* unit calls from which a run groups its pages
                                (one function for the units of up to 16
                                pages) times 20: a group is built during
                                the run by the optimising tier (0:
                                1000000, or $DSPSIM_XLATE_GROUP_CALLS) */
    unsigned tiers;         /* XT_TIER_*_MASK bits: the tiers used (0:
                                both, or $DSPSIM_XLATE_TIERS = quick, opt
                                or quick,opt) */
    uint64_t promote_insns; /* instructions a page runs in its quick
                                unit before the optimising tier rebuilds
                                it (0: 50000000, or $DSPSIM_XLATE_PROMOTE) */
    const char *quick;      /* the quick tier's back end: "x64" (direct
                                x86-64 code, x86-64 hosts) or "tcc"
                                (libtcc, the portable one); NULL: the
                                first this build has, or
                                $DSPSIM_XLATE_QUICK */
} xt_xlate_opts;
xt_err xt_xlate_config(xt_cpu *cpu, const xt_xlate_opts *opts);

/* How a new CPU is opened (xt_open_config), set by whoever creates it (the
 * CLI from --engine, a board from its ds_board_config, the harness from
 * its run options) rather than through the environment:
 *   engine_set  false: the engine comes from $DSPSIM_ENGINE, read by
 *               xt_engine_from_env (the one place it is read), else
 *               XT_ENGINE_FAST; true: 'engine' is used, whatever the
 *               environment says.
 *   xlate       NULL: the translator's defaults (and their $DSPSIM_XLATE_*
 *               overrides, xt_xlate_opts); else applied with
 *               xt_xlate_config once the engine is chosen, when that
 *               engine is XT_ENGINE_FAST (ignored for XT_ENGINE_INTERP).
 *               Only read during the call.
 * A fast engine that cannot be set up (out of memory) falls back to the
 * interpreter, as xt_open always has.  A zeroed struct = xt_open. */
typedef struct xt_cpu_config {
    xt_engine engine;
    bool engine_set;
    const xt_xlate_opts *xlate;
} xt_cpu_config;

/* NULL cfg = the defaults (xt_open).  XT_ERR_ARG for a NULL out or an
 * engine_set engine that is not an xt_engine; XT_ERR_NOMEM; or the error
 * of xt_xlate_config (nothing is opened then). */
xt_err xt_open_config(xt_cpu **out, const xt_cpu_config *cfg);

/* The user's override: $DSPSIM_ENGINE ("fast" or "interp") into *out and
 * true; false (and *out unchanged) when it is unset, empty or names no
 * engine.  The only reader of DSPSIM_ENGINE. */
bool xt_engine_from_env(xt_engine *out);

typedef struct xt_xlate_stats {
    uint64_t pages_translated; /* units installed */
    uint64_t compiles;         /* shared objects built by this engine */
    uint64_t cache_hits;       /* shared objects found in the cache */
    uint64_t compile_failures; /* the compiler failed or is missing */
    uint64_t unit_calls;       /* entries into translated code */
    uint64_t jumps;            /* of them, direct jumps from one page's
                                  unit into another's (x64 units) */
    uint64_t insns;            /* instructions retired in translated code */
    uint64_t declined;         /* entries left to the interpreter (horizon) */
    uint64_t invalidations;    /* units dropped by stores into their page */
    uint64_t heads;            /* entry points of the units installed */
    uint64_t held;             /* instructions the units installed hold */
    uint64_t groups;           /* groups of pages installed */
    /* per tier (index: XT_TIER_QUICK, XT_TIER_OPT) */
    struct {
        uint64_t pages;      /* units installed from this tier */
        uint64_t compiles;   /* units this engine built */
        uint64_t cache_hits; /* units found in the cache */
        uint64_t insns;      /* instructions retired in its code */
        uint64_t compile_ns; /* host nanoseconds its back end spent
                                building (a thread or a child process) */
    } tier[2];
    uint64_t promotions; /* pages whose quick unit the optimising
                            tier's replaced during the run */
} xt_xlate_stats;
void xt_xlate_stats_get(const xt_cpu *cpu, xt_xlate_stats *out);
/* Wait for a compile in progress and install what it built. */
void xt_xlate_wait(xt_cpu *cpu);
/* Translations shared by the processes this one forks from now on (the
 * cases of `dspsim test -j N`): the direct back end's units go into one
 * memory file of up to `bytes` bytes (0: 256 MiB, allocated as used)
 * that every child maps at the same address, each unit emitted once by
 * whichever child needs it first and run by all (xlate_share.c).  Same
 * code bytes, same results; a unit that does not fit is emitted privately.
 * Call before forking; nothing happens where there is no direct back end
 * or no memory files.  Always XT_OK (sharing is an optimisation).
 * xt_xlate_share_end unmaps it (no child may run translated code then). */
xt_err xt_xlate_share_begin(size_t bytes);
void xt_xlate_share_end(void);
/* Called after every return from translated code entered at entry_pc
 * (state is up to date).
 * Returning true ends the run before the next instruction as an exhausted
 * instruction budget would (XT_STOP_INSN_BUDGET, after any interrupt due
 * there is taken), so that the run stops where a budget would stop it. */
typedef bool (*xt_xlate_exit_cb)(xt_cpu *cpu, uint32_t entry_pc, void *user);
void xt_xlate_set_exit_hook(xt_cpu *cpu, xt_xlate_exit_cb cb, void *user);

/* ---- Saved state ------------------------------------------------------ */
/* The whole state of the engine that decides what it does next, as bytes
 * (docs/snapshot-format.md, "CPU"): registers and special registers,
 * pending interrupts and line levels, the timer, the cycle and
 * instruction counters, the timing model's carried state (interlocks,
 * WAITI, ICOUNT step), the timing parameters, the recent control
 * transfers, and the bytes of every RAM and ROM region (MMIO regions are
 * the devices' business).  A versioned little-endian record; not
 * state: hooks, the engine choice and its translated code (dropped on
 * load, so either engine resumes a state saved by either).
 * xt_state_size: the bytes xt_state_save writes.  xt_state_load needs an
 * engine with the same memory map (XT_ERR_STATE otherwise, nothing
 * changed).  Neither may be called inside xt_run (XT_ERR_BUSY). */
size_t xt_state_size(const xt_cpu *cpu);
xt_err xt_state_save(const xt_cpu *cpu, void *buf, size_t size);
xt_err xt_state_load(xt_cpu *cpu, const void *buf, size_t size);
/* The same record without the memories (what comes before them: every
 * register, counter, line, the timer, the timing model's carried state
 * and parameters, the recent transfers), for checkpoints that keep the
 * memories apart, a page at a time (xt_mem_read/xt_mem_write and the
 * dirty pages below).  A core load keeps the decoded and translated code
 * (the memories did not change), dropping it only where the timing
 * parameters or the ITLB attributes differ.  XT_ERR_STATE for a record
 * of another size or version (nothing changed); XT_ERR_BUSY inside
 * xt_run. */
size_t xt_state_core_size(const xt_cpu *cpu);
xt_err xt_state_core_save(const xt_cpu *cpu, void *buf, size_t size);
xt_err xt_state_core_load(xt_cpu *cpu, const void *buf, size_t size);

/* ---- Dirty pages (checkpoints) ------------------------------------------ */
/* While tracking is on, the engine records which pages (XT_PAGE_SIZE
 * bytes, numbered address >> 12) of its RAM and ROM regions were written
 * since the last xt_mem_dirty_take: by the guest's stores, on either
 * engine, by xt_mem_write (a device's DMA, semihosting, a debugger) and by
 * xt_state_load (every page).  The first guest store to a page after a
 * take goes through the engine's slow path once; no cycle changes.
 * xt_mem_dirty_track(cpu, true) starts with every page clean (false
 * stops); XT_ERR_BUSY inside xt_run.  xt_mem_dirty_take returns the
 * pages written since the last take (*n of them, in no order; valid
 * until the next call) and makes them clean; NULL with *n = 0 when
 * tracking is off, inside xt_run, or out of memory (the marks are then
 * kept for a later take). */
xt_err xt_mem_dirty_track(xt_cpu *cpu, bool on);
const uint32_t *xt_mem_dirty_take(xt_cpu *cpu, size_t *n);

/* ---- Store watch (devices that read memory late) ------------------------ */
/* One watch per CPU, on the pages (XT_PAGE_SIZE bytes) that hold any byte
 * of [begin, end): the first guest store to one of them, on either
 * engine, clears the watch and calls fn(cpu, addr, user) before the store
 * is made, with xt_cycles() the store's cycle (as for an MMIO access).
 * Stores to those pages take the engine's slow path while the watch is
 * set; nothing else changes (no cycle, no result).  A device that reads
 * guest memory at its own cycle stamps after the core has run past them
 * (the board's lazy SSP ticks) watches what it will read.  begin == end
 * (or fn NULL) clears the watch; allowed inside xt_run (from a device's
 * callback).  Host writes (xt_mem_write) do not trigger it. */
typedef void (*xt_store_watch_fn)(xt_cpu *cpu, uint32_t addr, void *user);
xt_err xt_watch_stores(xt_cpu *cpu, uint32_t begin, uint32_t end,
                       xt_store_watch_fn fn, void *user);

/* ---- Introspection for traces ---------------------------------------- */
/* Disassemble the instruction at addr into buf (objdump syntax, no
 * address or bytes).  Returns its length, or 0 if it cannot be fetched. */
int xt_disasm_at(xt_cpu *cpu, uint32_t addr, char *buf, size_t bufsz);

#ifdef __cplusplus
}
#endif
#endif
