/* SPDX-License-Identifier: BSD-3-Clause */
/* Special registers of the LX106 configuration: which exist, their write
 * masks and side effects (interrupt set/clear, timer re-arming, debug
 * state), as the reference implementation defines them (docs/cpu.md). */
#include "events.h"
#include "mem.h"
#include "sreg.h"

int sreg_xsr_ok(unsigned sr)
{
    switch (sr) {
    case XT_SR_INTERRUPT:
    case XT_SR_INTCLEAR:
    case XT_SR_CONFIGID0:
    case XT_SR_CONFIGID1:
    case XT_SR_DEBUGCAUSE:
    case XT_SR_PRID:
        return 0;
    default:
        return 1;
    }
}

int sreg_read(xt_cpu *cpu, unsigned sr, uint32_t *v)
{
    switch (sr) {
    case XT_SR_SAR:
        *v = cpu->sar;
        break;
    case XT_SR_LITBASE:
        *v = cpu->litbase;
        break;
    case XT_SR_IBREAKENABLE:
        *v = cpu->ibreakenable;
        break;
    case XT_SR_DDR:
        *v = cpu->ddr;
        break;
    case XT_SR_IBREAKA0:
        *v = cpu->ibreaka0;
        break;
    case XT_SR_DBREAKA0:
        *v = cpu->dbreaka0;
        break;
    case XT_SR_DBREAKC0:
        *v = cpu->dbreakc0;
        break;
    case XT_SR_CONFIGID0:
        *v = XT_CONFIGID0;
        break;
    case XT_SR_CONFIGID1:
        *v = XT_CONFIGID1;
        break;
    case XT_SR_EPC1:
    case XT_SR_EPC2:
    case XT_SR_EPC3:
        *v = cpu->epc[sr - XT_SR_EPC1 + 1];
        break;
    case XT_SR_DEPC:
        *v = cpu->depc;
        break;
    case XT_SR_EPS2:
    case XT_SR_EPS3:
        *v = cpu->eps[sr - XT_SR_EPS2 + 2];
        break;
    case XT_SR_EXCSAVE1:
    case XT_SR_EXCSAVE2:
    case XT_SR_EXCSAVE3:
        *v = cpu->excsave[sr - XT_SR_EXCSAVE1 + 1];
        break;
    case XT_SR_INTERRUPT:
        *v = cpu->interrupt;
        break;
    case XT_SR_INTENABLE:
        *v = cpu->intenable;
        break;
    case XT_SR_PS:
        *v = cpu->ps;
        break;
    case XT_SR_VECBASE:
        *v = cpu->vecbase;
        break;
    case XT_SR_EXCCAUSE:
        *v = cpu->exccause;
        break;
    case XT_SR_DEBUGCAUSE:
        *v = cpu->debugcause;
        break;
    case XT_SR_CCOUNT:
        *v = core_ccount(cpu);
        break;
    case XT_SR_PRID:
        *v = cpu->prid;
        break;
    case XT_SR_ICOUNT:
        *v = cpu->icount;
        break;
    case XT_SR_ICOUNTLEVEL:
        *v = cpu->icountlevel;
        break;
    case XT_SR_EXCVADDR:
        *v = cpu->excvaddr;
        break;
    case XT_SR_CCOMPARE0:
        *v = cpu->ccompare0;
        break;
    default:
        return -1;
    }
    return 0;
}

int sreg_write(xt_cpu *cpu, unsigned sr, uint32_t v)
{
    switch (sr) {
    case XT_SR_SAR:
        cpu->sar = v & 0x3F;
        return 0;
    case XT_SR_LITBASE:
        cpu->litbase = v & 0xFFFFF001u;
        return 0;
    case XT_SR_IBREAKENABLE:
        cpu->ibreakenable = v & 1;
        break;
    case XT_SR_DDR:
        cpu->ddr = v;
        return 0;
    case XT_SR_IBREAKA0:
        cpu->ibreaka0 = v;
        return 0;
    case XT_SR_DBREAKA0:
        cpu->dbreaka0 = v;
        return 0;
    case XT_SR_DBREAKC0:
        cpu->dbreakc0 = v;
        mem_refresh_all(cpu); /* data breakpoints need the slow path */
        return 0;
    case XT_SR_EPC1:
    case XT_SR_EPC2:
    case XT_SR_EPC3:
        cpu->epc[sr - XT_SR_EPC1 + 1] = v;
        return 0;
    case XT_SR_DEPC:
        cpu->depc = v;
        return 0;
    case XT_SR_EPS2:
    case XT_SR_EPS3:
        cpu->eps[sr - XT_SR_EPS2 + 2] = v;
        return 0;
    case XT_SR_EXCSAVE1:
    case XT_SR_EXCSAVE2:
    case XT_SR_EXCSAVE3:
        cpu->excsave[sr - XT_SR_EXCSAVE1 + 1] = v;
        return 0;
    case XT_SR_INTERRUPT:
        cpu->interrupt |= v & XT_INT_SOFTWARE_MASK;
        break;
    case XT_SR_INTCLEAR:
        cpu->interrupt &= ~(v & (XT_INT_SOFTWARE_MASK | XT_INT_EDGE_MASK));
        break;
    case XT_SR_INTENABLE:
        cpu->intenable = v;
        break;
    case XT_SR_PS:
        cpu->ps = v & PS_WRITE_MASK;
        break;
    case XT_SR_VECBASE:
        cpu->vecbase = v;
        return 0;
    case XT_SR_EXCCAUSE:
        cpu->exccause = v;
        return 0;
    case XT_SR_CCOUNT:
        cpu->ccount_offset = v - (uint32_t)cpu->cycles;
        cpu->interrupt &= ~(1u << XT_INT_TIMER0);
        events_timer_rearm(cpu);
        break;
    case XT_SR_ICOUNT:
        cpu->icount = v;
        return 0;
    case XT_SR_ICOUNTLEVEL:
        cpu->icountlevel = v & 0xF;
        break;
    case XT_SR_EXCVADDR:
        cpu->excvaddr = v;
        return 0;
    case XT_SR_CCOMPARE0:
        cpu->ccompare0 = v;
        cpu->interrupt &= ~(1u << XT_INT_TIMER0);
        events_timer_rearm(cpu);
        break;
    default:
        return -1; /* absent or read-only */
    }
    events_update(cpu);
    return 0;
}
