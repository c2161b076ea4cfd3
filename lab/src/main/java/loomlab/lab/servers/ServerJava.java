package loomlab.lab.servers;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The java a server under test runs on: its binary, the runtime's full version (recorded with
 * every arm) and its feature version (part of an arm's key when the run chose JDKs).
 *
 * @param chosen true when the run chose this JDK ({@code --jdk}), so arms name it in their keys
 */
public record ServerJava(Path java, String runtimeVersion, int feature, boolean chosen) {
    public ServerJava {
        Objects.requireNonNull(java);
        Objects.requireNonNull(runtimeVersion);
    }

    /** The java the lab itself runs on, as the launcher found it. */
    public static ServerJava lab(Path java) {
        return new ServerJava(java, System.getProperty("java.runtime.version"), Runtime.version().feature(), false);
    }

    /** The feature version for an arm's key: set only when the run chose JDKs. */
    public Integer keyFeature() {
        return chosen ? feature : null;
    }
}
