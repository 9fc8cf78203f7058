#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# spdx_selftest.sh CHECK_SPDX WORK_DIR: check_spdx.sh on a small tree that
# is not a git checkout (the find path): it must fail and name the C file
# without the SPDX line, ignore data files, and pass once the line is added.
set -u
check=$1
work=$2
rm -rf "$work"
mkdir -p "$work/src/lib" "$work/src/build/x"
printf '/* SPDX-License-Identifier: BSD-3-Clause */\nint a;\n' >"$work/src/lib/a.c"
printf '#!/bin/sh\n# SPDX-License-Identifier: BSD-3-Clause\necho\n' >"$work/src/run.sh"
printf 'int b;\n' >"$work/src/lib/b.c"
printf 'no licence here\n' >"$work/src/notes.txt"
printf 'int generated;\n' >"$work/src/build/x/gen.c"
out=$(sh "$check" "$work/src" 2>&1)
rc=$?
printf '%s\n' "$out"
[ $rc -eq 1 ] || { echo "FAIL: exit $rc on a missing line, want 1"; exit 1; }
printf '%s\n' "$out" | grep -qx 'missing SPDX-License-Identifier: lib/b.c' ||
    { echo "FAIL: lib/b.c not named"; exit 1; }
printf '%s\n' "$out" | grep -q 'a.c\|run.sh\|notes.txt\|gen.c' &&
    { echo "FAIL: a file with the line, a data file or a build file named"; exit 1; }
printf '/* SPDX-License-Identifier: BSD-3-Clause */\nint b;\n' >"$work/src/lib/b.c"
out=$(sh "$check" "$work/src" 2>&1)
rc=$?
printf '%s\n' "$out"
[ $rc -eq 0 ] || { echo "FAIL: exit $rc with every line present, want 0"; exit 1; }
printf '%s\n' "$out" | grep -q '^PASS: 3 source files' ||
    { echo "FAIL: want 3 source files counted"; exit 1; }
echo "PASS: spdx self-test"
