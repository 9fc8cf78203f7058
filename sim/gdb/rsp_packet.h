/* SPDX-License-Identifier: BSD-3-Clause */
/* GDB remote serial protocol framing: "$payload#cc" packets, their
 * checksums (sum of the payload bytes modulo 256, two lowercase hex
 * digits), the '}' escape of binary data, acknowledgements ('+', '-') and
 * the out-of-band interrupt byte 0x03; hex helpers.  No I/O here. */
#ifndef DSPSIM_GDB_RSP_PACKET_H
#define DSPSIM_GDB_RSP_PACKET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Largest payload accepted and sent (the PacketSize of qSupported). */
#define RSP_MAX_PAYLOAD 4096u

typedef enum rsp_event {
    RSP_EV_NONE = 0,     /* byte consumed, nothing complete yet */
    RSP_EV_PACKET,       /* a packet with a good checksum: rx->buf, rx->len */
    RSP_EV_BAD_CHECKSUM, /* a packet whose checksum does not match */
    RSP_EV_TOO_LONG,     /* a packet longer than RSP_MAX_PAYLOAD */
    RSP_EV_INTERRUPT,    /* 0x03 outside a packet (Ctrl-C) */
    RSP_EV_ACK,          /* '+' */
    RSP_EV_NAK,          /* '-': resend the last packet */
} rsp_event;

typedef struct rsp_rx {
    int state;                     /* 0 between packets, 1 payload,
                                       2/3 first/second checksum digit */
    char buf[RSP_MAX_PAYLOAD + 1]; /* payload as sent (escapes kept),
                                       NUL-terminated */
    size_t len;
    uint8_t sum; /* running checksum of the payload */
    uint8_t cs;  /* checksum received */
    bool overflow;
} rsp_rx;

void rsp_rx_init(rsp_rx *rx);
/* Feed one byte received; returns what it completed.  Bytes between
 * packets other than '$', '+', '-' and 0x03 are ignored. */
rsp_event rsp_rx_byte(rsp_rx *rx, uint8_t c);

/* Frame payload (n bytes, escaping '$', '#', '}' and '*') as
 * "$...#cc" into out (room for 2 * n + 4 bytes).  Returns the length. */
size_t rsp_frame(const void *payload, size_t n, char *out);

/* Undo the '}' escape of the n bytes at src into dst (at most n bytes;
 * dst may be src: in place); returns the new length, or (size_t)-1 if the
 * data ends in a lone '}'. */
size_t rsp_unescape(const char *src, size_t n, char *dst);

/* Hex: value of a digit or -1; bytes to 2 * n lowercase digits (no NUL);
 * 2 * n digits to n bytes (false on a non-digit). */
int rsp_hex_digit(int c);
void rsp_hex_encode(const uint8_t *src, size_t n, char *dst);
bool rsp_hex_decode(const char *src, size_t n, uint8_t *dst);
/* Parse a hex number of 1..8 digits at *p; *p moves past the digits.
 * False on no digit or more than 8. */
bool rsp_parse_hex32(const char **p, uint32_t *out);

#endif
