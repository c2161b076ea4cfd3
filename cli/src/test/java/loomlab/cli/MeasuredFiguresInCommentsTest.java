package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Comments say why the code is as it is; what was measured, on which day and machine, lives in the docs
 * with its command (docs/measurements.md), where it can be dated and measured again. A comment that
 * holds a measurement goes stale the day the code or the machine changes (issue 42, item 6). This test
 * reads every comment of every module's Java sources and fails on a sentence that sets a figure (a
 * number with a unit of time, rate, size or share) beside a sign that it was measured: "took", "went
 * from", "we measured", "on this machine", a commit hash or a date. Figures that are rules (a
 * threshold, a bound, a default, a worked example) carry no such sign and pass. A pointer to a section
 * of the docs may hold figures in its name.
 */
class MeasuredFiguresInCommentsTest {
    /** From this module's folder, where its tests run. */
    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    /**
     * Files whose measured figures stay for now, each with why: none today. Keep it empty: a figure belongs
     * in docs/measurements.md, and the comment points there.
     */
    private static final Map<String, String> ALLOWED = Map.of();

    /** A number with a unit: {@code 12 s}, {@code 2.3-3.9 s}, {@code 3.6 to 4.2 s}, {@code 1,600 req/s}, {@code 97 %}. */
    static final Pattern FIGURE = Pattern.compile("(?<![\\w.])\\d[\\d,]*(?:\\.\\d+)?"
            + "(?:\\s?(?:to|-|and)\\s?\\d[\\d,]*(?:\\.\\d+)?)?"
            + "\\s?(?:ms|s|us|µs|ns|min|%|MB|MiB|KB|KiB|GB|GiB|req/s|ops/s)(?![\\w/])");

    /** Words that say a figure was measured once, somewhere. */
    static final Pattern MEASURED_WORDS = Pattern.compile("\\b(?:took|went from|(?:we|the lab) measured"
            + "|measured (?:on|with) (?:a|an|the|this)|on this (?:\\d-core )?machine|this machine's"
            + "|\\d-core (?:machine|box)|two-core machine|reference machine|quiet machine"
            // A past tense over a span of figures: what some run needed, not a rule.
            + "|(?:needed|used|cost) \\d[\\d.,]* to \\d)\\b"
            + "|\\b20\\d\\d-\\d\\d-\\d\\d\\b", Pattern.CASE_INSENSITIVE);

    /** A commit: 7 to 12 lower-case hex digits with a letter and a digit, not an identity hash ({@code @1b2c3d4e}). */
    static final Pattern COMMIT = Pattern.compile("(?<![@\\w.#$-])(?=[0-9a-f]{7,12}\\b)(?=[0-9a-f]*[a-f])"
            + "(?=[0-9a-f]*\\d)[0-9a-f]{7,12}\\b");

    /** A pointer to where a measurement lives: {@code docs/measurements.md, "The quick run"}; its section's name may hold figures. */
    static final Pattern DOCS_POINTER = Pattern.compile("docs/[\\w./-]+\\.md(?:#[\\w-]+)?(?:,\\s*\"[^\"]*\")?");

    /** A Javadoc code span, {@code {@code ...}}, without nested braces. */
    static final Pattern CODE_SPAN = Pattern.compile("\\{@code [^{}]*\\}");

    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.;])\\s+");

    /** One comment: a block comment, or consecutive line comments, as prose. */
    record Comment(int line, String text) {
    }

    /** A sentence of a comment that holds a measured figure, where it is. */
    record Offence(String file, int line, String sentence) {
        @Override
        public String toString() {
            return file + ":" + line + ": " + sentence;
        }
    }

    // ---- the rule, exactly ----------------------------------------------------------------------

    /** Whether this sentence of a comment states a measured figure. */
    static boolean measured(String sentence) {
        // A {@code ...} span quotes code or the lab's own output, an example of its wording, not prose.
        String text = CODE_SPAN.matcher(DOCS_POINTER.matcher(sentence).replaceAll("docs")).replaceAll("code");
        return FIGURE.matcher(text).find() && (MEASURED_WORDS.matcher(text).find() || COMMIT.matcher(text).find());
    }

    /** The sentences of the comments of {@code source} that state a measured figure. */
    static List<Offence> offences(String file, String source) {
        List<Offence> found = new ArrayList<>();
        for (Comment comment : comments(source)) {
            // Code spans first, whole: one may hold a ';' or '. ' of the output it quotes.
            for (String sentence : SENTENCE_END.split(CODE_SPAN.matcher(comment.text()).replaceAll("code"))) {
                if (measured(sentence)) {
                    found.add(new Offence(file, comment.line(), sentence.strip()));
                }
            }
        }
        return found;
    }

    /**
     * The comments of a Java source, outside string, text-block and character literals; a run of line
     * comments on consecutive lines is one comment, and a Javadoc's leading stars are dropped.
     */
    static List<Comment> comments(String source) {
        List<Comment> comments = new ArrayList<>();
        int line = 1;
        int i = 0;
        int n = source.length();
        int lastLineCommentLine = -2;
        while (i < n) {
            char c = source.charAt(i);
            if (c == '\n') {
                line++;
                i++;
            } else if (source.startsWith("\"\"\"", i)) {
                int end = i + 3;
                while (end < n && !source.startsWith("\"\"\"", end)) {
                    end += source.charAt(end) == '\\' ? 2 : 1;
                }
                end = Math.min(end + 3, n);
                line += count(source, i, end);
                i = end;
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && source.charAt(j) != c && source.charAt(j) != '\n') {
                    j += source.charAt(j) == '\\' ? 2 : 1;
                }
                i = Math.min(j + 1, n);
            } else if (source.startsWith("//", i)) {
                int end = source.indexOf('\n', i);
                end = end < 0 ? n : end;
                String text = source.substring(i + 2, end).strip();
                if (lastLineCommentLine == line - 1 && !comments.isEmpty()) {
                    Comment previous = comments.removeLast();
                    comments.add(new Comment(previous.line(), previous.text() + " " + text));
                } else {
                    comments.add(new Comment(line, text));
                }
                lastLineCommentLine = line;
                i = end;
            } else if (source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                StringBuilder text = new StringBuilder();
                for (String part : source.substring(i + 2, Math.max(i + 2, end - 2)).split("\n")) {
                    String stripped = part.strip();
                    while (stripped.startsWith("*")) {
                        stripped = stripped.substring(1).strip();
                    }
                    if (!stripped.isEmpty()) {
                        text.append(text.isEmpty() ? "" : " ").append(stripped);
                    }
                }
                comments.add(new Comment(line, text.toString()));
                line += count(source, i, end);
                i = end;
            } else {
                i++;
            }
        }
        return comments;
    }

    private static int count(String source, int from, int to) {
        int lines = 0;
        for (int k = from; k < to; k++) {
            if (source.charAt(k) == '\n') {
                lines++;
            }
        }
        return lines;
    }

    // ---- the sources ----------------------------------------------------------------------------

    /** Every module's Java sources, main and test (the servers' among them), by their path from the root. */
    static List<Path> sources() {
        List<Path> sources = new ArrayList<>();
        try {
            Files.walkFileTree(HOME, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                    String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                    boolean skipped = !dir.equals(HOME) && (name.equals("target") || name.startsWith("."));
                    return skipped ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    String path = HOME.relativize(file).toString().replace('\\', '/');
                    if (path.endsWith(".java") && path.contains("/src/")) {
                        sources.add(HOME.relativize(file));
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sources.stream().sorted().toList();
    }

    // ---- the tests ------------------------------------------------------------------------------

    @Test
    void noCommentInTheSourcesStatesAMeasuredFigure() throws IOException {
        List<Path> sources = sources();
        assertTrue(sources.size() > 500, "the sources were found: " + sources.size() + " under " + HOME);
        assertTrue(sources.contains(Path.of("servers/loomcat/src/main/java/loomlab/loomcat/Endpoints.java")),
                "the servers' sources are read too");
        for (String allowed : ALLOWED.keySet()) {
            assertTrue(sources.contains(Path.of(allowed)), "an allowed file that is no longer there: " + allowed);
        }
        List<Offence> found = new ArrayList<>();
        for (Path source : sources) {
            String file = source.toString().replace('\\', '/');
            if (!ALLOWED.containsKey(file)) {
                found.addAll(offences(file, Files.readString(HOME.resolve(source))));
            }
        }
        assertEquals(List.of(), found, "comments that state a measured figure: state the rule or the reason"
                + " instead, and move the figure, dated and with its command, to docs/measurements.md");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "Its fast-jar is plain jars already: a start went from 2.3-3.9 to 1.8-2.1 s with the archive (jdbc).",
            "20,000 took 12 s on a 2-core Linux 6.18 box: each start costs O(threads) in the kernel.",
            "Seed 001's BigInteger count: about 7 ms of one core per request on this 2-core machine, warm.",
            "The quick run of 1ce615a: WebFlux passed 3,200 req/s, where both Spring MVC arms failed it.",
            "as before (docs/ci.md, 2026-11-27: 3 s gave 94.9 to 97.0 % of the Little's-law bounds)",
            "C1 alone is quicker (measured with the Spring MVC jar: 3.6 to 4.2 s to train without it).",
            "We measured 41 MB more than the pool's arm.",
            "This machine's quick run: virtual threads 800 (800-1,130) on 1.43 cores, WebFlux 1,600 req/s.",
            "About 30 ms of one core per /cpu request on the 2-core reference machine (measured, warm JIT).",
            "The wait arms are bound by their wait (their 20 users needed 0.12 to 0.36 s of CPU a wave).",
            "The pool's arm used 2.1 to 2.4 s of CPU in its window."})
    void aFigureBesideASignOfWhenItWasMeasuredIsAMeasurement(String sentence) {
        assertTrue(measured(sentence), sentence);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "Figures closer than 1.25x are not called different when nothing measured says how much they vary.",
            "A p99.9 needs at least 1,000 samples; fewer make it the slowest request.",
            "A hang: no answer for 3 s quick, 5 s full, and at least 20 times the median.",
            "20 requests of 50 ms through one thread take at least 1 s; with 4 at once about a quarter of it.",
            "HotSpot waits up to 300 ms for every thread blocked in native code before the process exits.",
            "Prints its ForkJoinPool, e.g. ForkJoinPool@11291c0c[Running, parallelism = 2], every 20 ms.",
            "at 400 req/s and 55 ms, 22 answers are in flight as the window opens",
            "A dropped SYN is sent again after the client's retransmission timeout (1 s, then 3 s).",
            "after 1 s of warm-up: as short as the arms stay at their bounds (docs/measurements.md, \"Why"
                    + " the quick windows are as they are\")",
            "A start took a while on a loaded machine (docs/measurements.md, \"Start-up\").",
            "What kept the windows apart, as printed: {@code the JIT still took 12% of a core}."})
    void aRuleABoundOrAPointerIsNot(String sentence) {
        assertFalse(measured(sentence), sentence);
    }

    @Test
    void commentsAreReadOutsideLiteralsAndWholeAcrossLines() {
        String source = """
                class A {
                    // A start went from 4.3 to 3.1 s
                    // with the archive.
                    String s = "took 12 s // on 2026-11-27";
                    char c = '"';
                    /**
                     * The same, measured with the jar:
                     * 3.6 to 4.2 s.
                     */
                    String t = \"""
                            /* took 12 s on 2026-11-27 */
                            \""";
                    int x = 90; // the cap: 90 s at most
                }
                """;
        List<Comment> comments = comments(source);
        assertEquals(List.of(new Comment(2, "A start went from 4.3 to 3.1 s with the archive."),
                new Comment(6, "The same, measured with the jar: 3.6 to 4.2 s."),
                new Comment(13, "the cap: 90 s at most")), comments);
        List<Offence> found = offences("A.java", source);
        assertEquals(List.of(new Offence("A.java", 2, "A start went from 4.3 to 3.1 s with the archive."),
                new Offence("A.java", 6, "The same, measured with the jar: 3.6 to 4.2 s.")), found);
    }
}
