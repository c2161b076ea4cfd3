package loomlab.load.hold;

/** One error as the result reports the first of them: its kind and the platform's message. */
public record HoldError(HoldErrorKind kind, String message) {

    public HoldError {
        if (kind == null) {
            throw new IllegalArgumentException("an error needs a kind");
        }
        message = message == null ? "" : message;
    }
}
