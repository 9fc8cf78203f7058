# SPDX-License-Identifier: BSD-3-Clause
# The ELF loader's source list, one for both builds: sim/loader (xtloader)
# and the fuzz build (tests/fuzz, fuzz_loader), which compiles it with clang.
set(XTLOADER_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/elf_err.c
  ${CMAKE_CURRENT_LIST_DIR}/elf_parse.c
  ${CMAKE_CURRENT_LIST_DIR}/elf_sym.c
  ${CMAKE_CURRENT_LIST_DIR}/elf_load.c)
