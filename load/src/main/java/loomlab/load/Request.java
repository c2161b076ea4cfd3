package loomlab.load;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One request as the generator sends it, byte for byte: a method, a target on the run's host, the
 * headers given, and a body. The generator adds only what the connection needs: {@code Host} (unless
 * given), {@code Content-Length} (from the body, for a body or a method that carries one) and
 * {@code Connection: close} when it does not keep connections alive; so those that frame the message
 * are not taken from the caller. Every rejection is an {@link IllegalArgumentException} with a one-line
 * message.
 *
 * @param method  an HTTP method token, upper case ({@code GET}, {@code POST}, ...)
 * @param target  as it goes on the request line: {@code /path?query}
 * @param headers in the order they are sent
 * @param body    the body's bytes; empty for none
 */
public record Request(String method, String target, List<Header> headers, byte[] body) {
    /** Framing is the generator's: a caller's value could only disagree with the bytes it sends. */
    static final Set<String> FRAMING = Set.of("content-length", "transfer-encoding", "connection");
    /** Methods whose requests carry a body by definition, so an empty one is still framed (Content-Length: 0). */
    static final Set<String> WITH_BODY = Set.of("POST", "PUT", "PATCH");

    public Request {
        if (method == null || method.isEmpty() || !method.chars().allMatch(c -> c >= 'A' && c <= 'Z')) {
            throw new IllegalArgumentException("an HTTP method is upper-case letters, got '" + method + "'");
        }
        if (target == null || !target.startsWith("/") || target.chars().anyMatch(c -> c <= ' ' || c >= 0x7f)) {
            throw new IllegalArgumentException("a request target starts with '/' and holds no spaces or"
                    + " control characters, got '" + target + "'");
        }
        headers = List.copyOf(headers);
        for (Header header : headers) {
            if (FRAMING.contains(header.name().toLowerCase(Locale.ROOT))) {
                throw new IllegalArgumentException("the generator sets " + header.name() + " itself (from the body"
                        + " and the connection); leave it out");
            }
        }
        body = body == null ? new byte[0] : body.clone();
    }

    /** A GET of {@code target}, no headers, no body. */
    public static Request get(String target) {
        return new Request("GET", target, List.of(), new byte[0]);
    }

    /** The body's bytes (a copy). */
    @Override
    public byte[] body() {
        return body.clone();
    }

    int bodyLength() {
        return body.length;
    }

    /** How figures name it: the target alone for a GET, else the method before it ({@code POST /orders}). */
    public String label() {
        return method.equals("GET") ? target : method + " " + target;
    }

    /** The request's bytes for the host ({@code host} or {@code host:port}). */
    public byte[] bytes(String host, boolean keepAlive) {
        StringBuilder head = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n");
        if (headers.stream().noneMatch(h -> h.name().equalsIgnoreCase("host"))) {
            head.append("Host: ").append(host).append("\r\n");
        }
        for (Header header : headers) {
            head.append(header.name()).append(": ").append(header.value()).append("\r\n");
        }
        if (body.length > 0 || WITH_BODY.contains(method)) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        if (!keepAlive) {
            head.append("Connection: close\r\n");
        }
        head.append("\r\n");
        byte[] start = head.toString().getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = Arrays.copyOf(start, start.length + body.length);
        System.arraycopy(body, 0, all, start.length, body.length);
        return all;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Request that && method.equals(that.method) && target.equals(that.target)
                && headers.equals(that.headers) && Arrays.equals(body, that.body);
    }

    @Override
    public int hashCode() {
        return ((method.hashCode() * 31 + target.hashCode()) * 31 + headers.hashCode()) * 31 + Arrays.hashCode(body);
    }

    @Override
    public String toString() {
        return label() + (headers.isEmpty() ? "" : " " + headers) + (body.length == 0 ? ""
                : " (" + body.length + " bytes: " + HexFormat.of().formatHex(body, 0, Math.min(body.length, 16))
                + (body.length > 16 ? "..." : "") + ")");
    }

    /**
     * One header line. The name is an RFC 9110 token; the value holds no line break or other control
     * character but tab, and only characters of one byte (ISO-8859-1), as it is sent.
     */
    public record Header(String name, String value) {
        private static final String TOKEN_EXTRAS = "!#$%&'*+-.^_`|~";

        public Header {
            if (name == null || name.isEmpty() || !name.chars().allMatch(Header::tokenChar)) {
                throw new IllegalArgumentException("a header name is letters, digits and !#$%&'*+-.^_`|~, got '"
                        + name + "'");
            }
            if (value == null || value.chars().anyMatch(c -> (c < ' ' && c != '\t') || c == 0x7f || c > 0xff)) {
                throw new IllegalArgumentException("the value of header " + name + " holds a line break, a control"
                        + " character or a character outside ISO-8859-1");
            }
            value = value.strip();
        }

        private static boolean tokenChar(int c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || TOKEN_EXTRAS.indexOf(c) >= 0;
        }
    }
}
