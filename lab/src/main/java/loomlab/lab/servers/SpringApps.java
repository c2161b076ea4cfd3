package loomlab.lab.servers;

import java.util.ArrayList;
import java.util.List;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.ServerId;

/** What the lab's two Spring servers (MVC and WebFlux) share: their common properties and their controllers. */
final class SpringApps {
    private SpringApps() {
    }

    /** {@code --server.port}, and the address and the downstream service when the options set them. */
    static List<String> commonProperties(ServerOptions options) {
        List<String> args = new ArrayList<>(List.of("--server.port=" + options.port()));
        if (options.address() != null) {
            args.add("--server.address=" + options.address());
        }
        if (options.downstreamUrl() != null) {
            args.add("--loomlab.downstream=" + options.downstreamUrl());
        }
        return args;
    }

    /**
     * The path of {@code endpoint} on either server, or bad input for one they lack. Spring's
     * {@code /blocking/N} takes seconds, as in the seed; the lab's arms need milliseconds.
     */
    static String path(ServerId server, Endpoint endpoint) {
        return switch (endpoint) {
            case Endpoint.Hello ignored -> "/hello";
            case Endpoint.Sleep sleep when sleep.holding() == Endpoint.Sleep.Holding.NOTHING ->
                    "/blocking-ms/" + sleep.millis();
            case Endpoint.DownstreamCall call -> "/downstream?delay=" + call.millis();
            case Endpoint.CpuWork cpu -> "/cpu/" + cpu.iterations();
            default -> throw ServerUnderTest.noSuchEndpoint(server, endpoint);
        };
    }

    /** The controller that serves {@code endpoint} in the module's sources, by the name both servers give it. */
    static List<String> controllerSource(String module, Endpoint endpoint) {
        String controller = switch (endpoint) {
            case Endpoint.DownstreamCall call -> "DownstreamController";
            case Endpoint.CpuWork cpu -> "CpuController";
            case Endpoint.Hello hello -> "BlockingController";
            case Endpoint.Sleep sleep when sleep.holding() == Endpoint.Sleep.Holding.NOTHING -> "BlockingController";
            default -> null;
        };
        return controller == null ? List.of()
                : List.of("servers/" + module + "/src/main/java/loomlab/" + module + "/" + controller + ".java");
    }
}
