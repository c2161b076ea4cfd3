package loomlab.cli.architecture.broken.report;

import java.util.List;
import loomlab.cli.architecture.broken.core.Pure;

/** A report class as report classes are: words for the core's figures. */
public final class RendersCore {
    private RendersCore() {
    }

    public static String render(List<Double> values) {
        return "mean " + Pure.mean(values);
    }
}
