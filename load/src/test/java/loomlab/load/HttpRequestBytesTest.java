package loomlab.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class HttpRequestBytesTest {

    @Test
    void aKeepAliveRequestIsAsShortAsWrks() {
        assertEquals("GET /hello HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n",
                HttpRequestBytes.text(URI.create("http://127.0.0.1:8080/hello"), true));
    }

    @Test
    void withoutKeepAliveTheRequestAsksTheServerToClose() {
        assertEquals("GET /sleep/50?x=a%20b HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
                HttpRequestBytes.text(URI.create("http://localhost/sleep/50?x=a%20b"), false));
    }

    @Test
    void anEmptyPathIsTheRoot() {
        assertEquals("GET / HTTP/1.1\r\nHost: example:81\r\n\r\n", HttpRequestBytes.text(URI.create("http://example:81"), true));
    }

    @Test
    void theEncodedBufferIsDirectReadOnlyAndComplete() {
        ByteBuffer buffer = HttpRequestBytes.encode(URI.create("http://h/"), true);
        assertTrue(buffer.isDirect() && buffer.isReadOnly());
        assertEquals("GET / HTTP/1.1\r\nHost: h\r\n\r\n".length(), buffer.remaining());
    }

    @Test
    void anotherTargetGoesToTheSameHost() {
        assertEquals("GET /orders?id=7 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n",
                HttpRequestBytes.text(URI.create("http://127.0.0.1:8080/hello"), "/orders?id=7", true));
        ByteBuffer[] all = HttpRequestBytes.encodeAll(URI.create("http://h/"), RequestMix.of(java.util.List.of("/a", "/bb"),
                java.util.List.of(1, 2)), true);
        assertEquals(2, all.length);
        assertEquals("GET /bb HTTP/1.1\r\nHost: h\r\n\r\n".length(), all[1].remaining());
    }

    @Test
    void aPostCarriesItsHeadersInOrderThenItsLengthThenItsBodyByteForByte() {
        byte[] body = "{\"item\":7,\"name\":\"caf\u00e9\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Request post = new Request("POST", "/orders?x=1", java.util.List.of(new Request.Header("Content-Type",
                "application/json"), new Request.Header("X-Trace", " a b ")), body);
        ByteBuffer buffer = HttpRequestBytes.encode(URI.create("http://127.0.0.1:8080/"), post, false);
        byte[] sent = new byte[buffer.remaining()];
        buffer.get(sent);
        String head = "POST /orders?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Type: application/json\r\n"
                + "X-Trace: a b\r\nContent-Length: " + body.length + "\r\nConnection: close\r\n\r\n";
        byte[] expected = java.util.Arrays.copyOf(head.getBytes(java.nio.charset.StandardCharsets.US_ASCII),
                head.length() + body.length);
        System.arraycopy(body, 0, expected, head.length(), body.length);
        assertEquals(java.util.HexFormat.of().formatHex(expected), java.util.HexFormat.of().formatHex(sent));
    }

    @Test
    void aPostWithoutABodyStillSaysItsLengthAndAGivenHostReplacesTheUrls() {
        assertEquals("POST /x HTTP/1.1\r\nHost: shop.local\r\nContent-Length: 0\r\n\r\n", new String(
                new Request("POST", "/x", java.util.List.of(new Request.Header("Host", "shop.local")), null)
                        .bytes("h", true), java.nio.charset.StandardCharsets.ISO_8859_1));
        assertEquals("DELETE /x/1 HTTP/1.1\r\nHost: h\r\n\r\n", new String(new Request("DELETE", "/x/1",
                java.util.List.of(), null).bytes("h", true), java.nio.charset.StandardCharsets.ISO_8859_1),
                "reversed: a method without a body has no length");
    }

    @Test
    void framingHeadersAndMalformedOnesAreOneLineRejections() {
        for (Runnable bad : java.util.List.<Runnable>of(
                () -> new Request("POST", "/x", java.util.List.of(new Request.Header("Content-Length", "3")), null),
                () -> new Request("GET", "/x", java.util.List.of(new Request.Header("connection", "close")), null),
                () -> new Request.Header("Bad Name", "v"), () -> new Request.Header("X", "a\r\nInjected: 1"),
                () -> new Request("post", "/x", java.util.List.of(), null), () -> new Request("GET", "x",
                        java.util.List.of(), null))) {
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    bad::run);
            assertTrue(!e.getMessage().contains("\n"), e.getMessage());
        }
    }
}
