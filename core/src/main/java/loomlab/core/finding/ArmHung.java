package loomlab.core.finding;

import loomlab.core.arm.ArmKey;
import loomlab.core.breakage.Hang;

/** An arm whose service stopped answering, with what the thread dumps showed; its figures end at the hang. */
public record ArmHung(ArmKey arm, Hang hang) implements BreakageFinding {
}
