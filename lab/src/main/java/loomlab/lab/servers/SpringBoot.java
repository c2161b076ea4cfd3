package loomlab.lab.servers;

import java.util.ArrayList;
import java.util.List;
import loomlab.core.BadInput;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.ServerId;
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
    public java.util.Set<String> userPackages() {
        return java.util.Set.of("loomlab.spring");
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
        if (options.address() != null) {
            args.add("--server.address=" + options.address());
        }
        if (options.downstreamUrl() != null) {
            args.add("--loomlab.downstream=" + options.downstreamUrl());
        }
        return args;
    }

    /** Spring's {@code /blocking/N} takes seconds, as in the seed; the lab's arms need milliseconds. */
    @Override
    public String path(Endpoint endpoint, ExecutorMode mode) {
        return switch (endpoint) {
            case Endpoint.Hello ignored -> "/hello";
            case Endpoint.Sleep sleep -> "/blocking-ms/" + sleep.millis();
            case Endpoint.DownstreamCall call -> "/downstream?delay=" + call.millis();
            default -> throw ServerUnderTest.noSuchEndpoint(id(), endpoint);
        };
    }

    private static BadInput unsupported(ExecutorMode mode) {
        return new BadInput("spring runs '" + mode + "' in no way Spring Boot offers; choose from: platform:N, virtual");
    }
}
