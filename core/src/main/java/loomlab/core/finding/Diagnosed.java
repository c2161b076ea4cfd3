package loomlab.core.finding;

import loomlab.core.arm.DiagnosedJvm;

/** One JVM's diagnosis: what broke, the evidence, the known fixes; or that nothing did. */
public record Diagnosed(DiagnosedJvm jvm) implements DiagnoseFinding {
}
