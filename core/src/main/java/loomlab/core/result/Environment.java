package loomlab.core.result;

import java.util.List;

/**
 * Where and how a result was measured, recorded with every result so that figures from different
 * machines or builds are never compared blindly.
 *
 * @param jdk        the lab's own JDK, on which servers run unless the run chose others
 * @param serverJdks the JDKs the run's servers ran on when it chose any ({@code --jdk}, or an
 *                   experiment about JDKs), e.g. {@code 21: 21.0.8+9-LTS (/path/bin/java)}; empty otherwise
 */
public record Environment(String jdk, String jdkVendor, String jvm, int cores, long memoryMb, String os,
                          String arch, String hostname, List<String> labJvmFlags, List<String> serverJvmFlags,
                          List<String> serverJdks, String gitCommit, Boolean gitDirty, String loadEngine) {
    public Environment {
        serverJdks = List.copyOf(serverJdks);
    }

    /** This environment with the JDKs the run's servers ran on. */
    public Environment withServerJdks(List<String> jdks) {
        return new Environment(jdk, jdkVendor, jvm, cores, memoryMb, os, arch, hostname, labJvmFlags, serverJvmFlags,
                jdks, gitCommit, gitDirty, loadEngine);
    }
}
