package loomlab.core.assess;

/** The thread model an assessed service runs its requests on in one arm; {@code {threads}} in a command. */
public enum Threads {
    /** The framework's pool of platform threads (its own size, or {@code --pool}). */
    PLATFORM("platform"),
    /** A virtual thread per request. */
    VIRTUAL("virtual");

    private final String word;

    Threads(String word) {
        this.word = word;
    }

    /** As it goes into a command and into results.json. */
    public String word() {
        return word;
    }
}
