/**
 * Classes that break each of the lab's architecture rules on purpose, laid out as the lab is
 * ({@code core}, {@code report}, {@code servers}, {@code lab}, {@code cli}), and a package cycle
 * ({@code cycle}): ArchitectureTest and PackageCyclesTest show every rule failing on them. Never used by
 * anything else.
 */
package loomlab.cli.architecture.broken;
