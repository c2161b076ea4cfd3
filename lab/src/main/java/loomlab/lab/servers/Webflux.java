package loomlab.lab.servers;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import loomlab.core.BadInput;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;

/**
 * Spring WebFlux on Reactor Netty, the Spring MVC server's endpoints written reactively. It has one
 * serving model, the event loop ({@code reactive}); asked for threads, it is bad input naming it.
 */
public final class Webflux implements ServerUnderTest {
    @Override
    public ServerId id() {
        return ServerId.WEBFLUX;
    }

    @Override
    public Set<String> userPackages() {
        return Set.of("loomlab.webflux");
    }

    @Override
    public String artefact() {
        return "servers/webflux/target/extracted/webflux.jar"; // the build's extract-boot-jar (root pom)
    }

    @Override
    public boolean sharesClassData() {
        return true;
    }

    @Override
    public ServingModel defaultModel() {
        return ServingModel.EVENT_LOOP;
    }

    @Override
    public String modeChoices() {
        return ServingModel.REACTIVE;
    }

    @Override
    public List<String> arguments(ServingModel model, ServerOptions options) {
        requireEventLoop(model);
        List<String> args = new ArrayList<>(List.of("--mode", ServingModel.REACTIVE));
        args.addAll(SpringApps.commonProperties(options));
        return args;
    }

    /** The same paths as the Spring MVC server's; a wait is a timer, a downstream call a {@code WebClient}'s. */
    @Override
    public String path(Endpoint endpoint, ServingModel model) {
        requireEventLoop(model);
        return SpringApps.path(id(), endpoint);
    }

    private void requireEventLoop(ServingModel model) {
        if (!(model instanceof ServingModel.EventLoop)) {
            throw new BadInput("webflux runs no mode '" + model + "'; choose from: " + modeChoices());
        }
    }

    @Override
    public List<String> sources(Endpoint endpoint) {
        return SpringApps.controllerSource("webflux", endpoint);
    }
}
