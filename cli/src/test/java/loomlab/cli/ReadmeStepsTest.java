package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import loomlab.core.assess.CommandTemplate;
import org.junit.jupiter.api.Test;

/**
 * "Should I switch?" answers in three steps a reader sees first: the README's first 40 lines hold the
 * three commands and the steps, with a copy-paste command for each common framework; every {@code --cmd}
 * that the README and docs/assess.md's recipes give is one the lab accepts, and switches the arms where
 * the framework can be switched. The glossary defines the words the reports use.
 */
class ReadmeStepsTest {
    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern CMD = Pattern.compile("--cmd '([^']+)'");

    private static String readme() throws IOException {
        return Files.readString(HOME.resolve("README.md"), StandardCharsets.UTF_8);
    }

    @Test
    void theFirst40LinesHoldTheThreeCommandsAndTheThreeSteps() throws IOException {
        String top = String.join("\n", readme().lines().limit(40).toList());
        for (String expected : List.of("./loomlab run ", "./loomlab assess --jar", "./loomlab test ",
                "## Should I switch?", "1. **Your JDK.**", "2. **Assess your service**", "3. **Read the lead",
                "JDK 24", "25 is the LTS", "JDK 21", "`synchronized`", "what broke")) {
            assertTrue(top.contains(expected), "the README's first 40 lines lack '" + expected + "'");
        }
        for (String framework : List.of("Spring Boot", "Quarkus", "Micronaut", "Helidon", "Jetty", "Tomcat")) {
            assertTrue(top.lines().anyMatch(line -> line.contains("./loomlab assess") && line.contains(framework)),
                    "no copy-paste assess command for " + framework + " in the first 40 lines");
        }
    }

    @Test
    void everyCommandTheReadmeAndTheRecipesGiveIsOneTheLabAccepts() throws IOException {
        String recipes = Files.readString(HOME.resolve("docs/assess.md"), StandardCharsets.UTF_8);
        recipes = recipes.substring(recipes.indexOf("## Switching a framework"));
        recipes = recipes.substring(0, recipes.indexOf("\n## "));
        List<String> commands = new ArrayList<>(commands(readme()));
        commands.addAll(commands(recipes));
        assertTrue(commands.size() >= 10, "the six frameworks' commands, in both: " + commands);
        for (String command : commands) {
            CommandTemplate template = CommandTemplate.parse(command);
            assertTrue(template.uses(CommandTemplate.JAVA), "{java}, so --jdk reaches it: " + command);
            assertFalse(command.contains("$"), "a shell variable the lab refuses: " + command);
            // Helidon 4 has no platform pool: its command runs the same in both arms, and the lab says so.
            if (!command.contains("-Dserver.port={port} -jar target/app.jar")) {
                assertTrue(template.switchesThreads(), "the arms are not switched: " + command);
            }
        }
    }

    @Test
    void theGlossaryDefinesTheReportsWords() throws IOException {
        String readme = readme();
        String glossary = readme.substring(readme.indexOf("## Glossary"));
        glossary = glossary.substring(0, glossary.indexOf("\n## "));
        for (String term : List.of("Profile", "Lead", "Verdict", "Watchdog", "Stall", "Capacity")) {
            assertTrue(glossary.contains("- **" + term + "**: "), "the glossary does not define " + term);
        }
    }

    private static List<String> commands(String markdown) {
        List<String> commands = new ArrayList<>();
        Matcher matcher = CMD.matcher(markdown);
        while (matcher.find()) {
            // A command's own, not a synopsis such as --cmd 'COMMAND'.
            if (matcher.group(1).contains(CommandTemplate.PORT)) {
                commands.add(matcher.group(1));
            }
        }
        return commands;
    }
}
