package loomlab.http;

import java.io.IOException;

/**
 * Bytes on the wire that are not valid HTTP/1.x, or a message cut short. Checked (and an
 * {@link IOException}) because it travels the same paths as socket failures; the message says what
 * was malformed, in one line.
 */
public final class HttpProtocolException extends IOException {
    private static final long serialVersionUID = 1L;

    public HttpProtocolException(String message) {
        super(message);
    }
}
