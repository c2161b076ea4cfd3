package loomlab.http;

import static java.nio.charset.StandardCharsets.ISO_8859_1;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * Encodes a response into a pooled direct buffer and writes it to a non-blocking channel, streaming
 * bodies larger than the buffer slice by slice. {@link #writeTo} returns false when the socket
 * buffer is full; the caller then waits for writability in the poller instead of spinning.
 */
final class ResponseWriter {
    private static final byte[][] STATUS_LINES = new byte[600][];
    private static final byte[] CONTENT_TYPE_TEXT = headerLine("Content-Type", Response.TEXT);
    private static final byte[] CONTENT_TYPE_JSON = headerLine("Content-Type", Response.JSON);
    private static final byte[] CONTENT_LENGTH = Ascii.bytes("Content-Length: ");
    private static final byte[] CONNECTION_CLOSE = headerLine("Connection", "close");
    private static final byte[] CONNECTION_KEEP_ALIVE = headerLine("Connection", "keep-alive");
    private static final byte[] CRLF = Ascii.bytes("\r\n");

    private final BufferPool buffers;
    private ByteBuffer out;
    private byte[] body;
    private int bodyOffset;

    ResponseWriter(BufferPool buffers) {
        this.buffers = buffers;
    }

    /**
     * Prepares {@code response} for writing.
     *
     * @param keepAlive whether the connection stays open after it
     * @param announceKeepAlive whether to say so explicitly (HTTP/1.0 clients need it)
     * @param headOnly a HEAD request: the head announces the body's length but the body is not sent
     */
    void start(Response response, boolean keepAlive, boolean announceKeepAlive, boolean headOnly) {
        if (out == null) {
            out = buffers.acquire();
        }
        out.clear();
        out.put(statusLine(response.status()));
        out.put(contentTypeLine(response.contentType()));
        out.put(CONTENT_LENGTH);
        putDecimal(response.body().length);
        out.put(CRLF);
        if (!keepAlive) {
            out.put(CONNECTION_CLOSE);
        } else if (announceKeepAlive) {
            out.put(CONNECTION_KEEP_ALIVE);
        }
        out.put(CRLF);
        body = headOnly ? null : response.body();
        bodyOffset = 0;
        fillWithBody();
        out.flip();
    }

    /** Writes as much as the socket takes; true when the whole response is written. */
    boolean writeTo(SocketChannel channel) throws IOException {
        while (true) {
            if (out.hasRemaining()) {
                if (channel.write(out) == 0) {
                    return false;
                }
            } else if (body != null && bodyOffset < body.length) {
                out.clear();
                fillWithBody();
                out.flip();
            } else {
                body = null;
                release();
                return true;
            }
        }
    }

    /** Returns the buffer to the pool; safe to call when none is held. */
    void release() {
        if (out != null) {
            buffers.release(out);
            out = null;
        }
    }

    private void fillWithBody() {
        if (body == null) {
            return;
        }
        int count = Math.min(out.remaining(), body.length - bodyOffset);
        out.put(body, bodyOffset, count);
        bodyOffset += count;
    }

    private void putDecimal(int value) {
        if (value == 0) {
            out.put((byte) '0');
            return;
        }
        int digits = 0;
        for (int rest = value; rest > 0; rest /= 10) {
            digits++;
        }
        int end = out.position() + digits;
        for (int at = end - 1, rest = value; rest > 0; rest /= 10, at--) {
            out.put(at, (byte) ('0' + rest % 10));
        }
        out.position(end);
    }

    static {
        for (int status = 100; status < STATUS_LINES.length; status++) {
            STATUS_LINES[status] = Ascii.bytes("HTTP/1.1 " + status + " " + reasonPhrase(status) + "\r\n");
        }
    }

    private static byte[] statusLine(int status) {
        return status < STATUS_LINES.length
                ? STATUS_LINES[status]
                : Ascii.bytes("HTTP/1.1 " + status + " " + reasonPhrase(status) + "\r\n");
    }

    private static byte[] contentTypeLine(String contentType) {
        if (Response.TEXT.equals(contentType)) {
            return CONTENT_TYPE_TEXT;
        }
        if (Response.JSON.equals(contentType)) {
            return CONTENT_TYPE_JSON;
        }
        return headerLine("Content-Type", contentType);
    }

    private static byte[] headerLine(String name, String value) {
        return (name + ": " + value + "\r\n").getBytes(ISO_8859_1);
    }

    static String reasonPhrase(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 201 -> "Created";
            case 204 -> "No Content";
            case 400 -> "Bad Request";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 431 -> "Request Header Fields Too Large";
            case 500 -> "Internal Server Error";
            case 502 -> "Bad Gateway";
            case 503 -> "Service Unavailable";
            case 504 -> "Gateway Timeout";
            default -> "Status " + status;
        };
    }
}
