#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# README command 2: install, build, and run the whole test suite with CTest:
# once on the optimised build, and everything but the QEMU, difftest and slow
# tests again under AddressSanitizer + UndefinedBehaviorSanitizer (and the
# lockstep tests, which build translations in the foreground, and the style
# checks, which read the sources, only once).
set -euo pipefail
cd "$(dirname "$0")/.."
ci/install-deps.sh
ci/build.sh
jobs=$(nproc)
echo "== ctest (build/)"
ctest --test-dir build --output-on-failure -j"$jobs"
echo "== ctest under sanitizers (build-san/)"
BUILD_DIR=build-san ci/build.sh -DDSPSIM_SANITIZE=ON
ctest --test-dir build-san --output-on-failure -j"$jobs" -LE 'slow|qemu|difftest|lockstep|style'
echo "== fuzz harnesses, ${FUZZ_SECONDS:-10} s each (build-fuzz/)"
ci/fuzz.sh "${FUZZ_SECONDS:-10}"
