/* SPDX-License-Identifier: BSD-3-Clause */
/* Text from arbitrary bytes (file names, firmware messages) made safe for
 * the UTF-8 report formats (JSON, JUnit XML, the timeline).
 *
 * Valid UTF-8 is RFC 3629: no overlong forms, no surrogates (U+D800 ..
 * U+DFFF), nothing above U+10FFFF.  A byte that is not part of a valid
 * sequence becomes U+FFFD (the replacement character) in the lossy text;
 * the raw bytes stay available as hex (dsh_hex_bytes), which is how the
 * JSON writers keep such text reversible (json_out.h). */
#ifndef DSH_TEXT_UTF8_H
#define DSH_TEXT_UTF8_H

#include <stdbool.h>

/* s is entirely valid UTF-8 */
bool dsh_utf8_valid(const char *s);

/* A malloc'd copy of s in which every byte outside a valid sequence is
 * U+FFFD.  xml: also the characters XML 1.0 forbids (C0 controls other
 * than tab, LF and CR; U+FFFE, U+FFFF) become U+FFFD.  NULL when out of
 * memory. */
char *dsh_utf8_lossy(const char *s, bool xml);

/* A malloc'd string of two lowercase hex digits per byte of s
 * ("a\xff" -> "61ff").  NULL when out of memory. */
char *dsh_hex_bytes(const char *s);

#endif
