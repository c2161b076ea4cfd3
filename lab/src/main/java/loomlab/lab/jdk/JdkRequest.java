package loomlab.lab.jdk;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import loomlab.core.BadInput;

/**
 * One item of {@code --jdk LIST}: a feature version to find ({@code 21}) or a JDK home (or its
 * {@code bin/java}) to use as it is.
 */
public sealed interface JdkRequest {
    /** The lowest feature version with virtual threads. */
    int FIRST_WITH_VIRTUAL_THREADS = 21;

    record Feature(int feature) implements JdkRequest {
    }

    record Home(Path home) implements JdkRequest {
    }

    /**
     * Parses {@code 21,25} or {@code 21,/opt/jdk-25}. Empty items, duplicates, and versions below 21
     * are bad input, one line each.
     */
    static List<JdkRequest> parse(String text) {
        String usage = "--jdk takes a comma-separated list of feature versions (21, 25) or JDK homes"
                + " (/usr/lib/jvm/temurin-21-jdk)";
        if (text == null || text.isBlank()) {
            throw new BadInput(usage + "; got nothing");
        }
        List<JdkRequest> requests = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (String raw : text.split(",", -1)) {
            String item = raw.trim();
            if (item.isEmpty()) {
                throw new BadInput(usage + "; '" + text + "' has an empty item");
            }
            if (!seen.add(item)) {
                throw new BadInput("--jdk lists " + item + " twice");
            }
            requests.add(item.matches("\\d+") ? feature(item) : home(item, usage));
        }
        return requests;
    }

    private static JdkRequest feature(String item) {
        int feature = Integer.parseInt(item);
        if (feature < FIRST_WITH_VIRTUAL_THREADS) {
            throw new BadInput("--jdk " + item + ": JDK " + feature + " has no virtual threads (they arrived in JDK "
                    + FIRST_WITH_VIRTUAL_THREADS + "); give 21 or later");
        }
        return new Feature(feature);
    }

    private static JdkRequest home(String item, String usage) {
        if (!item.contains("/") && !item.contains("\\")) {
            throw new BadInput(usage + "; '" + item + "' is neither");
        }
        Path path = Path.of(item).toAbsolutePath().normalize();
        // bin/java names the home two levels up.
        if (path.getFileName() != null && path.getFileName().toString().equals("java") && path.getParent() != null
                && path.getParent().getFileName().toString().equals("bin")) {
            path = path.getParent().getParent();
        }
        return new Home(path);
    }
}
