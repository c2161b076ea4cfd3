package loomlab.core.finding;

/**
 * What {@code loomlab diagnose} found in a JVM it watched or in dumps taken elsewhere. Worded by the
 * report side's {@code DiagnoseWords}.
 */
public sealed interface DiagnoseFinding extends Finding permits Diagnosed {
}
