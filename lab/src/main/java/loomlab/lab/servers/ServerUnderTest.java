package loomlab.lab.servers;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import loomlab.core.BadInput;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.lab.process.JavaLauncher;
import loomlab.threads.ExecutorMode;

/**
 * How to start one kind of server as its own JVM, and which of its paths does what an
 * {@link Endpoint} asks. Every server prints {@code listening on http://ADDRESS:PORT} when it is
 * ready. A new server is a module under {@code servers/} and one implementation here, which declares
 * its {@link ServerId} and joins {@link Servers}' list.
 */
public interface ServerUnderTest {
    ServerId id();

    /** The built artefact, relative to the repository root. */
    String artefact();

    /**
     * Whether the server cannot start without a database ({@link ServerOptions#database()}): the
     * lab then opens one for it (the jdbc experiment's, or a throwaway one for {@code serve}).
     */
    default boolean needsDatabase() {
        return false;
    }

    /** The arguments after {@code java [flags] -jar ARTEFACT}. */
    List<String> arguments(ServingModel model, ServerOptions options);

    /** What {@code serve} starts when no {@code --mode} is given: virtual threads, where the server has threads. */
    default ServingModel defaultModel() {
        return ServingModel.of(ExecutorMode.virtual());
    }

    /** The modes {@code --mode} takes for this server, for its help and its bad input. */
    default String modeChoices() {
        return ExecutorMode.CHOICES;
    }

    /**
     * The executor a server that runs requests on threads is asked for.
     *
     * @throws BadInput naming this server's modes when it is asked for an event loop
     */
    default ExecutorMode threads(ServingModel model) {
        return switch (model) {
            case ServingModel.OnThreads onThreads -> onThreads.mode();
            case ServingModel.EventLoop eventLoop -> throw new BadInput(id().id() + " runs its requests on threads,"
                    + " not on an event loop; choose from: " + modeChoices());
        };
    }

    /**
     * The path that asks this server to do what {@code endpoint} describes, in this thread model
     * (a framework may serve virtual threads on a path of their own).
     *
     * @throws BadInput when this server has no such endpoint
     */
    String path(Endpoint endpoint, ServingModel model);

    /**
     * The source files, relative to the repository, of the code that serves {@code endpoint}: what the
     * lab counts as the endpoint's lines of code. Empty when the adapter does not say.
     */
    default List<String> sources(Endpoint endpoint) {
        return List.of();
    }

    /** The packages of the server's own code, whose frames a thread dump's findings name first. */
    default Set<String> userPackages() {
        return Set.of();
    }

    /** Whether the lab records its pinned virtual threads: every server under test does, a helper does not. */
    default boolean recordsPinning() {
        return true;
    }

    /**
     * Whether the lab keeps a {@link ClassDataArchive} of this server's classes: for a framework whose
     * start loads thousands of classes from plain jars (its artefact extracted), not for a server that
     * starts in half a second anyway.
     */
    default boolean sharesClassData() {
        return false;
    }

    /** JVM flags this server needs beyond the lab's common ones (e.g. framework properties). */
    default List<String> jvmFlags(ServingModel model, ServerOptions options) {
        return List.of();
    }

    default List<String> command(JavaLauncher launcher, Path java, List<String> commonFlags, ServingModel model,
                                 ServerOptions options) {
        Path jar = launcher.jar(artefact());
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(commonFlags);
        command.addAll(jvmFlags(model, options));
        command.addAll(options.extraJvmFlags());
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(arguments(model, options));
        return command;
    }

    /** The error for an endpoint a server does not have. */
    static BadInput noSuchEndpoint(ServerId server, Endpoint endpoint) {
        return new BadInput(server.id() + " has no endpoint for " + endpoint);
    }
}
