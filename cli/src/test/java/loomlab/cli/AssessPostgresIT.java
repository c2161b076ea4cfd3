package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code assess --postgres --db-init} on a service of the test's own ({@code services/orders/OrdersService.java}:
 * the JDK's HTTP server and plain JDBC), POSTing JSON orders on both thread models: each arm's service
 * counts the orders its database held when it started and when it stopped. And what --postgres leaves
 * behind when the input is bad or the service does not start: nothing.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class AssessPostgresIT {
    private static final Pattern AT_START = Pattern.compile("orders at start: (-?\\d+)");
    private static final Pattern AT_STOP = Pattern.compile("orders at stop: (-?\\d+)");

    @TempDir
    Path out;
    @TempDir
    Path classes;
    /** The SQL scripts the tests hand over, in a folder JUnit removes (not beside {@code out}, in /tmp itself). */
    @TempDir
    Path scripts;

    @BeforeEach
    void needsPostgres() {
        assumeTrue(Lab.fromEnvironment().postgres().binariesAvailable(), "no PostgreSQL server binaries on this machine");
    }

    private String ordersCommand() throws IOException {
        Path source = classes.resolve("orders/OrdersService.java");
        Files.createDirectories(source.getParent());
        try (InputStream in = AssessPostgresIT.class.getResourceAsStream("/services/orders/OrdersService.java")) {
            Files.write(source, in.readAllBytes());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, "--release", "21", "-d", classes.toString(), source.toString()));
        // The PostgreSQL driver the lab itself uses, on the service's own class path.
        Path driver = Path.of(org.postgresql.Driver.class.getProtectionDomain().getCodeSource().getLocation().getPath());
        return "{java} -cp " + classes + ":" + driver + " orders.OrdersService --port {port} --threads {threads}"
                + " --pool {pool} --db {db_url} --user {db_user} --password {db_password}";
    }

    private Path initScript() throws IOException {
        return Files.writeString(scripts.resolve("init.sql"), """
                CREATE TABLE orders (id bigserial PRIMARY KEY, item integer NOT NULL);
                INSERT INTO orders (item) VALUES (1), (2), (3);
                """);
    }

    /** Every count the arms' services printed, in the order of their logs' names. */
    private static List<Long> counts(Path out, Pattern pattern) throws IOException {
        List<Long> counts = new ArrayList<>();
        try (Stream<Path> logs = Files.list(out.resolve("logs"))) {
            for (Path log : logs.filter(p -> p.getFileName().toString().endsWith("service.log")).sorted().toList()) {
                Matcher found = pattern.matcher(Files.readString(log));
                while (found.find()) {
                    counts.add(Long.parseLong(found.group(1)));
                }
            }
        }
        return counts;
    }

    @Test
    void aJsonPostWritesRowsIntoEachArmsOwnCopyAndEveryArmStartsFromTheScriptsRows() throws Exception {
        AssessRun run = AssessRun.of(out, "--cmd", ordersCommand(), "--pool", "4", "--postgres", "--db-init",
                initScript().toString(), "--request", "POST /orders", "--header", "Content-Type: application/json",
                "--body", "{\"item\": 7}", "--ready", "/health");
        assertEquals(0, run.cli().exitCode(), run.cli().err() + run.cli().out());
        assertEquals(List.of(3L, 3L), counts(out, AT_START), "both arms started from the script's three rows");
        List<Long> atStop = counts(out, AT_STOP);
        assertEquals(2, atStop.size(), "both services stopped politely: " + atStop);
        assertTrue(atStop.stream().allMatch(n -> n > 100), "the POSTs wrote rows in each arm: " + atStop);
        for (String mode : List.of("platform:4", "virtual")) {
            JsonNode arm = run.arm(mode);
            assertEquals("completed", arm.path("outcome").asText(), arm.toString());
            assertTrue(arm.path("capacity_steps").size() > 0, arm.toString());
            JsonNode step = arm.path("capacity_steps").get(0);
            assertEquals(step.path("answered_rps").asDouble(), step.path("answered_ok_rps").asDouble(), 1e-9,
                    "every order was placed (201)");
            assertTrue(step.path("database_cpu_s").isNumber(), "the database's CPU is its own: " + step);
            assertTrue(arm.path("database").path("peak_memory_mb").asDouble() > 0, arm.path("database").toString());
            assertFalse(arm.path("switched_by").toString().contains(passwordIn(arm)), "the password is masked");
        }
        nothingOfPostgresLeft();
        AssessRun.nothingLeftBehind();
    }

    private static String passwordIn(JsonNode arm) {
        Matcher password = Pattern.compile("--password (\\S+)").matcher(arm.path("switched_by").path("arguments")
                .toString());
        return password.find() ? password.group(1).replace("\"", "").replace("]", "") : "none";
    }

    @Test
    void badInputAndAServiceThatDoesNotStartLeaveNoServerNoFolderAndNoProcess() throws Exception {
        String command = ordersCommand();
        Path broken = Files.writeString(scripts.resolve("broken.sql"),
                "CREATE TABLE orders (id bigserial PRIMARY KEY);\nINSERT INTO nowhere VALUES (1);\n");
        CliRun.of("assess", "--cmd", command, "--pool", "4", "--postgres", "--db-init", broken.toString(),
                "--request", "POST /orders", "--ready", "/health", "--jdk", "25", "--out", out.resolve("a").toString())
                .assertRefused("--db-init " + broken + " failed: line 2: ERROR:  relation \"nowhere\" does not exist");
        nothingOfPostgresLeft();
        CliRun.of("assess", "--cmd", command, "--pool", "4", "--postgres", "--db-init", "/nope.sql", "--path", "/")
                .assertRefused("--db-init /nope.sql: no such file");
        CliRun.of("assess", "--cmd", command, "--pool", "4", "--path", "/health")
                .assertRefused("--cmd uses {db_url}, {db_user} or {db_password}: give --postgres");
        CliRun.of("assess", "--cmd", command, "--pool", "4", "--db-init", broken.toString(), "--path", "/")
                .assertRefused("--db-init needs --postgres");
        nothingOfPostgresLeft();
        // A service that exits at once: the arms fail, and the database goes with the assessment.
        AssessRun dead = AssessRun.of(out.resolve("dead"), "--cmd", "{java} -cp " + classes
                + " orders.NoSuchClass --port {port} --db {db_url}", "--postgres", "--path", "/health");
        assertEquals(1, dead.cli().exitCode(), dead.cli().err());
        nothingOfPostgresLeft();
        AssessRun.nothingLeftBehind();
    }

    /** No PostgreSQL server of the lab's runs, and no folder of one is left in the temp folder. */
    private static void nothingOfPostgresLeft() throws IOException {
        // Other labs on the machine may run theirs: a server is this JVM's when its folder says so, or is gone.
        Pattern folder = Pattern.compile("(/\\S*loomlab-pg-[^/\\s]+)");
        List<String> servers = ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                .map(p -> p.info().commandLine().orElse("")).filter(c -> c.contains("loomlab-pg-"))
                .filter(c -> {
                    Matcher in = folder.matcher(c);
                    return in.find() && (!Files.exists(Path.of(in.group(1))) || ownedByThisJvm(Path.of(in.group(1))));
                }).toList();
        assertTrue(servers.isEmpty(), "PostgreSQL left running: " + servers);
        try (Stream<Path> folders = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            List<Path> left = folders.filter(p -> p.getFileName().toString().startsWith("loomlab-pg-"))
                    .filter(AssessPostgresIT::ownedByThisJvm).toList();
            assertTrue(left.isEmpty(), "PostgreSQL folders left: " + left);
        }
    }

    /** A folder whose lab is this JVM: other labs on the machine may have theirs. */
    private static boolean ownedByThisJvm(Path folder) {
        try {
            return Files.readString(folder.resolve("lab.pid")).strip().equals(Long.toString(ProcessHandle.current()
                    .pid()));
        } catch (IOException e) {
            return false;
        }
    }
}
