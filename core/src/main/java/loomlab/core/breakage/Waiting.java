package loomlab.core.breakage;

/** What a thread in a dump was doing, read from its state and its top frames. */
public enum Waiting {
    /** Running code (or runnable): not waiting for anything the dump shows. */
    RUNNING("running"),
    /** In {@code Thread.sleep}. */
    SLEEPING("sleeping"),
    /** Waiting to acquire a lock ({@code ReentrantLock} and its kin). */
    LOCK("waiting for a lock"),
    /** Waiting to enter a monitor ({@code synchronized}). */
    MONITOR("blocked on a monitor"),
    /** In {@code Object.wait}. */
    OBJECT_WAIT("in Object.wait"),
    /** Blocked in a socket read, write, connect, accept or poll. */
    SOCKET("blocked on a socket"),
    /** Parked for anything else: a future, a queue, a condition, a latch. */
    PARKED("parked"),
    /** A virtual thread started but never run: no stack yet (it waits for a carrier). */
    NOT_STARTED("not yet run");

    private final String words;

    Waiting(String words) {
        this.words = words;
    }

    /** As a sentence says it: "sleeping", "blocked on a socket". */
    public String words() {
        return words;
    }

    /** True for a thread that waits rather than runs. */
    public boolean blocked() {
        return this != RUNNING && this != NOT_STARTED;
    }
}
