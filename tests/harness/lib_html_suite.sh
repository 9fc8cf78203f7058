# SPDX-License-Identifier: BSD-3-Clause
# Sourced by the HTML report's tests (html_report.sh, html_browser.sh):
#   html_suite VECTORS_CASES WORK
# lists in $SUITE a small suite of vector cases (a tone, a frequency
# response against its mask, an SRC, a sox reference, an overload with
# xruns, a fault, an IPC error) and a deliberately failing case written to
# WORK/fail/thdn_fail.yaml: the tone generator held to THD+N <= -130 dB
# (it measures about -117 dB), so its check fails on the spectrum plot.
html_suite() {
    local v=$1 work=$2
    mkdir -p "$work/fail" || return 1
    sed -e 's/^name: .*/name: tone THD+N held too tight (fails on purpose)/' \
        -e 's/thdn_db: {max: -100, freq_hz: 997}/thdn_db: {max: -130, freq_hz: 997}/' \
        "$v/tone_generator.yaml" >"$work/fail/thdn_fail.yaml" || return 1
    grep -q 'max: -130' "$work/fail/thdn_fail.yaml" || return 1
    SUITE=("$work/fail" "$v/tone_generator.yaml"
           "$v/eq_iir_lowpass_response.yaml" "$v/src_48k_to_16k_chain.yaml"
           "$v/overload_eq_iir.yaml"
           "$v/fault_dma_stall.yaml" "$v/ipc_error_gain_range.yaml")
    [ -f "$v/sox/volume_m6.yaml" ] && SUITE+=("$v/sox/volume_m6.yaml")
    return 0
}
