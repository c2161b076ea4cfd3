package loomlab.lab.load;

/**
 * What a load engine can do. Commands and options ask an engine for a capability ({@link
 * Engine#require}) rather than for an engine by name, so a new engine that can do the same passes
 * the same checks without touching them.
 */
public enum Capability {
    /** Arrivals at a fixed rate whatever the answers, latency from the intended send time. */
    OPEN_MODEL("open model", "offer arrivals at a fixed rate, the open model"),
    /** One load over several paths, each with its weight. */
    PATH_MIX("path mix", "mix weighted paths"),
    /** Loads a URL given on the command line, outside any experiment ({@code load}). */
    STANDALONE("load", "load a URL on its own"),
    /** Workers in several processes, on this machine or others. */
    DISTRIBUTED("workers", "run its users in several worker processes or on other machines");

    private final String shortName;
    private final String words;

    Capability(String shortName, String words) {
        this.shortName = shortName;
        this.words = words;
    }

    /** A word or two for help text: {@code open model}. */
    public String shortName() {
        return shortName;
    }

    /** What the capability lets an engine do, in a few words after "can". */
    public String words() {
        return words;
    }
}
