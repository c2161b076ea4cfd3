package loomlab.core.arm;

/**
 * Where an arm sits in a sweep: the parameter that was varied and this arm's value of it, so a
 * report can draw the arms of one mode as a curve against the value.
 *
 * @param parameter {@code users}, {@code pool} or {@code delay}
 * @param value     users, pool size, or delay in milliseconds
 */
public record SweepPoint(String parameter, int value) {
}
