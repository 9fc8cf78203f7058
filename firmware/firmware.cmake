# SPDX-License-Identifier: BSD-3-Clause
# Firmware build helpers, included by firmware/CMakeLists.txt and by
# tests/firmware (which CMake processes first).
#
#   FW_PORTABLE_SOURCES  kernel C files free of target assembly; the host unit
#                        tests compile these very files
#   FW_TARGET_OBJECTS    every kernel object of the LX106 build (built by the
#                        fw_kernel target in firmware/)
#   fw_add_image(NAME SOURCES src... [CFLAGS ...] [DEPENDS ...]
#                [PLATFORM sim|board])
#                        link NAME.elf from the sources and the kernel objects;
#                        PLATFORM board (default sim) links the board port
#                        (platform/board, FW_BOARD_OBJECTS, built by target
#                        fw_board) and arch/xtensa/board.ld instead of
#                        platform/sim and firmware.ld

set(FW_DIR ${CMAKE_SOURCE_DIR}/firmware)
set(FW_OBJ_DIR ${CMAKE_BINARY_DIR}/firmware/obj)
set(FW_LDSCRIPT ${FW_DIR}/arch/xtensa/firmware.ld)

set(FW_PORTABLE_SOURCES
  kernel/ready_queue.c kernel/sched.c kernel/task.c kernel/timeout.c
  kernel/timer.c kernel/heap.c kernel/mem.c kernel/workq.c kernel/console.c
  kernel/panic.c kernel/kernel.c kernel/stack_guard.c kernel/sched_current.c)
set(FW_RT_SOURCES lib/int_div32.c lib/int_div64.c lib/int_mul64.c)
set(FW_TARGET_SOURCES
  arch/xtensa/vectors.S arch/xtensa/reset.S arch/xtensa/entry.S
  arch/xtensa/start.c arch/xtensa/cpu.c arch/xtensa/irq.c
  arch/xtensa/exception.c
  ${FW_PORTABLE_SOURCES} ${FW_RT_SOURCES} lib/string.c
  platform/sim/platform_sim.c)

set(FW_CFLAGS -O2 -g -std=gnu11 -Wall -Wextra -Werror -Wshadow
  -Wmissing-prototypes -Wstrict-prototypes -Wcast-qual -ffreestanding
  -nostdlib -mtext-section-literals -fno-tree-loop-distribute-patterns
  -I${FW_DIR}/include -I${FW_DIR}/arch/xtensa -I${FW_DIR}/lib
  -I${DSPSIM_ABI_INCLUDE})

file(GLOB FW_HEADERS ${FW_DIR}/include/fw/*.h ${FW_DIR}/arch/xtensa/*.h
  ${FW_DIR}/lib/*.h ${DSPSIM_ABI_INCLUDE}/abi/*.h)

set(FW_TARGET_OBJECTS)
foreach(s ${FW_TARGET_SOURCES})
  string(REPLACE "/" "_" o ${s})
  string(REGEX REPLACE "\\.[cS]$" ".o" o ${o})
  list(APPEND FW_TARGET_OBJECTS ${FW_OBJ_DIR}/${o})
endforeach()

# Board port (docs/firmware.md, "Board port"): platform hooks for the
# dspsim virtual audio-DSP board, IPC, trace log ring, panic record.
set(FW_BOARD_SOURCES
  platform/board/platform_board.c platform/board/board_log.c
  platform/board/board_ipc.c platform/board/board_panic.c)
# The several-core build (issue 32, docs/firmware.md "Several cores"): the
# same kernel and board port compiled with -DFW_SMP (per-core kernel data,
# fw/percore.h) into ${FW_OBJ_DIR}/smp, plus the start of the other cores
# and the cross-core calls; fw_add_image(... PLATFORM board SMP) links them.
set(FW_SMP_OBJ_DIR ${FW_OBJ_DIR}/smp)
set(FW_SMP_SOURCES ${FW_TARGET_SOURCES} arch/xtensa/smp_entry.S
  ${FW_BOARD_SOURCES} platform/board/board_smp.c)
list(FILTER FW_SMP_SOURCES EXCLUDE REGEX "platform_sim\\.c$")
set(FW_SMP_OBJECTS)
foreach(s ${FW_SMP_SOURCES})
  string(REPLACE "/" "_" o ${s})
  string(REGEX REPLACE "\\.[cS]$" ".o" o ${o})
  list(APPEND FW_SMP_OBJECTS ${FW_SMP_OBJ_DIR}/${o})
endforeach()
set(FW_BOARD_LDSCRIPT ${FW_DIR}/arch/xtensa/board.ld)
set(FW_BOARD_CFLAGS -I${FW_DIR}/platform/board)
file(GLOB FW_BOARD_HEADERS ${FW_DIR}/platform/board/*.h)
set(FW_BOARD_OBJECTS)
foreach(s ${FW_BOARD_SOURCES})
  string(REPLACE "/" "_" o ${s})
  string(REGEX REPLACE "\\.[cS]$" ".o" o ${o})
  list(APPEND FW_BOARD_OBJECTS ${FW_OBJ_DIR}/${o})
endforeach()
# every kernel object except the sim platform's
set(FW_COMMON_OBJECTS ${FW_TARGET_OBJECTS})
list(FILTER FW_COMMON_OBJECTS EXCLUDE REGEX "platform_sim_platform_sim\\.o$")

function(fw_add_image name)
  cmake_parse_arguments(F "SMP" "PLATFORM" "SOURCES;CFLAGS;DEPENDS" ${ARGN})
  if(NOT F_PLATFORM OR F_PLATFORM STREQUAL "sim")
    set(objs ${FW_TARGET_OBJECTS})
    set(ld ${FW_LDSCRIPT})
    set(pflags)
    set(pdeps)
  elseif(F_PLATFORM STREQUAL "board")
    set(objs ${FW_COMMON_OBJECTS} ${FW_BOARD_OBJECTS})
    set(ld ${FW_BOARD_LDSCRIPT})
    set(pflags ${FW_BOARD_CFLAGS})
    set(pdeps ${FW_BOARD_HEADERS})
    if(F_SMP)
      set(objs ${FW_SMP_OBJECTS})
      list(APPEND pflags -DFW_SMP)
    endif()
  else()
    message(FATAL_ERROR "fw_add_image(${name}): unknown PLATFORM "
      "'${F_PLATFORM}' (sim or board)")
  endif()
  set(srcs)
  foreach(s ${F_SOURCES})
    get_filename_component(abs ${s} ABSOLUTE)
    list(APPEND srcs ${abs})
  endforeach()
  set(out ${CMAKE_CURRENT_BINARY_DIR}/${name}.elf)
  add_custom_command(OUTPUT ${out}
    COMMAND ${XTENSA_CC} ${FW_CFLAGS} ${pflags} ${F_CFLAGS} -T ${ld}
            -Wl,-Map=${CMAKE_CURRENT_BINARY_DIR}/${name}.map
            -o ${out} ${srcs} ${objs} -lgcc
    DEPENDS ${srcs} ${objs} ${ld} ${FW_HEADERS} ${pdeps}
            ${F_DEPENDS}
    COMMENT "Linking firmware image ${name}.elf"
    VERBATIM)
  add_custom_target(${name} ALL DEPENDS ${out})
  add_dependencies(${name} fw_kernel)
  if(F_PLATFORM STREQUAL "board")
    add_dependencies(${name} fw_board)
  endif()
  if(F_SMP)
    add_dependencies(${name} fw_smp)
  endif()
endfunction()

# Audio firmware image (issue 5, docs/ipc.md): DSP kernels, buffers,
# components, pipelines, the IPC command layer and the board platform
# glue, linked with fw_add_image(... PLATFORM board SOURCES
# ${FW_AUDIO_SOURCES} app/audio_main.c CFLAGS ${FW_AUDIO_CFLAGS}).
include(${FW_DIR}/audio/sources.cmake)
set(FW_AUDIO_SOURCES ${FW_AUDIO_DSP_SOURCES} ${FW_AUDIO_PIPE_SOURCES}
  ${FW_AUDIO_IPC_SOURCES} ${FW_AUDIO_BOARD_SOURCES})
list(TRANSFORM FW_AUDIO_SOURCES PREPEND ${FW_DIR}/audio/)
# the SRC stage tables, generated at build time (target audio_src_table)
list(APPEND FW_AUDIO_SOURCES ${AUDIO_SRC_TABLE})
set(FW_AUDIO_CFLAGS -mlongcalls -I${FW_DIR}/audio -I${FW_DIR}/audio/platform
  -I${FW_DIR}/audio/dsp)
file(GLOB FW_AUDIO_HEADERS ${FW_DIR}/audio/*/*.h)
