package loomlab.core.finding;

/** The seed measured on a machine unlike this one, so limits found here are this machine's. */
public record OtherMachine(int seedCores, int labCores) implements RunNote {
}
