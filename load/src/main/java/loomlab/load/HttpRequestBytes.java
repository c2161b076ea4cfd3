package loomlab.load;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** The requests a run sends, each encoded once into a read-only direct buffer that connections duplicate. */
final class HttpRequestBytes {

    private HttpRequestBytes() {
    }

    /** {@code GET <path?query> HTTP/1.1}, Host, and Connection: close when not keeping connections alive. */
    static String text(URI url, boolean keepAlive) {
        return text(url, LoadSpec.targetOf(url), keepAlive);
    }

    /** The same for another target on the URL's host and port. */
    static String text(URI url, String target, boolean keepAlive) {
        String host = url.getPort() == -1 ? url.getHost() : url.getHost() + ":" + url.getPort();
        return "GET " + target + " HTTP/1.1\r\nHost: " + host + "\r\n"
                + (keepAlive ? "" : "Connection: close\r\n") + "\r\n";
    }

    static ByteBuffer encode(URI url, boolean keepAlive) {
        return encode(url, LoadSpec.targetOf(url), keepAlive);
    }

    static ByteBuffer encode(URI url, String target, boolean keepAlive) {
        byte[] bytes = text(url, target, keepAlive).getBytes(StandardCharsets.US_ASCII);
        return ByteBuffer.allocateDirect(bytes.length).put(bytes).flip().asReadOnlyBuffer();
    }

    /** Every target of the mix, in the mix's order. */
    static ByteBuffer[] encodeAll(URI url, PathMix paths, boolean keepAlive) {
        ByteBuffer[] requests = new ByteBuffer[paths.size()];
        for (int i = 0; i < requests.length; i++) {
            requests[i] = encode(url, paths.targets().get(i), keepAlive);
        }
        return requests;
    }
}
