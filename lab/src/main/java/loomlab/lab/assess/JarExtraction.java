package loomlab.lab.assess;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import loomlab.lab.process.ProcessSupervisor;

/**
 * A Spring Boot fat jar extracted for {@code assess --extracted}, by Spring Boot's own tool
 * ({@code java -Djarmode=tools -jar app.jar extract}, Spring Boot 3.3 and newer): the application's jar beside
 * its libraries in {@code lib/}, which the JDK's own class loader reads as plain jars, so no class or
 * resource lookup goes through the nested-jar loader's monitors. It is written into the arm's scratch
 * folder, which the lab deletes once the service has stopped: nothing of it outlives the arm.
 */
final class JarExtraction {
    /** The folder under the arm's scratch folder that holds the extracted jar. */
    static final String FOLDER = "extracted";
    /** An extraction copies the jar's libraries out: seconds, far less on a quiet machine. */
    static final Duration LIMIT = Duration.ofMinutes(2);

    private JarExtraction() {
    }

    /** The application's jar once extracted into {@code scratch}: named as the fat jar, its libraries beside it. */
    static Path extractedJar(Path fatJar, Path scratch) {
        return scratch.resolve(FOLDER).resolve(fatJar.getFileName().toString());
    }

    /**
     * The extraction's command: the tool's temporary files in {@code scratch} too, so that nothing is left in
     * the machine's temporary folder.
     */
    static List<String> command(Path java, Path fatJar, Path scratch) {
        return List.of(java.toString(), "-Djava.io.tmpdir=" + scratch, "-Djarmode=tools", "-jar", fatJar.toString(),
                "extract", "--destination", scratch.resolve(FOLDER).toString());
    }

    /**
     * Extracts {@code fatJar} into {@code scratch} with {@code java}, its output in {@code log}; the extracted
     * application jar, or an IOException with the tool's last line when it failed or wrote none.
     */
    static Path extract(Path java, Path fatJar, Path scratch, Path log) throws IOException, InterruptedException {
        Files.createDirectories(scratch);
        Files.createDirectories(log.toAbsolutePath().getParent());
        List<String> command = command(java, fatJar, scratch);
        Process process = ProcessSupervisor.startCommand(command, builder -> builder.redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))));
        try {
            if (!process.waitFor(LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IOException("extracting " + fatJar.getFileName() + " (java -Djarmode=tools ... extract) did"
                        + " not finish within " + LIMIT.toSeconds() + " s; its output is in " + log);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            throw e;
        }
        Path extracted = extractedJar(fatJar, scratch);
        if (process.exitValue() != 0 || !Files.isRegularFile(extracted)) {
            throw new IOException("extracting " + fatJar.getFileName() + " (java -Djarmode=tools ... extract) failed"
                    + " (exit " + process.exitValue() + "): " + lastLine(log));
        }
        return extracted;
    }

    private static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log).stream().filter(line -> !line.isBlank()).toList();
            return lines.isEmpty() ? "no output" : lines.getLast().strip();
        } catch (IOException e) {
            return "no output could be read";
        }
    }
}
