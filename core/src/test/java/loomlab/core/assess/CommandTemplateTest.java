package loomlab.core.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.BadInput;
import org.junit.jupiter.api.Test;

class CommandTemplateTest {
    @Test
    void everyPlaceholderIsFilledInEveryWordThatHoldsIt() {
        CommandTemplate template = CommandTemplate.parse("{java} -Dquarkus.http.port={port} -jar app.jar"
                + " --mode {threads} --pool {pool} --again={port}");
        assertEquals(List.of("/jdk/bin/java", "-Dquarkus.http.port=8123", "-jar", "app.jar", "--mode", "virtual",
                "--pool", "10", "--again=8123"), template.expand(8123, AssessFixtures.VIRTUAL, 10, "/jdk/bin/java"));
        assertTrue(template.uses(CommandTemplate.POOL) && template.uses(CommandTemplate.THREADS));
    }

    @Test
    void unknownBracesStayAsTheyAre() {
        assertEquals(List.of("app", "{\"json\":1}", "--port=1"), CommandTemplate.parse("app '{\"json\":1}' --port={port}")
                .expand(1, AssessFixtures.PLATFORM, null, "java"));
    }

    @Test
    void aCommandWithoutPortIsBadInputThatShowsHow() {
        BadInput e = assertThrows(BadInput.class, () -> CommandTemplate.parse("java -jar app.jar"));
        assertTrue(e.getMessage().startsWith("--cmd must say where the service takes its port with {port}"));
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void displayQuotesOnlyTheWordsThatNeedIt() {
        CommandTemplate template = CommandTemplate.parse("{java} '-Dname=a b' -jar app.jar --port={port} 'it'\\''s'");
        assertEquals("{java} '-Dname=a b' -jar app.jar --port={port} 'it'\\''s'", template.display());
        assertEquals(template.words(), CommandTemplate.parse(template.display()).words(), "it splits back the same");
    }

    @Test
    void virtualIsTrueOnTheVirtualArmAndFalseOnThePlatformArmForFrameworksSwitchedByABoolean() {
        CommandTemplate template = CommandTemplate.parse("{java} -jar app.jar --server.port={port}"
                + " --spring.threads.virtual.enabled={virtual}");
        assertEquals("--spring.threads.virtual.enabled=true", template.expand(1, AssessFixtures.VIRTUAL, null, "java").getLast());
        assertEquals("--spring.threads.virtual.enabled=false", template.expand(1, AssessFixtures.PLATFORM, null, "java")
                .getLast());
        assertTrue(template.switchesThreads());
        assertFalse(CommandTemplate.parse("java -jar app.jar --port={port}").switchesThreads(),
                "reversed: neither placeholder, nothing switched");
    }
}
