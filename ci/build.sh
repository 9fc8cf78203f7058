#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Configure and build into build/ (the CLI lands at build/bin/dspsim).
# Extra arguments go to cmake's configure step.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@"
cmake --build "$BUILD_DIR" -j"$(nproc)"
