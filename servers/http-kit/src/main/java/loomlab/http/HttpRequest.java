package loomlab.http;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;

import java.net.URLDecoder;
import java.util.Locale;
import java.util.Optional;

/**
 * One parsed request. Header names and values stay as bytes until a handler asks for one, so a
 * request nobody inspects costs no String per header.
 */
public final class HttpRequest {
    private final String method;
    private final String target;
    private final int pathStart;
    private final int pathEnd;
    private final boolean http10;
    private final boolean keepAlive;
    private final byte[] headerBytes;
    /** Four offsets per header into {@link #headerBytes}: name start, name end, value start, value end. */
    private final int[] headerOffsets;
    private final int headerCount;
    private final byte[] body;

    HttpRequest(String method, String target, int pathStart, int pathEnd, boolean http10, boolean keepAlive,
                byte[] headerBytes, int[] headerOffsets, int headerCount, byte[] body) {
        this.method = method;
        this.target = target;
        this.pathStart = pathStart;
        this.pathEnd = pathEnd;
        this.http10 = http10;
        this.keepAlive = keepAlive;
        this.headerBytes = headerBytes;
        this.headerOffsets = headerOffsets;
        this.headerCount = headerCount;
        this.body = body;
    }

    public String method() {
        return method;
    }

    /** The request target exactly as sent, e.g. {@code /downstream?delay=10}. */
    public String target() {
        return target;
    }

    /** The path without query, still percent-encoded, e.g. {@code /blocking/200}. */
    public String path() {
        return pathStart == 0 && pathEnd == target.length() ? target : target.substring(pathStart, pathEnd);
    }

    /** Whether the path starts with {@code prefix}, without building the path string. */
    public boolean pathStartsWith(String prefix) {
        return pathEnd - pathStart >= prefix.length() && target.startsWith(prefix, pathStart);
    }

    int pathLength() {
        return pathEnd - pathStart;
    }

    char pathChar(int index) {
        return target.charAt(pathStart + index);
    }

    /** The raw query after '?', or "" when there is none. */
    public String query() {
        return pathEnd < target.length() ? target.substring(pathEnd + 1) : "";
    }

    /** The first value of a query parameter, percent-decoded as UTF-8. */
    public Optional<String> queryParam(String name) {
        int length = target.length();
        int start = pathEnd + 1;
        while (start < length) {
            int end = target.indexOf('&', start);
            if (end < 0) {
                end = length;
            }
            int equals = target.indexOf('=', start);
            int nameEnd = equals >= 0 && equals < end ? equals : end;
            if (decode(target.substring(start, nameEnd)).equals(name)) {
                return Optional.of(nameEnd == end ? "" : decode(target.substring(nameEnd + 1, end)));
            }
            start = end + 1;
        }
        return Optional.empty();
    }

    /** The first header with this name (compared ignoring case), its value trimmed. */
    public Optional<String> header(String name) {
        byte[] lowerName = Ascii.bytes(name.toLowerCase(Locale.ROOT));
        for (int i = 0; i < headerCount; i++) {
            int at = i * 4;
            if (Ascii.equalsIgnoreCase(headerBytes, headerOffsets[at], headerOffsets[at + 1], lowerName)) {
                int valueStart = headerOffsets[at + 2];
                return Optional.of(new String(headerBytes, valueStart, headerOffsets[at + 3] - valueStart, ISO_8859_1));
            }
        }
        return Optional.empty();
    }

    public int headerCount() {
        return headerCount;
    }

    public boolean isHttp10() {
        return http10;
    }

    /** Whether the client lets the connection carry another request (HTTP/1.1 default, HTTP/1.0 opt-in). */
    public boolean keepAlive() {
        return keepAlive;
    }

    public byte[] body() {
        return body.clone();
    }

    private static String decode(String text) {
        return text.indexOf('%') < 0 && text.indexOf('+') < 0 ? text : URLDecoder.decode(text, UTF_8);
    }

    @Override
    public String toString() {
        return method + " " + target + (http10 ? " HTTP/1.0" : " HTTP/1.1");
    }
}
