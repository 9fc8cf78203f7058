#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Installs every Debian package dspsim needs to build, test and benchmark.
# Idempotent: packages already present are left alone.
set -euo pipefail
PKGS=(
  build-essential cmake pkg-config
  gcc-xtensa-lx106 binutils-xtensa-lx106 picolibc-xtensa-lx106-elf
  qemu-system-misc
  libsndfile1-dev libyaml-dev libcmocka-dev libelf-dev libdw-dev
  sox valgrind libxml2-utils
  libjansson-dev libxml2-dev libfftw3-dev
  clang libclang-rt-dev clang-format
  libtcc-dev
  libjs-dygraphs chromium-headless-shell
  bc util-linux
  # bc: the benches' arithmetic (bench/report.sh, bench/reverse.sh);
  #   util-linux: their taskset (bench/cpu_check.sh, run.sh --cpu)
  # valgrind: callgrind_annotate reads the --profile files (tests/cli/profile.sh)
  # libxml2-utils: xmllint validates the JUnit report (harness.test_runner)
  # libjansson-dev: JSON reports and timeline; libxml2-dev: the HTML
  # report's test parses the pages with it (tests/harness/tools)
  # libfftw3-dev: the spectra of the audio checks (harness/audio/fft.c)
  # clang-format: the style check of the C sources (CTest style.format)
  # libtcc-dev: the in-process translation tier (sim/cpu/xlate_be_tcc.c)
  # libjs-dygraphs: the plots of the HTML report, drawn by the browser
  #   (harness/htmlreport; without it the report has its tables and a
  #   notice)
  # chromium-headless-shell: the report checked in a browser
  #   (harness.html_browser, skipped without)
)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  echo "ci/install-deps.sh: installing ${missing[*]}"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
else
  echo "ci/install-deps.sh: all packages present"
fi
