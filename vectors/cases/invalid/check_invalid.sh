#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# check_invalid.sh DSPSIM CASE OUT_DIR EXPECTED_TEXT
# `dspsim test CASE` must exit 2 (invalid case, nothing run) and print
# EXPECTED_TEXT (a FILE:LINE:COL: message line, or part of it).
# Used by the harness.vectors.invalid.* tests (tests/harness/CMakeLists.txt).
set -u
out=$("$1" test "$2" --out-dir "$3" --no-progress 2>&1)
rc=$?
printf '%s\n' "$out"
[ $rc -eq 2 ] || { echo "FAIL: exit $rc, want 2"; exit 1; }
grep -qF -- "$4" <<<"$out" || { echo "FAIL: expected text not printed: $4"; exit 1; }
echo "PASS: exit 2 with '$4'"
