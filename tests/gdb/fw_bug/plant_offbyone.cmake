# SPDX-License-Identifier: BSD-3-Clause
# Generates volume_offbyone.c, docs/debugging.md's planted bug, from the
# shipped volume kernel at build time, so that the copy cannot drift from
# it: cmake -DIN=firmware/audio/dsp/volume.c -DOUT=.../volume_offbyone.c
#       -P plant_offbyone.cmake
# Each edit must find its text exactly once in IN, or the build fails
# naming it (volume.c changed: update the edit here and the worked example
# in docs/debugging.md).  The header comment replaces volume.c's line 2
# with 9 lines: the generated file's line numbers are volume.c's plus 8
# (docs/debugging.md quotes lines 142 and 144).
if(NOT IN OR NOT OUT)
  message(FATAL_ERROR "plant_offbyone.cmake: set -DIN=volume.c -DOUT=file")
endif()
file(READ "${IN}" text)

function(plant what old new)
  string(FIND "${text}" "${old}" first)
  string(FIND "${text}" "${old}" last REVERSE)
  if(first EQUAL -1)
    message(FATAL_ERROR "plant_offbyone.cmake: ${what}: the text to change "
      "is no longer in ${IN}:\n${old}")
  endif()
  if(NOT first EQUAL last)
    message(FATAL_ERROR "plant_offbyone.cmake: ${what}: the text to change "
      "is in ${IN} more than once:\n${old}")
  endif()
  string(REPLACE "${old}" "${new}" text "${text}")
  set(text "${text}" PARENT_SCOPE)
endfunction()

plant("the header" "/* Volume kernel (see volume.h). */\n"
"/* GENERATED at build time from firmware/audio/dsp/volume.c by
 * tests/gdb/fw_bug/plant_offbyone.cmake: the volume kernel with a bug
 * planted on purpose for docs/debugging.md's worked example, linked into
 * the test firmware fw_audio_volbug.elf only.  The bug: the ramping loop
 * of vol_process_q1_31 runs while f <= frames instead of f < frames, so
 * a block that starts with more ramp frames left than it has frames
 * writes one frame past the end of its output (the volume component's
 * scratch buffer, then the next heap block's header), but only while a
 * gain ramps.  The line is marked PLANTED (tests/gdb/example.sh). */\n")
plant("the ramping loop"
"        for (; f < frames && v->ramp_left; f++) {
            vol_ramp_step(v);
            *y = vol_apply(*x, v->gain_q4_28);\n"
"        for (; f <= frames && v->ramp_left; f++) {
            vol_ramp_step(v);
            *y = vol_apply(*x, v->gain_q4_28); /* PLANTED */\n")

file(WRITE "${OUT}.tmp" "${text}")
file(RENAME "${OUT}.tmp" "${OUT}")
