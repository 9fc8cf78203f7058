/* SPDX-License-Identifier: BSD-3-Clause */
/* Fuzz harness: the GDB server's packet framing and command handlers
 * (sim/gdb: rsp_packet.c, gdb_cmds.c, gdb_regs.c, gdb_target.c) on a
 * byte stream taken from the input, as a debugger would send it, against
 * a CPU with 64 KiB of RAM at 0x3ffe0000 (the real engine in the normal
 * builds, fuzz_gdb_cpu.c in the libFuzzer build).  No socket: replies are
 * framed into the server's output buffer.  Every reply must be a
 * well-formed packet ("$...#cc" with the right checksum, at most
 * PacketSize bytes of payload); a resume, detach or kill ends the stream
 * (the harness then removes every hook). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gdb_internal.h"
#include "fuzz_util.h"

#define BASE 0x3ffe0000u
#define SIZE 0x10000u

static xt_cpu *cpu;

static void check_reply(const ds_gdb *g)
{
    if (g->out_len == 0)
        return;
    if (g->out_len < 4 || g->out[0] != '$' || g->out[g->out_len - 3] != '#')
        abort();
    unsigned sum = 0;
    for (size_t i = 1; i < g->out_len - 3; i++)
        sum += (unsigned char)g->out[i];
    int hi = rsp_hex_digit((unsigned char)g->out[g->out_len - 2]);
    int lo = rsp_hex_digit((unsigned char)g->out[g->out_len - 1]);
    if (hi < 0 || lo < 0 || (unsigned)(hi << 4 | lo) != (sum & 0xff))
        abort();
    if (g->out_len - 4 > 2 * RSP_MAX_PAYLOAD)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!cpu) {
        xt_region_desc ram = {
            .name = "ram", .base = BASE, .size = SIZE, .kind = XT_REGION_RAM
        };
        if (xt_open(&cpu) != XT_OK || xt_map(cpu, &ram) != XT_OK)
            abort();
    }
    static ds_gdb g;
    memset(&g, 0, sizeof g);
    g.cpu = cpu;
    g.lfd = g.cfd = -1;
    g.log = stderr;
    g.stop_sig = GDB_SIGTRAP;
    g.stop_watch = -1;
    rsp_rx_init(&g.rx);
    gdb_target_attach(&g);
    for (size_t i = 0; i < size; i++) {
        rsp_event ev = rsp_rx_byte(&g.rx, data[i]);
        if (ev != RSP_EV_PACKET)
            continue;
        g.out_len = 0;
        gdb_action a = gdb_handle_packet(&g, g.rx.buf, g.rx.len);
        check_reply(&g);
        if (a != GDB_STAY)
            break;
    }
    gdb_target_detach(&g);
    return 0;
}
