package loomlab.core.finding;

import loomlab.core.arm.ArmKey;
import loomlab.core.assess.WarmupEvidence;

/**
 * An arm whose warm-up ended at its cap before it was steady: its JIT still compiling, or its
 * throughput or CPU per request still moving over the rule's last windows ({@link WarmupEvidence}).
 * Its figures are kept, marked, and no lead rests on them.
 *
 * @param run the run ({@code --repeat}) whose warm-up did not settle, from 1
 */
public record NotSteady(ArmKey arm, int run, WarmupEvidence evidence) implements AssessFinding {
}
