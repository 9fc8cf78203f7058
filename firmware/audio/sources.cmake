# SPDX-License-Identifier: BSD-3-Clause
# The firmware's audio sources, relative to firmware/audio: the one list of
# them, included by the cross build (firmware/firmware.cmake, the image
# fw_audio) and the host build (firmware/platform/host, the libraries the
# unit tests, vectors/refgen and the fuzzers link).
#
#   FW_AUDIO_DSP_SOURCES    DSP kernels and their checked-in tables (the
#                           SRC stage tables are generated at build time:
#                           ${AUDIO_SRC_TABLE}, target audio_src_table)
#   FW_AUDIO_PIPE_SOURCES   buffers, components, pipelines
#   FW_AUDIO_IPC_SOURCES    the IPC command layer (docs/ipc.md)
#   FW_AUDIO_BOARD_SOURCES  the glue to the board port (target only)
#
# The image links them in this order (dsp, pipe, ipc, board): keep it, it
# fixes the firmware's layout and so its cycle counts.
set(FW_AUDIO_DSP_SOURCES
  dsp/format.c dsp/gain.c dsp/gain_table.c dsp/volume.c dsp/mixer.c
  dsp/tone.c dsp/sine_table.c dsp/fir.c dsp/iir.c dsp/src.c dsp/src_hq.c)
set(FW_AUDIO_PIPE_SOURCES
  buffer/audio_err.c buffer/audio_buffer.c
  comp/cycle_stats.c comp/comp.c comp/comp_registry.c comp/comp_endpoint.c
  comp/comp_volume.c comp/comp_mixer.c comp/comp_tone.c comp/comp_convert.c
  comp/comp_eq_iir.c comp/fir_blob.c comp/comp_eq_fir.c comp/comp_src.c
  pipeline/pipeline.c pipeline/pipeline_run.c pipeline/pipeline_graph.c
  pipeline/pipeline_link.c)
set(FW_AUDIO_IPC_SOURCES
  ipc/ipc_dispatch.c ipc/ipc_pipe.c ipc/ipc_graph.c ipc/ipc_ctl.c
  ipc/ipc_notify.c ipc/ipc_test.c)
set(FW_AUDIO_BOARD_SOURCES
  platform/board_audio.c platform/board_audio_dma.c
  platform/board_audio_ipc.c platform/board_audio_marker.c)
