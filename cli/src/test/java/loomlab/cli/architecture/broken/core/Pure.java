package loomlab.cli.architecture.broken.core;

import java.util.List;

/** A core class as core classes are: arithmetic on what it is given. */
public final class Pure {
    private Pure() {
    }

    public static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    }
}
