package loomlab.http;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.List;
import loomlab.http.ResponseParser.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class ResponseParserTest {

    /** What a whole response parsed to; compared across every way of splitting its bytes. */
    record Parsed(int status, long bodyLength, String body, boolean keepAlive) {
    }

    /** A response whose end the parser sees without the connection closing. */
    record Framed(String name, String raw, Parsed expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Framed> framedResponses() {
        return List.of(
                new Framed("content-length", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Type: text/plain\r\n\r\nhello",
                        new Parsed(200, 5, "hello", true)),
                new Framed("empty content-length", "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n",
                        new Parsed(200, 0, "", true)),
                new Framed("chunked with extension and trailers",
                        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                                + "4;name=value\r\nWiki\r\n9 \r\npedia in \r\n2\r\n\r\n\r\n0\r\nX-Checksum: 1\r\nX-More: 2\r\n\r\n",
                        new Parsed(200, 15, "Wikipedia in \r\n", true)),
                new Framed("chunked with upper-case hex and gzip first", "HTTP/1.1 201 Created\r\nTransfer-Encoding: gzip, Chunked\r\n\r\n"
                        + "1A\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\n\r\n",
                        new Parsed(201, 26, "abcdefghijklmnopqrstuvwxyz", true)),
                new Framed("no content", "HTTP/1.1 204 No Content\r\nServer: x\r\n\r\n",
                        new Parsed(204, 0, "", true)),
                new Framed("not modified ignores content-length", "HTTP/1.1 304 Not Modified\r\nContent-Length: 100\r\n\r\n",
                        new Parsed(304, 0, "", true)),
                new Framed("interim 100 skipped", "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok",
                        new Parsed(200, 2, "ok", true)),
                new Framed("http 1.0 keep-alive", "HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 3\r\n\r\nabc",
                        new Parsed(200, 3, "abc", true)),
                new Framed("http 1.0 default close", "HTTP/1.0 200 OK\r\nContent-Length: 3\r\n\r\nabc",
                        new Parsed(200, 3, "abc", false)),
                new Framed("connection close", "HTTP/1.1 503 Service Unavailable\r\nconnection: upgrade, CLOSE\r\nContent-Length: 1\r\n\r\nx",
                        new Parsed(503, 1, "x", false)),
                new Framed("upper-case names, empty reason, LF-only lines", "HTTP/1.1 404\nCONTENT-LENGTH:   4  \n\nnope",
                        new Parsed(404, 4, "nope", true)),
                new Framed("transfer-encoding overrides content-length",
                        "HTTP/1.1 200 OK\r\nContent-Length: 99\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhi\r\n0\r\n\r\n",
                        new Parsed(200, 2, "hi", true)),
                new Framed("agreeing repeated content-length", "HTTP/1.1 200 OK\r\nContent-Length: 2, 2\r\nContent-Length: 2\r\n\r\nab",
                        new Parsed(200, 2, "ab", true)),
                new Framed("switching protocols", "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n",
                        new Parsed(101, 0, "", false)));
    }

    @ParameterizedTest
    @MethodSource("framedResponses")
    void parsesWholeResponse(Framed response) throws Exception {
        ResponseParser parser = capturing();
        ByteBuffer buf = bytes(response.raw());
        assertEquals(Outcome.COMPLETE, parser.feed(buf));
        assertEquals(0, buf.remaining());
        assertEquals(response.expected(), parsed(parser));
    }

    @ParameterizedTest
    @MethodSource("framedResponses")
    void parsesResponseSplitAtEveryPoint(Framed response) throws Exception {
        byte[] raw = response.raw().getBytes(ISO_8859_1);
        ResponseParser parser = capturing();
        for (int split = 0; split < raw.length; split++) {
            parser.reset();
            ByteBuffer first = ByteBuffer.wrap(raw, 0, split);
            assertEquals(Outcome.NEED_MORE, parser.feed(first), "split at " + split);
            assertEquals(0, first.remaining(), "split at " + split);
            ByteBuffer second = ByteBuffer.wrap(raw, split, raw.length - split);
            assertEquals(Outcome.COMPLETE, parser.feed(second), "split at " + split);
            assertEquals(0, second.remaining(), "split at " + split);
            assertEquals(response.expected(), parsed(parser), "split at " + split);
        }
    }

    @ParameterizedTest
    @MethodSource("framedResponses")
    void parsesResponseFedOneByteAtATime(Framed response) throws Exception {
        byte[] raw = response.raw().getBytes(ISO_8859_1);
        ResponseParser parser = capturing();
        for (int i = 0; i < raw.length; i++) {
            Outcome expected = i == raw.length - 1 ? Outcome.COMPLETE : Outcome.NEED_MORE;
            assertEquals(expected, parser.feed(ByteBuffer.wrap(raw, i, 1)), "byte " + i);
        }
        assertEquals(response.expected(), parsed(parser));
    }

    @ParameterizedTest
    @MethodSource("framedResponses")
    void countsBodyWithoutCapturing(Framed response) throws Exception {
        ResponseParser parser = new ResponseParser();
        assertEquals(Outcome.COMPLETE, parser.feed(bytes(response.raw())));
        assertEquals(response.expected().bodyLength(), parser.bodyLength());
        assertEquals(response.expected().status(), parser.status());
        assertThrows(IllegalStateException.class, parser::body);
    }

    @Test
    void leavesPipelinedResponsesInTheBuffer() throws Exception {
        String first = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nfirst";
        String second = "HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nsecond\r\n0\r\n\r\n";
        String third = "HTTP/1.1 204 No Content\r\n\r\n";
        ByteBuffer buf = bytes(first + second + third + "HTTP/1.1 2");
        ResponseParser parser = capturing();

        assertEquals(Outcome.COMPLETE, parser.feed(buf));
        assertEquals(new Parsed(200, 5, "first", true), parsed(parser));
        assertEquals(first.length(), buf.position());
        assertEquals(Outcome.COMPLETE, parser.feed(buf), "a complete parser consumes nothing more");
        assertEquals(first.length(), buf.position());

        parser.reset();
        assertEquals(Outcome.COMPLETE, parser.feed(buf));
        assertEquals(new Parsed(404, 6, "second", true), parsed(parser));
        assertEquals(first.length() + second.length(), buf.position());

        parser.reset();
        assertEquals(Outcome.COMPLETE, parser.feed(buf));
        assertEquals(204, parser.status());

        parser.reset();
        assertEquals(Outcome.NEED_MORE, parser.feed(buf));
        assertEquals(0, buf.remaining());
    }

    @Test
    void closeDelimitedBodyEndsAtEndOfStream() throws Exception {
        byte[] raw = "HTTP/1.1 200 OK\r\nServer: old\r\n\r\nuntil the close".getBytes(ISO_8859_1);
        ResponseParser parser = capturing();
        for (int split = 0; split <= raw.length; split++) {
            parser.reset();
            assertEquals(Outcome.NEED_MORE, parser.feed(ByteBuffer.wrap(raw, 0, split)));
            assertEquals(Outcome.NEED_MORE, parser.feed(ByteBuffer.wrap(raw, split, raw.length - split)));
            assertEquals(Outcome.COMPLETE, parser.endOfStream());
            assertEquals(new Parsed(200, 15, "until the close", false), parsed(parser));
        }
    }

    @Test
    void nonChunkedTransferEncodingIsCloseDelimited() throws Exception {
        ResponseParser parser = capturing();
        assertEquals(Outcome.NEED_MORE, parser.feed(bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\nContent-Length: 2\r\n\r\nabc")));
        assertEquals(Outcome.COMPLETE, parser.endOfStream());
        assertEquals(new Parsed(200, 3, "abc", false), parsed(parser));
    }

    @Test
    void endOfStreamBeforeAnythingIsAnError() {
        ResponseParser parser = new ResponseParser();
        HttpProtocolException e = assertThrows(HttpProtocolException.class, parser::endOfStream);
        assertEquals("connection closed before any response", e.getMessage());
    }

    @Test
    void endOfStreamAfterAnEmptyFeedIsStillNothing() throws Exception {
        ResponseParser parser = new ResponseParser();
        assertEquals(Outcome.NEED_MORE, parser.feed(ByteBuffer.allocate(0)));
        assertEquals("connection closed before any response",
                assertThrows(HttpProtocolException.class, parser::endOfStream).getMessage());
    }

    @Test
    void endOfStreamInsideAResponseNamesWhere() throws Exception {
        assertEquals("connection closed inside the status line", cutShort("HTTP/1.1 20"));
        assertEquals("connection closed inside the headers", cutShort("HTTP/1.1 200 OK\r\nContent-Le"));
        assertEquals("connection closed after 3 of 10 body bytes", cutShort("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc"));
        assertEquals("connection closed inside a chunked body", cutShort("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab"));
        assertEquals("connection closed inside a chunked body", cutShort("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n"));
    }

    @Test
    void endOfStreamAfterCompleteResponseIsComplete() throws Exception {
        ResponseParser parser = new ResponseParser();
        parser.feed(bytes("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"));
        assertEquals(Outcome.COMPLETE, parser.endOfStream());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nab",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX-Trailer: y\r\n",
    })
    void incompleteResponsesNeedMore(String raw) throws Exception {
        ResponseParser parser = new ResponseParser();
        ByteBuffer buf = bytes(raw);
        assertEquals(Outcome.NEED_MORE, parser.feed(buf));
        assertEquals(0, buf.remaining());
    }

    static List<String[]> malformedResponses() {
        return List.of(
                new String[] {"HTTP/2 200 OK\r\n\r\n", "malformed status line: 'HTTP/2 200 OK'"},
                new String[] {"HTTP/1.1 20 OK\r\n\r\n", "malformed status line: 'HTTP/1.1 20 OK'"},
                new String[] {"HTTP/1.1 2000 OK\r\n\r\n", "malformed status line: 'HTTP/1.1 2000 OK'"},
                new String[] {"HTTP/1.1 099 Low\r\n\r\n", "malformed status line: 'HTTP/1.1 099 Low'"},
                new String[] {"http/1.1 200 OK\r\n\r\n", "malformed status line: 'http/1.1 200 OK'"},
                new String[] {"HTTP/1.1 2x0 OK\r\n\r\n", "malformed status line: 'HTTP/1.1 2x0 OK'"},
                new String[] {"\r\n", "malformed status line: ''"},
                new String[] {"HTTP/1.1 200 OK\rX\r\n\r\n", "CR not followed by LF"},
                new String[] {"HTTP/1.1 200 OK\r\nNo colon here\r\n\r\n", "invalid character in header name"},
                new String[] {"HTTP/1.1 200 OK\r\nNoColon\r\n\r\n", "header line without a colon"},
                new String[] {"HTTP/1.1 200 OK\r\nContent-Length : 1\r\n\r\nx", "invalid character in header name"},
                new String[] {"HTTP/1.1 200 OK\r\n: empty\r\n\r\n", "empty header name"},
                new String[] {"HTTP/1.1 200 OK\r\nX-A: 1\r\n folded\r\n\r\n", "obsolete header line folding"},
                new String[] {"HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", "invalid Content-Length: 'Content-Length: -1'"},
                new String[] {"HTTP/1.1 200 OK\r\nContent-Length: 1x\r\n\r\n", "invalid Content-Length: 'Content-Length: 1x'"},
                new String[] {"HTTP/1.1 200 OK\r\nContent-Length:\r\n\r\n", "invalid Content-Length: 'Content-Length:'"},
                new String[] {"HTTP/1.1 200 OK\r\nContent-Length: 1234567890123456789\r\n\r\n",
                        "invalid Content-Length: 'Content-Length: 1234567890123456789'"},
                new String[] {"HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", "conflicting Content-Length values"},
                new String[] {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nxyz\r\n", "malformed chunk size line: 'xyz'"},
                new String[] {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\r\n", "malformed chunk size line: ''"},
                new String[] {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5 x\r\n", "malformed chunk size line: '5 x'"},
                new String[] {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10000000000000000\r\n", "chunk size too large"},
                new String[] {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n", "chunk data not followed by CRLF"},
                new String[] {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\r\n", "CR not followed by LF"},
                new String[] {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nbad trailer\r\n\r\n", "invalid character in header name"},
                new String[] {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1" + ";x".repeat(2048) + "\r\n", "chunk size line over 4 KiB"});
    }

    @ParameterizedTest
    @MethodSource("malformedResponses")
    void rejectsMalformedResponses(String raw, String message) {
        ResponseParser parser = new ResponseParser();
        HttpProtocolException e = assertThrows(HttpProtocolException.class, () -> parser.feed(bytes(raw)));
        assertEquals(message, e.getMessage());
    }

    @Test
    void acceptsHeaderSectionOfExactly64KiB() throws Exception {
        ResponseParser parser = new ResponseParser();
        ByteBuffer buf = bytes(headerSectionOf(64 * 1024) + "body");
        assertEquals(Outcome.COMPLETE, parser.feed(buf));
        assertEquals(4, parser.bodyLength());
    }

    @Test
    void rejectsHeaderSectionOneByteOver64KiB() {
        ResponseParser parser = new ResponseParser();
        HttpProtocolException e = assertThrows(HttpProtocolException.class,
                () -> parser.feed(bytes(headerSectionOf(64 * 1024 + 1))));
        assertEquals("header section over 64 KiB", e.getMessage());
    }

    @Test
    void rejectsEndlessHeaderSectionFedInPieces() throws Exception {
        ResponseParser parser = new ResponseParser();
        parser.feed(bytes("HTTP/1.1 200 OK\r\n"));
        String header = "X-Filler: " + "a".repeat(1000) + "\r\n";
        assertThrows(HttpProtocolException.class, () -> {
            for (int i = 0; i < 100; i++) {
                parser.feed(bytes(header));
            }
        });
    }

    @Test
    void rejectsTrailerSectionOver64KiB() throws Exception {
        ResponseParser parser = new ResponseParser();
        parser.feed(bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n"));
        HttpProtocolException e = assertThrows(HttpProtocolException.class,
                () -> parser.feed(bytes("X-T: " + "t".repeat(64 * 1024) + "\r\n\r\n")));
        assertEquals("trailer section over 64 KiB", e.getMessage());
    }

    @Test
    void capturesLargeBodyAcrossManyFeeds() throws Exception {
        byte[] body = new byte[3 * 1024 * 1024 + 7];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) (i * 31);
        }
        ResponseParser parser = capturing();
        assertEquals(Outcome.NEED_MORE, parser.feed(bytes("HTTP/1.1 200 OK\r\nContent-Length: " + body.length + "\r\n\r\n")));
        Outcome outcome = Outcome.NEED_MORE;
        for (int offset = 0; offset < body.length; offset += 8192) {
            outcome = parser.feed(ByteBuffer.wrap(body, offset, Math.min(8192, body.length - offset)));
        }
        assertEquals(Outcome.COMPLETE, outcome);
        assertArrayEquals(body, parser.body());
        assertEquals(body.length, parser.bodyLength());
    }

    @Test
    void resetForgetsThePreviousResponse() throws Exception {
        ResponseParser parser = capturing();
        parser.feed(bytes("HTTP/1.0 500 Oops\r\nContent-Length: 3\r\n\r\nbad"));
        parser.reset();
        assertEquals(Outcome.COMPLETE, parser.feed(bytes("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")));
        assertEquals(new Parsed(200, 2, "ok", true), parsed(parser));
    }

    @Test
    void readsFromDirectBuffers() throws Exception {
        byte[] raw = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhelloHTTP".getBytes(ISO_8859_1);
        ByteBuffer direct = ByteBuffer.allocateDirect(raw.length).put(raw).flip();
        ResponseParser parser = capturing();
        assertEquals(Outcome.COMPLETE, parser.feed(direct));
        assertEquals("hello", new String(parser.body(), ISO_8859_1));
        assertEquals(4, direct.remaining());
        assertTrue(parser.keepAlive());
        assertFalse(direct.isReadOnly());
    }

    /** A response head of exactly {@code size} bytes, CRLFs included, declaring a 4-byte body. */
    private static String headerSectionOf(int size) {
        String start = "HTTP/1.1 200 OK\r\nContent-Length: 4\r\nX-Pad: ";
        String end = "\r\n\r\n";
        String head = start + "p".repeat(size - start.length() - end.length()) + end;
        assertEquals(size, head.length());
        return head;
    }

    private static String cutShort(String raw) throws Exception {
        ResponseParser parser = new ResponseParser();
        assertEquals(Outcome.NEED_MORE, parser.feed(bytes(raw)));
        return assertThrows(HttpProtocolException.class, parser::endOfStream).getMessage();
    }

    private static ResponseParser capturing() {
        ResponseParser parser = new ResponseParser();
        parser.captureBody(true);
        return parser;
    }

    private static Parsed parsed(ResponseParser parser) {
        return new Parsed(parser.status(), parser.bodyLength(), new String(parser.body(), ISO_8859_1), parser.keepAlive());
    }

    private static ByteBuffer bytes(String text) {
        return ByteBuffer.wrap(text.getBytes(ISO_8859_1));
    }
}
