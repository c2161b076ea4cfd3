package loomlab.http;

import java.io.IOException;

/**
 * Bytes on the wire that are not valid HTTP/1.x, or a message cut short. Checked (and an
 * {@link IOException}) because it travels the same paths as socket failures; the message says what
 * was malformed, in one line.
 */
public final class HttpProtocolException extends IOException {
    private static final long serialVersionUID = 1L;
    /** A malformed message in general. */
    public static final int BAD_REQUEST = 400;
    /** A request head larger than the server accepts (RFC 6585). */
    public static final int HEADER_FIELDS_TOO_LARGE = 431;

    private final int status;

    public HttpProtocolException(String message) {
        this(message, BAD_REQUEST);
    }

    public HttpProtocolException(String message, int status) {
        super(message);
        this.status = status;
    }

    /** The status a server answers this with. */
    public int status() {
        return status;
    }
}
