package loomlab.core.arm;

/**
 * A figure a seed document published, quoted beside the lab's own.
 *
 * @param value the number as published
 * @param unit  what it counts, e.g. {@code req/s} or {@code s}
 * @param note  where it comes from and anything needed to read it fairly
 */
public record Published(double value, String unit, String note) {
    public String display() {
        String number = value == Math.rint(value) && Math.abs(value) < 1e15
                ? String.valueOf((long) value) : String.valueOf(value);
        return number + " " + unit;
    }
}
