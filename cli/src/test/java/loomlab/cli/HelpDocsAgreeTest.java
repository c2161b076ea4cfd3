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
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import loomlab.core.assess.CommandTemplate;
import loomlab.lab.jdk.JdkSearch;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The help is the one source of truth: every {@code --cmd} placeholder and every default that
 * docs/assess.md and docs/diagnose.md state in their option tables is the help's, and the help's
 * come from the code's constants (HelpValues). One JDK search order, {@link JdkSearch#ORDER}, everywhere.
 */
class HelpDocsAgreeTest {
    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();
    /** A placeholder, not a path's template such as {@code /items/{id}}. */
    private static final Pattern PLACEHOLDER = Pattern.compile("(?<!/)\\{[a-z_]+\\}");
    /** An option table's row: the option's name first. */
    private static final Pattern ROW = Pattern.compile("^\\| `(--[a-z0-9-]+)[^|]*\\| (.*) \\|$");
    /** What a row states as the default: up to the end of its clause. */
    private static final Pattern DEFAULT = Pattern.compile("default\\b:?(?: is)?([^;|)]*?)(?:[;|)]|\\. |$)");
    private static final Pattern FIGURE = Pattern.compile("\\d[\\d,.]*\\d|\\d");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");

    private static String doc(String name) throws IOException {
        return Files.readString(HOME.resolve("docs").resolve(name), StandardCharsets.UTF_8);
    }

    private static CommandLine command(String name) {
        return LoomLab.commandLine().getSubcommands().get(name);
    }

    private static String help(String name) {
        return command(name).getUsageMessage(CommandLine.Help.Ansi.OFF).replaceAll("\\s+", " ");
    }

    /** The option's description as the help prints it, its lines joined. */
    private static String described(CommandLine command, String option) {
        OptionSpec spec = command.getCommandSpec().findOption(option);
        assertTrue(spec != null, option + " is no option of " + command.getCommandName());
        return String.join(" ", spec.description()).replaceAll("\\s+", " ");
    }

    @Test
    void everyPlaceholderIsInTheHelpAndTheDocs() throws IOException {
        String help = help("assess");
        String assess = doc("assess.md");
        for (String placeholder : List.of(CommandTemplate.PORT, CommandTemplate.THREADS, CommandTemplate.VIRTUAL,
                CommandTemplate.POOL, CommandTemplate.JAVA, CommandTemplate.DB_URL, CommandTemplate.DB_USER,
                CommandTemplate.DB_PASSWORD)) {
            assertTrue(help.contains(placeholder), "assess --help lacks " + placeholder);
            assertTrue(assess.contains(placeholder), "docs/assess.md lacks " + placeholder);
        }
        Set<String> inDocs = new TreeSet<>();
        for (String name : List.of("assess.md", "diagnose.md")) {
            Matcher matcher = PLACEHOLDER.matcher(doc(name));
            while (matcher.find()) {
                inDocs.add(matcher.group());
            }
        }
        List<String> unknown = inDocs.stream().filter(p -> !help.contains(p)).toList();
        assertEquals(List.of(), unknown, "placeholders the docs name and assess --help does not");
    }

    @Test
    void everyDefaultTheOptionTablesStateIsTheHelps() throws IOException {
        List<String> disagreements = new ArrayList<>();
        int checked = 0;
        for (String name : List.of("assess", "diagnose")) {
            CommandLine command = command(name);
            for (String line : doc(name + ".md").split("\n")) {
                Matcher row = ROW.matcher(line);
                if (!row.matches() || command.getCommandSpec().findOption(row.group(1)) == null) {
                    continue;
                }
                String option = row.group(1);
                String described = described(command, option);
                Matcher stated = DEFAULT.matcher(row.group(2));
                while (stated.find()) {
                    for (String value : values(stated.group(1))) {
                        checked++;
                        if (!described.contains(value)) {
                            disagreements.add("docs/" + name + ".md, " + option + ": default '" + value
                                    + "' not in its help: " + described);
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), disagreements);
        assertTrue(checked >= 6, "the tables' defaults were found: " + checked);
    }

    /** The figures and code spans of what a row states as the default, a trailing slash left off. */
    private static List<String> values(String clause) {
        List<String> values = new ArrayList<>();
        Matcher code = CODE.matcher(clause);
        while (code.find()) {
            values.add(code.group(1).replaceAll("/$", ""));
        }
        Matcher figure = FIGURE.matcher(CODE.matcher(clause).replaceAll(""));
        while (figure.find()) {
            values.add(figure.group());
        }
        return values;
    }

    @Test
    void theReadinessProbeIsWordedAsTheHelpWordsIt() throws IOException {
        String ready = described(command("assess"), "--ready");
        assertTrue(ready.contains("default: the first GET of the mix"), ready);
        assertTrue(ready.contains(AssessCommand.READY_LIMIT.toSeconds() + " s"), ready);
        for (String text : List.of(doc("assess.md"), Files.readString(HOME.resolve("README.md")))) {
            assertTrue(text.contains("the first GET of the mix"), "the --ready default in the help's words");
            assertTrue(text.contains("within " + AssessCommand.READY_LIMIT.toSeconds() + " s"));
        }
    }

    @Test
    void oneJdkSearchOrderEverywhere() throws IOException {
        for (String name : List.of("assess", "run", "jdks")) {
            assertTrue(help(name).contains(JdkSearch.ORDER), name + " --help does not give the search order");
        }
        assertTrue(doc("pinning.md").replaceAll("\\s+", " ").contains(JdkSearch.ORDER),
                "docs/pinning.md does not give the search order as the help does");
    }

    /** A name a reader copies from the help stays on one line; picocli would break it after a '.' or '/'. */
    @Test
    void noHelpBreaksANameAcrossLines() {
        CommandLine cli = LoomLab.commandLine();
        List<String> broken = new ArrayList<>();
        for (CommandLine command : cli.getSubcommands().values()) {
            String help = command.getUsageMessage(CommandLine.Help.Ansi.OFF);
            List<String> lines = help.lines().toList();
            for (int i = 0; i + 1 < lines.size(); i++) {
                String next = lines.get(i + 1).strip();
                int indent = lines.get(i + 1).indexOf(next);
                // A line that goes on with this one's text: the same margin, or an option's description column.
                boolean continues = indent == lines.get(i).indexOf(lines.get(i).strip()) || indent >= 20;
                if (continues && lines.get(i).matches(".*\\w[./]$") && next.matches("[a-z0-9].*")) {
                    broken.add(command.getCommandName() + ": " + lines.get(i).strip() + " / " + next);
                }
            }
            for (String name : List.of("results.json", "report.html", "--spring.threads.virtual.enabled",
                    "--server.tomcat.threads.max", "-Djdk.virtualThreadScheduler.parallelism", "(.loomlab/jdks)")) {
                if (help.replaceAll("\\s+", " ").contains(name.substring(0, name.length() / 2))
                        && help.replaceAll("\\s+", "").contains(name) && !help.contains(name)) {
                    broken.add(command.getCommandName() + ": " + name);
                }
            }
        }
        assertEquals(List.of(), broken);
    }

    @Test
    void aBrokenNameIsJoinedAndASentenceOrAListItemIsNot() {
        assertEquals("      --jar=FILE             A jar, switched with\n"
                + "                               --spring.threads.virtual.enabled=true|false.",
                HelpWrapping.joined("      --jar=FILE             A jar, switched with --spring.threads.\n"
                        + "                               virtual.enabled=true|false."));
        String sentence = "It stops at the end (on Ctrl-C too).\nThe jcmd attaches.";
        assertEquals(sentence, HelpWrapping.joined(sentence));
        String item = "Installs into the lab's own folder.\n  locust  Locust in a virtual environment";
        assertEquals(item, HelpWrapping.joined(item));
    }

    @Test
    void diagnoseSaysJcmdAttachesByASignal() {
        String help = help("diagnose");
        assertFalse(help.matches(".*never[^.]*signals.*"), help);
        assertTrue(help.contains("by a signal"), help);
    }

    @Test
    void aNonJsonDumpAndAPidThatIsNoNumberAreSaidInPlainWords() throws IOException {
        Path dump = Files.createTempFile("not-json", ".json");
        try {
            Files.writeString(dump, "not json");
            CliRun.of("diagnose", dump.toString()).assertRefused(dump + ": not a JSON thread dump: not JSON at line 1,"
                    + " column ");
            assertFalse(CliRun.of("diagnose", dump.toString()).err().contains("Unrecognized token"));
        } finally {
            Files.deleteIfExists(dump);
        }
        CliRun.of("diagnose", "--pid", "abc").assertRefused("'abc' is not a process id");
        assertFalse(CliRun.of("diagnose", "--pid", "abc").err().contains("long"));
    }
}
