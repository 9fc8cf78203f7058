#!/usr/bin/env bash
# README command 1: install, build, and run the main job.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/install-deps.sh
ci/build.sh
echo "== dspsim exec build/tests/guest/hello.elf"
set +e
build/bin/dspsim exec --stats build/tests/guest/hello.elf
rc=$?
set -e
echo "== guest exit status: $rc (the example returns 3)"
[ "$rc" -eq 3 ]
