package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A dependency stands in the import list, where a reader and the package-cycle rules see it: no class
 * of the project's main sources names a type by its full name in code (issue 50, ask 4). Comments,
 * strings and the lines listed below, each with why, may.
 */
class InlineNamesTest {
    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    /** A type's full name: a package of lower-case words, then an upper-case simple name. */
    static final Pattern FULL_NAME = Pattern.compile(
            "(?<![\\w.])(?:java|javax|com|org|loomlab|jdk)\\.(?:[a-z_][a-z0-9_]*\\.)+[A-Z]\\w*");

    /** Where the full name is the only way to tell two types of one simple name apart. */
    private static final Map<String, String> ALLOWED = Map.of(
            "lab/src/main/java/loomlab/lab/env/EnvironmentProbe.java",
            "com.sun.management.OperatingSystemMXBean beside java.lang.management's, imported",
            "servers/quarkus/src/main/java/loomlab/quarkus/BlogpostRepository.java",
            "loomlab.blogposts.BlogpostTable beside Quarkus's own BlogpostTable",
            "servers/quarkus/src/main/java/loomlab/quarkus/BlogpostTable.java",
            "loomlab.blogposts.BlogpostTable, whose name this class shares");

    /** The code of one line: before a line comment, without string literals; empty for comment lines. */
    static String code(String line) {
        String stripped = line.strip();
        if (stripped.startsWith("*") || stripped.startsWith("//") || stripped.startsWith("/*")
                || stripped.startsWith("import ") || stripped.startsWith("package ")) {
            return "";
        }
        String noStrings = line.replaceAll("\"(?:\\\\.|[^\"\\\\])*\"", "\"\"");
        int comment = noStrings.indexOf("//");
        return comment < 0 ? noStrings : noStrings.substring(0, comment);
    }

    @Test
    void theCodeOfLinesHasNoFullNamesButCommentsAndStringsMay() {
        assertEquals("    List<Foo> x = new java.util.ArrayList<>();",
                code("    List<Foo> x = new java.util.ArrayList<>();"));
        assertTrue(FULL_NAME.matcher(code("    List<Foo> x = new java.util.ArrayList<>();")).find());
        assertEquals("", code("     * {@link loomlab.core.assess.Capacity}"));
        assertTrue(!FULL_NAME.matcher(code("    String s = \"loomlab.core.assess.Capacity\"; // java.util.List")).find());
        assertTrue(!FULL_NAME.matcher(code("    x.java.util = Capacity.of(y);")).find(), "a field chain is no name");
    }

    @Test
    void mainSourcesImportWhatTheyUse() throws IOException {
        List<String> found = new ArrayList<>();
        List<Path> roots;
        try (Stream<Path> all = Files.walk(HOME, 5)) {
            roots = all.filter(p -> p.endsWith(Path.of("src", "main", "java")))
                    .filter(p -> !p.toString().contains("/target/")).toList();
        }
        assertTrue(roots.size() >= 10, "every module's main sources: " + roots);
        for (Path root : roots) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    String relative = HOME.relativize(file).toString();
                    if (ALLOWED.containsKey(relative)) {
                        continue;
                    }
                    List<String> lines = Files.readAllLines(file);
                    for (int i = 0; i < lines.size(); i++) {
                        Matcher name = FULL_NAME.matcher(code(lines.get(i)));
                        while (name.find()) {
                            found.add(relative + ":" + (i + 1) + ": " + name.group());
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), found, "import these, or list the file in ALLOWED with why");
    }
}
