package loomlab.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FiguresTest {
    @Test
    void numbersKeepAboutThreeSignificantFiguresWithThousandsSeparators() {
        assertEquals("12,785", Figures.num(12_785.4));
        assertEquals("390", Figures.num(390.2));
        assertEquals("19.4", Figures.num(19.44));
        assertEquals("0.05", Figures.num(0.0501));
        assertEquals("-2.50", Figures.num(-2.5));
        assertEquals("n/a", Figures.num(null), "an unknown figure is null");
        assertEquals("n/a", Figures.num(Double.NaN), "a ratio over a zero");
        assertEquals("n/a", Figures.times(null));
        assertEquals("n/a", Figures.times(1.0 / 0));
        assertEquals("n/a", Figures.percent(null));
        assertEquals("50%", Figures.percent(0.5));
    }

    @Test
    void plainDropsTrailingZerosAndCountsAreWhole() {
        assertEquals("200", Figures.plain(200));
        assertEquals("2.5", Figures.plain(2.5));
        assertEquals("12,785", Figures.count(12_785));
        assertEquals("n/a", Figures.count((Long) null));
    }

    @Test
    void millisecondsReadAsPeopleWriteThem() {
        assertEquals("50 ms", Figures.millis(50));
        assertEquals("1 s", Figures.millis(1000));
        assertEquals("2.5 s", Figures.millis(2500));
        assertEquals("50.0 ms", Figures.duration(0.05));
        assertEquals("1.10 s", Figures.duration(1.1));
    }

    @Test
    void ratiosAndShares() {
        assertEquals("11.7x", Figures.times(11.66));
        assertEquals("100.5x", Figures.times(100.5));
        assertEquals("1,038.8x", Figures.times(1038.8));
        assertEquals("n/a", Figures.times(Double.POSITIVE_INFINITY));
        assertEquals("43%", Figures.percent(0.431));
        assertEquals("n/a", Figures.percent((Double) null));
    }
}
