package loomlab.core;

/**
 * Input the user can fix: the CLI prints the message as one line on stderr and exits with 2.
 * Messages name the valid choices where there is a list.
 */
public final class BadInput extends RuntimeException {
    public BadInput(String message) {
        super(message, null, false, false);
    }
}
