package loomlab.lab.servers;

import java.nio.file.Path;
import java.util.List;
import loomlab.lab.process.JavaLauncher;
import loomlab.threads.ExecutorMode;

/**
 * How to start one kind of server as its own JVM: the lab only needs its command line; every
 * server prints {@code listening on http://127.0.0.1:PORT} when it is ready.
 */
public interface ServerUnderTest {
    String name();

    /** The built artefact, relative to the repository root. */
    String artefact();

    /** The arguments after {@code java [flags] -jar ARTEFACT}. */
    List<String> arguments(ExecutorMode mode, ServerOptions options);

    /** Whether the lab records its pinned virtual threads: every server under test does, a helper does not. */
    default boolean recordsPinning() {
        return true;
    }

    /** JVM flags this server needs beyond the lab's common ones (e.g. framework properties). */
    default List<String> jvmFlags(ExecutorMode mode, ServerOptions options) {
        return List.of();
    }

    default List<String> command(JavaLauncher launcher, List<String> commonFlags, ExecutorMode mode,
                                 ServerOptions options) {
        Path jar = launcher.jar(artefact());
        List<String> command = new java.util.ArrayList<>();
        command.add(launcher.java().toString());
        command.addAll(commonFlags);
        command.addAll(jvmFlags(mode, options));
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(arguments(mode, options));
        return command;
    }
}
