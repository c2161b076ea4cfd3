package loomlab.lab.servers;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import loomlab.core.BadInput;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.threads.ExecutorMode;
import loomlab.threads.ThreadModel;

/**
 * Seed 002's own server, Spring Boot on Tomcat. Its thread model is Spring's configuration: a
 * Tomcat pool of N platform threads, or a virtual thread per request; nothing else maps onto it.
 */
public final class SpringBoot implements ServerUnderTest {
    @Override
    public ServerId id() {
        return ServerId.SPRING;
    }

    @Override
    public Set<String> userPackages() {
        return Set.of("loomlab.spring");
    }

    @Override
    public String artefact() {
        return "servers/spring/target/extracted/spring.jar"; // the build's extract-boot-jar (root pom)
    }

    @Override
    public boolean sharesClassData() {
        return true;
    }

    @Override
    public List<String> arguments(ServingModel model, ServerOptions options) {
        ExecutorMode mode = threads(model);
        List<String> args = new ArrayList<>(SpringApps.commonProperties(options));
        args.add(1, switch (mode.model()) { // right after the port, as the record has always shown it
            case PLATFORM -> "--server.tomcat.threads.max=" + mode.concurrencyLimit();
            case VIRTUAL -> {
                if (mode.limit() != ThreadModel.UNBOUNDED) {
                    throw unsupported(mode);
                }
                yield "--spring.threads.virtual.enabled=true";
            }
            default -> throw unsupported(mode);
        });
        return args;
    }

    /** Spring Boot's own switches: Tomcat's pool size, or {@code spring.threads.virtual.enabled}. */
    @Override
    public String modeChoices() {
        return "platform:N, virtual";
    }

    /** The paths of both Spring servers ({@link SpringApps#path}). */
    @Override
    public String path(Endpoint endpoint, ServingModel model) {
        return SpringApps.path(id(), endpoint);
    }

    private static BadInput unsupported(ExecutorMode mode) {
        return new BadInput("spring runs '" + mode + "' in no way Spring Boot offers; choose from: " + new SpringBoot().modeChoices());
    }

    @Override
    public List<String> sources(Endpoint endpoint) {
        return SpringApps.controllerSource("spring", endpoint);
    }
}
