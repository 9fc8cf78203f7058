#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# CLI tests of `dspsim board`: output, exit statuses, board descriptions,
# bad input, determinism.
# usage: cli.sh DSPSIM GUEST_DIR BOARDS_DIR WORKDIR
set -u
DSPSIM=$1 G=$2 B=$3 W=$4
mkdir -p "$W"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# expect STATUS NAME -- command...   (stdout/stderr in $W/NAME.out/.err)
expect() {
    local want=$1 name=$2
    shift 3
    "$@" >"$W/$name.out" 2>"$W/$name.err"
    local got=$?
    [ "$got" = "$want" ] || fail "$name: exit status $got, expected $want"
}
contains() {  # FILE TEXT
    grep -qF -- "$2" "$1" || fail "$1 lacks '$2'"
}

expect 7 hello -- "$DSPSIM" board --markers "$G/board_hello.elf"
contains "$W/hello.out" "hello from the board"
contains "$W/hello.out" "dma channels 4, ssp ports 2, fifo frames 4"
contains "$W/hello.err" "marker 1 42 at "

expect 7 small -- "$DSPSIM" board --board "$B/small.yaml" "$G/board_hello.elf"
contains "$W/small.out" "dma channels 2, ssp ports 1, fifo frames 8"
contains "$W/small.out" "cpu_hz 80000000 audio_hz 12288000 iram 65536"

expect 0 dma -- "$DSPSIM" board "$G/board_dma_copy.elf"
contains "$W/dma.out" "bad descriptors reported"
contains "$W/dma.err" "dspsim board: dma channel 1:"

expect 2 typo -- "$DSPSIM" board --board "$B/typo.yaml" "$G/board_hello.elf"
contains "$W/typo.err" "typo.yaml:4:3: unknown key 'dma.chanels'"
expect 2 malformed -- "$DSPSIM" board --board "$B/malformed.yaml" \
    "$G/board_hello.elf"
contains "$W/malformed.err" "malformed YAML"
expect 2 nofile -- "$DSPSIM" board --board "$W/none.yaml" "$G/board_hello.elf"
contains "$W/nofile.err" "none.yaml: cannot open"
expect 2 noprog -- "$DSPSIM" board
contains "$W/noprog.err" "missing PROGRAM.elf"
expect 2 badopt -- "$DSPSIM" board --frobnicate "$G/board_hello.elf"
contains "$W/badopt.err" "unknown option '--frobnicate'"
expect 2 badcyc -- "$DSPSIM" board --max-cycles 12x "$G/board_hello.elf"
expect 2 notelf -- "$DSPSIM" board "$B/small.yaml"
expect 0 help -- "$DSPSIM" board --help
contains "$W/help.out" "usage: dspsim board"

expect 124 budget -- "$DSPSIM" board --max-cycles 1000 "$G/board_hello.elf"
contains "$W/budget.err" "cycle budget exhausted: 1000 cycles"
# waits for a host doorbell that never comes: idle, not a hang
expect 123 idle -- "$DSPSIM" board "$G/board_mbox_pingpong.elf"
contains "$W/idle.err" "guest idle forever"

# determinism: same program, same board -> same cycles, same bytes
for i in 1 2; do
    expect 0 "det$i" -- "$DSPSIM" board --markers --stats \
        "$G/board_ssp_underrun.elf"
    sed -e 's/"host_seconds".*//' "$W/det$i.err" >"$W/det$i.norm"
done
cmp -s "$W/det1.norm" "$W/det2.norm" || fail "two runs differ"
cmp -s "$W/det1.out" "$W/det2.out" || fail "two runs' outputs differ"
contains "$W/det1.norm" '"cycles":'

# several cores: a fault on core 1 is reported with its core number
expect 238 smp_fault -- "$DSPSIM" board --board "$B/cores2.yaml" \
    "$G/board_smp_fault.elf"
contains "$W/smp_fault.out" "FAULT cause 15 "
contains "$W/smp_fault.err" "board_smp_fault.elf: halt (status 238) on core 1"
expect 125 smp_fatal -- "$DSPSIM" board --board "$B/cores2.yaml" \
    "$G/board_smp_fault_fatal.elf"
contains "$W/smp_fatal.err" \
    "fatal guest state on core 1: double exception loop at pc 20000070"
expect 0 smp_sem -- "$DSPSIM" board --board "$B/cores4.yaml" \
    "$G/board_smp_sem.elf"
contains "$W/smp_sem.out" "counter 400"
expect 2 cores5 -- "$DSPSIM" board --board "$B/cores5.yaml" \
    "$G/board_hello.elf"
contains "$W/cores5.err" "cores5.yaml: cores 5 must be between 1 and 4"
for i in 1 2; do
    expect 0 "smpdet$i" -- "$DSPSIM" board --board "$B/cores2.yaml" \
        --markers --stats "$G/board_smp_doorbell.elf"
    sed -e 's/"host_seconds".*//' "$W/smpdet$i.err" >"$W/smpdet$i.norm"
done
cmp -s "$W/smpdet1.norm" "$W/smpdet2.norm" || fail "two 2-core runs differ"
contains "$W/smpdet1.norm" "marker 2 7 at "

# a snapshot of a board of 2 cores, resumed: the rest of the output, the
# same exit status; a board of 4 cores refuses it, naming both
expect 0 smp_snap -- "$DSPSIM" board --board "$B/cores2.yaml" \
    --snapshot-at 5000 "$W/smp.snap" "$G/board_smp_doorbell.elf"
contains "$W/smp_snap.err" "snapshot taken at cycle"
expect 0 smp_restore -- "$DSPSIM" board --board "$B/cores2.yaml" \
    --restore "$W/smp.snap" "$G/board_smp_doorbell.elf"
contains "$W/smp_restore.out" "refused rings ok"
grep -q "smp doorbell" "$W/smp_restore.out" && fail "smp_restore: started over"
expect 2 smp_restore4 -- "$DSPSIM" board --board "$B/cores4.yaml" \
    --restore "$W/smp.snap" "$G/board_smp_doorbell.elf"
contains "$W/smp_restore4.err" "of 2 cores, quantum 1000; this board: version 1, 4 cores"

# --race: the seeded race (no semaphore) is reported with both PCs, the
# program with the semaphore gives no report; a board of one core refuses
expect 2 race_seeded -- "$DSPSIM" board --board "$B/cores4.yaml" --race \
    "$G/board_smp_sem_nosem.elf"
contains "$W/race_seeded.err" "race on "
contains "$W/race_seeded.err" "(counter, 4 bytes): core "
contains "$W/race_seeded.err" "write at pc "
contains "$W/race_seeded.err" "(work+0x"
contains "$W/race_seeded.err" "races between cores (--race)"
expect 0 race_none -- "$DSPSIM" board --board "$B/cores4.yaml" --race \
    "$G/board_smp_sem.elf"
[ -s "$W/race_none.err" ] && fail "race_none: unexpected stderr"
expect 2 race_one -- "$DSPSIM" board --race "$G/board_hello.elf"
contains "$W/race_one.err" "--race needs a board of 2 or more cores"

[ $fails = 0 ] && echo "all board CLI checks passed"
exit $((fails != 0))
