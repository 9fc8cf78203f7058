# Firmware build helpers, included by firmware/CMakeLists.txt and by
# tests/firmware (which CMake processes first).
#
#   FW_PORTABLE_SOURCES  kernel C files free of target assembly; the host unit
#                        tests compile these very files
#   FW_TARGET_OBJECTS    every kernel object of the LX106 build (built by the
#                        fw_kernel target in firmware/)
#   fw_add_image(NAME SOURCES src... [CFLAGS ...] [DEPENDS ...])
#                        link NAME.elf from the sources and the kernel objects

set(FW_DIR ${CMAKE_SOURCE_DIR}/firmware)
set(FW_OBJ_DIR ${CMAKE_BINARY_DIR}/firmware/obj)
set(FW_LDSCRIPT ${FW_DIR}/arch/xtensa/firmware.ld)

set(FW_PORTABLE_SOURCES
  kernel/ready_queue.c kernel/sched.c kernel/task.c kernel/timeout.c
  kernel/timer.c kernel/heap.c kernel/mem.c kernel/workq.c kernel/console.c
  kernel/panic.c kernel/kernel.c)
set(FW_RT_SOURCES lib/int_div32.c lib/int_div64.c lib/int_mul64.c)
set(FW_TARGET_SOURCES
  arch/xtensa/vectors.S arch/xtensa/reset.S arch/xtensa/entry.S
  arch/xtensa/start.c arch/xtensa/cpu.c arch/xtensa/irq.c
  arch/xtensa/exception.c
  ${FW_PORTABLE_SOURCES} ${FW_RT_SOURCES} lib/string.c
  platform/sim/platform_sim.c)

set(FW_CFLAGS -O2 -g -std=gnu11 -Wall -Wextra -Werror -ffreestanding
  -nostdlib -mtext-section-literals -fno-tree-loop-distribute-patterns
  -I${FW_DIR}/include -I${FW_DIR}/arch/xtensa -I${FW_DIR}/lib)

file(GLOB FW_HEADERS ${FW_DIR}/include/fw/*.h ${FW_DIR}/arch/xtensa/*.h
  ${FW_DIR}/lib/*.h)

set(FW_TARGET_OBJECTS)
foreach(s ${FW_TARGET_SOURCES})
  string(REPLACE "/" "_" o ${s})
  string(REGEX REPLACE "\\.[cS]$" ".o" o ${o})
  list(APPEND FW_TARGET_OBJECTS ${FW_OBJ_DIR}/${o})
endforeach()

function(fw_add_image name)
  cmake_parse_arguments(F "" "" "SOURCES;CFLAGS;DEPENDS" ${ARGN})
  set(srcs)
  foreach(s ${F_SOURCES})
    get_filename_component(abs ${s} ABSOLUTE)
    list(APPEND srcs ${abs})
  endforeach()
  set(out ${CMAKE_CURRENT_BINARY_DIR}/${name}.elf)
  add_custom_command(OUTPUT ${out}
    COMMAND ${XTENSA_CC} ${FW_CFLAGS} ${F_CFLAGS} -T ${FW_LDSCRIPT}
            -Wl,-Map=${CMAKE_CURRENT_BINARY_DIR}/${name}.map
            -o ${out} ${srcs} ${FW_TARGET_OBJECTS} -lgcc
    DEPENDS ${srcs} ${FW_TARGET_OBJECTS} ${FW_LDSCRIPT} ${FW_HEADERS}
            ${F_DEPENDS}
    COMMENT "Linking firmware image ${name}.elf"
    VERBATIM)
  add_custom_target(${name} ALL DEPENDS ${out})
  add_dependencies(${name} fw_kernel)
endfunction()
