# SPDX-License-Identifier: BSD-3-Clause
# cmake -DXTENSA_CC=... -DFLAGS=... -DSOURCES=a.c;b.c -DOUT=dir -P ...
# Compiles every source for the LX106 with FLAGS (-c only); fails on the
# first error or warning.
file(MAKE_DIRECTORY ${OUT})
foreach(src IN LISTS SOURCES)
  get_filename_component(name ${src} NAME_WE)
  execute_process(COMMAND ${XTENSA_CC} ${FLAGS} -c ${src} -o ${OUT}/${name}.o
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "xtensa compile failed: ${src}")
  endif()
  message(STATUS "xtensa: ${name}.o")
endforeach()

# The per-sample paths must not call libgcc's 64-bit helpers (LX106 has no
# MULSH/MULUH; Debian's lx106 libgcc lacks them): no 64-bit mul/div/mod.
if(XTENSA_NM)
  foreach(src IN LISTS SOURCES)
    get_filename_component(name ${src} NAME_WE)
    execute_process(COMMAND ${XTENSA_NM} -u ${OUT}/${name}.o
                    OUTPUT_VARIABLE undef RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "nm failed on ${name}.o")
    endif()
    if(undef MATCHES "__(mul|div|udiv|mod|umod)di3")
      message(FATAL_ERROR "${name}.o needs a 64-bit libgcc helper:\n${undef}")
    endif()
  endforeach()
  message(STATUS "xtensa: no 64-bit libgcc helpers referenced")
endif()
