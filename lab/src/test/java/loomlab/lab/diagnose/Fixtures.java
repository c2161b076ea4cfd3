package loomlab.lab.diagnose;

import java.net.URISyntaxException;
import java.nio.file.Path;

/** The committed thread-dump fixtures, by their path under {@code thread-dumps/}. */
final class Fixtures {
    private Fixtures() {
    }

    static Path dump(String relative) {
        try {
            return Path.of(Fixtures.class.getResource("/thread-dumps/" + relative).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("no fixture thread-dumps/" + relative, e);
        }
    }
}
