#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# Run a guest program on dspsim (and on QEMU unless QEMU is "-") and check
# the output (guest fd 1 and fd 2 merged) and the exit status.
# usage: run_guest.sh NAME DSPSIM QEMU|- ELF EXPECTED_OUT STATUS WORKDIR [args]
set -u
name=$1 dspsim=$2 qemu=$3 elf=$4 expected=$5 status=$6 work=$7
shift 7
dir=$work/$name
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 1
printf 'Hello, semihosting world!\n' > fileio.txt
fail=0

check() {   # check WHO RC OUTFILE
    if [ "$2" -ne "$status" ]; then
        echo "FAIL $name on $1: exit status $2, expected $status"
        fail=1
    fi
    if ! diff -u "$expected" "$3"; then
        echo "FAIL $name on $1: output differs from $expected"
        fail=1
    fi
}

"$dspsim" exec "$elf" "$@" </dev/null >dspsim.out 2>&1
check dspsim $? dspsim.out

if [ "$qemu" != "-" ]; then
    rm -f *.tmp
    sh_cfg="enable=on,target=native,chardev=sh0,arg=${elf//,/,,}"
    for a in "$@"; do
        sh_cfg="$sh_cfg,arg=${a//,/,,}"
    done
    # The semihosting console is the stdio chardev; QEMU's own messages go
    # to qemu.err.
    timeout 60 "$qemu" -M sim -cpu lx106 -display none -monitor none \
        -serial none -chardev stdio,id=sh0 -semihosting-config "$sh_cfg" \
        -kernel "$elf" </dev/null 2>qemu.err | cat >qemu.out
    rc=${PIPESTATUS[0]}
    if [ -s qemu.err ]; then
        echo "QEMU stderr:"; cat qemu.err
    fi
    check qemu "$rc" qemu.out
fi
[ $fail -eq 0 ] && echo "PASS $name"
exit $fail
