package loomlab.http;

import java.nio.ByteBuffer;

/**
 * An incremental HTTP/1.x response parser: a byte-level state machine fed whatever bytes arrived,
 * split anywhere. Reusable: {@link #reset()} before each response. Bodies may be framed by
 * Content-Length, chunked transfer coding (trailers allowed) or the closing of the connection;
 * 204, 304 and 101 have none. Interim 1xx responses (100 Continue, 103 Early Hints) are skipped as
 * RFC 9110 asks of a client, so {@link #status()} is always the final status.
 */
public final class ResponseParser {

    public enum Outcome { NEED_MORE, COMPLETE }

    /** The largest header section (and, separately, trailer section) accepted, CRLFs included. */
    public static final int MAX_HEADER_SECTION_BYTES = 64 * 1024;
    private static final int MAX_CHUNK_SIZE_LINE_BYTES = 4 * 1024;
    private static final String HEADER_SECTION_TOO_LARGE = "header section over 64 KiB";
    private static final String TRAILER_SECTION_TOO_LARGE = "trailer section over 64 KiB";
    private static final String CHUNK_SIZE_LINE_TOO_LONG = "chunk size line over 4 KiB";
    private static final String CHUNK_NOT_FOLLOWED_BY_CRLF = "chunk data not followed by CRLF";

    private static final byte[] CONTENT_LENGTH = Ascii.bytes("content-length");
    private static final byte[] TRANSFER_ENCODING = Ascii.bytes("transfer-encoding");
    private static final byte[] CONNECTION = Ascii.bytes("connection");
    private static final byte[] CHUNKED = Ascii.bytes("chunked");
    private static final byte[] CLOSE = Ascii.bytes("close");
    private static final byte[] KEEP_ALIVE = Ascii.bytes("keep-alive");
    private static final long NO_CONTENT_LENGTH = -1;
    private static final long LARGEST_CHUNK_SIZE = Long.MAX_VALUE >> 4;

    private enum State {
        STATUS_LINE, HEADER_LINE, FIXED_LENGTH_BODY, CHUNK_SIZE_LINE, CHUNK_DATA, CHUNK_DATA_END,
        TRAILER_LINE, CLOSE_DELIMITED_BODY, DONE
    }

    private final LineReader line = new LineReader();
    private final GrowableBytes capturedBody = new GrowableBytes();
    private boolean captureBody;

    private State state;
    private boolean receivedAnything;
    private int sectionBytes;
    private int status;
    private boolean http10;
    private boolean connectionClose;
    private boolean connectionKeepAlive;
    private long contentLength;
    private boolean transferEncodingSeen;
    private boolean chunked;
    private long bytesLeft;
    private long bodyLength;
    private boolean keepAlive;

    public ResponseParser() {
        reset();
    }

    public void reset() {
        receivedAnything = false;
        startMessage();
    }

    /** Starts a (possibly final, after an interim 1xx) response: everything but "anything received". */
    private void startMessage() {
        state = State.STATUS_LINE;
        line.clear();
        capturedBody.clear();
        sectionBytes = 0;
        status = 0;
        http10 = false;
        connectionClose = false;
        connectionKeepAlive = false;
        contentLength = NO_CONTENT_LENGTH;
        transferEncodingSeen = false;
        chunked = false;
        bytesLeft = 0;
        bodyLength = 0;
        keepAlive = false;
    }

    /** False (the default): body bytes are only counted, as a load generator wants. True: kept for {@link #body()}. */
    public void captureBody(boolean capture) {
        this.captureBody = capture;
    }

    /**
     * Consumes bytes from {@code buf} from its position, advancing it; returns COMPLETE as soon as
     * one whole response was consumed and leaves any following bytes in {@code buf}. After COMPLETE,
     * further calls consume nothing and return COMPLETE until {@link #reset()}.
     *
     * @throws HttpProtocolException for a malformed status line, headers, chunk sizes, or a header
     *     section over 64 KiB
     */
    public Outcome feed(ByteBuffer buf) throws HttpProtocolException {
        while (state != State.DONE) {
            if (!buf.hasRemaining()) {
                return Outcome.NEED_MORE;
            }
            receivedAnything = true;
            switch (state) {
                case STATUS_LINE -> {
                    if (readHeaderSectionLine(buf, HEADER_SECTION_TOO_LARGE)) {
                        parseStatusLine();
                        state = State.HEADER_LINE;
                    }
                }
                case HEADER_LINE -> {
                    if (readHeaderSectionLine(buf, HEADER_SECTION_TOO_LARGE)) {
                        if (line.length() == 0) {
                            headersComplete();
                        } else {
                            parseHeaderLine();
                        }
                    }
                }
                case FIXED_LENGTH_BODY -> {
                    consumeBody(buf, bytesLeft);
                    if (bytesLeft == 0) {
                        state = State.DONE;
                    }
                }
                case CHUNK_SIZE_LINE -> {
                    if (readLine(buf, MAX_CHUNK_SIZE_LINE_BYTES, CHUNK_SIZE_LINE_TOO_LONG)) {
                        startChunk(parseChunkSize());
                    }
                }
                case CHUNK_DATA -> {
                    consumeBody(buf, bytesLeft);
                    if (bytesLeft == 0) {
                        state = State.CHUNK_DATA_END;
                    }
                }
                case CHUNK_DATA_END -> {
                    if (readLine(buf, 2, CHUNK_NOT_FOLLOWED_BY_CRLF)) {
                        if (line.length() != 0) {
                            throw new HttpProtocolException(CHUNK_NOT_FOLLOWED_BY_CRLF);
                        }
                        state = State.CHUNK_SIZE_LINE;
                    }
                }
                case TRAILER_LINE -> {
                    if (readHeaderSectionLine(buf, TRAILER_SECTION_TOO_LARGE)) {
                        if (line.length() == 0) {
                            state = State.DONE;
                        } else {
                            HeaderSyntax.colonIndex(line.bytes(), line.length());
                        }
                    }
                }
                case CLOSE_DELIMITED_BODY -> consumeBody(buf, Long.MAX_VALUE);
                case DONE -> throw new IllegalStateException("unreachable");
            }
        }
        return Outcome.COMPLETE;
    }

    /**
     * The connection closed: completes a close-delimited body (COMPLETE), or throws if a response
     * was cut short or nothing arrived at all.
     */
    public Outcome endOfStream() throws HttpProtocolException {
        return switch (state) {
            case DONE -> Outcome.COMPLETE;
            case CLOSE_DELIMITED_BODY -> {
                state = State.DONE;
                yield Outcome.COMPLETE;
            }
            case STATUS_LINE -> throw new HttpProtocolException(receivedAnything
                    ? "connection closed inside the status line"
                    : "connection closed before any response");
            case HEADER_LINE -> throw new HttpProtocolException("connection closed inside the headers");
            case FIXED_LENGTH_BODY -> throw new HttpProtocolException("connection closed after "
                    + bodyLength + " of " + contentLength + " body bytes");
            case CHUNK_SIZE_LINE, CHUNK_DATA, CHUNK_DATA_END, TRAILER_LINE ->
                    throw new HttpProtocolException("connection closed inside a chunked body");
        };
    }

    public int status() {
        return status;
    }

    /** Body bytes received so far (decoded, for chunked bodies). */
    public long bodyLength() {
        return bodyLength;
    }

    /** A copy of the body; only with {@code captureBody(true)}. */
    public byte[] body() {
        if (!captureBody) {
            throw new IllegalStateException("body not captured: call captureBody(true) before feeding");
        }
        return capturedBody.toArray();
    }

    /**
     * Whether the connection may carry another request: false when the server said Connection:
     * close, or spoke HTTP/1.0 without keep-alive, or framed the body by closing the connection.
     */
    public boolean keepAlive() {
        return keepAlive;
    }

    private boolean readHeaderSectionLine(ByteBuffer buf, String overflowMessage) throws HttpProtocolException {
        if (!line.feed(buf, MAX_HEADER_SECTION_BYTES - sectionBytes, overflowMessage)) {
            return false;
        }
        sectionBytes += line.consumed();
        return true;
    }

    /** Reads a line; on true, the line is in {@link #line} until the next read clears it. */
    private boolean readLine(ByteBuffer buf, int budget, String overflowMessage) throws HttpProtocolException {
        return line.feed(buf, budget, overflowMessage);
    }

    private void consumeBody(ByteBuffer buf, long atMost) throws HttpProtocolException {
        int count = (int) Math.min(atMost, buf.remaining());
        if (captureBody) {
            capturedBody.append(buf, count);
        } else {
            buf.position(buf.position() + count);
        }
        bytesLeft -= count;
        bodyLength += count;
    }

    /** {@code HTTP/1.x SP 3DIGIT [SP reason]}. */
    private void parseStatusLine() throws HttpProtocolException {
        byte[] text = line.bytes();
        int length = line.length();
        boolean shaped = length >= 12
                && text[0] == 'H' && text[1] == 'T' && text[2] == 'T' && text[3] == 'P' && text[4] == '/'
                && text[5] == '1' && text[6] == '.' && Ascii.isDigit(text[7]) && text[8] == ' '
                && text[9] >= '1' && text[9] <= '9' && Ascii.isDigit(text[10]) && Ascii.isDigit(text[11])
                && (length == 12 || text[12] == ' ');
        if (!shaped) {
            throw new HttpProtocolException("malformed status line: '" + line.asString() + "'");
        }
        http10 = text[7] == '0';
        status = (text[9] - '0') * 100 + (text[10] - '0') * 10 + (text[11] - '0');
    }

    private void parseHeaderLine() throws HttpProtocolException {
        byte[] text = line.bytes();
        int length = line.length();
        int colon = HeaderSyntax.colonIndex(text, length);
        int valueStart = Ascii.skipWhitespace(text, colon + 1, length);
        int valueEnd = Ascii.trimWhitespaceEnd(text, valueStart, length);
        if (Ascii.equalsIgnoreCase(text, 0, colon, CONTENT_LENGTH)) {
            readContentLength(text, valueStart, valueEnd);
        } else if (Ascii.equalsIgnoreCase(text, 0, colon, TRANSFER_ENCODING)) {
            transferEncodingSeen = true;
            chunked = Ascii.listEndsWith(text, valueStart, valueEnd, CHUNKED);
        } else if (Ascii.equalsIgnoreCase(text, 0, colon, CONNECTION)) {
            connectionClose |= Ascii.listContains(text, valueStart, valueEnd, CLOSE);
            connectionKeepAlive |= Ascii.listContains(text, valueStart, valueEnd, KEEP_ALIVE);
        }
    }

    /** Accepts a repeated or listed Content-Length only when every value agrees (RFC 9110 8.6). */
    private void readContentLength(byte[] text, int from, int to) throws HttpProtocolException {
        int start = from;
        for (int i = from; i <= to; i++) {
            if (i == to || text[i] == ',') {
                int elementStart = Ascii.skipWhitespace(text, start, i);
                long value = Ascii.parseDecimal(text, elementStart, Ascii.trimWhitespaceEnd(text, elementStart, i));
                if (value < 0) {
                    throw new HttpProtocolException("invalid Content-Length: '" + line.asString() + "'");
                }
                if (contentLength != NO_CONTENT_LENGTH && contentLength != value) {
                    throw new HttpProtocolException("conflicting Content-Length values");
                }
                contentLength = value;
                start = i + 1;
            }
        }
    }

    private void headersComplete() {
        if (status < 200 && status != 101) {
            startMessage();
            return;
        }
        keepAlive = http10 ? connectionKeepAlive && !connectionClose : !connectionClose;
        if (status == 101) {
            keepAlive = false;
            state = State.DONE;
        } else if (status == 204 || status == 304) {
            state = State.DONE;
        } else if (transferEncodingSeen) {
            // Transfer-Encoding overrides Content-Length; without a final "chunked" the close ends the body.
            if (chunked) {
                state = State.CHUNK_SIZE_LINE;
            } else {
                startCloseDelimitedBody();
            }
        } else if (contentLength != NO_CONTENT_LENGTH) {
            bytesLeft = contentLength;
            if (captureBody) {
                capturedBody.expect(contentLength);
            }
            state = contentLength == 0 ? State.DONE : State.FIXED_LENGTH_BODY;
        } else {
            startCloseDelimitedBody();
        }
    }

    private void startCloseDelimitedBody() {
        keepAlive = false;
        state = State.CLOSE_DELIMITED_BODY;
    }

    /** {@code 1*HEXDIG [BWS] [; extensions]}: extensions are ignored. */
    private long parseChunkSize() throws HttpProtocolException {
        byte[] text = line.bytes();
        int length = line.length();
        long size = 0;
        int i = 0;
        for (; i < length; i++) {
            int digit = Ascii.hexValue(text[i]);
            if (digit < 0) {
                break;
            }
            if (size > LARGEST_CHUNK_SIZE) {
                throw new HttpProtocolException("chunk size too large");
            }
            size = (size << 4) | digit;
        }
        int afterDigits = Ascii.skipWhitespace(text, i, length);
        if (i == 0 || (afterDigits < length && text[afterDigits] != ';')) {
            throw new HttpProtocolException("malformed chunk size line: '" + line.asString() + "'");
        }
        return size;
    }

    private void startChunk(long size) {
        if (size == 0) {
            sectionBytes = 0;
            state = State.TRAILER_LINE;
        } else {
            bytesLeft = size;
            state = State.CHUNK_DATA;
        }
    }
}
