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
        return new String(Request.get(target).bytes(host(url), keepAlive), StandardCharsets.ISO_8859_1);
    }

    /** {@code host} or {@code host:port}, as the Host header names the URL's server. */
    static String host(URI url) {
        return url.getPort() == -1 ? url.getHost() : url.getHost() + ":" + url.getPort();
    }

    static ByteBuffer encode(URI url, boolean keepAlive) {
        return encode(url, Request.get(LoadSpec.targetOf(url)), keepAlive);
    }

    static ByteBuffer encode(URI url, Request request, boolean keepAlive) {
        byte[] bytes = request.bytes(host(url), keepAlive);
        return ByteBuffer.allocateDirect(bytes.length).put(bytes).flip().asReadOnlyBuffer();
    }

    /** Every request of the mix, in the mix's order. */
    static ByteBuffer[] encodeAll(URI url, RequestMix mix, boolean keepAlive) {
        ByteBuffer[] requests = new ByteBuffer[mix.size()];
        for (int i = 0; i < requests.length; i++) {
            requests[i] = encode(url, mix.requests().get(i), keepAlive);
        }
        return requests;
    }
}
