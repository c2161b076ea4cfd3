package loomlab.lab.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.BadInput;
import loomlab.lab.database.DatabaseTarget;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.Test;

/** The command lines of the framework servers; running them is tested in their own modules. */
class FrameworkServersTest {
    private final SpringBoot spring = new SpringBoot();

    @Test
    void springTakesAPlatformPoolAsTomcatsThreadLimit() {
        assertEquals(List.of("--server.port=0", "--server.tomcat.threads.max=10"),
                spring.arguments(ExecutorMode.platform(10), ServerOptions.NONE));
    }

    @Test
    void springTakesVirtualAsSpringsSwitchAndPassesTheDownstream() {
        assertEquals(List.of("--server.port=0", "--spring.threads.virtual.enabled=true",
                        "--loomlab.downstream=http://127.0.0.1:9"),
                spring.arguments(ExecutorMode.virtual(), new ServerOptions(0, "http://127.0.0.1:9", null)));
    }

    @Test
    void springRefusesModesItHasNoSettingFor() {
        for (String mode : List.of("cached", "per-task", "virtual:4")) {
            BadInput refused = assertThrows(BadInput.class,
                    () -> spring.arguments(ExecutorMode.parse(mode), ServerOptions.NONE));
            assertTrue(refused.getMessage().endsWith("choose from: platform:N, virtual"), refused.getMessage());
        }
    }

    @Test
    void quarkusGetsItsDatabaseAndPoolsAsProperties() {
        Quarkus quarkus = new Quarkus(new DatabaseTarget("jdbc:postgresql://127.0.0.1:5433/lab", "u", "pw"), 10, 60, 90);
        List<String> flags = quarkus.jvmFlags(ExecutorMode.virtual(), ServerOptions.NONE);
        assertEquals(List.of("-Dquarkus.http.port=0",
                "-Dquarkus.datasource.jdbc.url=jdbc:postgresql://127.0.0.1:5433/lab",
                "-Dquarkus.datasource.reactive.url=postgresql://127.0.0.1:5433/lab",
                "-Dquarkus.datasource.username=u", "-Dquarkus.datasource.password=pw",
                "-Dquarkus.thread-pool.max-threads=10", "-Dquarkus.datasource.jdbc.min-size=60",
                "-Dquarkus.datasource.jdbc.max-size=90"), flags);
        assertEquals(List.of(), quarkus.arguments(ExecutorMode.platform(10), ServerOptions.NONE));
    }

    @Test
    void everyServerUnderTestListensWhereOtherHostsReachItWhenAskedTo() {
        ServerOptions elsewhere = new ServerOptions(0, null, null, List.of(), "192.0.2.10");
        assertTrue(new Quarkus(new DatabaseTarget("jdbc:postgresql://127.0.0.1:5433/lab", "u", "pw"), 10, 60, 90)
                .jvmFlags(ExecutorMode.virtual(), elsewhere).contains("-Dquarkus.http.host=192.0.2.10"));
        assertTrue(new SpringBoot().arguments(ExecutorMode.virtual(), elsewhere).contains(
                "--server.address=192.0.2.10"));
        List<String> loomcat = new Loomcat().arguments(ExecutorMode.virtual(), elsewhere);
        assertEquals("192.0.2.10", loomcat.get(loomcat.indexOf("--bind") + 1));
        assertFalse(new Loomcat().arguments(ExecutorMode.virtual(), ServerOptions.NONE).contains("--bind"));
    }
}
