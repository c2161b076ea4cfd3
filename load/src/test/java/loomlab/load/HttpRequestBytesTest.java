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
        ByteBuffer[] all = HttpRequestBytes.encodeAll(URI.create("http://h/"), PathMix.of(java.util.List.of("/a", "/bb"),
                java.util.List.of(1, 2)), true);
        assertEquals(2, all.length);
        assertEquals("GET /bb HTTP/1.1\r\nHost: h\r\n\r\n".length(), all[1].remaining());
    }
}
