package loomlab.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class TableTest {
    private final Table table = new Table(List.of("arm", "req/s", "notes"))
            .row(List.of("virtual, 20 users", "391", ""))
            .row(List.of("platform:1", "19.6", "a|b"));

    @Test
    void textAlignsNamesLeftAndFiguresRight() {
        assertEquals("""
                arm                req/s  notes
                -----------------  -----  -----
                virtual, 20 users    391
                platform:1          19.6    a|b
                """, table.toText());
    }

    @Test
    void aTableOfWordsAlignsEveryWordColumnLeft() {
        Table words = new Table(List.of("experiment", "status"), 2).row(List.of("jdbc", "new"))
                .row(List.of("service-to-service", "reproduced"));
        assertEquals("""
                experiment          status
                ------------------  ----------
                jdbc                new
                service-to-service  reproduced
                """, words.toText());
    }

    @Test
    void markdownEscapesPipes() {
        assertEquals("""
                | arm | req/s | notes |
                |---|---|---|
                | virtual, 20 users | 391 |  |
                | platform:1 | 19.6 | a\\|b |
                """, table.toMarkdown());
    }

    @Test
    void aRowMustFillEveryColumn() {
        assertThrows(IllegalArgumentException.class, () -> table.row(List.of("only one")));
    }
}
