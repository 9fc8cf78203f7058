#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# README command 1: install, build, and run the main job: the firmware this
# tree builds, on the simulated board, turning an example WAV into a
# processed WAV (volume -6 dB) and printing its summary.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/install-deps.sh
ci/build.sh
in=build/vectors/signals/sine_997hz_48k_s16_stereo.wav
out=build/example-volume-m6.wav
echo "== dspsim play $in $out --pipeline volume --set gain_db=-6"
build/bin/dspsim play "$in" "$out" --pipeline volume --set gain_db=-6 \
    --artifacts build/example-play
echo "== wrote $out"
