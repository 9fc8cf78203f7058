# SPDX-License-Identifier: BSD-3-Clause
# cmake -DGEN=<gen_tables> -DDIR=<dsp dir> -DOUT=<dir> -DTABLES=a;b -P ...
# Regenerates each table and compares it with DIR/<name>_table.c.
foreach(t IN LISTS TABLES)
  execute_process(COMMAND ${GEN} ${t} OUTPUT_FILE ${OUT}/${t}_table.gen.c
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gen_tables ${t} failed: ${rc}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files
                  ${OUT}/${t}_table.gen.c ${DIR}/${t}_table.c RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${DIR}/${t}_table.c differs from gen_tables ${t}")
  endif()
  message(STATUS "${t}_table.c matches the generator")
endforeach()
