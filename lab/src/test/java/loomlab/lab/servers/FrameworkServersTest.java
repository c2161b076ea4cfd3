package loomlab.lab.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.BadInput;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.lab.database.DatabaseTarget;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.Test;

/** The command lines of the framework servers; running them is tested in their own modules. */
class FrameworkServersTest {
    private static final DatabaseTarget DATABASE = new DatabaseTarget("jdbc:postgresql://127.0.0.1:5433/lab", "u",
            "pw");
    private static final ServerOptions ON_DATABASE = ServerOptions.NONE.withDatabase(new DatabaseBinding(DATABASE, 60,
            90, 10));

    private final SpringBoot spring = new SpringBoot();

    @Test
    void springTakesAPlatformPoolAsTomcatsThreadLimit() {
        assertEquals(List.of("--server.port=0", "--server.tomcat.threads.max=10"),
                spring.arguments(ServingModel.of(ExecutorMode.platform(10)), ServerOptions.NONE));
    }

    @Test
    void springTakesVirtualAsSpringsSwitchAndPassesTheDownstream() {
        assertEquals(List.of("--server.port=0", "--spring.threads.virtual.enabled=true",
                        "--loomlab.downstream=http://127.0.0.1:9"),
                spring.arguments(ServingModel.of(ExecutorMode.virtual()), new ServerOptions(0, "http://127.0.0.1:9", null)));
    }

    @Test
    void springRefusesModesItHasNoSettingFor() {
        for (String mode : List.of("cached", "per-task", "virtual:4")) {
            BadInput refused = assertThrows(BadInput.class,
                    () -> spring.arguments(ServingModel.of(ExecutorMode.parse(mode)), ServerOptions.NONE));
            assertTrue(refused.getMessage().endsWith("choose from: platform:N, virtual"), refused.getMessage());
        }
    }

    @Test
    void quarkusGetsItsDatabaseAndPoolsAsProperties() {
        Quarkus quarkus = new Quarkus();
        List<String> flags = quarkus.jvmFlags(ServingModel.of(ExecutorMode.virtual()), ON_DATABASE);
        assertEquals(List.of("-Dquarkus.http.port=0",
                "-Dquarkus.datasource.jdbc.url=jdbc:postgresql://127.0.0.1:5433/lab",
                "-Dquarkus.datasource.reactive.url=postgresql://127.0.0.1:5433/lab",
                "-Dquarkus.datasource.username=u", "-Dquarkus.datasource.password=pw",
                "-Dquarkus.datasource.jdbc.min-size=60", "-Dquarkus.datasource.jdbc.max-size=90",
                "-Dquarkus.thread-pool.max-threads=10"), flags);
        assertEquals(List.of(), quarkus.arguments(ServingModel.of(ExecutorMode.platform(10)), ON_DATABASE));
        assertTrue(quarkus.needsDatabase());
        assertFalse(new Loomcat().needsDatabase());
        assertThrows(IllegalArgumentException.class,
                () -> quarkus.jvmFlags(ServingModel.of(ExecutorMode.virtual()), ServerOptions.NONE));
        assertFalse(quarkus.jvmFlags(ServingModel.of(ExecutorMode.virtual()), ServerOptions.NONE.withDatabase(
                new DatabaseBinding(DATABASE, 0, 90, null))).toString().contains("max-threads"),
                "without a worker pool Quarkus keeps its own");
    }

    @Test
    void loomcatReadsTheDatabaseOnlyWhenBoundToOne() {
        List<String> bound = new Loomcat().arguments(ServingModel.of(ExecutorMode.virtual()), ON_DATABASE);
        assertEquals(List.of("--db-url", "jdbc:postgresql://127.0.0.1:5433/lab", "--db-user", "u", "--db-password",
                "pw", "--db-pool-min", "60", "--db-pool-max", "90"), bound.subList(bound.indexOf("--db-url"),
                bound.size()));
        assertFalse(new Loomcat().arguments(ServingModel.of(ExecutorMode.virtual()), ServerOptions.NONE)
                .contains("--db-url"));
    }

    @Test
    void theRegistryHoldsEveryServerTheLabStartsAndServeOffersQuarkusIncluded() {
        assertEquals(List.of(ServerId.LOOMCAT, ServerId.SPRING, ServerId.WEBFLUX, ServerId.QUARKUS,
                ServerId.DOWNSTREAM), Servers.standardIds());
    }

    @Test
    void serveFindsAServerByItsSpellingAndDefaultsWebfluxToItsEventLoop() {
        Servers servers = Servers.standard(null, null);
        assertEquals(ServerId.WEBFLUX, servers.named("webflux").id());
        assertEquals(ServingModel.EVENT_LOOP, servers.named("webflux").defaultModel());
        assertEquals(ServingModel.of(ExecutorMode.virtual()), servers.named("spring").defaultModel());
        BadInput unknown = assertThrows(BadInput.class, () -> servers.named("service"));
        assertEquals("unknown server 'service'; choose from: loomcat, spring, webflux, quarkus, downstream",
                unknown.getMessage());
    }

    /** A new server declares its id in its adapter: the core needs no constant until an experiment uses it. */
    @Test
    void aServerTheCoreNeverNamedJoinsByItsAdapterAlone() {
        ServerId jetty = ServerId.of("jetty");
        ServerUnderTest adapter = new ServerUnderTest() {
            @Override
            public ServerId id() {
                return jetty;
            }

            @Override
            public String artefact() {
                return "servers/jetty/target/jetty.jar";
            }

            @Override
            public List<String> arguments(ServingModel model, ServerOptions options) {
                return List.of("--threads", threads(model).toString());
            }

            @Override
            public String path(Endpoint endpoint, ServingModel model) {
                return "/" + endpoint;
            }
        };
        Servers servers = new Servers(null, null, List.of(new Loomcat(), adapter));
        assertEquals(jetty, servers.named("jetty").id());
        assertEquals("jetty", jetty.software());
        assertEquals(adapter, servers.get(ServerId.of("jetty")), "identity is the id's value, not an instance");
        assertEquals("unknown server 'tomcat'; choose from: loomcat, jetty",
                assertThrows(BadInput.class, () -> servers.named("tomcat")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> ServerId.of("Jetty 12"));
    }

    @Test
    void everyServerUnderTestListensWhereOtherHostsReachItWhenAskedTo() {
        ServerOptions elsewhere = new ServerOptions(0, null, null, List.of(), "192.0.2.10");
        assertTrue(new Quarkus().jvmFlags(ServingModel.of(ExecutorMode.virtual()), elsewhere.withDatabase(
                new DatabaseBinding(DATABASE, 60, 90, 10))).contains("-Dquarkus.http.host=192.0.2.10"));
        assertTrue(new SpringBoot().arguments(ServingModel.of(ExecutorMode.virtual()), elsewhere).contains(
                "--server.address=192.0.2.10"));
        List<String> loomcat = new Loomcat().arguments(ServingModel.of(ExecutorMode.virtual()), elsewhere);
        assertEquals("192.0.2.10", loomcat.get(loomcat.indexOf("--bind") + 1));
        assertFalse(new Loomcat().arguments(ServingModel.of(ExecutorMode.virtual()), ServerOptions.NONE).contains("--bind"));
    }

    @Test
    void webfluxRunsOnItsEventLoopAndRefusesThreadsNamingItsMode() {
        Webflux webflux = new Webflux();
        assertEquals(List.of("--mode", "reactive", "--server.port=0", "--loomlab.downstream=http://127.0.0.1:9"),
                webflux.arguments(ServingModel.EVENT_LOOP, new ServerOptions(0, "http://127.0.0.1:9", null)));
        assertEquals("/downstream?delay=50", webflux.path(new Endpoint.DownstreamCall(50), ServingModel.EVENT_LOOP));
        assertEquals("/cpu/1000", webflux.path(new Endpoint.CpuWork(1000), ServingModel.EVENT_LOOP));
        BadInput refused = assertThrows(BadInput.class,
                () -> webflux.arguments(ServingModel.parse("virtual"), ServerOptions.NONE));
        assertEquals("webflux runs no mode 'virtual'; choose from: reactive", refused.getMessage());
    }

    @Test
    void threadServersRefuseAnEventLoopNamingTheirModes() {
        BadInput spring = assertThrows(BadInput.class, () -> this.spring.arguments(ServingModel.EVENT_LOOP,
                ServerOptions.NONE));
        assertEquals("spring runs its requests on threads, not on an event loop; choose from: platform:N, virtual",
                spring.getMessage());
        BadInput loomcat = assertThrows(BadInput.class, () -> new Loomcat().arguments(ServingModel.EVENT_LOOP,
                ServerOptions.NONE));
        assertTrue(loomcat.getMessage().startsWith("loomcat runs its requests on threads"), loomcat.getMessage());
    }

    @Test
    void theModeParsesAsAnEventLoopOrAnExecutorAndNamesBothWhenNeither() {
        assertEquals(ServingModel.EVENT_LOOP, ServingModel.parse("reactive"));
        assertEquals(ServingModel.of(ExecutorMode.platform(20)), ServingModel.parse("platform:20"));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> ServingModel.parse("async"));
        assertTrue(bad.getMessage().endsWith(ExecutorMode.CHOICES + ", reactive"), bad.getMessage());
    }
}
