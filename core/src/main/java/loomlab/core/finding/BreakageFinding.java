package loomlab.core.finding;

/**
 * What broke while it happened: hangs and stalls, classified from thread dumps. Worded by the report
 * side's {@code BreakageWords}.
 */
public sealed interface BreakageFinding extends Finding
        permits ArmHung, ArmStalled, HungOnSomeJdks {
}
