# SPDX-License-Identifier: BSD-3-Clause
# Embeds a text file in C at build time:
#   cmake -DIN=FILE -DOUT=FILE.c -DNAME=SYMBOL -P embed_text.cmake
# writes `const char SYMBOL[]` holding FILE's bytes and a terminating
# NUL, and `const unsigned long SYMBOL_len` (the bytes without it).
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" nhex)
math(EXPR n "${nhex} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)"
       "\\1\n" bytes "${bytes}")
file(WRITE "${OUT}.tmp"
     "/* Generated from ${IN} by cmake/embed_text.cmake: do not edit. */\n"
     "const char ${NAME}[] = {\n${bytes}0x00};\n"
     "const unsigned long ${NAME}_len = ${n};\n")
file(RENAME "${OUT}.tmp" "${OUT}")
