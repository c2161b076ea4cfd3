package loomlab.lab.servers;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import loomlab.lab.jdk.Jdk;

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
        return new ServerJava(java, Runtime.version().toString(), Runtime.version().feature(), false);
    }

    /** A JDK the run chose or an experiment asked for, named in the keys of the arms on it. */
    public static ServerJava chosen(Jdk jdk) {
        return new ServerJava(jdk.java(), jdk.runtimeVersion(), jdk.feature(), true);
    }

    /** The jcmd beside this java (thread dumps), or null when the runtime has none. */
    public Path jcmd() {
        Path jcmd = java.resolveSibling("jcmd");
        return Files.isExecutable(jcmd) ? jcmd : null;
    }
}
