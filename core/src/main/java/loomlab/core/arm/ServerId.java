package loomlab.core.arm;

import java.util.Arrays;
import java.util.stream.Collectors;
import loomlab.core.BadInput;

/**
 * The servers the lab starts, by identity. How to start each one and which path serves which
 * {@link Endpoint} is the lab's business (an adapter per server); the core only names them.
 */
public enum ServerId {
    /** Seed 000's server under test: plain sockets, a switchable request executor. */
    LOOMCAT("loomcat", "loomcat"),
    /** Seed 002's server: Spring Boot on Tomcat. */
    SPRING("spring", "spring-mvc"),
    /** Seed 004's server: Quarkus reading PostgreSQL. */
    QUARKUS("quarkus", "quarkus"),
    /** Spring WebFlux on Reactor Netty: the reactive server beside Spring MVC (the {@code reactive} experiment). */
    WEBFLUX("webflux", "spring-webflux"),
    /** Seed 000's service two, which the servers under test call; never under test itself. */
    DOWNSTREAM("downstream", "downstream"),
    /** The user's own service, under {@code loomlab assess}. */
    SERVICE("service", "service");

    private final String id;
    private final String software;

    ServerId(String id, String software) {
        this.id = id;
        this.software = software;
    }

    /** The spelling on the command line and in results.json. */
    public String id() {
        return id;
    }

    /**
     * What serves the requests, as results.json's arm {@code server} names it: {@code spring-mvc} and
     * {@code spring-webflux} for the two Spring servers (both Spring Boot; {@code spring} and
     * {@code webflux} on the command line), the command-line name for the others.
     */
    public String software() {
        return software;
    }

    public static ServerId parse(String text) {
        return Arrays.stream(values()).filter(s -> s.id.equals(text)).findFirst()
                .orElseThrow(() -> new BadInput("unknown server '" + text + "'; choose from: " + choices()));
    }

    public static String choices() {
        return Arrays.stream(values()).map(ServerId::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id;
    }
}
