package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Help and docs agree by construction: the help's defaults are the code's constants (HelpValues), and
 * docs/commands.md holds every command's help as the help prints it. After a change to an option,
 * regenerate with {@code -Dloomlab.golden.update=true} and review the diff, as for the golden files.
 */
class CommandsDocTest {
    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();
    private static final Path DOC = HOME.resolve("docs/commands.md");
    static final String BEGIN = "<!-- generated from each command's --help by CommandsDocTest: edit the options, not this -->";
    static final String END = "<!-- end of the generated help -->";

    /** Which option each published value describes, as the help names it. */
    private static final Map<String, String> OPTIONS = Map.of(HelpValues.CONNECTIONS, "--connections",
            HelpValues.CONNECT_RATE, "--connect-rate", HelpValues.MESSAGE_INTERVAL, "--message-interval",
            HelpValues.PLATFORM_CAP, "--platform-thread-cap", HelpValues.VIRTUAL_CAP, "--virtual-thread-cap",
            HelpValues.MAX_IN_FLIGHT, "--max-in-flight", HelpValues.TIMEOUT, "--timeout",
            HelpValues.MASTER_PORT, "--master-port");

    @Test
    void theOptionReferenceIsEveryCommandsHelp() throws IOException {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        int begin = doc.indexOf(BEGIN);
        int end = doc.indexOf(END);
        assertTrue(begin >= 0 && end > begin, DOC + " lacks the markers of its generated part");
        String expected = doc.substring(0, begin + BEGIN.length()) + "\n\n" + reference() + doc.substring(end);
        if (Boolean.getBoolean("loomlab.golden.update")) {
            Files.writeString(DOC, expected, StandardCharsets.UTF_8);
            doc = expected;
        }
        assertEquals(expected, doc, "regenerate with -Dloomlab.golden.update=true");
    }

    /** Each value the help quotes is the one it describes, in the help of the command that has the option. */
    @Test
    void theHelpQuotesTheCodesOwnValues() {
        CommandLine cli = LoomLab.commandLine();
        String run = help(cli.getSubcommands().get("run"));
        String load = help(cli.getSubcommands().get("load"));
        for (Map.Entry<String, String> option : OPTIONS.entrySet()) {
            String value = System.getProperty(option.getKey());
            String command = option.getValue().equals("--max-in-flight") || option.getValue().equals("--timeout")
                    ? load : run;
            assertTrue(unwrapped(command).contains(value), option.getValue() + ": '" + value + "' not in its help");
        }
        assertFalse(run.contains("${sys:"), "a value the help names was not published: " + run);
        assertTrue(unwrapped(help(cli.getSubcommands().get("jdks"))).contains(loomlab.lab.jdk.JdkSearch.ORDER));
    }

    /**
     * Where a document states an option's default (a paragraph or a table row naming the option, and
     * the word "default" followed by a figure), it states the help's values: the figures of the help's
     * phrase all appear there.
     */
    @Test
    void everyDefaultTheDocsStateIsTheHelps() throws IOException {
        LoomLab.commandLine();
        List<String> disagreements = new ArrayList<>();
        for (Path doc : documents()) {
            List<String> blocks = blocks(Files.readString(doc, StandardCharsets.UTF_8));
            for (Map.Entry<String, String> option : OPTIONS.entrySet()) {
                List<String> figures = figures(System.getProperty(option.getKey()));
                for (String block : blocks) {
                    if (block.contains(option.getValue() + " ") || block.contains(option.getValue() + "`")
                            || block.contains(option.getValue() + "=")) {
                        if (STATES_A_DEFAULT.matcher(block).find() && !figures.stream().allMatch(block::contains)) {
                            disagreements.add(HOME.relativize(doc) + " states " + option.getValue()
                                    + "'s default otherwise than the help (" + figures + "): " + block);
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), disagreements);
    }

    /** The check above catches a document that disagrees: the known one, a 5,000 ms interval. */
    @Test
    void aDocumentStatingAnotherDefaultIsCaught() {
        LoomLab.commandLine();
        String stale = "| `--message-interval MS` | each connection messages every MS ms (default 5,000 with --quick) |";
        List<String> figures = figures(System.getProperty(HelpValues.MESSAGE_INTERVAL));
        assertTrue(STATES_A_DEFAULT.matcher(stale).find());
        assertFalse(figures.stream().allMatch(stale::contains), figures.toString());
        String pointer = "| `--message-interval MS` | how often each connection messages (defaults in `run --help`) |";
        assertFalse(STATES_A_DEFAULT.matcher(pointer).find(), "a pointer to the help states no default");
    }

    static String reference() {
        StringBuilder out = new StringBuilder();
        CommandLine cli = LoomLab.commandLine();
        for (Map.Entry<String, CommandLine> command : cli.getSubcommands().entrySet()) {
            if (command.getKey().equals("help")) {
                continue;
            }
            out.append("### `loomlab ").append(command.getKey()).append("`\n\n```text\n")
                    .append(help(command.getValue()).stripTrailing()).append("\n```\n\n");
        }
        return out.toString();
    }

    private static String help(CommandLine command) {
        return command.getUsageMessage(CommandLine.Help.Ansi.OFF);
    }

    /** The help's lines joined, so a phrase wrapped across two lines is found. */
    private static String unwrapped(String help) {
        return help.replaceAll("\\s+", " ");
    }

    private static List<Path> documents() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(HOME.resolve("README.md")));
        try (Stream<Path> files = Files.list(HOME.resolve("docs"))) {
            files.filter(file -> file.toString().endsWith(".md"))
                    // Measured figures with their dates and commands, not the help's defaults.
                    .filter(file -> !file.getFileName().toString().equals("measurements.md"))
                    .sorted().forEach(docs::add);
        }
        return docs;
    }

    /** Paragraphs and table rows, each one block; the generated help is left out (it is the help). */
    private static List<String> blocks(String markdown) {
        int begin = markdown.indexOf(BEGIN);
        if (begin >= 0) {
            markdown = markdown.substring(0, begin) + markdown.substring(markdown.indexOf(END));
        }
        List<String> blocks = new ArrayList<>();
        StringBuilder paragraph = new StringBuilder();
        for (String line : markdown.split("\n")) {
            if (line.startsWith("|")) {
                blocks.add(line);
            } else if (line.isBlank()) {
                blocks.add(paragraph.toString());
                paragraph.setLength(0);
            } else {
                paragraph.append(line).append(' ');
            }
        }
        blocks.add(paragraph.toString());
        return blocks;
    }

    private static final Pattern FIGURE = Pattern.compile("\\d+(,\\d{3})*");
    /** "default 3,000", "(default: 10s)", "defaults to 10": the word, then a figure before the clause ends. */
    private static final Pattern STATES_A_DEFAULT = Pattern.compile("\\bdefaults?\\b[^.;|)]*?\\d");

    private static List<String> figures(String phrase) {
        List<String> figures = new ArrayList<>();
        Matcher matcher = FIGURE.matcher(phrase);
        while (matcher.find()) {
            figures.add(matcher.group());
        }
        return figures;
    }
}
