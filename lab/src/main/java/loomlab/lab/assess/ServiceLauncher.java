package loomlab.lab.assess;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import loomlab.core.assess.AssessArmPlan;
import loomlab.core.assess.ServiceSwitch;
import loomlab.lab.database.ArmDatabases.ArmDatabase;
import loomlab.lab.servers.ServerJava;

/**
 * How the user's service is started in an arm: a Spring Boot jar the lab switches with Spring's
 * own properties, or the user's command with its placeholders filled in.
 */
public sealed interface ServiceLauncher permits SpringBootLauncher, CommandLauncher, LabServerLauncher {
    /** The service in a few words, for the summary: its jar, or its command. */
    String description();

    /** The packages of the user's own code, when known: their pinning sites come first. */
    Set<String> userPackages();

    /** What the lab adds to every arm's JVM, for the environment recorded with the results. */
    List<String> recordedJvmFlags();

    /**
     * The arm's process as the lab starts it.
     *
     * @param port      where the service must listen
     * @param recording the flight recording's file, {@code %p} standing for the pid of each JVM
     * @param agentDir  where the lab's watch agent's jar is (or is written)
     * @param temporary the service's temporary folder ({@code java.io.tmpdir}), which the lab deletes once
     *                  the service has stopped: what its framework writes there does not outlive the arm
     * @param database  the arm's own database ({@code --postgres}), or null without one
     */
    Launch launch(AssessArmPlan arm, int port, ServerJava java, Path recording, Path agentDir, Path temporary,
                  ArmDatabase database);

    /** The arm's process without a database of the lab's. */
    default Launch launch(AssessArmPlan arm, int port, ServerJava java, Path recording, Path agentDir,
                          Path temporary) {
        return launch(arm, port, java, recording, agentDir, temporary, null);
    }

    /** The password in a command line as the results record it: a throwaway database's, but not for a file. */
    static List<String> masked(List<String> command, ArmDatabase database) {
        return database == null || database.password().isEmpty() ? command
                : command.stream().map(word -> word.replace(database.password(), "****")).toList();
    }

    /**
     * What has to happen once before the arm's process starts, its log beside {@code log}: nothing for
     * a user's service; the lab's own server may train its class-data archive.
     */
    default void prepare(AssessArmPlan arm, ServerJava java, Path log) throws IOException, InterruptedException {
    }

    /**
     * What the arm's process needs in its scratch folder ({@code temporary}, deleted once the service has
     * stopped) before it starts, any output beside {@code log}: nothing, except for an arm on an extracted jar
     * ({@code --extracted}), which is extracted there.
     */
    default void prepareScratch(AssessArmPlan arm, ServerJava java, Path temporary, Path log)
            throws IOException, InterruptedException {
    }

    /**
     * Whether the service says when its flight recording is written
     * ({@link loomlab.lab.jfr.PinningRecording#writtenLine}): the lab's own servers do, and are ended
     * there; a user's service is given its whole polite stop.
     */
    default boolean saysRecordingWritten() {
        return false;
    }

    /**
     * @param environment variables added to the lab's own for the service's process
     */
    record Launch(List<String> command, Map<String, String> environment, ServiceSwitch switchedBy) {
        public Launch {
            command = List.copyOf(command);
            environment = Map.copyOf(environment);
        }
    }
}
