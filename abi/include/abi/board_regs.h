/* SPDX-License-Identifier: BSD-3-Clause */
/* Register map of the dspsim virtual audio-DSP board (docs/board.md).
 *
 * The ONE description of the board that firmware (xtensa-lx106-elf-gcc,
 * C or assembly) and the simulator (host compiler) both include: plain
 * #defines only -- no types, no casts, no suffixes -- so the file is also
 * valid in .S files.
 *
 * Units: addresses are 32-bit guest addresses, sizes and offsets are in
 * bytes, times are in CPU cycles unless a name says otherwise.  All
 * registers are 32 bits wide, little-endian, and must be accessed with
 * aligned 32-bit loads and stores (except BOARD_DBG_CONSOLE, which also
 * takes 8-bit stores).  An access to an offset that is not a register of
 * the device is a bus error (the guest gets LoadStoreDataErrorCause, 13).
 * "W1C" bits are cleared by writing 1; "RO" registers ignore writes.
 */
#ifndef DSPSIM_BOARD_REGS_H
#define DSPSIM_BOARD_REGS_H

/* ---- Memory map ------------------------------------------------------- */
/* Instruction RAM: code and the exception vectors (VECBASE reset value is
 * BOARD_IRAM_BASE), and the firmware's quality=high SRC tables.  Size from
 * the board description (multiple of 4 KiB, 4 KiB .. BOARD_IRAM_MAX_SIZE);
 * the default holds the firmware image (firmware/arch/xtensa/board.ld). */
#define BOARD_IRAM_BASE         0x40000000
#define BOARD_IRAM_DEFAULT_SIZE 0x00040000 /* 256 KiB */
#define BOARD_IRAM_MAX_SIZE     0x00100000 /* 1 MiB */
/* Data RAM: data, bss, stack.  Occupies [BASE, BASE + size). */
#define BOARD_DRAM_BASE         0x3FFC0000
#define BOARD_DRAM_DEFAULT_SIZE 0x00040000 /* 256 KiB */
#define BOARD_DRAM_MAX_SIZE     0x00040000
/* Mailbox SRAM shared with the host (fixed layout, see below). */
#define BOARD_MBOX_BASE         0x3FF00000
#define BOARD_MBOX_SIZE         0x00001000 /* 4 KiB */
/* Peripheral registers: one 4 KiB page per device. */
#define BOARD_PERIPH_BASE       0x60000000
#define BOARD_DBG_BASE          0x60000000 /* debug/control device */
#define BOARD_IPC_BASE          0x60001000 /* doorbells */
#define BOARD_DMA_BASE          0x60002000 /* DMA controller */
#define BOARD_SSP_BASE          0x60010000 /* SSP port 0 */
#define BOARD_SSP_STRIDE        0x00001000 /* port n at BASE + n*STRIDE */
#define BOARD_SSP_ADDR(n)       (BOARD_SSP_BASE + (n)*BOARD_SSP_STRIDE)
#define BOARD_ICD_BASE          0x60003000 /* inter-core device (2+ cores) */
#define BOARD_DEV_SIZE          0x00001000

/* Host memory is NOT in the DSP's address space: it is a separate space
 * of host_memory bytes (board description) starting at host address 0,
 * reached only through the DMA (BOARD_DMA_DIR_HOST2DSP / DSP2HOST). */

/* ---- Limits ----------------------------------------------------------- */
#define BOARD_MAX_DMA_CHANNELS 8
#define BOARD_MAX_SSP_PORTS    4
#define BOARD_SSP_MAX_CHANNELS 8 /* samples per frame */
#define BOARD_MAX_CORES        4 /* LX106 cores sharing the memories */

/* ---- Interrupts (core external interrupt numbers) --------------------- */
/* The device lines are level-triggered (core lines 0-5): a line is high
 * while the device has an enabled, unacknowledged condition.  All are
 * level-1 interrupts: they enter the kernel (or user) exception vector
 * with EXCCAUSE 4.  Core line 6 is the CCOMPARE0 timer, 7 the software
 * interrupt, 8 the inter-core device's (edge-triggered, one per core),
 * 9-13 (edge) are unused by the board, 14 is NMI (unused).  On a board
 * of several cores every core gets lines 0-5 (each enables those it
 * handles) and its own line 8. */
#define BOARD_IRQ_DMA    0         /* any DMA channel */
#define BOARD_IRQ_IPC    1         /* doorbells */
#define BOARD_IRQ_SSP(n) (2 + (n)) /* SSP port n (0..3) */
#define BOARD_IRQ_SSP0   2
#define BOARD_IRQ_SSP1   3
#define BOARD_IRQ_SSP2   4
#define BOARD_IRQ_SSP3   5
#define BOARD_IRQ_ICD    8 /* inter-core device: this core's doorbell */

/* ---- Mailbox SRAM layout (offsets from BOARD_MBOX_BASE) ---------------- */
#define BOARD_MBOX_H2D_OFF     0x000 /* host -> DSP messages */
#define BOARD_MBOX_H2D_SIZE    0x400
#define BOARD_MBOX_D2H_OFF     0x400 /* DSP -> host messages */
#define BOARD_MBOX_D2H_SIZE    0x400
#define BOARD_MBOX_STREAM_OFF  0x800 /* stream positions */
#define BOARD_MBOX_STREAM_SIZE 0x100
#define BOARD_MBOX_EXC_OFF     0x900 /* exception record */
#define BOARD_MBOX_EXC_SIZE    0x100
#define BOARD_MBOX_TRACE_OFF   0xA00 /* trace / debug area */
#define BOARD_MBOX_TRACE_SIZE  0x600

/* ---- Debug/control device (BOARD_DBG_BASE) ----------------------------- */
#define BOARD_DBG_CONSOLE     0x00 /* W: low byte -> host console */
#define BOARD_DBG_TRACE_ID    0x04 /* RW: marker id latch, reset 0 */
#define BOARD_DBG_TRACE_VALUE 0x08 /* W: emits marker (id, value, cycle) */
#define BOARD_DBG_HALT                                                         \
    0x0C /* W: halt the simulation, status =
                                          value (exit status value & 0xff) */
#define BOARD_DBG_CYCLES_LO                                                    \
    0x10                         /* RO: cycle counter bits 31..0;
                                          reading it latches CYCLES_HI */
#define BOARD_DBG_CYCLES_HI 0x14 /* RO: bits 63..32 latched by LO */
#define BOARD_DBG_ID        0x18 /* RO: BOARD_ID_VALUE */
#define BOARD_DBG_CONFIG    0x1C /* RO: see BOARD_CONFIG_* */
#define BOARD_DBG_CPU_HZ    0x20 /* RO: CPU clock, Hz */
#define BOARD_DBG_AUDIO_HZ  0x24 /* RO: nominal audio clock, Hz */
#define BOARD_DBG_IRAM_SIZE 0x28 /* RO: bytes */
#define BOARD_DBG_DRAM_SIZE 0x2C /* RO: bytes */
#define BOARD_DBG_SCRATCH   0x30 /* RW: free for firmware, reset 0 */
#define BOARD_DBG_REG_END   0x34

#define BOARD_ID_VALUE            0x44535001 /* "DSP" + version 1 */
#define BOARD_CONFIG_DMA_CH_SHIFT 0          /* bits 3..0: DMA channels */
#define BOARD_CONFIG_DMA_CH_MASK  0xF
#define BOARD_CONFIG_SSP_SHIFT    4 /* bits 7..4: SSP ports */
#define BOARD_CONFIG_SSP_MASK     0xF0
#define BOARD_CONFIG_FIFO_SHIFT   8 /* bits 15..8: SSP FIFO frames */
#define BOARD_CONFIG_FIFO_MASK    0xFF00
#define BOARD_CONFIG_CORES_SHIFT  16 /* bits 17..16: cores - 1 */
#define BOARD_CONFIG_CORES_MASK   0x30000

/* ---- IPC doorbells (BOARD_IPC_BASE) ------------------------------------ */
/* Host -> DSP: the host writes a 31-bit message with BUSY set (host API);
 * the DSP reads it and writes BUSY (1) to acknowledge, which clears BUSY
 * and tells the host ("done").  The host cannot send while BUSY. */
#define BOARD_IPC_H2D     0x00 /* RO msg, W1C BUSY; reset 0 */
/* DSP -> host: the DSP writes a message with BUSY set (ignored, and
 * counted in STATUS.D2H_LOST, while BUSY is still set); the host is told
 * (callback, stamped with the cycle count) and acknowledges, which clears
 * BUSY and sets STATUS.D2H_DONE. */
#define BOARD_IPC_D2H     0x04 /* RW; reset 0 */
#define BOARD_IPC_STATUS  0x08 /* see bits; reset 0 */
#define BOARD_IPC_INTEN   0x0C /* RW; reset 0 */
#define BOARD_IPC_REG_END 0x10

#define BOARD_IPC_BUSY         0x80000000 /* H2D / D2H bit 31 */
#define BOARD_IPC_MSG_MASK     0x7FFFFFFF
#define BOARD_IPC_ST_H2D_BUSY  0x1 /* RO mirror of H2D.BUSY */
#define BOARD_IPC_ST_D2H_DONE  0x2 /* W1C: host acknowledged D2H */
#define BOARD_IPC_ST_D2H_BUSY  0x4 /* RO mirror of D2H.BUSY */
#define BOARD_IPC_ST_D2H_LOST  0x8 /* W1C: D2H written while busy */
#define BOARD_IPC_INT_H2D      0x1 /* IRQ while H2D.BUSY */
#define BOARD_IPC_INT_D2H_DONE 0x2 /* IRQ while STATUS.D2H_DONE */

/* ---- Inter-core device (BOARD_ICD_BASE) ---------------------------------- */
/* Mapped on boards of 2 to BOARD_MAX_CORES cores only (CONFIG's CORES
 * field says how many).  Core n's PRID reads n.  Core 0 runs from reset;
 * the others wait in reset until a core starts them through RUN.  The
 * registers from STATUS to OUT_DATA are banked: each core reads and
 * writes its own ("this core").  Each core has one doorbell: any other
 * core rings it with a 31-bit message and BOARD_ICD_DATA_WORDS words of
 * payload, which raises the target's BOARD_IRQ_ICD; the target reads
 * them and acknowledges with a 32-bit reply, which frees the doorbell
 * and raises the sender's DONE.  The line is edge-triggered: a handler
 * clears it (INTCLEAR) first, then handles STATUS until it reads no
 * enabled bit, so that nothing raised meanwhile is missed.  Semaphores
 * are mutexes with an owner, taken by a read (LX106 has no S32C1I). */
#define BOARD_ICD_SEMS         16    /* semaphores */
#define BOARD_ICD_DATA_WORDS   4     /* payload words of a message */
#define BOARD_ICD_INFO         0x000 /* RO: bits 3..0 cores, 15..8 semaphores */
#define BOARD_ICD_CORE         0x004 /* RO: this core's number (= PRID) */
/* RW: bit n set while core n runs.  Writing 1 to the bit of a core in
 * reset starts it at BOOT(n) (its CCOUNT from 0); 0 bits are ignored (a
 * core, once started, runs until the board resets). */
#define BOARD_ICD_RUN          0x008
/* RW: core n's start address; reset 0 */
#define BOARD_ICD_BOOT(n)      (0x010 + 4 * (n))
#define BOARD_ICD_STATUS       0x040 /* this core's; see bits */
#define BOARD_ICD_INTEN        0x044 /* RW; reset 0 */
/* RO: BUSY | the message in this core's doorbell; the core that rang it;
 * its payload word i */
#define BOARD_ICD_IN_MSG       0x048
#define BOARD_ICD_IN_FROM      0x04C
#define BOARD_ICD_IN_DATA(i)   (0x050 + 4 * (i))
/* W: acknowledge the message in this core's doorbell (ignored if there is
 * none); the value is the reply the sender reads in its REPLY. */
#define BOARD_ICD_ACK          0x060
/* RO: the reply to this core's last acknowledged message */
#define BOARD_ICD_REPLY        0x064
/* RW: the payload this core's next ring carries */
#define BOARD_ICD_OUT_DATA(i)  (0x070 + 4 * (i))
/* W: ring core n with message value & BOARD_ICD_MSG_MASK and this core's
 * OUT_DATA (refused, and STATUS.LOST set, when core n's doorbell is busy,
 * n is this core or no core).  R: BUSY | message of core n's doorbell. */
#define BOARD_ICD_DOORBELL(n)  (0x080 + 4 * (n))
/* R: try to take semaphore n: 1 when this read took it, 0 when a core
 * (this one included) holds it.  W: release it (any value); a core that
 * does not hold it is ignored and gets STATUS.SEM_ERR.  SEM_OWNER(n), RO:
 * 0 free, else 1 + the holder. */
#define BOARD_ICD_SEM(n)       (0x100 + 4 * (n))
#define BOARD_ICD_SEM_OWNER(n) (0x140 + 4 * (n))
#define BOARD_ICD_REG_END      0x180

#define BOARD_ICD_BUSY       0x80000000 /* IN_MSG / DOORBELL bit 31 */
#define BOARD_ICD_MSG_MASK   0x7FFFFFFF
/* STATUS bits: IN (RO) this core's doorbell holds a message; DONE (W1C) a
 * message it sent was acknowledged; LOST (W1C) a ring of it was refused;
 * SEM_ERR (W1C) it released a semaphore it did not hold */
#define BOARD_ICD_ST_IN      0x1
#define BOARD_ICD_ST_DONE    0x2
#define BOARD_ICD_ST_LOST    0x4
#define BOARD_ICD_ST_SEM_ERR 0x8
#define BOARD_ICD_INT_IN     0x1 /* interrupt while ST_IN */
#define BOARD_ICD_INT_DONE   0x2 /* interrupt while ST_DONE */

/* ---- DMA controller (BOARD_DMA_BASE) ----------------------------------- */
#define BOARD_DMA_INFO 0x000 /* RO: number of channels */
#define BOARD_DMA_IRQ_STATUS                                                   \
    0x004 /* RO: bit n = channel n requests
                                          an interrupt */
#define BOARD_DMA_CH_BASE    0x100
#define BOARD_DMA_CH_STRIDE  0x020
#define BOARD_DMA_CH(n)      (BOARD_DMA_CH_BASE + (n)*BOARD_DMA_CH_STRIDE)
/* per-channel registers, offsets from BOARD_DMA_CH(n) */
#define BOARD_DMA_CTRL       0x00 /* RW; reset 0 */
#define BOARD_DMA_DESC       0x04 /* RW: first descriptor; reset 0 */
#define BOARD_DMA_STATUS     0x08 /* see bits; reset 0 */
#define BOARD_DMA_CUR_DESC   0x0C /* RO: descriptor being executed */
#define BOARD_DMA_BYTES      0x10 /* RO: bytes moved since START */
#define BOARD_DMA_ERR_ADDR   0x14 /* RO: address of the last error */
#define BOARD_DMA_CH_REG_END 0x18

/* CTRL bits.  START and STOP are actions (read as 0). */
#define BOARD_DMA_CTRL_START                                                   \
    0x1                               /* fetch DESC and run (ignored if
                                          the channel is busy) */
#define BOARD_DMA_CTRL_STOP       0x2 /* abort the channel */
#define BOARD_DMA_CTRL_IRQ_EN     0x4 /* interrupt on DONE / DESC_DONE */
#define BOARD_DMA_CTRL_ERR_IRQ_EN 0x8 /* interrupt on ERROR */
/* STATUS bits */
#define BOARD_DMA_ST_BUSY         0x1 /* RO */
#define BOARD_DMA_ST_DONE         0x2 /* W1C: chain finished */
#define BOARD_DMA_ST_ERROR        0x4 /* W1C (also clears ERR code) */
#define BOARD_DMA_ST_DESC_DONE                                                 \
    0x8                              /* W1C: a descriptor with
                                          BOARD_DMA_DESC_IRQ finished */
#define BOARD_DMA_ST_WAITING    0x10 /* RO: waiting for an SSP request */
#define BOARD_DMA_ST_ERR_SHIFT  8    /* RO bits 11..8: error code */
#define BOARD_DMA_ST_ERR_MASK   0xF00
#define BOARD_DMA_ERR_NONE      0
#define BOARD_DMA_ERR_DESC_ADDR 1 /* descriptor unaligned/unreadable */
#define BOARD_DMA_ERR_DESC      2 /* bad descriptor fields */
#define BOARD_DMA_ERR_SRC       3 /* source outside any memory */
#define BOARD_DMA_ERR_DST       4 /* destination outside any memory */

/* Descriptor: 5 words, 4-byte aligned, in DSP memory (IRAM, DRAM or
 * mailbox). */
#define BOARD_DMA_DESC_SRC     0x00
#define BOARD_DMA_DESC_DST     0x04
#define BOARD_DMA_DESC_COUNT   0x08 /* bytes, >= 1 */
#define BOARD_DMA_DESC_NEXT    0x0C /* next descriptor, 0 = last */
#define BOARD_DMA_DESC_FLAGS   0x10
#define BOARD_DMA_DESC_SIZE    0x14
/* FLAGS bits */
#define BOARD_DMA_DESC_IRQ     0x1 /* set DESC_DONE when finished */
#define BOARD_DMA_DESC_SRC_INC 0x2 /* source address increments */
#define BOARD_DMA_DESC_DST_INC 0x4 /* destination address increments */
#define BOARD_DMA_DESC_CIRCULAR                                                \
    0x8                            /* with NEXT = 0: continue with the
                                          channel's first descriptor */
#define BOARD_DMA_DESC_DIR_SHIFT 4 /* bits 6..4: direction */
#define BOARD_DMA_DESC_DIR_MASK  0x70
#define BOARD_DMA_DIR_MEM2MEM    0 /* DSP memory -> DSP memory */
#define BOARD_DMA_DIR_HOST2DSP   1 /* SRC is a host-memory address */
#define BOARD_DMA_DIR_DSP2HOST   2 /* DST is a host-memory address */
#define BOARD_DMA_DIR_MEM2SSP    3 /* DST = SSP port number (TX FIFO) */
#define BOARD_DMA_DIR_SSP2MEM    4 /* SRC = SSP port number (RX FIFO) */
#define BOARD_DMA_DESC_DIR(d)    ((d) << BOARD_DMA_DESC_DIR_SHIFT)
/* A non-incrementing memory address moves 4-byte words to/from the same
 * address: COUNT must then be a multiple of 4 and the address aligned. */

/* ---- SSP / I2S port n (BOARD_SSP_ADDR(n)) ------------------------------- */
#define BOARD_SSP_CTRL   0x00 /* RW; reset 0 */
#define BOARD_SSP_FORMAT 0x04 /* RW; reset BOARD_SSP_FORMAT_RESET */
#define BOARD_SSP_CLKDIV                                                       \
    0x08                      /* RW: audio-clock cycles per frame,
                                          >= 1; reset 256 */
#define BOARD_SSP_STATUS 0x0C /* see bits */
#define BOARD_SSP_TXDATA 0x10 /* W: push one sample container */
#define BOARD_SSP_RXDATA                                                       \
    0x14                         /* R: pop one sample container (0 if
                                          the FIFO holds less) */
#define BOARD_SSP_TXLEVEL   0x18 /* RO: bytes in the TX FIFO */
#define BOARD_SSP_RXLEVEL   0x1C /* RO: bytes in the RX FIFO */
#define BOARD_SSP_UNDERRUNS 0x20 /* RO: TX underrun count */
#define BOARD_SSP_OVERRUNS  0x24 /* RO: RX overrun count */
#define BOARD_SSP_FRAMES    0x28 /* RO: frame clock ticks */
#define BOARD_SSP_REG_END   0x2C

/* CTRL bits.  Enabling TX or RX starts the frame clock (first tick one
 * frame period later); disabling both stops it.  FORMAT and CLKDIV writes
 * are ignored while TX or RX is enabled. */
#define BOARD_SSP_CTRL_TX_EN     0x1
#define BOARD_SSP_CTRL_RX_EN     0x2
#define BOARD_SSP_CTRL_UR_IRQ_EN 0x4  /* interrupt while ST_UNDERRUN */
#define BOARD_SSP_CTRL_OR_IRQ_EN 0x8  /* interrupt while ST_OVERRUN */
#define BOARD_SSP_CTRL_FLUSH     0x10 /* action: empty both FIFOs */
/* FORMAT: bits 7..0 sample width (16, 24 or 32), bits 11..8 channels - 1
 * (0..7).  Samples are little-endian containers in memory and FIFOs: 2
 * bytes for 16-bit, 4 bytes for 24-bit (value in bits 23..0) and 32-bit.
 * An invalid value is not taken and sets STATUS.CFG_ERR. */
#define BOARD_SSP_FMT_WIDTH_MASK 0xFF
#define BOARD_SSP_FMT_CH_SHIFT   8
#define BOARD_SSP_FMT_CH_MASK    0xF00
#define BOARD_SSP_FORMAT_VALUE(width, channels)                                \
    ((width) | (((channels)-1) << BOARD_SSP_FMT_CH_SHIFT))
#define BOARD_SSP_FORMAT_RESET 0x110 /* 16-bit stereo */
#define BOARD_SSP_CLKDIV_RESET 256
/* STATUS bits */
#define BOARD_SSP_ST_UNDERRUN  0x1   /* W1C */
#define BOARD_SSP_ST_OVERRUN   0x2   /* W1C */
#define BOARD_SSP_ST_TX_EMPTY  0x4   /* RO: TX FIFO holds < 1 frame */
#define BOARD_SSP_ST_TX_FULL   0x8   /* RO: no room for a sample */
#define BOARD_SSP_ST_RX_EMPTY  0x10  /* RO: RX FIFO empty */
#define BOARD_SSP_ST_RX_FULL   0x20  /* RO: no room for a frame */
#define BOARD_SSP_ST_CFG_ERR   0x100 /* W1C: invalid FORMAT/CLKDIV */

#endif
