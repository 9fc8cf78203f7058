# SPDX-License-Identifier: BSD-3-Clause
# The run service's source list, one for both builds: sim/run (dsrun) and
# the fuzz build (tests/fuzz, fuzz_gdb_lib: the GDB server calls it).
set(DSRUN_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/run.c
  ${CMAKE_CURRENT_LIST_DIR}/history.c)
