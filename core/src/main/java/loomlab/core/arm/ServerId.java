package loomlab.core.arm;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A server the lab starts, by identity. How to start each one and which path serves which
 * {@link Endpoint} is the lab's business (an adapter per server, which declares its id); the core names
 * only the servers its experiments use, below. A new server needs no constant here until an
 * experiment in the core uses it.
 *
 * @param id       the spelling on the command line and in results.json
 * @param software what serves the requests, as results.json's arm {@code server} names it:
 *                 {@code spring-mvc} and {@code spring-webflux} for the two Spring servers (both Spring
 *                 Boot; {@code spring} and {@code webflux} on the command line), the id for the others
 */
public record ServerId(String id, String software) {
    private static final Pattern SPELLING = Pattern.compile("[a-z][a-z0-9-]*");

    /** Seed 000's server under test: plain sockets, a switchable request executor. */
    public static final ServerId LOOMCAT = of("loomcat");
    /** Seed 002's server: Spring Boot on Tomcat. */
    public static final ServerId SPRING = new ServerId("spring", "spring-mvc");
    /** Seed 004's server: Quarkus reading PostgreSQL. */
    public static final ServerId QUARKUS = of("quarkus");
    /** Spring WebFlux on Reactor Netty: the reactive server beside Spring MVC (the {@code reactive} experiment). */
    public static final ServerId WEBFLUX = new ServerId("webflux", "spring-webflux");
    /** Seed 000's service two, which the servers under test call; never under test itself. */
    public static final ServerId DOWNSTREAM = of("downstream");
    /** The user's own service, under {@code loomlab assess}. */
    public static final ServerId SERVICE = of("service");

    public ServerId {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(software, "software");
        if (!SPELLING.matcher(id).matches() || !SPELLING.matcher(software).matches()) {
            throw new IllegalArgumentException("a server id is lower-case letters, digits and '-': '" + id
                    + "', '" + software + "'");
        }
    }

    /** A server whose software is named as it is on the command line. */
    public static ServerId of(String id) {
        return new ServerId(id, id);
    }

    @Override
    public String toString() {
        return id;
    }
}
