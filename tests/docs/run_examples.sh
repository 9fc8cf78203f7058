#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# Runs every shell example in docs/*.md marked as runnable, so the docs
# stay true to the tool (issue 15).  A runnable example is the code block
# right after a line
#     <!-- example: runnable -->
# either fenced (```sh ... ```) or indented by four spaces.  Each runs
# with `bash -e` in a fresh directory, with the dspsim under test first
# on PATH and DSPSIM_FIRMWARE naming the audio firmware; a failing
# example is named by FILE:LINE with its output.  No example at all is a
# failure too (a marker lost in an edit would otherwise pass silently).
#   run_examples.sh DOCS_DIR BIN_DIR FW_AUDIO.elf
set -u
docs=$1 bin=$2 fw=$3
[ -d "$docs" ] && [ -x "$bin/dspsim" ] && [ -f "$fw" ] ||
    { echo "run_examples.sh: usage: DOCS_DIR BIN_DIR FW_AUDIO.elf"; exit 2; }
bin=$(cd "$bin" && pwd) fw=$(cd "$(dirname "$fw")" && pwd)/$(basename "$fw")
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
n=0 fail=0
for md in "$docs"/*.md; do
    # one script per example: "LINE<TAB>path" lines on stdout
    while IFS=$'\t' read -r line script; do
        n=$((n + 1))
        dir=$work/ex$n
        mkdir -p "$dir"
        if ! (cd "$dir" && PATH="$bin:$PATH" DSPSIM_FIRMWARE="$fw" \
              timeout 300 bash -e "$script" >"$dir/.out" 2>&1); then
            echo "FAIL $(basename "$md"):$line: the example failed:"
            sed 's/^/  | /' "$dir/.out" | tail -20
            fail=1
        else
            echo "ok   $(basename "$md"):$line"
        fi
    done < <(awk -v dir="$work" -v base="$(basename "$md" .md)" '
        function flush() { if (out != "") { close(out); print start "\t" out; out = "" } }
        /<!-- example: runnable -->/ { want = 1; next }
        want && /^[ \t]*$/ && !inblk { next }
        want && !inblk && /^```/ { inblk = "fence"; k++; start = NR + 1;
            out = dir "/" base "_" k ".sh"; printf "" > out; next }
        want && !inblk && /^    / { inblk = "indent"; k++; start = NR;
            out = dir "/" base "_" k ".sh"; printf "" > out }
        inblk == "fence" && /^```/ { inblk = ""; want = 0; flush(); next }
        inblk == "indent" && !/^    / { inblk = ""; want = 0; flush(); next }
        inblk == "fence" { print > out; next }
        inblk == "indent" { print substr($0, 5) > out; next }
        want { want = 0 }
        END { flush() }' "$md")
done
[ $n -gt 0 ] || { echo "run_examples.sh: no runnable example in $docs"; exit 1; }
echo "$n runnable examples, $([ $fail = 0 ] && echo all passed || echo some failed)"
exit $fail
