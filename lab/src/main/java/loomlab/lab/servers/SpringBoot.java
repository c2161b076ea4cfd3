package loomlab.lab.servers;

import java.util.ArrayList;
import java.util.List;
import loomlab.core.BadInput;
import loomlab.threads.ExecutorMode;
import loomlab.threads.ThreadModel;

/**
 * Seed 002's own server, Spring Boot on Tomcat. Its thread model is Spring's configuration: a
 * Tomcat pool of N platform threads, or a virtual thread per request; nothing else maps onto it.
 */
public final class SpringBoot implements ServerUnderTest {
    @Override
    public String name() {
        return "spring";
    }

    @Override
    public String artefact() {
        return "servers/spring/target/spring.jar";
    }

    @Override
    public List<String> arguments(ExecutorMode mode, ServerOptions options) {
        List<String> args = new ArrayList<>(List.of("--server.port=" + options.port()));
        args.add(switch (mode.model()) {
            case PLATFORM -> "--server.tomcat.threads.max=" + mode.concurrencyLimit();
            case VIRTUAL -> {
                if (mode.limit() != ThreadModel.UNBOUNDED) {
                    throw unsupported(mode);
                }
                yield "--spring.threads.virtual.enabled=true";
            }
            default -> throw unsupported(mode);
        });
        if (options.downstreamUrl() != null) {
            args.add("--loomlab.downstream=" + options.downstreamUrl());
        }
        return args;
    }

    private static BadInput unsupported(ExecutorMode mode) {
        return new BadInput("spring runs '" + mode + "' in no way Spring Boot offers; choose from: platform:N, virtual");
    }
}
