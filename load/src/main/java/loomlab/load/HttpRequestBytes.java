package loomlab.load;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** The one request a run sends, encoded once into a read-only direct buffer that connections duplicate. */
final class HttpRequestBytes {

    private HttpRequestBytes() {
    }

    /** {@code GET <path?query> HTTP/1.1}, Host, and Connection: close when not keeping connections alive. */
    static String text(URI url, boolean keepAlive) {
        String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
        String target = url.getRawQuery() == null ? path : path + "?" + url.getRawQuery();
        String host = url.getPort() == -1 ? url.getHost() : url.getHost() + ":" + url.getPort();
        return "GET " + target + " HTTP/1.1\r\nHost: " + host + "\r\n"
                + (keepAlive ? "" : "Connection: close\r\n") + "\r\n";
    }

    static ByteBuffer encode(URI url, boolean keepAlive) {
        byte[] bytes = text(url, keepAlive).getBytes(StandardCharsets.US_ASCII);
        return ByteBuffer.allocateDirect(bytes.length).put(bytes).flip().asReadOnlyBuffer();
    }
}
