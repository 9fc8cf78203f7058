/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the GDB protocol framing (sim/gdb/rsp_packet.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "rsp_packet.h"

static rsp_event feed(rsp_rx *rx, const char *s, size_t n)
{
    rsp_event last = RSP_EV_NONE;
    for (size_t i = 0; i < n; i++) {
        rsp_event e = rsp_rx_byte(rx, (uint8_t)s[i]);
        if (e != RSP_EV_NONE)
            last = e;
    }
    return last;
}

static void test_good_packet(void **state)
{
    (void)state;
    rsp_rx rx;
    rsp_rx_init(&rx);
    assert_int_equal(feed(&rx, "$g#67", 5), RSP_EV_PACKET);
    assert_string_equal(rx.buf, "g");
    assert_int_equal(feed(&rx, "$m40000000,4#51", 15), RSP_EV_PACKET);
    assert_string_equal(rx.buf, "m40000000,4");
    assert_int_equal(rx.len, 11);
    assert_int_equal(feed(&rx, "$#00", 4), RSP_EV_PACKET);
    assert_int_equal(rx.len, 0);
}

static void test_bad_checksum_and_noise(void **state)
{
    (void)state;
    rsp_rx rx;
    rsp_rx_init(&rx);
    assert_int_equal(feed(&rx, "$g#00", 5), RSP_EV_BAD_CHECKSUM);
    assert_int_equal(feed(&rx, "$g#zz", 5), RSP_EV_BAD_CHECKSUM);
    assert_int_equal(feed(&rx, "$g#6", 4), RSP_EV_NONE);
    assert_int_equal(feed(&rx, "q", 1), RSP_EV_BAD_CHECKSUM);
    /* noise, acks and the interrupt byte between packets */
    assert_int_equal(feed(&rx, "abc", 3), RSP_EV_NONE);
    assert_int_equal(rsp_rx_byte(&rx, '+'), RSP_EV_ACK);
    assert_int_equal(rsp_rx_byte(&rx, '-'), RSP_EV_NAK);
    assert_int_equal(rsp_rx_byte(&rx, 0x03), RSP_EV_INTERRUPT);
    /* a '$' inside a packet restarts it */
    assert_int_equal(feed(&rx, "$xx$g#67", 8), RSP_EV_PACKET);
    assert_string_equal(rx.buf, "g");
}

static void test_too_long(void **state)
{
    (void)state;
    rsp_rx rx;
    rsp_rx_init(&rx);
    static char pkt[RSP_MAX_PAYLOAD + 100];
    size_t n = RSP_MAX_PAYLOAD + 10;
    memset(pkt + 1, 'a', n);
    pkt[0] = '$';
    unsigned sum = (unsigned)('a' * n) & 0xff;
    static const char hex[] = "0123456789abcdef";
    pkt[n + 1] = '#';
    pkt[n + 2] = hex[sum >> 4];
    pkt[n + 3] = hex[sum & 15];
    assert_int_equal(feed(&rx, pkt, n + 4), RSP_EV_TOO_LONG);
    assert_int_equal(feed(&rx, "$g#67", 5), RSP_EV_PACKET);
}

static void test_frame_and_escape(void **state)
{
    (void)state;
    char out[64];
    size_t n = rsp_frame("OK", 2, out);
    assert_int_equal(n, 6);
    assert_memory_equal(out, "$OK#9a", 6);
    /* '$', '#', '}' and '*' are escaped, the checksum covers the escapes */
    n = rsp_frame("a#b", 3, out);
    assert_memory_equal(out,
                        "$a}\x03"
                        "b#",
                        6);
    rsp_rx rx;
    rsp_rx_init(&rx);
    assert_int_equal(feed(&rx, out, n), RSP_EV_PACKET);
    size_t m = rsp_unescape(rx.buf, rx.len, rx.buf);
    assert_int_equal(m, 3);
    assert_memory_equal(rx.buf, "a#b", 3);
    char lone[] = "ab}";
    assert_int_equal(rsp_unescape(lone, 3, lone), (size_t)-1);
}

static void test_hex(void **state)
{
    (void)state;
    const char *p = "4000abcd,10";
    uint32_t v;
    assert_true(rsp_parse_hex32(&p, &v));
    assert_int_equal(v, 0x4000abcd);
    assert_int_equal(*p, ',');
    p = "123456789";
    assert_false(rsp_parse_hex32(&p, &v));
    p = ",1";
    assert_false(rsp_parse_hex32(&p, &v));
    uint8_t b[3];
    assert_true(rsp_hex_decode("00fF7a", 3, b));
    assert_int_equal(b[1], 0xff);
    assert_false(rsp_hex_decode("0g", 1, b));
    char h[6];
    rsp_hex_encode(b, 3, h);
    assert_memory_equal(h, "00ff7a", 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_good_packet),
        cmocka_unit_test(test_bad_checksum_and_noise),
        cmocka_unit_test(test_too_long),
        cmocka_unit_test(test_frame_and_escape),
        cmocka_unit_test(test_hex),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
