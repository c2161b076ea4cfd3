package loomlab.core.arm;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import loomlab.core.BadInput;

/**
 * A request of a user's mix and its share of it: a method, a path, headers and a body, sent as they
 * are, {@code weight} times as often as a request of weight 1. {@code --path /stock} is a GET of weight 1;
 * {@code --request 'POST /orders@3' --header 'Content-Type: application/json' --body @order.json} a POST
 * of weight 3. The lab adds only what the connection needs (Host unless given, Content-Length from the
 * body, Connection when it closes), so the headers that frame a message are not taken from the user.
 *
 * @param body the body's bytes, empty for none (a copy is kept and handed out)
 */
public record WeightedRequest(String method, String path, List<Header> headers, byte[] body, int weight) {
    /** The methods the lab sends; a typo is caught before anything starts rather than answered 405 or 501. */
    public static final List<String> METHODS = List.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");
    /** Set by the lab from the body and the connection: a user's value could only disagree with the bytes sent. */
    static final Set<String> FRAMING = Set.of("content-length", "transfer-encoding", "connection");

    public WeightedRequest {
        Objects.requireNonNull(method);
        if (!METHODS.contains(method)) {
            throw new BadInput("unknown HTTP method '" + method + "'; choose from: " + String.join(", ", METHODS));
        }
        if (path == null || !path.startsWith("/") || path.chars().anyMatch(c -> c <= ' ' || c >= 0x7f)) {
            throw new BadInput("a path starts with '/' and holds no spaces or control characters (percent-encode"
                    + " them), got '" + path + "'");
        }
        headers = List.copyOf(headers);
        body = body == null ? new byte[0] : body.clone();
        if (weight < 1 || weight > WeightedPath.MAX_WEIGHT) {
            throw new BadInput("the weight of " + method + " " + path + " must be a whole number from 1 to "
                    + WeightedPath.MAX_WEIGHT + ", got " + weight);
        }
        if (body.length > 0 && (method.equals("GET") || method.equals("HEAD"))) {
            throw new BadInput(method + " " + path + " has a body; servers may ignore or refuse one on " + method
                    + ", so the lab sends none (use POST, PUT or PATCH)");
        }
    }

    /** A GET of a {@code --path}. */
    public static WeightedRequest get(WeightedPath path) {
        return new WeightedRequest("GET", path.path(), List.of(), null, path.weight());
    }

    /** A GET of a path of weight 1. */
    public static WeightedRequest get(String path) {
        return get(new WeightedPath(path, 1));
    }

    /**
     * {@code --request 'METHOD PATH[@WEIGHT]'} with its {@code --header}s and its body (already read).
     *
     * @param line the request line as typed: a method, one or more blanks, then the path and its weight
     */
    public static WeightedRequest parse(String line, List<String> headers, byte[] body) {
        if (line == null || line.isBlank()) {
            throw new BadInput("--request needs 'METHOD PATH', e.g. --request 'POST /orders'");
        }
        String[] parts = line.strip().split("\\s+");
        if (parts.length != 2) {
            throw new BadInput("--request takes 'METHOD PATH[@WEIGHT]' (one method, one path), got '" + line.strip()
                    + "'");
        }
        String method = parts[0].toUpperCase(Locale.ROOT);
        if (!METHODS.contains(method)) {
            throw new BadInput("--request '" + line.strip() + "': unknown HTTP method '" + parts[0] + "'; choose from: "
                    + String.join(", ", METHODS));
        }
        String path = parts[1];
        int weight = 1;
        int at = path.lastIndexOf('@');
        if (at >= 0) {
            try {
                weight = Integer.parseInt(path.substring(at + 1));
            } catch (NumberFormatException e) {
                throw new BadInput("--request '" + line.strip() + "': '" + path.substring(at + 1) + "' after @ is not a"
                        + " whole-number weight");
            }
            path = path.substring(0, at);
        }
        List<Header> parsed = new ArrayList<>();
        for (String header : headers) {
            parsed.add(Header.parse(header));
        }
        return new WeightedRequest(method, path, parsed, body, weight);
    }

    public boolean isGet() {
        return method.equals("GET");
    }

    @Override
    public byte[] body() {
        return body.clone();
    }

    /** As figures and the console name it: the path alone for a GET, else {@code POST /orders}. */
    public String label() {
        return isGet() ? path : method + " " + path;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof WeightedRequest that && method.equals(that.method) && path.equals(that.path)
                && headers.equals(that.headers) && Arrays.equals(body, that.body) && weight == that.weight;
    }

    @Override
    public int hashCode() {
        return Objects.hash(method, path, headers, Arrays.hashCode(body), weight);
    }

    /** As the command line would give it: {@code POST /orders@3 (2 headers, a 31-byte body)}. */
    @Override
    public String toString() {
        String base = weight == 1 ? label() : label() + "@" + weight;
        List<String> extras = new ArrayList<>();
        if (!headers.isEmpty()) {
            extras.add(headers.size() == 1 ? "1 header" : headers.size() + " headers");
        }
        if (body.length > 0) {
            extras.add("a " + body.length + "-byte body");
        }
        return extras.isEmpty() ? base : base + " (" + String.join(", ", extras) + ")";
    }

    /**
     * One header: an RFC 9110 token for the name; a value without line breaks or other control characters
     * but tab, of one-byte characters (ISO-8859-1), as it is sent.
     */
    public record Header(String name, String value) {
        private static final String TOKEN_EXTRAS = "!#$%&'*+-.^_`|~";

        public Header {
            if (name == null || name.isEmpty() || !name.chars().allMatch(Header::tokenChar)) {
                throw new BadInput("--header '" + name + ": ...': a header name is letters, digits and "
                        + TOKEN_EXTRAS + ", no blanks");
            }
            if (FRAMING.contains(name.toLowerCase(Locale.ROOT))) {
                throw new BadInput("--header " + name + ": the lab sets it itself (from the body and the connection);"
                        + " leave it out");
            }
            if (value == null || value.chars().anyMatch(c -> (c < ' ' && c != '\t') || c == 0x7f || c > 0xff)) {
                throw new BadInput("--header " + name + ": the value holds a line break, a control character or a"
                        + " character outside ISO-8859-1");
            }
            value = value.strip();
        }

        /** {@code Name: value}. */
        public static Header parse(String text) {
            int colon = text == null ? -1 : text.indexOf(':');
            if (colon <= 0) {
                throw new BadInput("--header takes 'Name: value', got '" + printable(text) + "'");
            }
            return new Header(text.substring(0, colon), text.substring(colon + 1));
        }

        private static boolean tokenChar(int c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || TOKEN_EXTRAS.indexOf(c) >= 0;
        }

        private static String printable(String text) {
            return text == null ? "" : text.replaceAll("\\p{Cntrl}", "?");
        }

        @Override
        public String toString() {
            return name + ": " + value;
        }
    }

    /** A body typed on the command line, as UTF-8. */
    public static byte[] text(String body) {
        return body.getBytes(StandardCharsets.UTF_8);
    }
}
