package loomlab.http;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * An incremental HTTP/1.x request parser for the server side, in the same byte-level style as
 * {@link ResponseParser}. Reusable: {@link #reset()} before each request. Request bodies framed by
 * Content-Length are kept (up to 1 MiB); chunked request bodies are refused, which the server turns
 * into a 400 like any other malformed request.
 */
public final class RequestParser {
    /**
     * The most bytes a request line and its headers may take: Tomcat's default
     * {@code maxHttpHeaderSize} of 8 KB, so loomcat refuses what the seeds' Tomcat would, with 431.
     */
    public static final int MAX_HEADER_SECTION_BYTES = 8 * 1024;
    public static final int MAX_BODY_BYTES = 1 << 20;
    private static final String HEADER_SECTION_TOO_LARGE = "request line and headers over 8 KiB";

    private static final byte[] CONTENT_LENGTH = Ascii.bytes("content-length");
    private static final byte[] TRANSFER_ENCODING = Ascii.bytes("transfer-encoding");
    private static final byte[] CONNECTION = Ascii.bytes("connection");
    private static final byte[] CLOSE = Ascii.bytes("close");
    private static final byte[] KEEP_ALIVE = Ascii.bytes("keep-alive");
    private static final byte[] NO_BODY = new byte[0];

    private enum State { REQUEST_LINE, HEADER_LINE, BODY, DONE }

    private final LineReader line = new LineReader();
    private State state;
    private boolean started;
    private int sectionBytes;
    private String method;
    private String target;
    private int pathStart;
    private int pathEnd;
    private boolean http10;
    private boolean connectionClose;
    private boolean connectionKeepAlive;
    private long contentLength;
    private byte[] headerBytes = new byte[512];
    private int headerBytesLength;
    private int[] headerOffsets = new int[32];
    private int headerCount;
    private byte[] body;
    private int bodyFilled;
    private HttpRequest request;

    public RequestParser() {
        reset();
    }

    public void reset() {
        state = State.REQUEST_LINE;
        started = false;
        line.clear();
        sectionBytes = 0;
        method = null;
        target = null;
        http10 = false;
        connectionClose = false;
        connectionKeepAlive = false;
        contentLength = -1;
        headerBytesLength = 0;
        headerCount = 0;
        body = NO_BODY;
        bodyFilled = 0;
        request = null;
    }

    /**
     * Consumes bytes from {@code buf} from its position; returns true as soon as one whole request
     * was consumed, leaving any pipelined bytes after it in {@code buf}.
     */
    public boolean feed(ByteBuffer buf) throws HttpProtocolException {
        while (state != State.DONE) {
            if (!buf.hasRemaining()) {
                return false;
            }
            started = true;
            switch (state) {
                case REQUEST_LINE -> {
                    // RFC 9112 2.2: a server should ignore empty lines received before the request line.
                    if (readHeaderSectionLine(buf)) {
                        if (line.length() == 0) {
                            sectionBytes = 0;
                        } else {
                            parseRequestLine();
                            state = State.HEADER_LINE;
                        }
                    }
                }
                case HEADER_LINE -> {
                    if (readHeaderSectionLine(buf)) {
                        if (line.length() == 0) {
                            headersComplete();
                        } else {
                            parseHeaderLine();
                        }
                    }
                }
                case BODY -> {
                    int count = Math.min(body.length - bodyFilled, buf.remaining());
                    buf.get(body, bodyFilled, count);
                    bodyFilled += count;
                    if (bodyFilled == body.length) {
                        complete();
                    }
                }
                case DONE -> throw new IllegalStateException("unreachable");
            }
        }
        return true;
    }

    /** Whether any byte of the current request arrived: a close before that is an ordinary idle close. */
    public boolean hasStarted() {
        return started;
    }

    /** The request, once {@link #feed} returned true. */
    public HttpRequest request() {
        if (request == null) {
            throw new IllegalStateException("no complete request yet");
        }
        return request;
    }

    private boolean readHeaderSectionLine(ByteBuffer buf) throws HttpProtocolException {
        if (!line.feed(buf, MAX_HEADER_SECTION_BYTES - sectionBytes, HEADER_SECTION_TOO_LARGE,
                HttpProtocolException.HEADER_FIELDS_TOO_LARGE)) {
            return false;
        }
        sectionBytes += line.consumed();
        return true;
    }

    /** {@code method SP request-target SP HTTP/1.x}. */
    private void parseRequestLine() throws HttpProtocolException {
        byte[] text = line.bytes();
        int length = line.length();
        int methodEnd = 0;
        while (methodEnd < length && Ascii.isTokenChar(text[methodEnd])) {
            methodEnd++;
        }
        if (methodEnd == 0 || methodEnd == length || text[methodEnd] != ' ') {
            throw malformedRequestLine();
        }
        int targetStart = methodEnd + 1;
        int targetEnd = targetStart;
        while (targetEnd < length && text[targetEnd] > ' ' && text[targetEnd] != 0x7f) {
            targetEnd++;
        }
        int versionStart = targetEnd + 1;
        boolean versionShaped = targetEnd > targetStart && targetEnd < length && text[targetEnd] == ' '
                && length - versionStart == 8
                && text[versionStart] == 'H' && text[versionStart + 1] == 'T' && text[versionStart + 2] == 'T'
                && text[versionStart + 3] == 'P' && text[versionStart + 4] == '/' && text[versionStart + 5] == '1'
                && text[versionStart + 6] == '.' && Ascii.isDigit(text[versionStart + 7]);
        if (!versionShaped) {
            throw malformedRequestLine();
        }
        http10 = text[versionStart + 7] == '0';
        method = methodName(text, methodEnd);
        target = new String(text, targetStart, targetEnd - targetStart, StandardCharsets.ISO_8859_1);
        locatePath();
    }

    private HttpProtocolException malformedRequestLine() {
        return new HttpProtocolException("malformed request line: '" + line.asString() + "'");
    }

    /** The common methods as shared constants, so a GET costs no String. */
    private static String methodName(byte[] text, int length) {
        if (length == 3 && text[0] == 'G' && text[1] == 'E' && text[2] == 'T') {
            return "GET";
        }
        if (length == 4 && text[0] == 'H' && text[1] == 'E' && text[2] == 'A' && text[3] == 'D') {
            return "HEAD";
        }
        return new String(text, 0, length, StandardCharsets.ISO_8859_1);
    }

    /** Origin form {@code /path?query}, absolute form {@code http://host/path?query}, or {@code *}. */
    private void locatePath() throws HttpProtocolException {
        int start;
        if (target.charAt(0) == '/') {
            start = 0;
        } else if (target.equals("*")) {
            pathStart = 0;
            pathEnd = 1;
            return;
        } else if (target.regionMatches(true, 0, "http://", 0, 7) || target.regionMatches(true, 0, "https://", 0, 8)) {
            int authorityStart = target.indexOf("//") + 2;
            int slash = target.indexOf('/', authorityStart);
            int question = target.indexOf('?', authorityStart);
            start = slash >= 0 && (question < 0 || slash < question) ? slash : -1;
            if (start < 0) {
                throw new HttpProtocolException("absolute request target without a path: '" + target + "'");
            }
        } else {
            throw new HttpProtocolException("request target must start with '/': '" + target + "'");
        }
        int question = target.indexOf('?', start);
        pathStart = start;
        pathEnd = question < 0 ? target.length() : question;
    }

    private void parseHeaderLine() throws HttpProtocolException {
        byte[] text = line.bytes();
        int length = line.length();
        int colon = HeaderSyntax.colonIndex(text, length);
        int valueStart = Ascii.skipWhitespace(text, colon + 1, length);
        int valueEnd = Ascii.trimWhitespaceEnd(text, valueStart, length);
        if (Ascii.equalsIgnoreCase(text, 0, colon, CONTENT_LENGTH)) {
            long value = Ascii.parseDecimal(text, valueStart, valueEnd);
            if (value < 0 || (contentLength >= 0 && contentLength != value)) {
                throw new HttpProtocolException("invalid Content-Length: '" + line.asString() + "'");
            }
            contentLength = value;
        } else if (Ascii.equalsIgnoreCase(text, 0, colon, TRANSFER_ENCODING)) {
            throw new HttpProtocolException("request bodies with Transfer-Encoding are not supported");
        } else if (Ascii.equalsIgnoreCase(text, 0, colon, CONNECTION)) {
            connectionClose |= Ascii.listContains(text, valueStart, valueEnd, CLOSE);
            connectionKeepAlive |= Ascii.listContains(text, valueStart, valueEnd, KEEP_ALIVE);
        }
        keepHeader(text, colon, valueStart, valueEnd);
    }

    private void keepHeader(byte[] text, int nameEnd, int valueStart, int valueEnd) {
        int valueLength = valueEnd - valueStart;
        int needed = headerBytesLength + nameEnd + valueLength;
        if (needed > headerBytes.length) {
            headerBytes = Arrays.copyOf(headerBytes, Math.max(needed, headerBytes.length * 2));
        }
        if ((headerCount + 1) * 4 > headerOffsets.length) {
            headerOffsets = Arrays.copyOf(headerOffsets, headerOffsets.length * 2);
        }
        int at = headerCount * 4;
        headerOffsets[at] = headerBytesLength;
        System.arraycopy(text, 0, headerBytes, headerBytesLength, nameEnd);
        headerBytesLength += nameEnd;
        headerOffsets[at + 1] = headerBytesLength;
        headerOffsets[at + 2] = headerBytesLength;
        System.arraycopy(text, valueStart, headerBytes, headerBytesLength, valueLength);
        headerBytesLength += valueLength;
        headerOffsets[at + 3] = headerBytesLength;
        headerCount++;
    }

    private void headersComplete() throws HttpProtocolException {
        if (contentLength > MAX_BODY_BYTES) {
            throw new HttpProtocolException("request body over 1 MiB");
        }
        if (contentLength > 0) {
            body = new byte[(int) contentLength];
            state = State.BODY;
        } else {
            complete();
        }
    }

    private void complete() {
        boolean keepAlive = http10 ? connectionKeepAlive && !connectionClose : !connectionClose;
        request = new HttpRequest(method, target, pathStart, pathEnd, http10, keepAlive,
                Arrays.copyOf(headerBytes, headerBytesLength), Arrays.copyOf(headerOffsets, headerCount * 4),
                headerCount, body);
        state = State.DONE;
    }
}
