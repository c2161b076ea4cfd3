package loomlab.tasks.fairness;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The seed's two thread factories and the mitigations the lab compares with them. */
public enum FairnessMode {
    PLATFORM("platform", ThreadKind.PLATFORM, ThreadKind.PLATFORM, HeavyStyle.DIRECT),
    VIRTUAL("virtual", ThreadKind.VIRTUAL, ThreadKind.VIRTUAL, HeavyStyle.DIRECT),
    /** Like {@link #VIRTUAL}, run with more carriers: the JVM must get -Djdk.virtualThreadScheduler.parallelism=K. */
    VIRTUAL_PARALLELISM("virtual-parallelism", ThreadKind.VIRTUAL, ThreadKind.VIRTUAL, HeavyStyle.DIRECT),
    VIRTUAL_OFFLOAD("virtual-offload", ThreadKind.VIRTUAL, ThreadKind.VIRTUAL, HeavyStyle.OFFLOAD),
    VIRTUAL_YIELD("virtual-yield", ThreadKind.VIRTUAL, ThreadKind.VIRTUAL, HeavyStyle.YIELDING),
    /** Light tasks on virtual threads, heavy ones on platform threads the OS time-slices. */
    SPLIT("split", ThreadKind.PLATFORM, ThreadKind.VIRTUAL, HeavyStyle.DIRECT);

    public static final String PARALLELISM_PROPERTY = "jdk.virtualThreadScheduler.parallelism";

    private final String label;
    private final ThreadKind heavyThreads;
    private final ThreadKind lightThreads;
    private final HeavyStyle heavyStyle;

    FairnessMode(String label, ThreadKind heavyThreads, ThreadKind lightThreads, HeavyStyle heavyStyle) {
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

    public ThreadKind heavyThreads() {
        return heavyThreads;
    }

    public ThreadKind lightThreads() {
        return lightThreads;
    }

    public HeavyStyle heavyStyle() {
        return heavyStyle;
    }
}
