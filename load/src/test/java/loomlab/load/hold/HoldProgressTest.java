package loomlab.load.hold;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class HoldProgressTest {

    @Test
    void writesKeyValueWordsWithWholeMilliseconds() {
        assertEquals("progress elapsed_ms=1250 opened=300 attempted=300 errors=2 phase=hold",
                HoldProgress.line(1_250_999_999L, 300, 300, 2, "hold"));
    }
}
