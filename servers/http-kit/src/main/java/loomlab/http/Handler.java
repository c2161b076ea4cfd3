package loomlab.http;

/**
 * Answers one request. Runs on a thread of the server's request executor, so blocking here blocks
 * only that thread (a virtual thread unmounts). An exception becomes a 500.
 */
@FunctionalInterface
public interface Handler {
    Response handle(HttpRequest request) throws Exception;
}
