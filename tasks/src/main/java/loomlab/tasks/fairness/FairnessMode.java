package loomlab.tasks.fairness;

import java.util.Arrays;
import java.util.concurrent.ThreadFactory;
import java.util.stream.Collectors;
import loomlab.threads.Threads;

/**
 * The seed's two thread factories and the mitigations the lab compares with them; each says the
 * threads its heavy and its light tasks start on.
 */
public enum FairnessMode {
    PLATFORM(Threads.PLATFORM.id(), Threads.PLATFORM, Threads.PLATFORM, HeavyStyle.DIRECT),
    VIRTUAL(Threads.VIRTUAL.id(), Threads.VIRTUAL, Threads.VIRTUAL, HeavyStyle.DIRECT),
    /** Like {@link #VIRTUAL}, run with more carriers: the JVM must get -Djdk.virtualThreadScheduler.parallelism=K. */
    VIRTUAL_PARALLELISM("virtual-parallelism", Threads.VIRTUAL, Threads.VIRTUAL, HeavyStyle.DIRECT),
    VIRTUAL_OFFLOAD("virtual-offload", Threads.VIRTUAL, Threads.VIRTUAL, HeavyStyle.OFFLOAD),
    VIRTUAL_YIELD("virtual-yield", Threads.VIRTUAL, Threads.VIRTUAL, HeavyStyle.YIELDING),
    /** Light tasks on virtual threads, heavy ones on platform threads the OS time-slices. */
    SPLIT("split", Threads.PLATFORM, Threads.VIRTUAL, HeavyStyle.DIRECT);

    public static final String PARALLELISM_PROPERTY = "jdk.virtualThreadScheduler.parallelism";

    private final String label;
    private final Threads heavyThreads;
    private final Threads lightThreads;
    private final HeavyStyle heavyStyle;

    FairnessMode(String label, Threads heavyThreads, Threads lightThreads, HeavyStyle heavyStyle) {
        this.label = label;
        this.heavyThreads = heavyThreads;
        this.lightThreads = lightThreads;
        this.heavyStyle = heavyStyle;
    }

    public static FairnessMode parse(String text) {
        for (FairnessMode mode : values()) {
            if (mode.label.equals(text)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("unknown mode '" + text + "'; choose one of: " + choices());
    }

    public static String choices() {
        return Arrays.stream(values()).map(FairnessMode::label).collect(Collectors.joining(", "));
    }

    public String label() {
        return label;
    }

    public Threads heavyThreads() {
        return heavyThreads;
    }

    public Threads lightThreads() {
        return lightThreads;
    }

    public HeavyStyle heavyStyle() {
        return heavyStyle;
    }

    /** A new thread per task, as in the seed, of the kind given; a group of tasks has no event loop. */
    static ThreadFactory newThreadPerTask(Threads threads) {
        return switch (threads) {
            case PLATFORM -> Thread.ofPlatform().factory();
            case VIRTUAL -> Thread.ofVirtual().factory();
            case EVENT_LOOP -> throw new IllegalArgumentException("fairness tasks run on threads, not an event loop");
        };
    }
}
