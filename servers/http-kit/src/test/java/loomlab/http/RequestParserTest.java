package loomlab.http;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class RequestParserTest {

    /** The parts of a request a server acts on; compared across every way of splitting its bytes. */
    record Parsed(String method, String target, String path, String query, boolean http10, boolean keepAlive,
                  int headerCount, String body) {
        static Parsed of(HttpRequest request) {
            return new Parsed(request.method(), request.target(), request.path(), request.query(), request.isHttp10(),
                    request.keepAlive(), request.headerCount(), new String(request.body(), ISO_8859_1));
        }
    }

    record Case(String name, String raw, Parsed expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Case> requests() {
        return List.of(
                new Case("wrk-style get", "GET /hello HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n",
                        new Parsed("GET", "/hello", "/hello", "", false, true, 1, "")),
                new Case("query string", "GET /downstream?delay=20&x=%41 HTTP/1.1\r\nHost: h\r\nAccept: */*\r\n\r\n",
                        new Parsed("GET", "/downstream?delay=20&x=%41", "/downstream", "delay=20&x=%41", false, true, 2, "")),
                new Case("connection close", "GET / HTTP/1.1\r\nConnection: close\r\n\r\n",
                        new Parsed("GET", "/", "/", "", false, false, 1, "")),
                new Case("http 1.0 default close", "GET /a HTTP/1.0\r\n\r\n",
                        new Parsed("GET", "/a", "/a", "", true, false, 0, "")),
                new Case("http 1.0 keep-alive", "HEAD /a HTTP/1.0\r\nconnection: Keep-Alive\r\n\r\n",
                        new Parsed("HEAD", "/a", "/a", "", true, true, 1, "")),
                new Case("body by content-length", "POST /form HTTP/1.1\r\nContent-Length: 7\r\n\r\na=1&b=2",
                        new Parsed("POST", "/form", "/form", "", false, true, 1, "a=1&b=2")),
                new Case("absolute form", "GET http://example.test:81/p/q?r=1 HTTP/1.1\r\n\r\n",
                        new Parsed("GET", "http://example.test:81/p/q?r=1", "/p/q", "r=1", false, true, 0, "")),
                new Case("asterisk form", "OPTIONS * HTTP/1.1\r\n\r\n",
                        new Parsed("OPTIONS", "*", "*", "", false, true, 0, "")),
                new Case("leading empty lines and LF-only endings", "\r\n\nGET /x HTTP/1.1\nHost: h\n\n",
                        new Parsed("GET", "/x", "/x", "", false, true, 1, "")));
    }

    @ParameterizedTest
    @MethodSource("requests")
    void parsesWholeRequest(Case request) throws Exception {
        RequestParser parser = new RequestParser();
        ByteBuffer buf = bytes(request.raw());
        assertTrue(parser.feed(buf));
        assertEquals(0, buf.remaining());
        assertEquals(request.expected(), Parsed.of(parser.request()));
    }

    @ParameterizedTest
    @MethodSource("requests")
    void parsesRequestSplitAtEveryPoint(Case request) throws Exception {
        byte[] raw = request.raw().getBytes(ISO_8859_1);
        RequestParser parser = new RequestParser();
        for (int split = 0; split < raw.length; split++) {
            parser.reset();
            assertFalse(parser.feed(ByteBuffer.wrap(raw, 0, split)), "split at " + split);
            ByteBuffer rest = ByteBuffer.wrap(raw, split, raw.length - split);
            assertTrue(parser.feed(rest), "split at " + split);
            assertEquals(0, rest.remaining(), "split at " + split);
            assertEquals(request.expected(), Parsed.of(parser.request()), "split at " + split);
        }
    }

    @Test
    void leavesPipelinedRequestsInTheBuffer() throws Exception {
        String first = "GET /one HTTP/1.1\r\nHost: h\r\n\r\n";
        String second = "POST /two HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc";
        ByteBuffer buf = bytes(first + second + "GET /thr");
        RequestParser parser = new RequestParser();
        assertTrue(parser.feed(buf));
        assertEquals("/one", parser.request().path());
        assertEquals(first.length(), buf.position());
        parser.reset();
        assertTrue(parser.feed(buf));
        assertEquals("abc", new String(parser.request().body(), ISO_8859_1));
        parser.reset();
        assertFalse(parser.feed(buf));
        assertTrue(parser.hasStarted());
    }

    @Test
    void findsHeadersIgnoringCase() throws Exception {
        HttpRequest request = parse("GET / HTTP/1.1\r\nHost: example\r\nX-Trace-Id:  abc 123 \r\nx-trace-id: second\r\n\r\n");
        assertEquals(Optional.of("abc 123"), request.header("x-TRACE-id"));
        assertEquals(Optional.of("example"), request.header("host"));
        assertEquals(Optional.empty(), request.header("Accept"));
    }

    @Test
    void decodesQueryParameters() throws Exception {
        HttpRequest request = parse("GET /p?delay=20&name=a%20b+c&flag&empty=&delay=30 HTTP/1.1\r\n\r\n");
        assertEquals(Optional.of("20"), request.queryParam("delay"));
        assertEquals(Optional.of("a b c"), request.queryParam("name"));
        assertEquals(Optional.of(""), request.queryParam("flag"));
        assertEquals(Optional.of(""), request.queryParam("empty"));
        assertEquals(Optional.empty(), request.queryParam("missing"));
        assertEquals(Optional.empty(), parse("GET /p HTTP/1.1\r\n\r\n").queryParam("delay"));
    }

    @Test
    void matchesPathPrefixWithoutTheQuery() throws Exception {
        HttpRequest request = parse("GET /blocking/20?x=/blocking/99 HTTP/1.1\r\n\r\n");
        assertTrue(request.pathStartsWith("/blocking/"));
        assertFalse(request.pathStartsWith("/blocking/20?"));
        assertEquals("/blocking/20", request.path());
    }

    @Test
    void reportsWhetherAnythingArrived() throws Exception {
        RequestParser parser = new RequestParser();
        assertFalse(parser.feed(ByteBuffer.allocate(0)));
        assertFalse(parser.hasStarted());
        assertFalse(parser.feed(bytes("G")));
        assertTrue(parser.hasStarted());
        assertThrows(IllegalStateException.class, parser::request);
    }

    static List<String[]> malformedRequests() {
        return List.of(
                new String[] {"GET /x\r\n\r\n", "malformed request line: 'GET /x'"},
                new String[] {"GET  /x HTTP/1.1\r\n\r\n", "malformed request line: 'GET  /x HTTP/1.1'"},
                new String[] {"GET /x HTTP/2.0\r\n\r\n", "malformed request line: 'GET /x HTTP/2.0'"},
                new String[] {"GET /x HTTP/1.1 \r\n\r\n", "malformed request line: 'GET /x HTTP/1.1 '"},
                new String[] {"G(T /x HTTP/1.1\r\n\r\n", "malformed request line: 'G(T /x HTTP/1.1'"},
                new String[] {"GARBAGE\r\n\r\n", "malformed request line: 'GARBAGE'"},
                new String[] {"GET x HTTP/1.1\r\n\r\n", "request target must start with '/': 'x'"},
                new String[] {"GET http://host HTTP/1.1\r\n\r\n", "absolute request target without a path: 'http://host'"},
                new String[] {"GET / HTTP/1.1\r\nBad Header: 1\r\n\r\n", "invalid character in header name"},
                new String[] {"GET / HTTP/1.1\r\nContent-Length: x\r\n\r\n", "invalid Content-Length: 'Content-Length: x'"},
                new String[] {"GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
                        "invalid Content-Length: 'Content-Length: 2'"},
                new String[] {"POST / HTTP/1.1\r\nContent-Length: 1048577\r\n\r\n", "request body over 1 MiB"},
                new String[] {"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
                        "request bodies with Transfer-Encoding are not supported"},
                new String[] {"GET / HTTP/1.1\rHost: h\r\n\r\n", "CR not followed by LF"},
                new String[] {"GET /" + "a".repeat(8 * 1024) + " HTTP/1.1\r\n\r\n",
                        "request line and headers over 8 KiB"});
    }

    @Test
    void aHeadOfExactly8KiBIsTakenAndOneByteMoreIsRefusedWith431() throws Exception {
        String start = "GET / HTTP/1.1\r\nX-Fill: ";
        String end = "\r\n\r\n";
        String fits = start + "f".repeat(8 * 1024 - start.length() - end.length()) + end;
        assertEquals(8 * 1024, fits.length());
        assertEquals("/", parse(fits).path());
        String over = start + "f".repeat(8 * 1024 - start.length() - end.length() + 1) + end;
        HttpProtocolException e = assertThrows(HttpProtocolException.class, () -> new RequestParser().feed(bytes(over)));
        assertEquals(431, e.status());
        StringBuilder manyLines = new StringBuilder("GET / HTTP/1.1\r\n");
        for (int i = 0; i < 5_000; i++) {
            manyLines.append("X-H").append(i).append(": v\r\n");
        }
        assertEquals(431, assertThrows(HttpProtocolException.class,
                () -> new RequestParser().feed(bytes(manyLines + "\r\n"))).status());
        assertEquals(400, assertThrows(HttpProtocolException.class,
                () -> new RequestParser().feed(bytes("GARBAGE\r\n\r\n"))).status());
    }

    @ParameterizedTest
    @MethodSource("malformedRequests")
    void rejectsMalformedRequests(String raw, String message) {
        RequestParser parser = new RequestParser();
        HttpProtocolException e = assertThrows(HttpProtocolException.class, () -> parser.feed(bytes(raw)));
        assertEquals(message, e.getMessage());
    }

    @Test
    void keepsBodyBytesExactly() throws Exception {
        byte[] body = new byte[256];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) i;
        }
        byte[] head = "PUT /bin HTTP/1.1\r\nContent-Length: 256\r\n\r\n".getBytes(ISO_8859_1);
        ByteBuffer buf = ByteBuffer.allocate(head.length + body.length).put(head).put(body).flip();
        RequestParser parser = new RequestParser();
        assertTrue(parser.feed(buf));
        assertArrayEquals(body, parser.request().body());
    }

    private static HttpRequest parse(String raw) throws HttpProtocolException {
        RequestParser parser = new RequestParser();
        assertTrue(parser.feed(bytes(raw)));
        return parser.request();
    }

    private static ByteBuffer bytes(String text) {
        return ByteBuffer.wrap(text.getBytes(ISO_8859_1));
    }
}
