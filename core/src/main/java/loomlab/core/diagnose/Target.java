package loomlab.core.diagnose;

/**
 * The JVM a diagnosis looked at.
 *
 * @param pid            its process id: the one watched, or the one its dumps name ({@code processId}); null when unknown
 * @param runtimeVersion its JDK, from its thread dumps, e.g. {@code 21.0.8+9-LTS}
 * @param command        its command line as the process table shows it (live), or null
 * @param jcmd           the jcmd the lab ran, the target's own JDK's; null offline
 * @param live           true when the lab watched the running JVM, false when it read dumps taken elsewhere
 */
public record Target(Long pid, String runtimeVersion, String command, String jcmd, boolean live) {
}
