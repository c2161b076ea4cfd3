package loomlab.tasks.cli;

/** Bad command-line input: the message is the one line the user sees before exit code 2. */
public final class UsageException extends RuntimeException {
    public UsageException(String message) {
        super(message);
    }
}
