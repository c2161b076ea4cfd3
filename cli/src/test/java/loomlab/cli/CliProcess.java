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

    static Process start(Path log, String... args) throws IOException {
        return builder(args).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }
}
