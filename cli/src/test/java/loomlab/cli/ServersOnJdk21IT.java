package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import loomlab.core.BadInput;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.lab.jdk.JdkSearch;
import loomlab.lab.jdk.Jdks;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.servers.RunningServer;
import loomlab.lab.servers.ServerJava;
import loomlab.lab.servers.ServerOptions;
import loomlab.lab.servers.ServerStats;
import loomlab.lab.servers.Servers;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every server under test runs on JDK 21 as well as 25 ({@code --jdk 21,25}): their classes, and the
 * lab's own classes packed with them, are built for release 21 (class file version 65 or lower), and
 * a framework server really starts on JDK 21. loomcat's run on JDK 21 is in PinningArmRunnerIT.
 */
class ServersOnJdk21IT {
    /** The class file major version of Java 21. */
    private static final int JAVA_21 = 65;
    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path logs;

    @Test
    void everyServerUnderTestIsBuiltForJdk21() throws IOException {
        Servers registry = Servers.standard(new JavaLauncher(HOME, Path.of("java")), new ProcessSupervisor());
        List<String> artefacts = new ArrayList<>(Servers.standardIds().stream().map(id -> registry.get(id).artefact())
                .toList());
        assertTrue(artefacts.contains("servers/quarkus/target/quarkus-app/quarkus-run.jar"), artefacts.toString());
        for (String artefact : artefacts) {
            List<Integer> versions = new ArrayList<>();
            Path path = HOME.resolve(artefact);
            if (Files.isDirectory(path.resolveSibling("app"))) {
                path = path.getParent(); // a launcher jar (Quarkus'): the classes are in the jars beside it
            }
            if (Files.isDirectory(path)) {
                try (Stream<Path> jars = Files.walk(path)) {
                    for (Path jar : jars.filter(p -> p.toString().endsWith(".jar")).toList()) {
                        try (InputStream in = Files.newInputStream(jar)) {
                            collect(in, jar.getFileName().toString(), versions);
                        }
                    }
                }
            } else {
                try (InputStream in = Files.newInputStream(path)) {
                    collect(in, artefact, versions);
                }
            }
            assertTrue(versions.size() > 3, artefact + ": the lab's classes were found (" + versions.size() + ")");
            int highest = versions.stream().mapToInt(Integer::intValue).max().orElseThrow();
            assertTrue(highest <= JAVA_21, artefact + " has class file version " + highest + ", above JDK 21's "
                    + JAVA_21);
        }
    }

    @Test
    void theSpringServersStartAndAnswerOnJdk21() throws Exception {
        ServerJava jdk21;
        try {
            jdk21 = ServerJava.chosen(Jdks.standard(JdkSearch.standard(HOME, System.getenv(),
                    Path.of(System.getProperty("user.home"))), new PrintStream(OutputStream.nullOutputStream())).find(21));
        } catch (BadInput e) {
            Assumptions.abort("no JDK 21: " + e.getMessage());
            return;
        }
        ProcessSupervisor processes = new ProcessSupervisor();
        JavaLauncher launcher = new JavaLauncher(HOME, Path.of(System.getProperty("java.home"), "bin", "java"));
        Servers servers = Servers.standard(launcher, processes);
        for (ServerId id : List.of(ServerId.SPRING, ServerId.WEBFLUX)) {
            ServingModel model = servers.get(id).defaultModel();
            try (RunningServer server = servers.start(id, model, jdk21, ServerOptions.NONE,
                    logs.resolve(id.id() + ".log"))) {
                assertEquals(21, server.java().feature());
                ServerStats stats = ServerStats.fetch(server.baseUrl());
                assertNull(stats.problem(), id + " on JDK 21 answers /stats: " + stats.problem());
            }
        }
        assertEquals(0, ProcessSupervisor.liveCount());
    }

    /** The major versions of the classes under {@code loomlab/} in a jar, nested jars included. */
    private static void collect(InputStream jar, String name, List<Integer> versions) throws IOException {
        ZipInputStream zip = new ZipInputStream(jar);
        for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
            String entryName = entry.getName();
            if (entryName.endsWith(".jar")) {
                collect(new ByteArrayInputStream(zip.readAllBytes()), entryName, versions);
            } else if (entryName.endsWith(".class") && entryName.contains("loomlab/")
                    && !entryName.startsWith("META-INF/versions/")) {
                DataInputStream header = new DataInputStream(new ByteArrayInputStream(zip.readNBytes(8)));
                header.readInt();
                header.readUnsignedShort();
                versions.add(header.readUnsignedShort());
            }
        }
    }
}
