package loomlab.core.arm;

import java.math.BigDecimal;

/**
 * A figure a seed document published, quoted beside the lab's own.
 *
 * @param value the number as published
 * @param unit  what it counts, e.g. {@code req/s} or {@code s}
 * @param note  where it comes from and anything needed to read it fairly
 * @param sameSetting true when the arm beside it ran the seed's own setting; false when the profile
 *                    changed what bears on it (fewer users, a shorter wait), so that it is quoted beside
 *                    ours, never compared with it
 */
public record Published(double value, String unit, String note, boolean sameSetting) {
    /** A figure of the seed's own setting. */
    public Published(double value, String unit, String note) {
        this(value, unit, note, true);
    }

    /** The same figure, beside an arm whose setting differs from the seed's as {@code note} says. */
    public Published changedSetting(String changes) {
        return new Published(value, unit, note + changes, false);
    }

    /** The number with the seed's own digits (never rounded), thousands separated as the lab's are, and its unit. */
    public String display() {
        String digits = BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
        int point = digits.indexOf('.');
        String whole = point < 0 ? digits : digits.substring(0, point);
        String fraction = point < 0 ? "" : digits.substring(point);
        boolean negative = whole.startsWith("-");
        StringBuilder grouped = new StringBuilder(negative ? whole.substring(1) : whole);
        for (int i = grouped.length() - 3; i > 0; i -= 3) {
            grouped.insert(i, ',');
        }
        return (negative ? "-" : "") + grouped + fraction + " " + unit;
    }
}
