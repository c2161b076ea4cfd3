package loomlab.lab.assess;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import loomlab.core.arm.ArmMode;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.core.assess.AssessArmPlan;
import loomlab.core.assess.ServiceSwitch;
import loomlab.lab.database.ArmDatabases.ArmDatabase;
import loomlab.lab.jfr.PinningRecording;
import loomlab.lab.servers.ServerJava;
import loomlab.lab.servers.ServerOptions;
import loomlab.lab.servers.Servers;
import loomlab.threads.ExecutorMode;

/**
 * The lab's own servers measured as {@code assess} measures a service (the reactive experiment): each
 * arm's server from the registry, in the serving model its plan asks for, with the lab's JVM flags,
 * its parent watch and the flight recording of pinned virtual threads.
 *
 * @param downstream where the arm's server finds the downstream service (started per arm by the
 *                   caller), or null for none
 */
public record LabServerLauncher(Servers servers, URI downstream) implements ServiceLauncher {

    private ServerOptions options(int port, List<String> flags) {
        return new ServerOptions(port, downstream == null ? null : downstream.toString().replaceFirst("/$", ""), null,
                flags);
    }

    /**
     * The serving model of an arm: its key's, the event loop, a pool or virtual threads; a platform arm
     * whose key names the framework's own pool gets the pool its plan sizes.
     */
    public static ServingModel model(AssessArmPlan arm) {
        return switch (arm.key().mode()) {
            case ServingModel serving -> serving;
            case ArmMode.Named frameworkPool -> ServingModel.of(ExecutorMode.platform(arm.pool()));
            case ArmMode.Label label -> throw new IllegalStateException("an assessed arm runs on threads; '" + label
                    + "' names none");
        };
    }

    @Override
    public String description() {
        return "the lab's Spring MVC and Spring WebFlux servers";
    }

    @Override
    public Set<String> userPackages() {
        Set<String> packages = new LinkedHashSet<>();
        for (ServerId id : List.of(ServerId.SPRING, ServerId.WEBFLUX)) {
            packages.addAll(servers.get(id).userPackages());
        }
        return packages;
    }

    @Override
    public List<String> recordedJvmFlags() {
        return Servers.recordedJvmFlags();
    }

    /** Every server the lab builds says when its recording is written. */
    @Override
    public boolean saysRecordingWritten() {
        return true;
    }

    /** The server's class-data archive, trained when the registry keeps one and has none yet. */
    @Override
    public void prepare(AssessArmPlan arm, ServerJava java, Path log) throws IOException, InterruptedException {
        servers.prepare(arm.key().server(), model(arm), java, options(0, arm.carrierFlags()), log);
    }

    @Override
    public Launch launch(AssessArmPlan arm, int port, ServerJava java, Path recording, Path agentDir, Path temporary,
                         ArmDatabase database) {
        ServingModel model = model(arm);
        List<String> flags = new ArrayList<>(List.of(PinningRecording.startFlag(recording),
                Servers.temporaryFolderFlag(temporary)));
        flags.addAll(arm.carrierFlags());
        List<String> command = servers.command(arm.key().server(), model, java, options(port, flags));
        // What decides the arm, without the port, which says nothing of it.
        List<String> switches = List.of(String.join(" ", servers.get(arm.key().server()).arguments(model,
                new ServerOptions(port, null, null)).stream().filter(a -> !a.endsWith("=" + port)).toList()));
        return new Launch(command, Map.of(), new ServiceSwitch(ServiceSwitch.LAB_SERVER, switches,
                List.of("the lab's own " + arm.key().server().id() + " server, started as every server under test"
                        + " is (JVM flags " + String.join(" ", Servers.COMMON_JVM_FLAGS) + ")"), null));
    }
}
