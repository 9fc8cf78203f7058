#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# Malformed program files: each must make `dspsim exec` exit with status 2,
# print nothing on stdout, and name the problem (and the file) on stderr.
# usage: badelf.sh DSPSIM GOOD_ELF WORKDIR
set -u
dspsim=$1 good=$2 dir=$3
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 1
fail=0

# poke FILE OFFSET BYTE... : overwrite bytes (given as two hex digits)
poke() {
    local f=$1 off=$2 b s=""
    shift 2
    for b in "$@"; do s="$s\\x$b"; done
    printf "$s" | dd of="$f" bs=1 seek="$off" conv=notrunc status=none
}
# le32 VALUE: the four bytes of VALUE, little-endian, as hex digit pairs
le32() {
    printf '%02x %02x %02x %02x' $(($1 & 255)) $(($1 >> 8 & 255)) \
        $(($1 >> 16 & 255)) $(($1 >> 24 & 255))
}
u32() {   # u32 FILE OFFSET: little-endian word (the host is little-endian)
    od -An -tu4 -j"$2" -N4 "$1" | tr -d ' '
}

phoff=$(u32 "$good" 28)
phnum=$(od -An -tu2 -j44 -N2 "$good" | tr -d ' ')
size=$(stat -c %s "$good")

printf 'this is a text file, not a program\n' >not-elf.txt
head -c 20 "$good" >truncated-header.elf
head -c $((size / 2)) "$good" >truncated-file.elf
cp "$good" wrong-machine.elf;  poke wrong-machine.elf 18 3e 00
cp "$good" wrong-class.elf;    poke wrong-class.elf 4 02
cp "$good" big-endian.elf;     poke big-endian.elf 5 02
cp "$good" relocatable.elf;    poke relocatable.elf 16 01 00
cp "$good" outside.elf          # segment 0 moved to unmapped 0x10000000
poke outside.elf $((phoff + 8)) $(le32 0x10000000)
poke outside.elf $((phoff + 12)) $(le32 0x10000000)
cp "$good" bad-offset.elf       # segment 0's file data far past the end
poke bad-offset.elf $((phoff + 4)) $(le32 0x7fffff00)
cp "$good" no-load.elf          # every program header becomes PT_NOTE
for ((i = 0; i < phnum; i++)); do
    poke no-load.elf $((phoff + 32 * i)) $(le32 4)
done
cp "$good" bad-entry.elf;      poke bad-entry.elf 24 $(le32 0x10000000)
: >empty.elf
mkdir -p a-directory.elf

run() {   # run FILE KEYWORD
    "$dspsim" exec "$1" >out 2>err
    local rc=$?
    local msg
    msg=$(cat err)
    if [ $rc -ne 2 ]; then
        echo "FAIL $1: exit status $rc, expected 2 ($msg)"; fail=1
    elif [ -s out ]; then
        echo "FAIL $1: unexpected stdout"; fail=1
    elif ! grep -qF -- "$2" err; then
        echo "FAIL $1: stderr lacks '$2': $msg"; fail=1
    elif ! grep -qF -- "$1" err; then
        echo "FAIL $1: stderr does not name the file: $msg"; fail=1
    else
        echo "ok   $1: $msg"
    fi
}

run not-elf.txt "not an ELF file"
run truncated-header.elf "truncated ELF header"
run truncated-file.elf "truncated"
run wrong-machine.elf "wrong machine"
run wrong-class.elf "wrong ELF class"
run big-endian.elf "big-endian"
run relocatable.elf "not an executable"
run outside.elf "outside mapped memory"
run bad-offset.elf "beyond the end of the file"
run no-load.elf "no loadable segment"
run bad-entry.elf "entry point"
run empty.elf "empty file"
run a-directory.elf "is a directory"
run missing.elf "No such file or directory"

[ $fail -eq 0 ] && echo PASS
exit $fail
