# SPDX-License-Identifier: BSD-3-Clause
# dspsim_add_guest(NAME SOURCES src... [LDSCRIPT file] [NOCRT] [CFLAGS ...])
# Cross-compiles a bare-metal LX106 program to ${CMAKE_CURRENT_BINARY_DIR}/NAME.elf
# with the guest runtime in tests/guest (crt0 + sim.ld) unless NOCRT.
set(DSPSIM_GUEST_DIR ${CMAKE_CURRENT_LIST_DIR})
function(dspsim_add_guest name)
  cmake_parse_arguments(G "NOCRT" "LDSCRIPT" "SOURCES;CFLAGS;DEPENDS" ${ARGN})
  if(NOT G_LDSCRIPT)
    set(G_LDSCRIPT ${DSPSIM_GUEST_DIR}/sim.ld)
  endif()
  set(srcs)
  foreach(s ${G_SOURCES})
    get_filename_component(abs ${s} ABSOLUTE)
    list(APPEND srcs ${abs})
  endforeach()
  if(NOT G_NOCRT)
    list(PREPEND srcs ${DSPSIM_GUEST_DIR}/crt0.S)
  endif()
  set(out ${CMAKE_CURRENT_BINARY_DIR}/${name}.elf)
  add_custom_command(OUTPUT ${out}
    COMMAND ${XTENSA_CC} -O2 -g -Wall -Wextra -Werror -ffreestanding -nostdlib
            -mtext-section-literals -I${DSPSIM_GUEST_DIR} ${G_CFLAGS}
            -T ${G_LDSCRIPT} -o ${out} ${srcs} -lgcc
    DEPENDS ${srcs} ${G_LDSCRIPT} ${DSPSIM_GUEST_DIR}/semihost.h ${G_DEPENDS}
    COMMENT "Cross-compiling guest ${name}.elf"
    VERBATIM)
  add_custom_target(${name} ALL DEPENDS ${out})
endfunction()
