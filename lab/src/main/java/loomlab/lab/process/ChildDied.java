package loomlab.lab.process;

/** A child process ended when it should have been running; the message carries its log's tail. */
public final class ChildDied extends RuntimeException {
    public ChildDied(String message) {
        super(message, null, false, false);
    }
}
