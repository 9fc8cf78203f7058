# SPDX-License-Identifier: BSD-3-Clause
# The GDB server's source list, one for both builds: sim/gdb (dsgdb) and the
# fuzz build (tests/fuzz, fuzz_gdb_lib), which compiles it with clang.
set(DSGDB_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/rsp_packet.c
  ${CMAKE_CURRENT_LIST_DIR}/gdb_regs.c
  ${CMAKE_CURRENT_LIST_DIR}/gdb_cmds.c
  ${CMAKE_CURRENT_LIST_DIR}/gdb_target.c
  ${CMAKE_CURRENT_LIST_DIR}/gdb_reverse.c
  ${CMAKE_CURRENT_LIST_DIR}/gdb_conn.c
  ${CMAKE_CURRENT_LIST_DIR}/gdb_server.c)
