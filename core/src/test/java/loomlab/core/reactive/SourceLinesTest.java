package loomlab.core.reactive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SourceLinesTest {
    @Test
    void countsCodeLinesAndNotBlankOrCommentLines() {
        String source = """
                package a;

                import b.C;
                /**
                 * Javadoc, two lines.
                 */
                @Annotated
                class D { // a trailing comment keeps its line
                    // a whole-line comment
                    int x = 1; /* an inline block */ int y = 2;
                    /* a block
                       over two lines */
                }
                """;
        assertEquals(6, SourceLines.count(source));
    }

    @Test
    void aLineWithCodeAfterABlockCommentEndsCounts() {
        assertEquals(1, SourceLines.count("/* start\n end */ int x;\n"));
        assertEquals(0, SourceLines.count("\n\n   \n// only\n/* only */\n"));
    }
}
