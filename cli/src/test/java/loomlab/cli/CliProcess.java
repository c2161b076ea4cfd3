package loomlab.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The CLI as a real separate JVM, for what only a process can show: signals, ports, children. */
final class CliProcess {
    static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    private CliProcess() {
    }

    static ProcessBuilder builder(String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dloomlab.home=" + HOME, "-cp", System.getProperty("java.class.path"), LoomLab.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }

    /**
     * Skips a test that sends Ctrl-C (SIGINT) to a child when this JVM was started with SIGINT ignored (a
     * job started in the background of a shell without job control): its children inherit that, the
     * JVM then installs no handler of its own, and no Ctrl-C can reach them. Linux says so in
     * {@code /proc/self/status}'s {@code SigIgn} mask; elsewhere the test runs.
     */
    static void assumeCtrlCReachesChildren() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!java.nio.file.Files.isReadable(status)) {
            return;
        }
        for (String line : java.nio.file.Files.readAllLines(status)) {
            if (line.startsWith("SigIgn:")) {
                long ignored = Long.parseUnsignedLong(line.substring("SigIgn:".length()).strip(), 16);
                org.junit.jupiter.api.Assumptions.assumeTrue((ignored & (1L << (2 - 1))) == 0,
                        "SIGINT is ignored by this test's JVM (started in the background?), so its children"
                                + " cannot be sent Ctrl-C");
            }
        }
    }

    static Process start(Path log, String... args) throws IOException {
        return builder(args).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }
}
