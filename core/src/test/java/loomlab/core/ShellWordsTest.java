package loomlab.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.BadInput;
import org.junit.jupiter.api.Test;

/** Words exactly as sh would split them, with nothing expanded. */
class ShellWordsTest {
    private static List<String> split(String text) {
        return ShellWords.split(text, "--cmd");
    }

    private static String refusal(String text) {
        BadInput e = assertThrows(BadInput.class, () -> split(text));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.getMessage().startsWith("--cmd "), e.getMessage());
        return e.getMessage();
    }

    @Test
    void blanksSeparateWordsAndRunsOfThemCountOnce() {
        assertEquals(List.of("{java}", "-jar", "app.jar", "--port", "{port}"),
                split("  {java}  -jar\tapp.jar \n --port {port} "));
    }

    @Test
    void singleQuotesKeepEverythingLiterally() {
        assertEquals(List.of("-Dgreeting=hello world", "a\\b\"c$d"), split("'-Dgreeting=hello world' 'a\\b\"c$d'"));
    }

    @Test
    void doubleQuotesKeepBlanksAndTakeBackslashOnlyBeforeTheirSpecialCharacters() {
        assertEquals(List.of("a b", "q\"q", "back\\slash", "keep\\n"), split("\"a b\" \"q\\\"q\" \"back\\\\slash\" \"keep\\n\""));
        assertEquals(List.of("dollar$"), split("\"dollar\\$\""));
    }

    @Test
    void quotedPartsJoinTheWordAroundThem() {
        assertEquals(List.of("--name=John Smith's app", "x"), split("--name='John Smith'\"'s app\" x"));
    }

    @Test
    void aBackslashOutsideQuotesKeepsTheNextCharacterAndJoinsLines() {
        assertEquals(List.of("a b", "c", "d"), split("a\\ b c \\\nd"));
        assertEquals(List.of("$HOME"), split("\\$HOME"));
    }

    @Test
    void emptyQuotesAreAnEmptyWord() {
        assertEquals(List.of("--flag", "", "x"), split("--flag '' x"));
        assertEquals(List.of(""), split("\"\""));
    }

    @Test
    void globsAndTildesInsideAWordStayLiteral() {
        assertEquals(List.of("*.jar", "a~b", "/x?y=1"), split("*.jar a~b /x?y=1"));
    }

    @Test
    void unclosedQuotesAndATrailingBackslashAreBadInput() {
        assertTrue(refusal("java 'oops").contains("single quote that is not closed"));
        assertTrue(refusal("java \"oops").contains("double quote that is not closed"));
        assertTrue(refusal("java oops\\").contains("backslash"));
        assertTrue(refusal("   ").contains("needs a command"));
    }

    @Test
    void whatOnlyAShellWouldDoIsRefusedRatherThanPassedOn() {
        assertTrue(refusal("java -jar app.jar > log").contains("'>'"));
        assertTrue(refusal("java -jar app.jar | tee").contains("'|'"));
        assertTrue(refusal("a && b").contains("'&'"));
        assertTrue(refusal("a; b").contains("';'"));
        assertTrue(refusal("java -Dhome=$HOME").contains("'$'"));
        assertTrue(refusal("java \"$HOME\"").contains("'$'"));
        assertTrue(refusal("java `id`").contains("'`'"));
        assertTrue(refusal("~/app/run").contains("~"));
        assertEquals(List.of("a|b", "x>y", "$HOME"), split("'a|b' \"x>y\" '$HOME'"), "quoted, they are words");
    }

    @Test
    void quotedWordsReadBackUnchangedAndPlainOnesStayBare() {
        assertEquals("-jar", ShellWords.quote("-jar"));
        assertEquals("{port}", ShellWords.quote("{port}"), "no shell expands a brace without a comma or ..");
        assertEquals("'{a,b}'", ShellWords.quote("{a,b}"), "bash would expand it");
        assertEquals("'a b'", ShellWords.quote("a b"));
        assertEquals("''", ShellWords.quote(""));
        assertEquals("'it'\\''s'", ShellWords.quote("it's"));
        List<String> words = List.of("{java}", "-Dx=a b", "it's", "$HOME", "", "{1..3}");
        assertEquals(words, split(ShellWords.join(words)));
    }
}
