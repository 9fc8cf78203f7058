#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# format_selftest.sh CHECK_FORMAT CLANG_FORMAT_FILE WORK_DIR: check_format.sh
# on a small tree that is not a git checkout: it must fail and name the
# badly indented file, leave build trees alone, and pass once the file is
# formatted.
set -u
check=$1
style=$2
work=$3
rm -rf "$work"
mkdir -p "$work/src/lib" "$work/src/build/x"
cp "$style" "$work/src/.clang-format"
printf 'int a(void)\n{\n    return 1;\n}\n' >"$work/src/lib/a.c"
printf 'int b(void)\n{\n\treturn  2;\n}\n' >"$work/src/lib/b.c"
printf 'int  generated ;\n' >"$work/src/build/x/gen.c"
out=$(sh "$check" "$work/src" 2>&1)
rc=$?
printf '%s\n' "$out"
[ $rc -eq 1 ] || { echo "FAIL: exit $rc on a badly formatted file, want 1"; exit 1; }
printf '%s\n' "$out" | grep -qx 'not formatted: lib/b.c' ||
    { echo "FAIL: lib/b.c not named"; exit 1; }
printf '%s\n' "$out" | grep -q 'not formatted: .*\(a\.c\|gen\.c\)' &&
    { echo "FAIL: a formatted file or a build file named"; exit 1; }
printf 'int b(void)\n{\n    return 2;\n}\n' >"$work/src/lib/b.c"
out=$(sh "$check" "$work/src" 2>&1)
rc=$?
printf '%s\n' "$out"
[ $rc -eq 0 ] || { echo "FAIL: exit $rc on a formatted tree, want 0"; exit 1; }
printf '%s\n' "$out" | grep -q '^PASS: 2 C files' ||
    { echo "FAIL: want 2 C files counted"; exit 1; }
echo "PASS: format self-test"
