# SPDX-License-Identifier: BSD-3-Clause
# Sourced by the shell tests (tests/cli, tests/harness): case files they
# write, one definition each.
#
#   volume_case NAME GAIN_DB INPUT OUTPUT DURATION_MS
#       prints a one-pipeline case (period 1 ms): host stream `music`
#       reading INPUT -> volume vol1 at GAIN_DB -> DAI on port ssp0
#       writing OUTPUT (48 kHz, stereo, s32), DURATION_MS long; the
#       caller appends an expect: section if it wants one.
volume_case() {
    cat <<YAML
name: $1
pipelines:
  - id: 1
    period_us: 1000
    components:
      - {id: host1, type: host, stream: music}
      - {id: vol1, type: volume, gain_db: $2}
      - {id: dai1, type: dai, port: ssp0}
    connect: [[host1, vol1], [vol1, dai1]]
streams:
  music: {input: $3}
ports:
  ssp0: {rate: 48000, channels: 2, format: s32, output: $4}
duration_ms: $5
YAML
}
