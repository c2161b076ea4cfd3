package loomlab.core.finding;

/**
 * What the open-connections experiment held, and what stopped it. Worded by the report side's {@code
 * ConnectionWords}.
 */
public sealed interface ConnectionsFinding extends Finding
        permits ConnectionsHeld {
}
