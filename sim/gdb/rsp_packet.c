/* SPDX-License-Identifier: BSD-3-Clause */
/* GDB remote serial protocol framing and hex helpers (rsp_packet.h). */
#include "rsp_packet.h"

void rsp_rx_init(rsp_rx *rx)
{
    rx->state = 0;
    rx->len = 0;
    rx->sum = 0;
    rx->cs = 0;
    rx->overflow = false;
    rx->buf[0] = '\0';
}

int rsp_hex_digit(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

rsp_event rsp_rx_byte(rsp_rx *rx, uint8_t c)
{
    switch (rx->state) {
    case 0:
        if (c == '$') {
            rx->state = 1;
            rx->len = 0;
            rx->sum = 0;
            rx->overflow = false;
        } else if (c == 0x03) {
            return RSP_EV_INTERRUPT;
        } else if (c == '+') {
            return RSP_EV_ACK;
        } else if (c == '-') {
            return RSP_EV_NAK;
        }
        return RSP_EV_NONE;
    case 1:
        if (c == '#') {
            rx->state = 2;
            rx->buf[rx->len] = '\0';
            return RSP_EV_NONE;
        }
        if (c == '$') { /* a new packet restarts the frame */
            rx->len = 0;
            rx->sum = 0;
            rx->overflow = false;
            return RSP_EV_NONE;
        }
        rx->sum = (uint8_t)(rx->sum + c);
        if (rx->len < RSP_MAX_PAYLOAD)
            rx->buf[rx->len++] = (char)c;
        else
            rx->overflow = true;
        return RSP_EV_NONE;
    case 2: {
        int d = rsp_hex_digit(c);
        rx->cs = (uint8_t)((d < 0 ? 0 : d) << 4);
        rx->state = d < 0 ? 4 : 3; /* 4: a bad digit, still 1 to skip */
        return RSP_EV_NONE;
    }
    case 3: {
        int d = rsp_hex_digit(c);
        rx->state = 0;
        if (d < 0)
            return RSP_EV_BAD_CHECKSUM;
        rx->cs = (uint8_t)(rx->cs | d);
        if (rx->cs != rx->sum)
            return RSP_EV_BAD_CHECKSUM;
        return rx->overflow ? RSP_EV_TOO_LONG : RSP_EV_PACKET;
    }
    default:
        rx->state = 0;
        return RSP_EV_BAD_CHECKSUM;
    }
}

size_t rsp_frame(const void *payload, size_t n, char *out)
{
    static const char hex[] = "0123456789abcdef";
    const uint8_t *p = payload;
    size_t o = 0;
    uint8_t sum = 0;
    out[o++] = '$';
    for (size_t i = 0; i < n; i++) {
        uint8_t c = p[i];
        if (c == '$' || c == '#' || c == '}' || c == '*') {
            out[o++] = '}';
            sum = (uint8_t)(sum + '}');
            c ^= 0x20;
        }
        out[o++] = (char)c;
        sum = (uint8_t)(sum + c);
    }
    out[o++] = '#';
    out[o++] = hex[sum >> 4];
    out[o++] = hex[sum & 15];
    return o;
}

size_t rsp_unescape(const char *src, size_t n, char *dst)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        if (src[i] == '}') {
            if (++i >= n)
                return (size_t)-1;
            dst[o++] = (char)(src[i] ^ 0x20);
        } else {
            dst[o++] = src[i];
        }
    }
    return o;
}

void rsp_hex_encode(const uint8_t *src, size_t n, char *dst)
{
    static const char hex[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        dst[2 * i] = hex[src[i] >> 4];
        dst[2 * i + 1] = hex[src[i] & 15];
    }
}

bool rsp_hex_decode(const char *src, size_t n, uint8_t *dst)
{
    for (size_t i = 0; i < n; i++) {
        int h = rsp_hex_digit((unsigned char)src[2 * i]);
        int l = rsp_hex_digit((unsigned char)src[2 * i + 1]);
        if (h < 0 || l < 0)
            return false;
        dst[i] = (uint8_t)(h << 4 | l);
    }
    return true;
}

bool rsp_parse_hex32(const char **p, uint32_t *out)
{
    const char *s = *p;
    uint32_t v = 0;
    unsigned n = 0;
    int d;
    while ((d = rsp_hex_digit((unsigned char)*s)) >= 0) {
        if (++n > 8)
            return false;
        v = v << 4 | (uint32_t)d;
        s++;
    }
    if (!n)
        return false;
    *p = s;
    *out = v;
    return true;
}
