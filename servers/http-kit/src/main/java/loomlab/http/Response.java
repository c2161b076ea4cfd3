package loomlab.http;

import static java.nio.charset.StandardCharsets.UTF_8;

/**
 * What a handler answers. Immutable, so a constant response (e.g. /hello) is built once and served
 * without any allocation; the body array is never modified after construction.
 */
public record Response(int status, String contentType, byte[] body) {
    public static final String TEXT = "text/plain; charset=utf-8";
    public static final String JSON = "application/json";
    /** Keeps a response head far below one write buffer. */
    static final int MAX_CONTENT_TYPE_LENGTH = 1024;

    public Response {
        if (status < 100 || status > 999) {
            throw new IllegalArgumentException("status must have three digits: " + status);
        }
        if (contentType == null || body == null) {
            throw new IllegalArgumentException("content type and body are required");
        }
        if (contentType.length() > MAX_CONTENT_TYPE_LENGTH) {
            throw new IllegalArgumentException("content type longer than " + MAX_CONTENT_TYPE_LENGTH + " characters");
        }
    }

    public static Response text(int status, String text) {
        return new Response(status, TEXT, text.getBytes(UTF_8));
    }

    public static Response ok(String text) {
        return text(200, text);
    }

    public static Response json(String json) {
        return new Response(200, JSON, json.getBytes(UTF_8));
    }

    public static Response badRequest(String message) {
        return text(400, message + "\n");
    }

    public static Response notFound(String path) {
        return text(404, "no such resource: " + path + "\n");
    }
}
