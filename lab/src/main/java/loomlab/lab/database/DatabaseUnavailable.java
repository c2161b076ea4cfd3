package loomlab.lab.database;

/**
 * No database could be had: the message is one line saying why, and the lab skips its database
 * experiments with it rather than failing the whole run.
 */
public final class DatabaseUnavailable extends Exception {
    public DatabaseUnavailable(String reason) {
        super(reason, null, false, false);
    }

    public DatabaseUnavailable(String reason, Throwable cause) {
        super(reason + ": " + oneLine(cause), cause, false, false);
    }

    private static String oneLine(Throwable cause) {
        String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return message.lines().findFirst().orElse("").strip();
    }
}
