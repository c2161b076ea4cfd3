package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every mistake gets one line on stderr that says what is wrong, exit code 2, and no stack trace. */
class BadInputTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "run nope                                    | unknown experiment 'nope'; choose from: service-to-service, blocking-endpoint",
            "run --quick --full                          | mutually exclusive",
            "run --bogus                                 | Unknown option: '--bogus'",
            "run --engine jmeter                         | unknown engine 'jmeter'; choose from: lab, ab, siege, wrk, locust",
            "run --engine locust --workers 0             | '0' must be a whole number from 1",
            "run --engine locust --worker-hosts a,,b --master-address 192.0.2.1 | --worker-hosts 'a,,b' has an empty item; give HOST[,HOST...]",
            "run --engine locust --worker-hosts web-1    | --worker-hosts needs --master-address: the address of this machine that the workers reach Locust's master at",
            "run --engine locust --external-workers 0    | '0' must be a whole number from 1",
            "run --external-workers 2                    | --external-workers needs --engine locust (the lab engine cannot run its users in several worker processes or on other machines)",
            "run --engine wrk --workers 2                | --workers needs --engine locust (the wrk engine cannot run its users in several worker processes or on other machines)",
            "run --engine locust --master-port 70000     | outside 0..65535",
            "load http://127.0.0.1:9/ --workers 2        | --workers needs --engine locust",
            "load http://127.0.0.1:9/ --engine wrk       | load needs --engine lab or locust (the wrk engine cannot load a URL on its own)",
            "load http://127.0.0.1:9/ --engine locust --rate 5 | --rate needs --engine lab (the locust engine cannot offer arrivals at a fixed rate, the open model)",
            "load http://127.0.0.1:9/ --engine locust --no-keepalive | --no-keepalive is an option of the lab's generator",
            "install wrk                                 | cannot install 'wrk'; choose from: locust, jdk21",
            "run jdbc --db-url postgres://h/db --db-user u | database URL must look like jdbc:postgresql://HOST:PORT/DATABASE, got 'postgres://h/db'",
            "run jdbc --db-url jdbc:postgresql://h:1/db  | a database URL needs a user name as well",
            "run jdbc --db-user me                       | --db-user needs --db-url as well",
            "load not-a-url                              | is not an http:// URL",
            "load ftp://127.0.0.1/                       | is not an http:// URL",
            "load http://127.0.0.1:9/ -c 0               | '0' must be a whole number from 1",
            "load http://127.0.0.1:9/ -c many            | 'many' is not a whole number",
            "load http://127.0.0.1:9/ -c 99999999 -d 1s  | 99,999,999 connections to one target are more than this machine allows: at most",
            "load http://127.0.0.1:9/ -n -5              | -5",
            "load http://127.0.0.1:9/ -d 0s              | '0s' must be a positive duration",
            "load http://127.0.0.1:9/ -d soon            | 'soon' is not a duration",
            "load http://127.0.0.1:9/ --rate 0           | must be a positive number of requests per second",
            "load http://127.0.0.1:9/ --warmup -1s       | must not be negative",
            "load http://127.0.0.1:9/ --rate 10 --think 5 | think time applies to the closed model only",
            "serve tomcat                                | unknown server 'tomcat'; choose from: loomcat, spring, webflux, quarkus, downstream",
            "serve quarkus --mode reactive               | quarkus runs its requests on threads, not on an event loop; choose from: platform:N, cached, per-task, virtual, virtual:N",
            "serve webflux --mode virtual                | webflux runs no mode 'virtual'; choose from: reactive",
            "serve spring --mode reactive                | spring runs its requests on threads, not on an event loop; choose from: platform:N, virtual",
            "run service-to-service --out /proc/nope/x   | --out /proc/nope/x: cannot create the folder (",
            "serve loomcat --mode green                  | unknown mode 'green'; choose one of: platform:N, cached, per-task, virtual, virtual:N, reactive",
            "serve loomcat --mode platform:0             | the size must be at least 1",
            "serve loomcat --port 70000                  | outside 0..65535",
            "run pinning --jdk 17                        | --jdk 17: JDK 17 has no virtual threads (they arrived in JDK 21); give 21 or later",
            "run pinning --jdk 21,21                     | --jdk lists 21 twice",
            "run pinning --jdk 21,,25                    | has an empty item",
            "run pinning --jdk newest                    | 'newest' is neither",
            "run pinning --jdk /nonexistent/jdk-21       | --jdk /nonexistent/jdk-21: no JDK there (no bin/java with a release file)",
            "jdks --all                                  | Unknown option: '--all'",
            "frobnicate                                  | Unmatched argument",
            "assess --path /x                            | Missing required argument (specify one of these): (--jar=FILE | --cmd=COMMAND)",
            "assess --jar a.jar --cmd x{port} --path /x  | mutually exclusive",
            "assess --cmd x{port}                        | give what to load: --path PATH (a GET), --request 'METHOD PATH' or --requests FILE",
            "assess --cmd java --path /x                 | --cmd must say where the service takes its port with {port}",
            "assess --cmd x{port} --path orders          | a path starts with '/', got 'orders'",
            "assess --cmd x{port} --path /a@0            | the weight of /a must be a whole number from 1 to 1000, got 0",
            "assess --cmd x{port} --path /a@x            | 'x' after @ is not a whole-number weight",
            "assess --cmd x{port} --path /a --pool 0     | '0' must be a whole number from 1",
            "assess --cmd x{port} --path /a --slo-p99 fast | 'fast' is not a number of milliseconds",
            "assess --cmd x{port} --path /a --slo-p99 0  | '0' must be a positive number of milliseconds",
            "assess --cmd x{port} --path /a --engine wrk | assess needs --engine lab or locust (the wrk engine cannot mix weighted paths)",
            "assess --cmd {java}x{port} --path /a --jdk 17 | --jdk 17: JDK 17 has no virtual threads",
            "assess --cmd x{port} --path /a --ready up   | --ready takes a path that starts with '/', got 'up'",
            "assess --cmd x{port}{pool} --path /a        | --cmd uses {pool}: give --pool N",
            "assess --cmd x{port} --path /a --pool 4     | --pool 4 has no effect: --cmd has no {pool} to put it in",
            "assess --cmd x{port};y --path /a            | ';' would be passed on as a word",
            "assess --cmd x{port} --path /a --quick --full | mutually exclusive",
            "assess --cmd x{port} --path /a --repeat 0   | '0' must be a whole number from 1",
            "assess --jar /nope/app.jar --path /a        | --jar /nope/app.jar: no such file",
            "assess --cmd x{port} --path /a --out /proc/nope/x | --out /proc/nope/x: cannot create the folder (",
    })
    void answersWithOneLineAndExitCode2(String args, String expected) {
        CliRun run = CliRun.ofLine(args).assertRefused(expected);
        assertTrue(run.out().isEmpty(), run.out());
    }

    /** Input found bad once the lab has begun (a database URL, a JDK named by path) leaves no results folder behind. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "run jdbc --db-url postgres://h/db --db-user u | database URL must look like",
            "run jdbc --db-user me                       | --db-user needs --db-url as well",
            "run pinning --jdk /nonexistent/jdk-21       | no JDK there",
            "assess --cmd {java}x{port} --path /a --jdk /nonexistent/jdk-21 | no JDK there",
    })
    void leavesNoResultsFolder(String args, String expected) throws IOException {
        Path results = Path.of("..").toAbsolutePath().normalize().resolve("results");
        List<Path> before = folders(results);
        CliRun.ofLine(args).assertRefused(expected);
        assertEquals(before, folders(results));
    }

    /** A server's mode found bad once serve has begun building its command leaves no temporary folder behind. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "serve webflux --mode virtual                | webflux runs no mode 'virtual'",
            "serve spring --mode reactive                | spring runs its requests on threads",
    })
    void serveLeavesNoTemporaryFolder(String args, String expected) throws IOException {
        Path temporary = Path.of(System.getProperty("java.io.tmpdir"));
        List<Path> before = folders(temporary, "loomlab-serve-");
        CliRun.ofLine(args).assertRefused(expected);
        assertEquals(before, folders(temporary, "loomlab-serve-"));
    }

    private static List<Path> folders(Path results) throws IOException {
        return folders(results, "");
    }

    private static List<Path> folders(Path parent, String prefix) throws IOException {
        if (!Files.isDirectory(parent)) {
            return List.of();
        }
        try (Stream<Path> listed = Files.list(parent)) {
            return listed.filter(p -> p.getFileName().toString().startsWith(prefix)).sorted().toList();
        }
    }
}
