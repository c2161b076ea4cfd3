package loomlab.lab.diagnose;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A running JVM's command line, read from {@code /proc/PID/cmdline} (its arguments as the kernel keeps
 * them), and the class path it names: {@code -cp}, {@code -classpath}, {@code --class-path} or
 * {@code -Djava.class.path=}, else {@code -jar}'s jar, else the {@code CLASSPATH} of its environment,
 * relative entries against its working folder.
 *
 * @param words       the arguments, the launcher first
 * @param workingDir  the JVM's working folder ({@code /proc/PID/cwd}), or null when it cannot be read
 * @param environmentClassPath its {@code CLASSPATH}, or null when unset or unreadable
 */
record JvmCommandLine(List<String> words, Path workingDir, String environmentClassPath) {
    /** The launcher's options whose value is the next word (a value that may not start with '-'). */
    private static final Set<String> TWO_WORDS = Set.of("--add-opens", "--add-exports",
            "--add-reads", "--add-modules", "--module-path", "-p", "--upgrade-module-path", "--patch-module",
            "--limit-modules", "--enable-native-access", "--source", "--describe-module", "-d");
    JvmCommandLine {
        words = List.copyOf(words);
    }

    /** Empty when the process has gone or its command line cannot be read. */
    static Optional<JvmCommandLine> of(long pid) {
        Path proc = Path.of("/proc", Long.toString(pid));
        try {
            byte[] raw = Files.readAllBytes(proc.resolve("cmdline"));
            List<String> words = Arrays.stream(new String(raw, StandardCharsets.UTF_8).split("\0"))
                    .filter(w -> !w.isEmpty()).toList();
            Path cwd = null;
            try {
                cwd = Files.readSymbolicLink(proc.resolve("cwd"));
            } catch (IOException e) {
                // another user's process: relative entries stay unresolved
            }
            String classPath = null;
            try {
                for (String variable : new String(Files.readAllBytes(proc.resolve("environ")), StandardCharsets.UTF_8)
                        .split("\0")) {
                    if (variable.startsWith("CLASSPATH=")) {
                        classPath = variable.substring("CLASSPATH=".length());
                    }
                }
            } catch (IOException e) {
                // unreadable: no CLASSPATH is known
            }
            return words.isEmpty() ? Optional.empty() : Optional.of(new JvmCommandLine(words, cwd, classPath));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The class path's entries as the JVM would read them; empty when it names none. */
    List<String> classPath() {
        for (int i = 1; i < words.size(); i++) {
            String word = words.get(i);
            if ((word.equals("-cp") || word.equals("-classpath") || word.equals("--class-path")) && i + 1 < words.size()) {
                return split(words.get(i + 1));
            }
            if (word.startsWith("--class-path=")) {
                return split(word.substring("--class-path=".length()));
            }
            if (word.startsWith("-Djava.class.path=")) {
                return split(word.substring("-Djava.class.path=".length()));
            }
            if (word.equals("-jar") && i + 1 < words.size()) {
                return List.of(words.get(i + 1));
            }
            if (TWO_WORDS.contains(word)) {
                i++;
            } else if (word.equals("-m") || word.equals("--module") || !word.startsWith("-")) {
                break; // the main class or module: what follows is the program's own arguments
            }
        }
        return environmentClassPath == null ? List.of() : split(environmentClassPath);
    }

    /** The command as one line, for a report: the launcher's path and every argument. */
    String line() {
        return String.join(" ", words);
    }

    private static List<String> split(String classPath) {
        return Arrays.stream(classPath.split(":")).filter(s -> !s.isBlank()).toList();
    }
}
