package loomlab.lab.load;

/**
 * What a load engine can do. Commands and options ask an engine for a capability ({@link
 * Engine#require}) rather than for an engine by name, so a new engine that can do the same passes
 * the same checks without touching them.
 */
public enum Capability {
    /** Arrivals at a fixed rate whatever the answers, latency from the intended send time. */
    OPEN_MODEL("offer arrivals at a fixed rate, the open model"),
    /** One load over several paths, each with its weight. */
    PATH_MIX("mix weighted paths"),
    /** Loads a URL given on the command line, outside any experiment ({@code load}). */
    STANDALONE("load a URL on its own"),
    /** Workers in several processes, on this machine or others. */
    DISTRIBUTED("run its users in several worker processes or on other machines");

    private final String words;

    Capability(String words) {
        this.words = words;
    }

    /** What the capability lets an engine do, in a few words after "can". */
    public String words() {
        return words;
    }
}
