package loomlab.lab.jdk;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A JDK the lab can run servers on: its home, feature version, full runtime version (recorded with
 * every arm), vendor, and how the lab found it.
 *
 * @param runtimeVersion e.g. {@code 21.0.8+9-LTS}
 * @param foundBy        e.g. {@code LOOMLAB_JDK_21}, {@code /usr/lib/jvm}, {@code installed by the lab}
 */
public record Jdk(Path home, int feature, String runtimeVersion, String vendor, String foundBy) {
    public Jdk {
        Objects.requireNonNull(home);
        Objects.requireNonNull(runtimeVersion);
    }

    public Path java() {
        return home.resolve("bin").resolve("java");
    }

    /** The jcmd beside java, or null when this runtime has none. */
    public Path jcmd() {
        Path jcmd = home.resolve("bin").resolve("jcmd");
        return Files.isExecutable(jcmd) ? jcmd : null;
    }
}
