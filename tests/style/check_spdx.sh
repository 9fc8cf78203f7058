#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# check_spdx.sh [SOURCE_DIR]: every source file we own (C, headers,
# assembly, linker scripts, CMake, shell, Python, YAML) must carry
#   SPDX-License-Identifier: BSD-3-Clause
# in its first 5 lines (LICENSE, README.md "Licence").  The files are the
# tracked ones (git ls-files) when SOURCE_DIR is the top of a git checkout,
# else those that find sees outside build trees (build*/).  Fuzz seeds and regression inputs are data and are
# not checked.  Prints each file without the line; exits 1 if any.
set -eu
src=${1:-$(dirname "$0")/../..}
cd "$src"
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
list | grep -E '(\.(c|h|S|s|ld|ld\.in|cmake|sh|py|ya?ml)|(^|/)CMakeLists\.txt|^\.?ci/run)$' \
    | grep -v -E '^tests/fuzz/(seeds|regressions)/' >"$tmp"
total=$(wc -l <"$tmp")
missing=0
while IFS= read -r f; do
    [ -f "$f" ] || continue
    if ! head -n 5 "$f" | grep -q 'SPDX-License-Identifier: BSD-3-Clause'; then
        echo "missing SPDX-License-Identifier: $f"
        missing=$((missing + 1))
    fi
done <"$tmp"
if [ "$total" -eq 0 ]; then
    echo "FAIL: no source files found under $src"
    exit 1
fi
if [ "$missing" -ne 0 ]; then
    echo "FAIL: $missing of $total source files lack the SPDX line"
    exit 1
fi
echo "PASS: $total source files carry SPDX-License-Identifier: BSD-3-Clause"
