#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# check_format.sh [SOURCE_DIR]: every C source and header we own is
# formatted as the top-level .clang-format says (clang-format --dry-run
# --Werror).  The files are the tracked ones (git ls-files) when SOURCE_DIR
# is the top of a git checkout, else those that find sees outside build
# trees (build*/).  Fuzz inputs are data and are not checked.  Prints
# clang-format's report for each file that differs; exits 1 if any, and
# also when clang-format is missing (ci/install-deps.sh installs it).
set -eu
src=${1:-$(dirname "$0")/../..}
cd "$src"
cf=${CLANG_FORMAT:-clang-format}
if ! command -v "$cf" >/dev/null 2>&1; then
    echo "FAIL: $cf is missing (ci/install-deps.sh installs clang-format)"
    exit 1
fi
[ -f .clang-format ] || { echo "FAIL: no .clang-format in $src"; exit 1; }
if [ -e .git ] && command -v git >/dev/null 2>&1; then
    list() { git ls-files; }
else
    list() {
        find . -path ./.git -prune -o -path './build*' -prune -o \
            -type f -print | sed 's|^\./||'
    }
fi
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
list | grep -E '\.(c|h)$' | grep -v -E '^tests/fuzz/(seeds|regressions)/' \
    >"$tmp"
total=$(wc -l <"$tmp")
if [ "$total" -eq 0 ]; then
    echo "FAIL: no C files found under $src"
    exit 1
fi
out=$(mktemp)
trap 'rm -f "$tmp" "$out"' EXIT
# one clang-format for all files; its report names each offending file
# as FILE:LINE:COL: error: ...
if ! while IFS= read -r f; do [ -f "$f" ] && printf '%s\0' "$f"; done \
        <"$tmp" | xargs -0 "$cf" --dry-run --Werror >"$out" 2>&1
then
    head -n 30 "$out"
    sed -n 's/^\(.*\):[0-9]*:[0-9]*: error: .*/not formatted: \1/p' "$out" |
        uniq >"$tmp"
    bad=$(wc -l <"$tmp")
    cat "$tmp"
    if [ "$bad" -eq 0 ]; then
        echo "FAIL: clang-format failed"
        exit 1
    fi
    echo "FAIL: $bad of $total C files differ from .clang-format" \
         "(clang-format -i FILE formats one)"
    exit 1
fi
echo "PASS: $total C files follow .clang-format"
