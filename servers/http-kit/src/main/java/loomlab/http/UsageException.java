package loomlab.http;

/** Bad command-line input; the message is the one line printed before exiting with code 2. */
public final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
