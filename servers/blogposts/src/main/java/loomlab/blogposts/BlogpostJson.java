package loomlab.blogposts;

import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The table's rows as the JSON array Quarkus serves for them ({@code [{"id":1,"author":"...",
 * "content":"...","tags":"..."},...]}, byte for byte what Jackson writes), for a server without a
 * JSON library.
 */
public final class BlogpostJson {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private BlogpostJson() {
    }

    /** Every row of a {@link BlogpostTable#SELECT_ALL} result. */
    public static byte[] encode(ResultSet rows) throws SQLException {
        StringBuilder json = new StringBuilder(1 << 21);
        json.append('[');
        boolean first = true;
        while (rows.next()) {
            if (!first) {
                json.append(',');
            }
            first = false;
            appendPost(json, rows.getLong("id"), rows.getString("author"), rows.getString("content"),
                    rows.getString("tags"));
        }
        return json.append(']').toString().getBytes(StandardCharsets.UTF_8);
    }

    static void appendPost(StringBuilder json, long id, String author, String content, String tags) {
        json.append("{\"id\":").append(id).append(",\"author\":");
        appendString(json, author);
        json.append(",\"content\":");
        appendString(json, content);
        json.append(",\"tags\":");
        appendString(json, tags);
        json.append('}');
    }

    /** A JSON string as Jackson writes it: quotes, backslashes and control characters escaped. */
    static void appendString(StringBuilder json, String text) {
        if (text == null) {
            json.append("null");
            return;
        }
        json.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                case '\n' -> json.append("\\n");
                case '\r' -> json.append("\\r");
                case '\t' -> json.append("\\t");
                case '\b' -> json.append("\\b");
                case '\f' -> json.append("\\f");
                default -> {
                    if (c < 0x20) {
                        json.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
                    } else {
                        json.append(c);
                    }
                }
            }
        }
        json.append('"');
    }
}
